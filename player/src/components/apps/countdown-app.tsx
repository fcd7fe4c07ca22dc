import { cq, useNow, useOnce, type AppProps } from './app-common.js';

/** Whole days, hours, minutes and seconds left until `target`; null once it has passed. */
export function timeLeft(target: string, now: number): { days: number; hours: number; minutes: number; seconds: number } | null {
  const ms = Date.parse(target) - now;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const s = Math.floor(ms / 1000);
  return { days: Math.floor(s / 86_400), hours: Math.floor(s / 3600) % 24, minutes: Math.floor(s / 60) % 60, seconds: s % 60 };
}

/** A countdown to an instant, then its finished text (docs/PRODUCT.md#apps). */
export default function CountdownApp({ app, onReady }: AppProps<'countdown'>) {
  const now = useNow(1000);
  useOnce(onReady);
  const left = timeLeft(app.target, now);
  const units: Array<[number, string]> = left ? [[left.days, 'gün'], [left.hours, 'saat'], [left.minutes, 'dakika'], [left.seconds, 'saniye']] : [];
  return (
    <div data-testid="countdown-app" style={{
      position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center',
      gap: cq(5), color: '#fff', textAlign: 'center', padding: cq(4), boxSizing: 'border-box',
    }}>
      <div style={{ fontSize: cq(8), fontWeight: 600 }}>{app.title}</div>
      {left ? (
        <div data-testid="countdown-left" style={{ display: 'flex', gap: cq(4), fontVariantNumeric: 'tabular-nums' }}>
          {units.map(([n, unit]) => (
            <div key={unit} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <span style={{ fontSize: cq(14), fontWeight: 700 }}>{unit === 'gün' ? n : String(n).padStart(2, '0')}</span>
              <span style={{ fontSize: cq(4.5), opacity: 0.8 }}>{unit}</span>
            </div>
          ))}
        </div>
      ) : (
        app.finishedText && <div data-testid="countdown-finished" style={{ fontSize: cq(11), fontWeight: 700, whiteSpace: 'pre-line' }}>{app.finishedText}</div>
      )}
    </div>
  );
}
