import { DISPLAY_DEFAULTS } from '@pano/contract/constants';
import { CentredTicker } from '../ticker-bar.js';
import { cq, staleNote, useNow, useDrawable, type AppProps } from './app-common.js';
import { Note } from './stale-note.js';

/**
 * News from a feed the server fetched (docs/PRODUCT.md#apps): a list of titles and summaries,
 * or the titles scrolling as a ticker. Plain text only. Old data carries 'Son güncelleme'.
 * Before the server's first fetch there is nothing to show: a calm blank, reported as failed.
 */
export default function RssApp({ app, data, timeZone, onReady, onFailed }: AppProps<'rss'>) {
  const now = useNow(60_000);
  const items = (data?.items ?? []).slice(0, app.maxItems);
  const empty = !data || items.length === 0;
  useDrawable(!empty, { onReady, onFailed });
  if (empty) return null;
  const note = staleNote(data.fetchedAt, now, timeZone);
  if (app.style === 'ticker') {
    return (
      <CentredTicker testId="rss-app" texts={items.map((i) => i.title)} speed={3} settings={{ ...DISPLAY_DEFAULTS, showDirectionBar: true }}>
        {note && <Note text={note} />}
      </CentredTicker>
    );
  }
  return (
    <div data-testid="rss-app" data-style="list" style={{
      position: 'absolute', inset: 0, padding: cq(5), boxSizing: 'border-box', background: '#0F172A', color: '#fff', overflow: 'hidden',
      display: 'flex', flexDirection: 'column', gap: cq(3.5),
    }}>
      {items.map((item, i) => (
        <div key={i} data-testid="rss-item">
          <div style={{ fontSize: cq(5.5), fontWeight: 700, lineHeight: 1.2 }}>{item.title}</div>
          {item.summary && <div style={{ fontSize: cq(3.8), opacity: 0.8, lineHeight: 1.3, maxHeight: '2.6em', overflow: 'hidden' }}>{item.summary}</div>}
        </div>
      ))}
      {note && <Note text={note} />}
    </div>
  );
}
