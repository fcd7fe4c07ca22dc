import { useWatch } from 'react-hook-form';
import { APP_KIND_NAMES, APP_KINDS, type AppKind } from '@pano/contract/constants';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Form, Modal, SelectField, TextField, showAlert } from '../../components/ui';
import { useCreateApp } from './api/use-create-app';
import { appDefaults, ZAppDraft, type AppDraft } from './app-draft';
import { AppFields } from './app-fields';
import { AppPreview } from './app-preview';

const FORM_ID = 'app-form';
const empty = (kind: AppKind = 'clock', name = ''): AppDraft => ({ name, app: appDefaults(kind) });

/**
 * 'Uygulama Ekle' (docs/PRODUCT.md#apps): the kind first, then its settings, checked with the
 * contract's schema (the server's rules and messages) and shown live beside the form. A web
 * app's answer may warn that the site refuses frames: the app is saved, and the warning is told.
 */
export function AppFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useZodForm(ZAppDraft, empty());
  const create = useCreateApp();
  const app = useWatch({ control: form.control, name: 'app' }) as AppDraft['app'];
  const busy = create.isPending;

  const close = () => {
    form.reset(empty());
    create.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((body) => create.mutateAsync(body, {
    onSuccess: (saved) => {
      close();
      if (saved.warning) void showAlert(saved.warning);
    },
  }));

  return (
    <Modal open={open} title={tr.media.appTitle} onClose={close}
      footer={(
        <>
          <Button variant="secondary" onClick={close}>{tr.common.cancel}</Button>
          <Button type="submit" form={FORM_ID} busy={busy} busyText={tr.media.appSaving}>{tr.media.appSave}</Button>
        </>
      )}>
      <Form id={FORM_ID} className="form app-form" onSubmit={onSubmit}>
        {create.isError && <Banner tone="error">{errorMessage(create.error, tr.media.appCreateError)}</Banner>}
        <SelectField label={tr.media.appKindLabel} value={app.kind} disabled={busy}
          onChange={(e) => form.reset(empty(e.target.value as AppKind, form.getValues('name')))}>
          {APP_KINDS.map((k) => <option key={k} value={k}>{APP_KIND_NAMES[k]}</option>)}
        </SelectField>
        <TextField label={tr.media.appNameLabel} placeholder={tr.media.appNamePlaceholder} maxLength={200} disabled={busy}
          error={form.formState.errors.name?.message} {...form.register('name')} />
        <AppFields kind={app.kind} register={form.register} errors={form.formState.errors} disabled={busy} />
        <AppPreview app={app} />
      </Form>
    </Modal>
  );
}
