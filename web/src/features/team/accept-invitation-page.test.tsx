import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createQueryClient } from '../../lib/query-client';
import { tokenStorage } from '../../lib/token-storage';
import { useSession } from '../../stores/session-store';
import { apiServer, headersOf, recorded, type RecordedCall } from '../../testing/api-server';
import { aUser, fixtureId } from '../../testing/fixtures';
import { AcceptInvitationPage } from './accept-invitation-page';

afterEach(() => {
  cleanup();
  tokenStorage.clear();
  useSession.setState({ status: 'anonymous', user: null });
});

const TOKEN = 'Xk3_abcdefghijklmnopqrstuvwxyz0123456789-AB';
const ACCOUNT = { _id: fixtureId(7), name: 'Ayşe Ajans', role: 'editor' as const, limited: false };

function open(info: { hasUser: boolean; email?: string }, refusal?: { status: number; message: string }) {
  const calls: RecordedCall[] = [];
  const auth: (string | undefined)[] = [];
  const email = info.email ?? 'mehmet@ornek.com';
  apiServer.use(
    http.get(`/api/invitations/${TOKEN}`, () => (refusal
      ? HttpResponse.json({ code: 'INVITATION_GONE', message: refusal.message }, { status: refusal.status })
      : HttpResponse.json({ accountName: 'Ayşe Ajans', email, role: 'editor', hasUser: info.hasUser }))),
    http.post(`/api/invitations/${TOKEN}/accept`, recorded(calls, ({ request }) => {
      auth.push(headersOf(request).Authorization);
      return HttpResponse.json({ token: 'yeni-oturum', user: aUser({ _id: fixtureId(8), email, account: ACCOUNT }) }, { status: 201 });
    })),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/davet/${TOKEN}`]}>
        <Routes>
          <Route path="/davet/:token" element={<AcceptInvitationPage />} />
          <Route path="/packages" element={<p>paketler sayfası</p>} />
          <Route path="/login" element={<p>giriş sayfası</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, auth };
}

describe('AcceptInvitationPage', { timeout: 15_000 }, () => {
  it('someone new sets a name and a password, is signed in and lands in the account', async () => {
    const { calls, auth } = open({ hasUser: false });
    const user = userEvent.setup();
    expect(await screen.findByText('"Ayşe Ajans" hesabına Editör olarak davet edildiniz.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hesap oluştur ve katıl' }));
    expect(await screen.findByText('Ad zorunludur')).toBeTruthy();
    expect(calls).toEqual([]);
    await user.type(screen.getByLabelText(/^Ad/), 'Mehmet');
    await user.type(screen.getByLabelText(/^Soyad/), 'Kaya');
    await user.type(screen.getByLabelText(/^Şifre/), 'gizli-123');
    await user.click(screen.getByRole('button', { name: 'Hesap oluştur ve katıl' }));
    expect(await screen.findByText('paketler sayfası')).toBeTruthy();
    expect(calls.map((c) => c.body)).toEqual([{ firstName: 'Mehmet', lastName: 'Kaya', password: 'gizli-123' }]);
    expect(auth).toEqual([undefined]);
    expect(tokenStorage.get()).toBe('yeni-oturum');
    expect(useSession.getState().user?.account).toEqual(ACCOUNT);
  });

  it('a signed-in person with the invited email accepts with one button, with their session', async () => {
    tokenStorage.set('eski-oturum');
    useSession.setState({ status: 'authenticated', user: aUser({ email: 'mehmet@ornek.com' }) });
    const { calls, auth } = open({ hasUser: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Daveti kabul et' }));
    expect(await screen.findByText('paketler sayfası')).toBeTruthy();
    expect(calls.map((c) => c.body)).toEqual([{}]);
    expect(auth).toEqual(['Bearer eski-oturum']);
    expect(tokenStorage.get()).toBe('yeni-oturum');
  });

  it('tells someone signed in as another address, and someone with a user who is signed out, what to do', async () => {
    useSession.setState({ status: 'authenticated', user: aUser({ email: 'baska@ornek.com' }) });
    const first = open({ hasUser: true });
    expect(await screen.findByText('Bu davet mehmet@ornek.com adresine gönderilmiş. O adresle giriş yapın.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Daveti kabul et' })).toBeNull();
    cleanup();
    useSession.setState({ status: 'anonymous', user: null });
    open({ hasUser: true });
    expect(await screen.findByText(/Bu e-posta adresiyle bir Pano hesabı var/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Giriş Yap' }).getAttribute('href')).toBe(`/login?next=%2Fdavet%2F${TOKEN}`);
    expect(first.calls).toEqual([]);
  });

  it("shows the server's Turkish message for a used, revoked or expired link", async () => {
    const message = 'Bu davet geri alınmış. Hesap yöneticisinden yeni bir davet isteyin.';
    open({ hasUser: false }, { status: 410, message });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
