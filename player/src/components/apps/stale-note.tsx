import { cq } from './app-common.js';

/** 'Son güncelleme: {time}' in a corner of a feed or weather app whose data is old (app-common.ts, staleNote). */
export function Note({ text }: { text: string }) {
  return (
    <div data-testid="stale-note" style={{ position: 'absolute', right: cq(2), top: cq(2), fontSize: cq(3.5), padding: '0.2em 0.5em', borderRadius: 4, background: 'rgba(0,0,0,0.5)', color: 'rgba(255,255,255,0.85)' }}>
      {text}
    </div>
  );
}
