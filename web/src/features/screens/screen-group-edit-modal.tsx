import { ZUpdateScreenGroupRequest, type TScreen, type TScreenGroup } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Form, Modal } from '../../components/ui';
import { useUpdateScreenGroup } from './api/use-update-screen-group';
import { ScreenGroupFields } from './screen-group-fields';

type Props = { group: TScreenGroup; screens: readonly TScreen[]; onClose: () => void };

const FORM_ID = 'screen-group-edit-form';

/** Renames a group and/or changes its screens, in a modal saved or cancelled as a whole. */
export function ScreenGroupEditModal({ group, screens, onClose }: Props) {
  const form = useZodForm(ZUpdateScreenGroupRequest, { name: group.name, screenIds: group.screens.map((s) => s._id) });
  const update = useUpdateScreenGroup();
  const busy = update.isPending;

  const onSave = form.handleSubmit((body) => update.mutateAsync({ id: group._id, body }, { onSuccess: onClose }));

  return (
    <Modal open title={tr.screenGroups.editTitle} onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>{tr.common.cancel}</Button>
          <Button type="submit" form={FORM_ID} busy={busy} busyText={tr.common.saving}>{tr.common.save}</Button>
        </>
      }>
      {update.isError && <Banner tone="error">{errorMessage(update.error, tr.screenGroups.updateError)}</Banner>}
      <Form id={FORM_ID} className="form" onSubmit={onSave}>
        <ScreenGroupFields idPrefix="edit" name={form.register('name')} nameError={form.formState.errors.name?.message}
          screenIds={form.watch('screenIds') ?? []} onScreenIds={(ids) => form.setValue('screenIds', ids)}
          screens={screens} disabled={busy} />
      </Form>
    </Modal>
  );
}
