import { useState } from 'react';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Card, Form, showAlert } from '../../components/ui';
import { useCreateTicker } from './api/use-create-ticker';
import { emptyDraft, toRequest, validateDraft } from './ticker-draft';
import { TickerFields } from './ticker-fields';

export function TickerCreateForm() {
  const [draft, setDraft] = useState(emptyDraft);
  const create = useCreateTicker();

  const onSubmit = () => {
    const problem = validateDraft(draft);
    if (problem) {
      void showAlert(problem);
      return;
    }
    return create.mutateAsync(toRequest(draft), { onSuccess: () => setDraft(emptyDraft()) });
  };

  return (
    <Card aria-labelledby="create-ticker-title">
      <h2 id="create-ticker-title" className="card-title">{tr.ticker.createTitle}</h2>
      {create.isError && (
        <Banner tone="error" onDismiss={create.reset}>{errorMessage(create.error, tr.ticker.createError)}</Banner>
      )}
      <Form className="form" onSubmit={onSubmit}>
        <TickerFields idPrefix="new" draft={draft} onChange={setDraft} />
        <div>
          <Button type="submit" busy={create.isPending} busyText={tr.ticker.creating}>{tr.ticker.create}</Button>
        </div>
      </Form>
    </Card>
  );
}
