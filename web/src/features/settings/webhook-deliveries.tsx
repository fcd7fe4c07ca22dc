import { WEBHOOK_EVENT_LABELS, type TWebhookDelivery } from '@pano/contract';
import { trIntegrations } from '../../i18n/tr-integrations';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { Badge, Banner, Spinner } from '../../components/ui';
import { useWebhookDeliveries } from './api/use-webhooks';

const t = trIntegrations.webhooks;
const TONE = { pending: 'warning', succeeded: 'success', failed: 'danger' } as const;

const eventLabel = (event: TWebhookDelivery['event']) => (event === 'webhook.test' ? t.testEvent : WEBHOOK_EVENT_LABELS[event]);

/** One message: what, how it went, and the last attempt's answer (its first 1 KB) or why there was none. */
function DeliveryLine({ d }: { d: TWebhookDelivery }) {
  const facts = [
    t.attempts(d.attempts),
    d.responseStatus !== null && t.responseStatus(d.responseStatus),
    d.durationMs !== null && t.duration(d.durationMs),
    formatDateTime(d.lastAttemptAt ?? d.createdAt),
  ].filter(Boolean).join(' · ');
  return (
    <li className="webhook-delivery" data-testid="webhook-delivery">
      <p className="webhook-delivery-head">
        <span className="webhook-delivery-event">{eventLabel(d.event)}</span> <Badge tone={TONE[d.status]}>{t.status[d.status]}</Badge>
      </p>
      <p className="muted small">{facts}</p>
      {d.status === 'pending' && d.nextAttemptAt && <p className="muted small">{t.nextAttempt(formatDateTime(d.nextAttemptAt))}</p>}
      {d.error && <p className="field-error">{d.error}</p>}
      {d.responseBody !== null && d.responseBody !== '' && (
        <details className="webhook-response">
          <summary>{t.response}</summary>
          <pre>{d.responseBody}</pre>
        </details>
      )}
    </li>
  );
}

/** 'Gönderimler' of one hook, newest first; asked again every 2 s while one is pending (api/use-webhooks.ts). */
export function WebhookDeliveries({ id }: { id: string }) {
  const deliveries = useWebhookDeliveries(id);
  if (deliveries.isPending) return <Spinner />;
  if (deliveries.isError) return <Banner tone="error">{errorMessage(deliveries.error, t.deliveriesLoadError)}</Banner>;
  if (deliveries.data.length === 0) return <p className="muted small">{t.deliveriesNone}</p>;
  return (
    <ul className="webhook-deliveries" aria-label={t.deliveries}>
      {deliveries.data.map((d) => <DeliveryLine key={d._id} d={d} />)}
    </ul>
  );
}
