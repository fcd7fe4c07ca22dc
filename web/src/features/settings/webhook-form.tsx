import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, ZWebhookWrite, type TWebhookWrite, type TWebhookWriteBody } from '@pano/contract';
import { trIntegrations } from '../../i18n/tr-integrations';
import { useZodForm } from '../../lib/use-zod-form';
import { Button, CheckList, Form, TextField } from '../../components/ui';

const t = trIntegrations.webhooks;
const EVENT_ITEMS = WEBHOOK_EVENTS.map((e) => ({ _id: e, name: WEBHOOK_EVENT_LABELS[e] }));

type Props = {
  initial: TWebhookWrite;
  submitLabel: string;
  busyText: string;
  busy: boolean;
  /** Returns the request's promise, so the form sends once until it settles; resolving clears the form. */
  onSend: (body: TWebhookWriteBody) => Promise<unknown>;
  onCancel?: () => void;
};

/**
 * A hook's address and events, checked by the contract's ZWebhookWrite with its Turkish messages
 * before anything is sent: adding one ('Webhook Ekle'), or editing one in its line ('Kaydet').
 * `enabled` goes along as `initial` has it.
 */
export function WebhookForm({ initial, submitLabel, busyText, busy, onSend, onCancel }: Props) {
  const form = useZodForm(ZWebhookWrite, initial);
  const events = form.watch('events') ?? [];
  const send = form.handleSubmit(async (body) => {
    await onSend(body);
    form.reset(initial);
  });
  return (
    <Form className="form webhook-form" onSubmit={send}>
      <TextField label={t.urlLabel} placeholder={t.urlPlaceholder} type="url" inputMode="url" autoComplete="off" maxLength={2000}
        error={form.formState.errors.url?.message} {...form.register('url')} />
      <CheckList className="webhook-events" legend={t.eventsLegend} name="events" items={EVENT_ITEMS} selected={events} empty=""
        onChange={(ids) => form.setValue('events', ids as typeof events, { shouldValidate: form.formState.isSubmitted })} />
      {form.formState.errors.events?.message && <p className="field-error" role="alert">{form.formState.errors.events.message}</p>}
      <div className="webhook-form-actions">
        <Button type="submit" busy={busy} busyText={busyText}>{submitLabel}</Button>
        {onCancel && <Button variant="secondary" onClick={onCancel}>{t.cancel}</Button>}
      </div>
    </Form>
  );
}
