import { useState } from 'react';
import { ZCreateScreenGroupRequest, type TScreen, type TScreenGroup } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { nameList, screenGroupUsageText } from '../../lib/usage-text';
import { Banner, Button, Card, Form, confirmDelete } from '../../components/ui';
import { useCreateScreenGroup } from './api/use-create-screen-group';
import { fetchScreenGroupUsage, useDeleteScreenGroup } from './api/use-delete-screen-group';
import { ScreenGroupEditModal } from './screen-group-edit-modal';
import { ScreenGroupFields } from './screen-group-fields';

/** `readOnly`: a role below publisher sees the groups and their screens, nothing to create, change or delete. */
type Props = { groups: readonly TScreenGroup[]; screens: readonly TScreen[]; loadError: unknown; readOnly?: boolean };

/**
 * 'Ekran Grupları' (docs/PRODUCT.md#screens): create a group with its screens, rename it or
 * change its screens in a modal, delete it after a confirmation naming the schedules that
 * target it (its screens stay).
 */
export function ScreenGroupsPanel({ groups, screens, loadError, readOnly = false }: Props) {
  const form = useZodForm(ZCreateScreenGroupRequest, { name: '', screenIds: [] });
  const [editingId, setEditingId] = useState<string | null>(null);
  const create = useCreateScreenGroup();
  const remove = useDeleteScreenGroup();

  const onCreate = form.handleSubmit((body) => create.mutateAsync(body, { onSuccess: () => form.reset() }));

  const onDelete = async (id: string) => {
    const usage = { load: () => fetchScreenGroupUsage(id), describe: screenGroupUsageText };
    if (!(await confirmDelete(tr.screenGroups.deleteConfirm, usage))) return;
    remove.mutate(id);
  };

  const editing = editingId ? groups.find((g) => g._id === editingId) : undefined;
  return (
    <Card aria-labelledby="screen-groups-title">
      <h2 id="screen-groups-title" className="card-title">{tr.screenGroups.title}</h2>
      {!readOnly && <p className="muted">{tr.screenGroups.lead}</p>}
      {Boolean(loadError) && <Banner tone="error">{errorMessage(loadError, tr.screenGroups.listError)}</Banner>}
      {create.isError && (
        <Banner tone="error" onDismiss={create.reset}>{errorMessage(create.error, tr.screenGroups.createError)}</Banner>
      )}
      {remove.isError && (
        <Banner tone="error" onDismiss={remove.reset}>{errorMessage(remove.error, tr.screenGroups.deleteError)}</Banner>
      )}
      {groups.length === 0 ? (
        !loadError && <p className="muted">{tr.screenGroups.empty}</p>
      ) : (
        <ul className="group-list">
          {groups.map((g) => (
            <li key={g._id} className="group-row" data-testid="group-row">
              <div className="group-text">
                <span className="group-name">{g.name}</span>
                <span className="muted group-members">{tr.screenGroups.members(g.screens.length, nameList(g.screens))}</span>
              </div>
              {!readOnly && (
                <div className="card-actions">
                  <Button size="sm" variant="secondary" onClick={() => setEditingId(g._id)}
                    aria-label={`${tr.common.edit}: ${g.name}`}>{tr.common.edit}</Button>
                  <Button size="sm" variant="danger" onClick={() => void onDelete(g._id)}
                    busy={remove.isPending && remove.variables === g._id} aria-label={`${tr.common.delete}: ${g.name}`}>
                    {tr.common.delete}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <Form className="form group-form" onSubmit={onCreate} aria-label={tr.screenGroups.create}>
          <ScreenGroupFields idPrefix="new" name={form.register('name')} nameError={form.formState.errors.name?.message}
            screenIds={form.watch('screenIds') ?? []} onScreenIds={(ids) => form.setValue('screenIds', ids)}
            screens={screens} disabled={create.isPending} />
          <div>
            <Button type="submit" busy={create.isPending} busyText={tr.screenGroups.creating}>{tr.screenGroups.create}</Button>
          </div>
        </Form>
      )}
      {editing && (
        <ScreenGroupEditModal key={editing._id} group={editing} screens={screens} onClose={() => setEditingId(null)} />
      )}
    </Card>
  );
}
