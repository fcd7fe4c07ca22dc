import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { useSession } from '../../stores/session-store';
import { apiServer, recorded, type RecordedCall } from '../../testing/api-server';
import { aUser } from '../../testing/fixtures';
import { LoginPage } from './login-page';
import { SsoReturnPage } from './sso-return-page';
import { SsoStartForm } from './sso-start-form';

/* Company sign-in on /login and /login/sso (docs/architecture/sso.md#signing-in). */

afterEach(() => {
  cleanup();
  useSession.setState({ status: 'anonymous', user: null });
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe("/login's 'Kurumsal hesapla giriş'", () => {
  it('offers the choice and swaps the password form for the company email', async () => {
    render(<QueryClientProvider client={client()}><MemoryRouter initialEntries={['/login']}><LoginPage /></MemoryRouter></QueryClientProvider>);
    expect(screen.getByLabelText('Şifre')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Kurumsal hesapla giriş' }));
    expect(await screen.findByLabelText('Kurumsal e-posta')).toBeTruthy();
    expect(screen.queryByLabelText('Şifre')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'E-posta ve şifreyle giriş' }));
    expect(screen.getByLabelText('Şifre')).toBeTruthy();
  });

  it('sends the email and goes to the provider the server names; shows its Turkish refusal', async () => {
    const calls: RecordedCall[] = [];
    let answer = () => HttpResponse.json({ url: 'https://idp.kurum.test/auth?x=1' });
    apiServer.use(http.post('/api/auth/sso/start', recorded(calls, () => answer())));
    const go = vi.fn();
    render(<QueryClientProvider client={client()}><SsoStartForm go={go} /></QueryClientProvider>);
    await userEvent.type(screen.getByLabelText('Kurumsal e-posta'), 'ayse@hastane.com.tr');
    await userEvent.click(screen.getByRole('button', { name: 'Devam Et' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://idp.kurum.test/auth?x=1'));
    expect(calls).toEqual([{ method: 'POST', url: '/api/auth/sso/start', body: { email: 'ayse@hastane.com.tr' } }]);
    cleanup();
    answer = () => HttpResponse.json({ message: 'Bu e-posta adresinin alan adı için kurumsal giriş tanımlı değil.', code: 'SSO_FAILED' }, { status: 400 });
    render(<QueryClientProvider client={client()}><SsoStartForm go={go} /></QueryClientProvider>);
    await userEvent.type(screen.getByLabelText('Kurumsal e-posta'), 'x@baska.test');
    await userEvent.click(screen.getByRole('button', { name: 'Devam Et' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/kurumsal giriş tanımlı değil/);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('/login/sso hands the provider\'s answer to the server once and signs in, or shows why not', async () => {
    const calls: RecordedCall[] = [];
    apiServer.use(http.get('/api/auth/sso/callback', recorded(calls, () => HttpResponse.json({ token: 'tok', user: aUser() }))));
    render(<QueryClientProvider client={client()}><MemoryRouter initialEntries={['/login/sso?code=abc&state=s1']}>
      <Routes><Route path="/login/sso" element={<SsoReturnPage />} /><Route path="*" element={<p>ana sayfa</p>} /></Routes>
    </MemoryRouter></QueryClientProvider>);
    await screen.findByText('ana sayfa');
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/sso/callback?code=abc&state=s1']);
    expect(useSession.getState().status).toBe('authenticated');
    cleanup();
    apiServer.use(http.get('/api/auth/sso/callback', () => HttpResponse.json({ message: 'Kurumsal giriş isteği geçersiz ya da daha önce kullanılmış.', code: 'SSO_FAILED' }, { status: 400 })));
    render(<QueryClientProvider client={client()}><MemoryRouter initialEntries={['/login/sso?code=abc&state=bad']}>
      <Routes><Route path="/login/sso" element={<SsoReturnPage />} /></Routes>
    </MemoryRouter></QueryClientProvider>);
    expect((await screen.findByRole('alert')).textContent).toMatch(/geçersiz ya da daha önce kullanılmış/);
    expect(screen.getByRole('link', { name: 'Giriş sayfasına dön' })).toBeTruthy();
  });
});

