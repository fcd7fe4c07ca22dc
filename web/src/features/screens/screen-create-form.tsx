import { useState, type FormEvent } from 'react';
import { ZCreateScreenRequest } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { checkFields, focusFirstInvalid, type FieldErrors } from '../../lib/form-errors';
import { Banner, Button, Card, Form, TextField } from '../../components/ui';
import { useCreateScreen } from './api/use-create-screen';

/** docs/PRODUCT.md#screens: a screen needs a name ('Ekran adı zorunludur', the contract's rule). */
export function ScreenCreateForm() {
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateScreen();

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const checked = checkFields(ZCreateScreenRequest, { name });
    if ('errors' in checked) {
      setErrors(checked.errors);
      focusFirstInvalid(e.currentTarget, checked.errors);
      return;
    }
    return create.mutateAsync(checked.data.name, { onSuccess: () => setName('') });
  };

  return (
    <Card aria-labelledby="add-screen-title">
      <h2 id="add-screen-title" className="card-title">{tr.screens.addTitle}</h2>
      {create.isError && (
        <Banner tone="error" onDismiss={create.reset}>{errorMessage(create.error, tr.screens.addError)}</Banner>
      )}
      <Form className="form inline-form" onSubmit={onSubmit}>
        <TextField label={tr.screens.nameLabel} name="name" placeholder={tr.screens.namePlaceholder}
          value={name} maxLength={100} error={errors.name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors({});
          }} />
        <div>
          <Button type="submit" busy={create.isPending} busyText={tr.screens.adding}>{tr.screens.add}</Button>
        </div>
      </Form>
      <p className="field-hint screen-pair-hint">{tr.screens.pairHint}</p>
    </Card>
  );
}
