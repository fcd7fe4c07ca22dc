import { useState } from 'react';
import { WEBHOOK_EVENT_LABELS, type TWebhook } from '@pano/contract';
import { trIntegrations } from '../../i18n/tr-integrations';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { Badge, Banner, Button, showConfirm } from '../../components/ui';
import { useUpdateWebhook } from './api/use-update-webhook';
import { useDeleteWebhook } from './api/use-delete-webhook';
import { useTestWebhook } from './api/use-test-webhook';
import { WebhookForm } from './webhook-form';
import { WebhookDeliveries } from './webhook-deliveries';

const t = trIntegrations.webhooks;

/** What a hook is and how it fares: its address, events, state, why Pano turned it off, since when it fails. */
function HookLine({ hook }: { hook: TWebhook }) {
  return (
    <div className="webhook-main">
      <p className="webhook-url">
        <Badge tone={hook.enabled ? 'success' : 'neutral'}>{hook.enabled ? t.on : t.off}</Badge> <code>{hook.url}</code>
      </p>
      <ul className="api-key-scope-list" aria-label={t.eventsLegend}>
        {hook.events.map((e) => <li key={e}><Badge tone="primary">{WEBHOOK_EVENT_LABELS[e]}</Badge></li>)}
      </ul>
      {hook.disabledReason && <Banner tone="warning">{hook.disabledReason}</Banner>}
      {hook.failingSince && <p className="field-error">{t.failingSince(formatDateTime(hook.failingSince))}</p>}
      <p className="muted small">{t.created(formatDateTime(hook.createdAt))}</p>
    </div>
  );
}

/**
 * One hook in the 'Webhook'lar' list with its actions. Each line has its own requests, so a
 * failure is said beside the hook it concerns and only that line's button waits.
 */
export function WebhookItem({ hook }: { hook: TWebhook }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [editing, setEditing] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const write = { url: hook.url, events: hook.events, enabled: hook.enabled };
  const who = hook.url;

  const toggle = () => update.mutate({ id: hook._id, body: { ...write, enabled: !hook.enabled } });
  const onRemove = async () => {
    if (!(await showConfirm(t.removeConfirm, { title: hook.url, confirmLabel: t.remove, danger: true }))) return;
    remove.mutate(hook._id);
  };
  const startEditing = () => {
    update.reset();
    setEditing(true);
  };
  // The test message is among the deliveries at once (202): the list opens to show it.
  const onTest = () => test.mutate(hook._id, { onSuccess: () => setShowDeliveries(true) });

  return (
    <li className="webhook" data-testid="webhook">
      {update.isError && <Banner tone="error" onDismiss={update.reset}>{errorMessage(update.error, t.updateError)}</Banner>}
      {remove.isError && <Banner tone="error" onDismiss={remove.reset}>{errorMessage(remove.error, t.deleteError)}</Banner>}
      {test.isError && <Banner tone="error" onDismiss={test.reset}>{errorMessage(test.error, t.testError)}</Banner>}
      {editing ? (
        <WebhookForm initial={write} submitLabel={t.save} busyText={t.saving} busy={update.isPending}
          onSend={(body) => update.mutateAsync({ id: hook._id, body }, { onSuccess: () => setEditing(false) })}
          onCancel={() => setEditing(false)} />
      ) : (
        <>
          <HookLine hook={hook} />
          <div className="webhook-actions">
            <Button size="sm" variant="secondary" busy={test.isPending} busyText={t.testing} onClick={onTest}
              aria-label={`${t.test}: ${who}`}>{t.test}</Button>
            <Button size="sm" variant="secondary" busy={update.isPending} onClick={toggle}
              aria-label={`${hook.enabled ? t.disable : t.enable}: ${who}`}>{hook.enabled ? t.disable : t.enable}</Button>
            <Button size="sm" variant="secondary" onClick={startEditing} aria-label={`${t.edit}: ${who}`}>{t.edit}</Button>
            <Button size="sm" variant="ghost" aria-expanded={showDeliveries} onClick={() => setShowDeliveries((v) => !v)}
              aria-label={`${t.deliveries}: ${who}`}>{t.deliveries}</Button>
            <Button size="sm" variant="danger" busy={remove.isPending} onClick={() => void onRemove()}
              aria-label={`${t.remove}: ${who}`}>{t.remove}</Button>
          </div>
        </>
      )}
      {showDeliveries && <WebhookDeliveries id={hook._id} />}
    </li>
  );
}
