import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TApiKey } from '@pano/contract';
import { DialogHost } from '../../components/ui/dialog-host';
import { useDialogStore } from '../../components/ui/dialog-store';
import { apiServer, recorded } from '../../testing/api-server';
import type { RecordedCall } from '../../testing/api-server';
import { ApiKeysCard } from './api-keys-card';

afterEach(() => {
  cleanup();
  useDialogStore.setState({ current: null, queue: [] });
});

const at = '2026-11-01T09:00:00.000Z';
const existing: TApiKey = {
  _id: '00000000-0000-4000-8000-000000000001', name: 'Eski panel', prefix: 'pano_ab12', scopes: ['alerts'], groups: [],
  createdAt: at, lastUsedAt: null, requests24h: 0,
};
const lobby = { _id: '00000000-0000-4000-8000-0000000000a1', name: 'Giriş', screens: [], createdAt: at, updatedAt: at };

function open() {
  const calls: RecordedCall[] = [];
  let keys: TApiKey[] = [existing];
  apiServer.use(
    http.get('/api/api-keys', recorded(calls, () => HttpResponse.json(keys))),
    http.get('/api/screen-groups', () => HttpResponse.json([lobby])),
    http.post('/api/api-keys', recorded(calls, async ({ request }) => {
      const body = await request.clone().json() as { name: string; scopes: TApiKey['scopes']; groups: string[] };
      const made: TApiKey = {
        _id: '00000000-0000-4000-8000-000000000002', name: body.name, prefix: 'pano_cd34', scopes: body.scopes,
        groups: body.groups.map((id) => ({ _id: id, name: lobby.name })), createdAt: at, lastUsedAt: '2026-11-02T10:00:00.000Z', requests24h: 1234,
      };
      keys = [...keys, made];
      return HttpResponse.json({ ...made, key: 'pano_cd34-secret-value' }, { status: 201 });
    })),
    http.delete('/api/api-keys/:id', recorded(calls, () => HttpResponse.json({ message: 'API anahtarı iptal edildi' }))),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}><ApiKeysCard /><DialogHost /></QueryClientProvider>);
  return calls;
}

describe('ApiKeysCard', { timeout: 15_000 }, () => {
  it('asks for a name, then shows the new secret once with a warning', async () => {
    const calls = open();
    const user = userEvent.setup();
    expect((await screen.findByTestId('api-key')).textContent).toContain('Hiç kullanılmadı');
    await user.click(screen.getByRole('button', { name: 'Anahtar Oluştur' }));
    expect(await screen.findByText('Lütfen anahtar adını girin')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Anahtar adı'), 'Yangın paneli');
    await user.click(screen.getByRole('button', { name: 'Anahtar Oluştur' }));
    const secret = await screen.findByTestId('api-key-secret');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Yangın paneli', scopes: ['alerts'], groups: [] });
    expect(secret.textContent).toContain('pano_cd34-secret-value');
    expect(secret.textContent).toContain('bir daha gösterilmeyecek');
    expect(within(secret).getByRole('button', { name: 'Kopyala' })).toBeTruthy();

    await user.click(within(secret).getByRole('button', { name: 'Kaydettim, kapat' }));
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('api-key')).toHaveLength(2));
    expect(document.body.textContent).not.toContain('pano_cd34-secret-value');
    expect(screen.getByText(/Authorization: Bearer/)).toBeTruthy();
  });

  it('sends the scopes and groups ticked, and lists what each key may do, where, and its use', async () => {
    const calls = open();
    const user = userEvent.setup();
    const existingLine = await screen.findByTestId('api-key');
    expect(existingLine.textContent).toContain('Acil duyurular');
    expect(existingLine.textContent).toContain('Tüm ekranlar');
    expect(existingLine.textContent).toContain('Son 24 saat: 0 istek');

    await user.type(screen.getByLabelText('Anahtar adı'), 'Randevu sistemi');
    await user.click(screen.getByRole('checkbox', { name: /Acil duyurular/ }));
    await user.click(screen.getByRole('button', { name: 'Anahtar Oluştur' }));
    expect(await screen.findByText('Lütfen en az bir yetki seçin')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: /^İçerik/ }));
    await user.click(screen.getByRole('checkbox', { name: /Atama ve takvim/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Giriş' }));
    await user.click(screen.getByRole('button', { name: 'Anahtar Oluştur' }));
    await screen.findByTestId('api-key-secret');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Randevu sistemi', scopes: ['content', 'schedules'], groups: [lobby._id] });
    await user.click(screen.getByRole('button', { name: 'Kaydettim, kapat' }));
    await waitFor(() => expect(screen.getAllByTestId('api-key')).toHaveLength(2));
    const made = screen.getAllByTestId('api-key')[1]!;
    expect(made.textContent).toContain('İçerik');
    expect(made.textContent).toContain('Atama ve takvim');
    expect(made.textContent).toContain('Ekranlar: Giriş');
    expect(made.textContent).toContain('Son 24 saat: 1.234 istek');
  });

  it('revokes a key only after confirming', async () => {
    const calls = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'İptal Et: Eski panel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'İptal Et' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/api-keys/${existing._id}`)).toBe(true));
  });
});
