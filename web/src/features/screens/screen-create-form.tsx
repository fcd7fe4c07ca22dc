import { ZCreateScreenRequest } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Card, Form, TextField } from '../../components/ui';
import { useCreateScreen } from './api/use-create-screen';

/** docs/PRODUCT.md#screens: a screen needs a name ('Ekran adı zorunludur', the contract's rule). */
export function ScreenCreateForm() {
  const form = useZodForm(ZCreateScreenRequest, { name: '' });
  const create = useCreateScreen();
  const { errors } = form.formState;

  return (
    <Card aria-labelledby="add-screen-title">
      <h2 id="add-screen-title" className="card-title">{tr.screens.addTitle}</h2>
      {create.isError && (
        <Banner tone="error" onDismiss={create.reset}>{errorMessage(create.error, tr.screens.addError)}</Banner>
      )}
      <Form className="form inline-form"
        onSubmit={form.handleSubmit((body) => create.mutateAsync(body.name, { onSuccess: () => form.reset() }))}>
        <TextField label={tr.screens.nameLabel} placeholder={tr.screens.namePlaceholder} maxLength={100}
          error={errors.name?.message} {...form.register('name')} />
        <div>
          <Button type="submit" busy={create.isPending} busyText={tr.screens.adding}>{tr.screens.add}</Button>
        </div>
      </Form>
      <p className="field-hint screen-pair-hint">{tr.screens.pairHint}</p>
    </Card>
  );
}
