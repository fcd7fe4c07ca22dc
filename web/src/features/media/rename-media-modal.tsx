import type { TMedia } from '@pano/contract';
import { ZUpdateMediaRequest } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Form, Modal, TextField } from '../../components/ui';
import { useSaveMedia } from './api/use-save-media';
import { trApps } from '../../i18n/tr-apps';

const FORM_ID = 'rename-media-form';

/** 'Yeniden Adlandır': PUT /api/media/{id} with the new name, checked with the contract's schema. */
export function RenameMediaModal({ media, onClose }: { media: TMedia; onClose: () => void }) {
  const form = useZodForm(ZUpdateMediaRequest, { name: media.name });
  const rename = useSaveMedia();
  const onSubmit = form.handleSubmit((body) => rename.mutateAsync({ id: media._id, body: { name: body.name ?? media.name } }, { onSuccess: onClose }));
  return (
    <Modal open title={trApps.rename} onClose={onClose} size="sm"
      footer={(
        <>
          <Button variant="secondary" onClick={onClose}>{tr.common.cancel}</Button>
          <Button type="submit" form={FORM_ID} busy={rename.isPending}>{tr.common.save}</Button>
        </>
      )}>
      <Form id={FORM_ID} className="form" onSubmit={onSubmit}>
        {rename.isError && <Banner tone="error">{errorMessage(rename.error, trApps.renameError)}</Banner>}
        <TextField label={trApps.renameLabel} maxLength={200} error={form.formState.errors.name?.message} {...form.register('name')} />
      </Form>
    </Modal>
  );
}
