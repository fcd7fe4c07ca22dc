import { APP_KIND_NAMES } from '@pano/contract/constants';
import { formatDate, formatDateTime } from '../../lib/format';
import { Badge } from '../../components/ui';
import { targetOf, type AppDraft } from './app-draft';
import { trApps } from '../../i18n/tr-apps';

const t = trApps.app;
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * What the app will show, as the form is filled in: an announcement slide in its own colours,
 * a clock's face, or for the kinds whose picture comes from elsewhere (a page, a feed, a stream)
 * a sentence saying what the screen will do (docs/PRODUCT.md#apps).
 */
export function AppPreview({ app }: { app: AppDraft['app'] }) {
  const body = (() => {
    switch (app.kind) {
      case 'text':
        return (
          <div className="app-slide" style={{ background: str(app.background), color: str(app.textColor), textAlign: app.align as 'left' }}>
            {str(app.title) && <strong className="app-slide-title">{str(app.title)}</strong>}
            <span className="app-slide-body">{str(app.body)}</span>
          </div>
        );
      case 'clock': {
        const now = new Date();
        const two = (n: number) => String(n).padStart(2, '0');
        return (
          <div className="app-slide app-clock">
            <strong className="app-clock-time">{two(now.getHours())}:{two(now.getMinutes())}{app.showSeconds ? `:${two(now.getSeconds())}` : ''}</strong>
            {Boolean(app.showDate) && <span>{formatDate(now)}</span>}
            <span className="muted">{t.clockStyles[str(app.style)]}</span>
          </div>
        );
      }
      case 'web':
        return <p>{t.previewWeb(str(app.url) || t.previewEmpty, str(app.zoom))} {t.previewRefresh(str(app.refreshSeconds))}</p>;
      case 'youtube':
        return <p>{str(app.url) || t.previewEmpty}. {t.previewYoutube}</p>;
      case 'stream':
        return <p>{str(app.url) || t.previewEmpty}. {t.previewStream}</p>;
      case 'rss':
        return <p>{str(app.url) || t.previewEmpty}. {t.previewRss(str(app.maxItems), str(app.style))}</p>;
      case 'weather':
        return <p>{t.previewWeather(str(app.city))} ({str(app.latitude)}, {str(app.longitude)})</p>;
      case 'qr':
        return <p><strong>{str(app.caption)}</strong> {str(app.url) || t.previewEmpty}. {t.previewQr}</p>;
      case 'countdown': {
        const target = targetOf(app.targetDay, app.targetTime);
        return <p><strong>{str(app.title)}</strong> {t.previewCountdown(target ? formatDateTime(target) : '')}</p>;
      }
    }
  })();
  return (
    <section className="app-preview" aria-label={trApps.appPreview} data-testid="app-preview">
      <Badge tone="primary">{APP_KIND_NAMES[app.kind]}</Badge>
      {body}
    </section>
  );
}
