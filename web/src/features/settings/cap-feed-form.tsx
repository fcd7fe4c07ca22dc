import {
  CAP_POLL_SECONDS_MAX, CAP_POLL_SECONDS_MIN, ZCapFeedWrite, type TCapFeedWrite, type TCapFeedWriteBody,
} from '@pano/contract';
import { trIntegrations } from '../../i18n/tr-integrations';
import { ApiError } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Button, CheckList, Form, TextField } from '../../components/ui';
import { useScreenGroups } from '../../api/screen-groups.api';

const t = trIntegrations.cap;

/**
 * The server's refusal of the address (a private, loopback or link-local one, or a name that
 * does not resolve), which it names by field: said under 'Besleme adresi' rather than above the form.
 */
export function urlRefusal(err: unknown): string | undefined {
  return err instanceof ApiError ? err.details?.find((d) => d.path === 'url')?.message : undefined;
}

type Props = {
  initial: TCapFeedWrite;
  submitLabel: string;
  busyText: string;
  busy: boolean;
  /** The last send's failure: its refusal of the address shows under the field. */
  refusal: unknown;
  /** Returns the request's promise, so the form sends once until it settles; resolving clears the form. */
  onSend: (body: TCapFeedWriteBody) => Promise<unknown>;
  /** Called as the address is typed: the server's word on the old one no longer holds. */
  onEdit: () => void;
  onCancel?: () => void;
};

/**
 * A feed's address, poll interval and screen groups, checked by the contract's ZCapFeedWrite with
 * its Turkish messages before anything is sent: adding one ('Besleme Ekle') or editing one in its
 * line ('Kaydet'). `enabled` goes along as `initial` has it.
 */
export function CapFeedForm({ initial, submitLabel, busyText, busy, refusal, onSend, onEdit, onCancel }: Props) {
  const form = useZodForm(ZCapFeedWrite, initial);
  const groups = useScreenGroups();
  const chosen = (form.watch('groups') ?? []) as string[];
  const { errors } = form.formState;
  const send = form.handleSubmit(async (body) => {
    await onSend(body);
    form.reset(initial);
  });
  return (
    <Form className="form cap-feed-form" onSubmit={send}>
      <div className="cap-feed-fields">
        <TextField label={t.urlLabel} placeholder={t.urlPlaceholder} type="url" inputMode="url" autoComplete="off" maxLength={2000}
          error={errors.url?.message ?? urlRefusal(refusal)} {...form.register('url', { onChange: onEdit })} />
        <TextField label={t.pollLabel} hint={t.pollHint(CAP_POLL_SECONDS_MIN, CAP_POLL_SECONDS_MAX)} type="number" inputMode="numeric"
          min={CAP_POLL_SECONDS_MIN} max={CAP_POLL_SECONDS_MAX} step={1} error={errors.pollSeconds?.message} {...form.register('pollSeconds')} />
      </div>
      <CheckList legend={t.groupsLegend} name="groups" items={groups.data ?? []} selected={chosen} empty={t.noGroups}
        onChange={(ids) => form.setValue('groups', ids, { shouldValidate: form.formState.isSubmitted })} />
      {errors.groups?.message && <p className="field-error" role="alert">{errors.groups.message}</p>}
      <div className="webhook-form-actions">
        <Button type="submit" busy={busy} busyText={busyText}>{submitLabel}</Button>
        {onCancel && <Button variant="secondary" onClick={onCancel}>{t.cancel}</Button>}
      </div>
    </Form>
  );
}
