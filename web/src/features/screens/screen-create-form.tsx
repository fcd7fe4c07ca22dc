import { useState, type FormEvent } from 'react';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Card, TextField } from '../../components/ui';
import { createScreen } from '../../api/screens.api';

/** docs/PRODUCT.md#screens: a screen needs a name ('Ekran adı zorunludur'). */
export function ScreenCreateForm({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setFieldError(tr.screens.nameRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await createScreen(name.trim());
      setName('');
      onCreated();
    } catch (err) {
      setError(tr.screens.addError + errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card aria-labelledby="add-screen-title">
      <h2 id="add-screen-title" className="card-title">{tr.screens.addTitle}</h2>
      {error && <Banner tone="error" onDismiss={() => setError(null)}>{error}</Banner>}
      <form className="form inline-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField label={tr.screens.nameLabel} name="screen-name" placeholder={tr.screens.namePlaceholder}
          value={name} maxLength={100} error={fieldError}
          onChange={(e) => {
            setName(e.target.value);
            setFieldError(undefined);
          }} />
        <div>
          <Button type="submit" busy={busy} busyText={tr.screens.adding}>{tr.screens.add}</Button>
        </div>
      </form>
      <p className="field-hint screen-pair-hint">{tr.screens.pairHint}</p>
    </Card>
  );
}
