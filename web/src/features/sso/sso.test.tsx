import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import type { TSsoSettings } from '@pano/contract';
import { DialogHost } from '../../components/ui/dialog-host';
import { useDialogStore } from '../../components/ui/dialog-store';
import { useSession } from '../../stores/session-store';
import { apiServer, recorded, type RecordedCall } from '../../testing/api-server';
import { aUser } from '../../testing/fixtures';
import { LoginPage } from '../auth/login-page';
import { SsoCard } from './sso-card';
import { SsoReturnPage } from './sso-return-page';
import { SsoStartForm } from './sso-start-form';

/* Company sign-in in the dashboard (docs/architecture/sso.md): /login's choice, /login/sso and the /team card. */

afterEach(() => {
  cleanup();
  useDialogStore.setState({ current: null, queue: [] });
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

describe("/team's 'Kurumsal Giriş' card", () => {
  const saved: NonNullable<TSsoSettings> = { issuer: 'https://login.hastane.com.tr', clientId: 'pano', emailDomains: ['hastane.com.tr'], defaultRole: 'editor', required: false, redirectUri: 'https://pano.test/login/sso' };

  it('sets company sign-in up: the secret is sent, never shown', async () => {
    const calls: RecordedCall[] = [];
    apiServer.use(
      http.get('/api/team/sso', () => HttpResponse.json(null)),
      http.put('/api/team/sso', recorded(calls, () => HttpResponse.json({ ...saved, required: true }))),
    );
    render(<QueryClientProvider client={client()}><SsoCard /></QueryClientProvider>);
    expect(screen.getByRole('heading', { name: 'Kurumsal Giriş' })).toBeTruthy();
    await userEvent.type(await screen.findByLabelText('Kimlik sağlayıcı adresi (issuer)'), 'https://login.hastane.com.tr');
    await userEvent.type(screen.getByLabelText('İstemci kimliği (Client ID)'), 'pano');
    await userEvent.type(screen.getByLabelText('İstemci sırrı (Client Secret)'), 'gizli-sir');
    await userEvent.type(screen.getByLabelText('E-posta alan adları (virgülle ayırın)'), 'hastane.com.tr, saglik.gov.tr');
    await userEvent.selectOptions(screen.getByLabelText('İlk girişte verilecek rol'), 'editor');
    await userEvent.click(screen.getByLabelText(/zorunlu/));
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await screen.findByText('Kurumsal giriş ayarları kaydedildi.');
    expect(calls).toEqual([{ method: 'PUT', url: '/api/team/sso', body: {
      issuer: 'https://login.hastane.com.tr', clientId: 'pano', clientSecret: 'gizli-sir', emailDomains: ['hastane.com.tr', 'saglik.gov.tr'], defaultRole: 'editor', required: true,
    } }]);
    // Saved: the secret field is empty again and the return address to register is shown.
    expect((screen.getByLabelText('İstemci sırrı (Client Secret)') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('sso-redirect-uri').textContent).toContain('https://pano.test/login/sso');
  });

  it('keeps the stored secret when left empty, and turns company sign-in off after asking', async () => {
    const calls: RecordedCall[] = [];
    apiServer.use(
      http.get('/api/team/sso', () => HttpResponse.json(saved)),
      http.put('/api/team/sso', recorded(calls, () => HttpResponse.json(saved))),
      http.delete('/api/team/sso', recorded(calls, () => HttpResponse.json({ message: 'Kurumsal giriş kapatıldı' }))),
    );
    render(<QueryClientProvider client={client()}><SsoCard /><DialogHost /></QueryClientProvider>);
    await screen.findByDisplayValue('https://login.hastane.com.tr');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).not.toHaveProperty('clientSecret');
    await userEvent.click(screen.getByRole('button', { name: 'Kurumsal girişi kapat' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kurumsal girişi kapat' }));
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['PUT', 'DELETE']));
    await waitFor(() => expect((screen.getByLabelText('Kimlik sağlayıcı adresi (issuer)') as HTMLInputElement).value).toBe(''));
  });

  it('shows the server\'s Turkish refusal', async () => {
    apiServer.use(
      http.get('/api/team/sso', () => HttpResponse.json(null)),
      http.put('/api/team/sso', () => HttpResponse.json({ message: "'hastane.com.tr' alan adı başka bir hesabın kurumsal girişinde kullanılıyor.", code: 'CONFLICT' }, { status: 409 })),
    );
    render(<QueryClientProvider client={client()}><SsoCard /></QueryClientProvider>);
    await userEvent.type(await screen.findByLabelText('Kimlik sağlayıcı adresi (issuer)'), 'https://login.hastane.com.tr');
    await userEvent.type(screen.getByLabelText('İstemci kimliği (Client ID)'), 'pano');
    await userEvent.type(screen.getByLabelText('İstemci sırrı (Client Secret)'), 's');
    await userEvent.type(screen.getByLabelText('E-posta alan adları (virgülle ayırın)'), 'hastane.com.tr');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/başka bir hesabın/);
  });
});
