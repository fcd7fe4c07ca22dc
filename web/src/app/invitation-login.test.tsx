import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { AcceptInvitationPage } from '../features/team/accept-invitation-page';
import { LoginPage } from '../features/auth/login-page';
import { createQueryClient } from '../lib/query-client';
import { tokenStorage } from '../lib/token-storage';
import { useSession } from '../stores/session-store';
import { apiServer } from '../testing/api-server';
import { aUser } from '../testing/fixtures';
import { RedirectIfAuthenticated } from './guards';

/*
 * docs/PRODUCT.md#invitations-davettoken: someone with a user, signed out, signs in from the
 * invitation and comes back to it; `?next=` follows only a path of this site.
 */

afterEach(() => {
  cleanup();
  tokenStorage.clear();
  useSession.setState({ status: 'anonymous', user: null });
});

const TOKEN = 'Xk3_abcdefghijklmnopqrstuvwxyz0123456789-AB';
const EMAIL = 'mehmet@ornek.com';

/** The routes as the app has them: the invitation page loads lazily, /login sits behind its guard. */
function openAt(path: string) {
  useSession.setState({ status: 'anonymous', user: null });
  apiServer.use(
    http.get(`/api/invitations/${TOKEN}`, () => HttpResponse.json({ accountName: 'Ayşe Ajans', email: EMAIL, role: 'editor', hasUser: true })),
    http.post('/api/auth/login', () => HttpResponse.json({ token: 'oturum', user: aUser({ email: EMAIL }) })),
  );
  const router = createMemoryRouter([
    { path: '/davet/:token', lazy: async () => ({ Component: AcceptInvitationPage }) },
    { element: <RedirectIfAuthenticated />, children: [{ path: '/login', element: <LoginPage /> }] },
    { path: '/packages', element: <p>paketler sayfası</p> },
  ], { initialEntries: [path] });
  render(<QueryClientProvider client={createQueryClient()}><RouterProvider router={router} /></QueryClientProvider>);
  return router;
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), EMAIL);
  await user.type(screen.getByLabelText('Şifre'), 'gizli-123');
  await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
}

describe('signing in from an invitation', { timeout: 15_000 }, () => {
  it('comes back to the invitation, ready to accept', async () => {
    const router = openAt(`/davet/${TOKEN}`);
    await userEvent.click(await screen.findByRole('link', { name: 'Giriş Yap' }));
    expect(router.state.location.pathname).toBe('/login');
    await signIn();
    expect(await screen.findByRole('button', { name: 'Daveti kabul et' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/davet/${TOKEN}`);
  });

  it.each(['//evil.example/davet/x', 'https://evil.example/', '/\\evil.example'])('goes home for ?next=%s', async (next) => {
    const router = openAt(`/login?${new URLSearchParams({ next })}`);
    await signIn();
    expect(await screen.findByText('paketler sayfası')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/packages');
  });
});
