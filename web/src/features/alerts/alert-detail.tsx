import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { Banner, Button, Spinner } from '../../components/ui';
import { useAlertDetail } from './api/use-alerts';
import { latencyText, progressText } from './alert-format';

const t = tr.alerts;

/**
 * One alert's live progress (docs/PRODUCT.md#alerts), not-yet-confirmed screens first; the
 * page's `useAlertsLive` patches it from the socket. A failed later read keeps what is shown.
 */
export function AlertDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useAlertDetail(id);
  if (detail.isPending) return <section className="card alert-detail"><Spinner /></section>;
  if (!detail.data) return <Banner tone="error" onDismiss={onClose}>{errorMessage(detail.error, t.loadError)}</Banner>;
  const a = detail.data;
  return (
    <section className="card alert-detail" aria-labelledby="alert-detail-title" data-testid="alert-detail">
      <div className="alert-detail-head">
        <h3 id="alert-detail-title" className="card-title">{a.title}</h3>
        <Button size="sm" variant="ghost" onClick={onClose}>{t.detailClose}</Button>
      </div>
      <p className="alert-progress" role="status" data-testid="alert-progress">{progressText(a.acks)}</p>
      <p className="muted small">{t.latencyHint} {a.active && t.liveHint}</p>
      <ul className="alert-ack-list">
        {a.acks.screens.map((s) => (
          <li key={s._id} className={`alert-ack${s.acknowledgedAt ? ' done' : ''}`}>
            <span className="alert-ack-name">{s.name}</span>
            <span className={`alert-dot ${s.online ? 'on' : 'off'}`}>{s.online ? t.online : t.offline}</span>
            <span className="alert-ack-state">{s.acknowledgedAt
              ? [t.acknowledged, formatDateTime(s.acknowledgedAt), s.latencyMs !== null && latencyText(s.latencyMs)].filter(Boolean).join(' · ')
              : t.waiting}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
