import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { firstMessage, useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Card, Form, showAlert } from '../../components/ui';
import { useCreateTicker } from './api/use-create-ticker';
import { ZTickerDraft, emptyDraft } from './ticker-draft';
import { TickerFields } from './ticker-fields';

export function TickerCreateForm() {
  const form = useZodForm(ZTickerDraft, emptyDraft());
  const create = useCreateTicker();

  const send = form.handleSubmit(
    (body) => create.mutateAsync(body, { onSuccess: () => form.reset(emptyDraft()) }),
    (errors) => showAlert(firstMessage(errors) ?? tr.ticker.needNameAndText),
  );

  return (
    <Card aria-labelledby="create-ticker-title">
      <h2 id="create-ticker-title" className="card-title">{tr.ticker.createTitle}</h2>
      {create.isError && (
        <Banner tone="error" onDismiss={create.reset}>{errorMessage(create.error, tr.ticker.createError)}</Banner>
      )}
      <Form className="form" onSubmit={send}>
        <TickerFields idPrefix="new" form={form} />
        <div>
          <Button type="submit" busy={create.isPending} busyText={tr.ticker.creating}>{tr.ticker.create}</Button>
        </div>
      </Form>
    </Card>
  );
}
