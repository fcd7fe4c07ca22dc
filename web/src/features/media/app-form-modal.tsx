import { useWatch } from 'react-hook-form';
import type { TMedia } from '@pano/contract';
import { APP_KIND_NAMES, APP_KINDS, type AppKind } from '@pano/contract/constants';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Form, Modal, SelectField, TextField, showAlert } from '../../components/ui';
import { useSaveMedia } from './api/use-save-media';
import { appDefaults, draftOfApp, ZAppDraft, type AppDraft } from './app-draft';
import { AppFields } from './app-fields';
import { AppPreview } from './app-preview';
import { trApps } from '../../i18n/tr-apps';

const FORM_ID = 'app-form';
const empty = (kind: AppKind = 'clock', name = ''): AppDraft => ({ name, app: appDefaults(kind) });
// A PDF document has no settings to edit (its card offers a rename instead).
const initialOf = (media?: TMedia): AppDraft => (media?.app && media.app.kind !== 'pdf' ? { name: media.name, app: draftOfApp(media.app) } : empty());

/**
 * 'Uygulama Ekle' (docs/PRODUCT.md#apps): the kind first, then its settings, checked with the
 * contract's schema (the server's rules and messages) and shown live beside the form. A web
 * app's answer may warn that the site refuses frames: the app is saved, and the warning is told.
 */
export function AppFormModal({ media, onClose }: { media?: TMedia; onClose: () => void }) {
  const form = useZodForm(ZAppDraft, initialOf(media));
  const create = useSaveMedia();
  const editing = Boolean(media?.app);
  const app = useWatch({ control: form.control, name: 'app' }) as AppDraft['app'];
  const busy = create.isPending;

  const close = () => {
    create.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((body) => create.mutateAsync(editing ? { id: (media as TMedia)._id, body } : { id: null, body }, {
    onSuccess: (saved) => {
      close();
      if (saved?.warning) void showAlert(saved.warning);
    },
  }));

  return (
    <Modal open title={editing ? trApps.appEditTitle(media?.name ?? '') : trApps.addApp} onClose={close}
      footer={(
        <>
          <Button variant="secondary" onClick={close}>{tr.common.cancel}</Button>
          <Button type="submit" form={FORM_ID} busy={busy} busyText={editing ? tr.common.saving : trApps.appSaving}>
            {editing ? tr.common.save : trApps.appSave}
          </Button>
        </>
      )}>
      <Form id={FORM_ID} className="form app-form" onSubmit={onSubmit}>
        {create.isError && <Banner tone="error">{errorMessage(create.error, editing ? trApps.appUpdateError : trApps.appCreateError)}</Banner>}
        {/* An app keeps its kind (PUT /api/media/{id}); only a new one picks it. */}
        <SelectField label={trApps.appKindLabel} value={app.kind} disabled={busy || editing}
          onChange={(e) => form.reset(empty(e.target.value as AppKind, form.getValues('name')))}>
          {APP_KINDS.map((k) => <option key={k} value={k}>{APP_KIND_NAMES[k]}</option>)}
        </SelectField>
        <TextField label={trApps.appNameLabel} placeholder={trApps.appNamePlaceholder} maxLength={200} disabled={busy}
          error={form.formState.errors.name?.message} {...form.register('name')} />
        <AppFields kind={app.kind} register={form.register} errors={form.formState.errors} disabled={busy} />
        <AppPreview app={app} />
      </Form>
    </Modal>
  );
}
