import type { TScreenHealth } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatCacheMb, formatMoment, formatUptime } from './health-format';

/**
 * 'Durum' on a screen card: the player's last report, folded so the card stays short; the summary
 * line says the version and how long the player has run, and 'Hata veriyor' while it fails.
 * docs/PRODUCT.md#screens.
 */
export function ScreenHealthSection({ health, screenName }: { health: TScreenHealth | undefined; screenName: string }) {
  const t = tr.health;
  const report = health?.report ?? null;
  const now = Date.now();
  // The player reports its uptime every minute, but only changes are pushed: count on from the report while online.
  const since = health?.reportedAt ? Date.parse(health.reportedAt) : NaN;
  const uptime = report
    ? report.uptimeSec + (health?.online && Number.isFinite(since) ? Math.max(0, (now - since) / 1000) : 0)
    : 0;
  return (
    <details className="screen-health" data-testid="screen-health">
      <summary>
        <span className="screen-health-title">{t.title}</span>
        <span className="screen-health-line" data-testid="screen-health-summary">
          {report ? t.summary(report.appVersion, formatUptime(uptime)) : t.noReport}
        </span>
        {report?.failing && <span className="screen-health-failing">{t.failing}</span>}
        {(report?.corruptFiles.length ?? 0) > 0 && <span className="screen-health-failing">{t.corruptBadge(report!.corruptFiles.length)}</span>}
        {/* Which screen's, for a screen reader that lists the page's controls; after the visible text, which its name must contain. */}
        <span className="sr-only"> ({screenName})</span>
      </summary>
      {report && health && (
        <div className="screen-health-body">
          <dl className="screen-facts health-facts">
            <div><dt>{t.version}</dt><dd>{report.appVersion}</dd></div>
            <div><dt>{t.uptime}</dt><dd data-testid="health-uptime">{formatUptime(uptime)}</dd></div>
            <div><dt>{t.cache}</dt><dd data-testid="health-cache">{report.cacheBytes === null ? t.cacheUnknown : formatCacheMb(report.cacheBytes)}</dd></div>
            <div><dt>{t.itemsFailed}</dt><dd data-testid="health-failed">{report.itemsFailed}</dd></div>
            {report.corruptFiles.length > 0 && (
              <div>
                <dt>{t.corruptFiles}</dt>
                <dd data-testid="health-corrupt">
                  {report.corruptFiles.map((f) => t.corruptFile(f.name, f.attempts)).join(', ')}
                </dd>
              </div>
            )}
            <div><dt>{t.playing}</dt><dd data-testid="health-playing">{report.playing?.name ?? t.nothingPlaying}</dd></div>
            <div>
              <dt>{t.lastError}</dt>
              <dd data-testid="health-error">
                {report.lastError ? (
                  <>
                    <time dateTime={report.lastError.at}>{formatMoment(report.lastError.at, now)}</time>
                    {' · '}{report.lastError.message}
                  </>
                ) : t.noError}
              </dd>
            </div>
          </dl>
          {report.events.length > 0 && (
            <div className="health-events">
              <h4 className="device-section-title">{t.events}</h4>
              <ul data-testid="health-events">
                {report.events.map((e, i) => (
                  <li key={`${e.at}-${i}`}>
                    <time dateTime={e.at}>{formatMoment(e.at, now)}</time>
                    <span className="health-event-kind">{t.eventKind[e.kind]}</span>
                    {e.detail && <span className="muted">{e.detail}</span>}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {health.reportedAt && (
            <p className="muted health-reported"><time dateTime={health.reportedAt}>{t.reportedAt(formatMoment(health.reportedAt, now))}</time></p>
          )}
        </div>
      )}
    </details>
  );
}
