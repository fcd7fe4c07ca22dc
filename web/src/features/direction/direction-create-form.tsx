import { useState, type FormEvent } from 'react';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Card, showAlert } from '../../components/ui';
import { createDirection } from '../../api/direction.api';
import { emptyDraft, toRequest, validateDraft } from './direction-draft';
import { DirectionFields } from './direction-fields';

export function DirectionCreateForm({ onCreated }: { onCreated: () => void }) {
  const [draft, setDraft] = useState(emptyDraft);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateDraft(draft);
    if (problem) {
      await showAlert(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await createDirection(toRequest(draft));
      setDraft(emptyDraft());
      onCreated();
    } catch (err) {
      setError(tr.direction.createError + errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card aria-labelledby="create-direction-title">
      <h2 id="create-direction-title" className="card-title">{tr.direction.createTitle}</h2>
      {error && <Banner tone="error" onDismiss={() => setError(null)}>{error}</Banner>}
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <DirectionFields idPrefix="new" draft={draft} onChange={setDraft} />
        <div>
          <Button type="submit" busy={busy} busyText={tr.direction.creating}>{tr.direction.create}</Button>
        </div>
      </form>
    </Card>
  );
}
