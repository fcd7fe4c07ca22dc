import './alerts.css';
import { useState } from 'react';
import type { TAlert, TCreateAlertRequest } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, PageHeader, Spinner, showConfirm } from '../../components/ui';
import { isAdmin, useSession } from '../../stores/session-store';
import { useCan } from '../../stores/use-can';
import { trRoles } from '../../i18n/tr-roles';
import { useMediaList } from '../../api/media.api';
import { useScreenGroups } from '../../api/screen-groups.api';
import { useScreens } from '../../api/screens.api';
import { useAlerts } from './api/use-alerts';
import { useEndAlert } from './api/use-end-alert';
import { useSendAlert } from './api/use-send-alert';
import { ZAlertSendDraft, emptyAlertDraft } from './alert-draft';
import { AlertDetail } from './alert-detail';
import { AlertForm } from './alert-form';
import { AlertList } from './alert-list';
import { TemplatesPanel } from './templates-panel';
import { useAlertsLive } from './use-alerts-live';

const t = tr.alerts;
const FORM_ID = 'alert-send-form';

/**
 * docs/PRODUCT.md#alerts: a customer's page (alerts go to their own screens from their account).
 * An admin sees its name and 'Bu sayfayı sadece müşteriler kullanabilir' instead, as a customer
 * does on an /admin page (docs/PRODUCT.md#roles); the page checks, as /admin/apk does.
 */
export function AlertsPage() {
  const admin = useSession((s) => isAdmin(s.user));
  if (!admin) return <AlertsContent />;
  return (
    <div className="page">
      <PageHeader title={t.title} />
      <p className="banner banner-error" role="alert">{tr.app.customerOnly}</p>
    </div>
  );
}

/**
 * Send, watch the confirmations, end; templates; the history. Sending, ending and templates are
 * a publisher's (docs/architecture/accounts.md#roles): below that the page lists and follows.
 */
function AlertsContent() {
  const canSend = useCan('publisher');
  // A member limited to screen groups sends only to their groups and screens: no 'Tüm ekranlar'.
  const everyScreen = useCan('publisher', { allScreens: true });
  const alerts = useAlerts();
  useAlertsLive();
  const screens = useScreens();
  const groups = useScreenGroups();
  const media = useMediaList();
  const send = useSendAlert();
  const end = useEndAlert();
  const form = useZodForm(ZAlertSendDraft, { ...emptyAlertDraft(), all: everyScreen });
  const [openId, setOpenId] = useState<string | null>(null);

  const onSend = async (body: TCreateAlertRequest) => {
    if (!(await showConfirm(t.sendConfirm(body.title), { title: t.sendTitle, confirmLabel: t.send, danger: true }))) return;
    end.reset();
    return send.mutateAsync(body, {
      onSuccess: (sent) => {
        form.reset();
        setOpenId(sent._id);
      },
    });
  };
  const onEnd = async (a: TAlert) => {
    if (!(await showConfirm(t.endConfirm, { title: a.title, confirmLabel: t.end, danger: true }))) return;
    send.reset();
    end.mutate(a._id);
  };

  const header = <PageHeader title={t.title} lead={canSend ? t.lead : trRoles.alertsNeedPublisher} />;
  if (alerts.isPending || screens.isPending || groups.isPending) return <div className="page alerts-page">{header}<Spinner /></div>;
  const list = alerts.data ?? [];
  const active = list.filter((a) => a.active);
  const history = list.filter((a) => !a.active);
  const choices = { screens: screens.data ?? [], groups: groups.data ?? [], media: media.data ?? [] };
  const loadError = alerts.error ?? screens.error ?? groups.error;

  return (
    <div className="page alerts-page">
      {header}
      {loadError && <Banner tone="error">{errorMessage(loadError, t.loadError)}</Banner>}
      {end.isError && <Banner tone="error" onDismiss={end.reset}>{errorMessage(end.error, t.endError)}</Banner>}

      <h2 className="section-title">{t.activeTitle}</h2>
      {active.length === 0 ? <p className="muted">{t.noActive}</p> : (
        <AlertList alerts={active} testId="alert-active" onOpen={(a) => setOpenId(a._id)} onEnd={canSend ? (a) => void onEnd(a) : undefined}
          busyId={end.isPending ? end.variables : null} />
      )}
      {openId && <AlertDetail key={openId} id={openId} onClose={() => setOpenId(null)} />}

      {canSend && (
        <>
          <section className="card alert-send" aria-labelledby="alert-send-title">
            <h2 id="alert-send-title" className="card-title">{t.sendTitle}</h2>
            {send.isError && <Banner tone="error" onDismiss={send.reset}>{errorMessage(send.error, t.sendError)}</Banner>}
            <AlertForm id={FORM_ID} form={form} onSend={onSend} {...choices}
              footer={<div className="card-actions"><Button type="submit" variant="danger" busy={send.isPending} busyText={t.sending}>{t.send}</Button></div>} />
          </section>

          <TemplatesPanel choices={choices} onSent={setOpenId} />
        </>
      )}

      <h2 className="section-title">{t.historyTitle}</h2>
      {history.length === 0 ? <p className="muted">{active.length > 0 ? t.noEndedYet : t.noHistory}</p> : (
        <AlertList alerts={history} testId="alert-history" onOpen={(a) => setOpenId(a._id)} busyId={null} />
      )}
    </div>
  );
}
