import type { TAlert } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../components/ui';
import { actorName, targetText } from './alert-format';

const t = tr.alerts;

/** Active alerts (with 'Bitir') or the history, each with who sent and ended it. */
export function AlertList({ alerts, onOpen, onEnd, busyId, testId }: {
  alerts: TAlert[]; onOpen: (a: TAlert) => void; onEnd?: (a: TAlert) => void; busyId: string | null; testId: string;
}) {
  return (
    <ul className="alert-list">
      {alerts.map((a) => (
        <li key={a._id} className="card alert-row" data-testid={testId}>
          <span className="alert-swatch" style={{ background: a.background }} aria-hidden="true" />
          <div className="alert-row-main">
            <p className="alert-row-title">{a.title}</p>
            <p className="muted small">
              {targetText(a)} · {t.progress(String(a.acknowledgedCount), String(a.targetCount))}
            </p>
            <p className="muted small">
              {t.startedAt(formatDateTime(a.startedAt))} · {a.endedAt ? t.endedAt(formatDateTime(a.endedAt))
                : a.endsAt ? t.endsAt(formatDateTime(a.endsAt)) : t.untilEndedShort}
            </p>
            <p className="muted small">
              {t.sentBy(actorName(a.createdBy))}{a.endedBy && ` · ${t.endedBy(actorName(a.endedBy))}`}
            </p>
          </div>
          <div className="card-actions">
            <Button size="sm" variant="secondary" onClick={() => onOpen(a)} aria-label={`${t.detail}: ${a.title}`}>{t.detail}</Button>
            {onEnd && (
              <Button size="sm" variant="danger" busy={busyId === a._id} onClick={() => onEnd(a)} aria-label={`${t.end}: ${a.title}`}>{t.end}</Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
