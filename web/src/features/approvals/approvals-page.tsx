import './approvals.css';
import { useState } from 'react';
import { APPROVAL_STATUSES, ZRejectApprovalRequest, type TApproval, type TApprovalStatus } from '@pano/contract';
import { trApprovals } from '../../i18n/tr-approvals';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { useCan } from '../../stores/use-can';
import { Badge, Banner, Button, Card, EmptyState, Form, PageHeader, Spinner, TextAreaField } from '../../components/ui';
import { LayoutPreview } from '@pano/player';
import { useApprovalPreview, useApprovals, useDecideApproval } from '../../api/approvals.api';

const t = trApprovals;

/** A value of before/after as text: lists as items, a zone or an app's settings as 'Alan: değer'. */
function Value({ v }: { v: unknown }) {
  if (v === null || v === undefined || v === '') return <>{t.empty_value}</>;
  if (Array.isArray(v)) return v.length ? <ul>{v.map((x, i) => <li key={i}><Value v={x} /></li>)}</ul> : <>{t.empty_value}</>;
  if (typeof v === 'object') {
    return <>{Object.entries(v).filter(([, x]) => x !== null).map(([k, x]) => `${t.fields[k] ?? k}: ${typeof x === 'object' ? JSON.stringify(x) : String(x)}`).join(', ')}</>;
  }
  return <>{String(v)}</>;
}

/** Field by field, only what the request changes. */
function Diff({ before, after }: Pick<TApproval, 'before' | 'after'>) {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
  return (
    <>
      <table className="approval-diff">
        <thead><tr><th scope="col">{t.field}</th><th scope="col">{t.before}</th><th scope="col">{t.after}</th></tr></thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f}>
              <th scope="row">{t.fields[f] ?? f}</th>
              <td className="before"><Value v={before[f]} /></td>
              <td><Value v={after[f]} /></td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{t.unchanged}</p>
    </>
  );
}

function Decide({ approval }: { approval: TApproval }) {
  const decide = useDecideApproval();
  const [rejecting, setRejecting] = useState(false);
  const form = useZodForm(ZRejectApprovalRequest, { reason: '' });
  const busy = decide.isPending;
  const reject = form.handleSubmit(({ reason }) => decide.mutateAsync({ id: approval._id, reason }));
  return (
    <>
      {decide.isError && <Banner tone="error" onDismiss={decide.reset}>{errorMessage(decide.error, t.decideError)}</Banner>}
      {rejecting ? (
        <Form className="approval-actions" onSubmit={reject}>
          <TextAreaField label={t.reasonLabel} maxLength={500} rows={2} error={form.formState.errors.reason?.message} {...form.register('reason')} />
          <Button type="submit" variant="danger" busy={busy}>{t.rejectConfirm}</Button>
          <Button variant="secondary" disabled={busy} onClick={() => setRejecting(false)}>{t.cancel}</Button>
        </Form>
      ) : (
        <div className="approval-actions">
          <Button busy={busy} onClick={() => decide.mutate({ id: approval._id })}>{t.approve}</Button>
          <Button variant="secondary" disabled={busy} onClick={() => setRejecting(true)}>{t.reject}</Button>
        </div>
      )}
    </>
  );
}

/** The requested result played by the screen's own player, as the layout editor's preview is. */
function ScreenPreview({ id }: { id: string }) {
  const preview = useApprovalPreview(id);
  if (preview.isPending) return <Spinner />;
  if (preview.isError) return <Banner tone="error">{errorMessage(preview.error, t.previewError)}</Banner>;
  return (
    <figure className="approval-preview" data-testid="approval-preview">
      <div className="approval-preview-frame"><LayoutPreview layout={preview.data.layout} displaySettings={preview.data.displaySettings} /></div>
      <figcaption className="muted">{t.previewNote}</figcaption>
    </figure>
  );
}

function ApprovalCard({ approval }: { approval: TApproval }) {
  const titleId = `approval-${approval._id}`;
  const [previewing, setPreviewing] = useState(false);
  const pending = approval.status === 'pending';
  return (
    <Card aria-labelledby={titleId} data-testid="approval">
      <div className="approval-head">
        <h2 id={titleId}>{t.kinds[approval.target.type]}: {approval.target.name}</h2>
        <Badge tone={approval.status === 'pending' ? 'neutral' : approval.status === 'approved' ? 'success' : 'danger'}>{t.statuses[approval.status]}</Badge>
      </div>
      <p className="approval-meta">
        {t.requestedBy(approval.requester.name, formatDateTime(approval.createdAt))}
        {approval.decidedBy && <><br />{t.decidedBy(approval.status, approval.decidedBy.name, formatDateTime(approval.decidedAt))}</>}
        {approval.reason && <><br />{t.reason(approval.reason)}</>}
      </p>
      <Diff before={approval.before} after={approval.after} />
      {pending && (
        <Button size="sm" variant="secondary" aria-expanded={previewing} onClick={() => setPreviewing((v) => !v)}>
          {previewing ? t.previewClose : t.previewOpen}
        </Button>
      )}
      {pending && previewing && <ScreenPreview id={approval._id} />}
      {pending && <Decide approval={approval} />}
    </Card>
  );
}

function ApprovalList({ status }: { status: TApprovalStatus }) {
  const list = useApprovals(status);
  if (list.isPending) return <Spinner />;
  if (list.isError) return <Banner tone="error">{errorMessage(list.error, t.loadError)}</Banner>;
  if (!list.data.approvals.length) return <EmptyState title={t.empty} hint={t.emptyHint} />;
  return <div className="approval-list">{list.data.approvals.map((a) => <ApprovalCard key={a._id} approval={a} />)}</div>;
}

/** 'Onay Bekleyenler' (docs/architecture/approval.md): publishers and above decide editors' requests. */
export function ApprovalsPage() {
  const decides = useCan('publisher');
  const [status, setStatus] = useState<TApprovalStatus>('pending');
  return (
    <div className="page approvals-page">
      <PageHeader title={t.title} lead={t.lead} />
      {decides ? (
        <>
          <div className="approval-tabs" role="group" aria-label={t.title}>
            {APPROVAL_STATUSES.map((s) => (
              <Button key={s} size="sm" variant={s === status ? 'primary' : 'secondary'} aria-pressed={s === status} onClick={() => setStatus(s)}>{t.tabs[s]}</Button>
            ))}
          </div>
          <ApprovalList status={status} />
        </>
      ) : <Banner tone="error">{t.onlyPublishers}</Banner>}
    </div>
  );
}
