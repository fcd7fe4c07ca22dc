import { useState, type FormEvent } from 'react';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Card, showAlert } from '../../components/ui';
import { useCreateDirection } from './api/use-create-direction';
import { emptyDraft, toRequest, validateDraft } from './direction-draft';
import { DirectionFields } from './direction-fields';

export function DirectionCreateForm() {
  const [draft, setDraft] = useState(emptyDraft);
  const create = useCreateDirection();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateDraft(draft);
    if (problem) {
      void showAlert(problem);
      return;
    }
    create.mutate(toRequest(draft), { onSuccess: () => setDraft(emptyDraft()) });
  };

  return (
    <Card aria-labelledby="create-direction-title">
      <h2 id="create-direction-title" className="card-title">{tr.direction.createTitle}</h2>
      {create.isError && (
        <Banner tone="error" onDismiss={create.reset}>{errorMessage(create.error, tr.direction.createError)}</Banner>
      )}
      <form className="form" onSubmit={onSubmit} noValidate>
        <DirectionFields idPrefix="new" draft={draft} onChange={setDraft} />
        <div>
          <Button type="submit" busy={create.isPending} busyText={tr.direction.creating}>{tr.direction.create}</Button>
        </div>
      </form>
    </Card>
  );
}
