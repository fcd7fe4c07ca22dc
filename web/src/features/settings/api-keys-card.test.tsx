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
const existing: TApiKey = { _id: '00000000-0000-4000-8000-000000000001', name: 'Eski panel', prefix: 'pano_ab12', scope: 'alerts', createdAt: at, lastUsedAt: null };

function open() {
  const calls: RecordedCall[] = [];
  let keys: TApiKey[] = [existing];
  apiServer.use(
    http.get('/api/api-keys', recorded(calls, () => HttpResponse.json(keys))),
    http.post('/api/api-keys', recorded(calls, async ({ request }) => {
      const body = await request.clone().json() as { name: string };
      const made = { _id: '00000000-0000-4000-8000-000000000002', name: body.name, prefix: 'pano_cd34', scope: 'alerts' as const, createdAt: at, lastUsedAt: null };
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
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Yangın paneli' });
    expect(secret.textContent).toContain('pano_cd34-secret-value');
    expect(secret.textContent).toContain('bir daha gösterilmeyecek');
    expect(within(secret).getByRole('button', { name: 'Kopyala' })).toBeTruthy();

    await user.click(within(secret).getByRole('button', { name: 'Kaydettim, kapat' }));
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('api-key')).toHaveLength(2));
    expect(document.body.textContent).not.toContain('pano_cd34-secret-value');
    expect(screen.getByText(/Authorization: Bearer/)).toBeTruthy();
  });

  it('revokes a key only after confirming', async () => {
    const calls = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'İptal Et: Eski panel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'İptal Et' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/api-keys/${existing._id}`)).toBe(true));
  });
});
