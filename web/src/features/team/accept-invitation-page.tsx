import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_ROLE_LABELS, ZAcceptNewRequest, type TLoginResponse } from '@pano/contract';
import { trInvitation } from '../../i18n/tr-team';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { usePageTitle } from '../../lib/use-page-title';
import { homePathFor, useSession } from '../../stores/session-store';
import { Banner, Button, Form, Spinner, TextField } from '../../components/ui';
import { useAcceptInvitation, useInvitation } from './api/use-invitation';

const t = trInvitation;

function NewPersonForm({ onAccept, busy }: { onAccept: (body: { password: string; firstName: string; lastName: string }) => Promise<unknown>; busy: boolean }) {
  const form = useZodForm(ZAcceptNewRequest, { firstName: '', lastName: '', password: '' });
  const { errors } = form.formState;
  return (
    <Form className="form" onSubmit={form.handleSubmit(onAccept)}>
      <p className="auth-lead">{t.newLead}</p>
      <div className="form-row">
        <TextField label={t.firstName} autoComplete="given-name" required maxLength={100} error={errors.firstName?.message} {...form.register('firstName')} />
        <TextField label={t.lastName} autoComplete="family-name" required maxLength={100} error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <TextField label={t.password} type="password" autoComplete="new-password" required error={errors.password?.message} {...form.register('password')} />
      <Button type="submit" block busy={busy} busyText={t.accepting}>{t.createAndJoin}</Button>
    </Form>
  );
}

/**
 * docs/PRODUCT.md#team: the invitation link (`/davet/{token}`). Someone new sets a name and a
 * password; a signed-in person with the invited email accepts with one button. Either way the
 * answer signs them in, working in the account that invited them.
 */
export function AcceptInvitationPage() {
  usePageTitle(t.title);
  const token = useParams().token ?? '';
  const accept = useAcceptInvitation(token);
  const info = useInvitation(token, accept.isIdle || accept.isError);
  const { user, status, login } = useSession();
  const qc = useQueryClient();
  const navigate = useNavigate();

  const signIn = (answer: TLoginResponse) => {
    qc.clear();
    login(answer.token, answer.user);
    void navigate(homePathFor(answer.user), { replace: true });
  };
  const acceptWith = (body: Parameters<typeof accept.mutateAsync>[0]) => accept.mutateAsync(body, { onSuccess: signIn });

  let body;
  if (info.isPending || accept.isSuccess) body = <Spinner label={t.loading} />;
  else if (info.isError) body = <Banner tone="error">{errorMessage(info.error, t.loadFailed)}</Banner>;
  else {
    const inv = info.data;
    const signedIn = status === 'authenticated' && user;
    body = (
      <>
        <p className="auth-lead">{t.lead(inv.accountName, ACCOUNT_ROLE_LABELS[inv.role])}</p>
        <p className="muted">{t.forEmail(inv.email)}</p>
        {accept.isError && <Banner tone="error">{errorMessage(accept.error, t.acceptFailed)}</Banner>}
        {signedIn ? (
          user.email === inv.email ? (
            <>
              <p>{t.signedInAs(user.email)}</p>
              <Button block busy={accept.isPending || accept.isSuccess} busyText={t.accepting} onClick={() => void acceptWith({}).catch(() => undefined)}>{t.accept}</Button>
            </>
          ) : <Banner tone="warning">{t.wrongUser(inv.email)}</Banner>
        ) : inv.hasUser ? (
          <>
            <Banner tone="info">{t.signInFirst}</Banner>
            {/* Signed in, they come back here to accept (lib/next-path.ts). */}
            <Link className="btn btn-primary btn-block" to={`/login?${new URLSearchParams({ next: `/davet/${encodeURIComponent(token)}` })}`}>{t.login}</Link>
          </>
        ) : <NewPersonForm onAccept={acceptWith} busy={accept.isPending || accept.isSuccess} />}
      </>
    );
  }

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <h1 className="auth-title">{t.title}</h1>
        {body}
      </div>
    </div>
  );
}
