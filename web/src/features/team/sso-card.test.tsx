import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TSsoSettings } from '@pano/contract';
import { DialogHost } from '../../components/ui/dialog-host';
import { useDialogStore } from '../../components/ui/dialog-store';
import { apiServer, recorded, type RecordedCall } from '../../testing/api-server';
import { SsoCard } from './sso-card';

/* The 'Kurumsal Giriş' card on /team (docs/architecture/sso.md#settings-apiteamsso). */

afterEach(() => {
  cleanup();
  useDialogStore.setState({ current: null, queue: [] });
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

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
