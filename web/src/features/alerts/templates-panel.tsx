import { useState } from 'react';
import type { TAlertTemplate, TAlertTemplateWrite, TMedia, TScreen, TScreenGroup } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { useSingleFlight } from '../../lib/use-single-flight';
import { Banner, Button, Modal, Spinner, showConfirm } from '../../components/ui';
import { useCan } from '../../stores/use-can';
import { useAlertTemplates } from './api/use-alert-templates';
import { useDeleteAlertTemplate } from './api/use-delete-alert-template';
import { useSaveAlertTemplate } from './api/use-save-alert-template';
import { useSendAlertTemplate } from './api/use-send-alert-template';
import { ZAlertTemplateDraft, draftFromTemplate, emptyAlertDraft } from './alert-draft';
import { AlertForm } from './alert-form';

const t = tr.alerts;
const FORM_ID = 'alert-template-form';

type Choices = { screens: TScreen[]; groups: TScreenGroup[]; media: TMedia[] };

function TemplateModal({ editing, onClose, choices }: { editing: TAlertTemplate | null; onClose: () => void; choices: Choices }) {
  const form = useZodForm(ZAlertTemplateDraft, editing ? draftFromTemplate(editing) : { ...emptyAlertDraft(), all: false });
  const save = useSaveAlertTemplate();
  const onSend = (body: TAlertTemplateWrite) => save.mutateAsync({ id: editing?._id ?? null, body }, { onSuccess: onClose });
  return (
    <Modal open title={editing ? t.templateEditTitle : t.templateCreateTitle} onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>{tr.common.cancel}</Button>
          <Button type="submit" form={FORM_ID} busy={save.isPending} busyText={tr.common.saving}>{tr.common.save}</Button>
        </>
      }>
      {save.isError && <Banner tone="error" onDismiss={save.reset}>{errorMessage(save.error, t.templateSaveError)}</Banner>}
      <AlertForm id={FORM_ID} nameField form={form} onSend={onSend} {...choices} />
    </Modal>
  );
}

const defaults = (tpl: TAlertTemplate) =>
  tpl.all ? t.everyScreen : [...tpl.groups, ...tpl.screens].map((x) => x.name).join(', ') || t.noDefaultTargets;

/** 'Şablonlar': prepared alerts sent with one click after a confirm dialog. */
export function TemplatesPanel({ choices, onSent }: { choices: Choices; onSent: (id: string) => void }) {
  const templates = useAlertTemplates();
  const send = useSendAlertTemplate();
  const remove = useDeleteAlertTemplate();
  const [modal, setModal] = useState<{ editing: TAlertTemplate | null } | null>(null);
  // One send per press: a second click while the confirm is open or the send runs is dropped.
  const once = useSingleFlight();
  // A member limited to screen groups cannot send to every screen: such a template has no 'Gönder'.
  const everyScreen = useCan('publisher', { allScreens: true });

  const onSend = async (tpl: TAlertTemplate) => {
    if (!(await showConfirm(t.templateSendConfirm(tpl.name), { title: tpl.title, confirmLabel: t.send, danger: true }))) return;
    remove.reset();
    await send.mutateAsync(tpl._id, { onSuccess: (sent) => onSent(sent._id) });
  };
  const onDelete = async (tpl: TAlertTemplate) => {
    if (!(await showConfirm(t.templateDeleteConfirm, { title: tpl.name, confirmLabel: tr.common.delete, danger: true }))) return;
    send.reset();
    remove.mutate(tpl._id);
  };
  const error = send.isError ? errorMessage(send.error, t.sendError) : remove.isError ? errorMessage(remove.error, t.templateDeleteError) : null;

  return (
    <section className="card alert-templates" aria-labelledby="alert-templates-title">
      <div className="alert-detail-head">
        <h2 id="alert-templates-title" className="card-title">{t.templatesTitle}</h2>
        <Button size="sm" onClick={() => setModal({ editing: null })}>{t.templateCreate}</Button>
      </div>
      <p className="muted small">{t.templatesLead}</p>
      {error && <Banner tone="error" onDismiss={() => { send.reset(); remove.reset(); }}>{error}</Banner>}
      {templates.isPending ? <Spinner /> : templates.isError ? (
        <Banner tone="error">{errorMessage(templates.error, t.templateLoadError)}</Banner>
      ) : templates.data.length === 0 ? <p className="muted">{t.noTemplates}</p> : (
        <ul className="alert-template-list">
          {templates.data.map((tpl) => (
            <li key={tpl._id} className="alert-template" data-testid="alert-template">
              <span className="alert-swatch" style={{ background: tpl.background }} aria-hidden="true" />
              <div className="alert-row-main">
                <p className="alert-row-title">{tpl.name}</p>
                <p className="muted small">{tpl.title} · {defaults(tpl)}</p>
              </div>
              <div className="card-actions">
                {(everyScreen || !tpl.all) && (
                  <Button size="sm" variant="danger" busy={send.isPending && send.variables === tpl._id}
                    onClick={() => once(() => onSend(tpl))} aria-label={`${t.send}: ${tpl.name}`}>{t.send}</Button>
                )}
                <Button size="sm" variant="secondary" onClick={() => setModal({ editing: tpl })} aria-label={`${tr.common.edit}: ${tpl.name}`}>{tr.common.edit}</Button>
                <Button size="sm" variant="ghost" busy={remove.isPending && remove.variables === tpl._id}
                  onClick={() => void onDelete(tpl)} aria-label={`${tr.common.delete}: ${tpl.name}`}>{tr.common.delete}</Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {modal && <TemplateModal editing={modal.editing} onClose={() => setModal(null)} choices={choices} />}
    </section>
  );
}
