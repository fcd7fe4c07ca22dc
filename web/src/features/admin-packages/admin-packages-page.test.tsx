import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { DialogHost } from '../../components/ui/dialog-host';
import { apiServer, recorded } from '../../testing/api-server';
import type { RecordedCall } from '../../testing/api-server';
import { aPackage, fixtureId, okAnswer, packageUsage } from '../../testing/fixtures';
import { AdminPackagesPage } from './admin-packages-page';

afterEach(() => {
  cleanup();
});

const pkg = aPackage({ _id: fixtureId(1), name: 'Pro', description: 'Orta ölçek', isPopular: true, isActive: true });

/** What a test answers instead of the package: a failed create or toggle. */
type Answers = { post?: () => Response; put?: () => Response };

function setup(answers: Answers = {}) {
  const calls: RecordedCall[] = [];
  apiServer.use(
    http.get('/api/packages/admin', recorded(calls, () => HttpResponse.json([pkg]))),
    http.get('/api/packages/admin/:id/usage', recorded(calls, () => HttpResponse.json(packageUsage()))),
    http.post('/api/packages/admin', recorded(calls, () => answers.post?.() ?? HttpResponse.json(pkg))),
    http.put('/api/packages/admin/:id', recorded(calls, () => answers.put?.() ?? HttpResponse.json(pkg))),
    http.delete('/api/packages/admin/:id', recorded(calls, () => HttpResponse.json(okAnswer()))),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}><AdminPackagesPage /><DialogHost /></QueryClientProvider>);
  return calls;
}

const gets = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET').length;

describe('AdminPackagesPage', () => {
  it('lists packages and toggles with the opposite isActive only, then reloads', async () => {
    const calls = setup();
    const row = await screen.findByTestId('package-row');
    expect(within(row).getByText('Orta ölçek')).toBeTruthy();
    expect(within(row).getByText('Popüler')).toBeTruthy();
    const toggle = within(row).getByRole('button', { name: /Pro: durum Aktif/ });
    // It is a button, so it is drawn as one (not as a status badge).
    expect(toggle.classList.contains('btn')).toBe(true);
    await userEvent.click(toggle);
    await waitFor(() => expect(gets(calls)).toBe(2));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT', url: `/api/packages/admin/${pkg._id}`, body: { isActive: false },
    });
  });

  it("shows 'Paket durumu güncellenirken hata oluştu' when the toggle fails", async () => {
    setup({ put: () => Response.json({ message: 'x' }, { status: 500 }) });
    await userEvent.click(await screen.findByRole('button', { name: /Pro: durum Aktif/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Paket durumu güncellenirken hata oluştu');
  });

  it('deletes only after the confirmation', async () => {
    const calls = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Sil: Pro' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Bu paketi silmek istediğinizden emin misiniz?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'İptal' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Sil: Pro' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith(pkg._id))).toBe(true));
  });

  it('opens the edit modal filled in, and closing resets it to an empty create form', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Düzenle: Pro' }));
    let dialog = screen.getByRole('dialog', { name: 'Paket Düzenle' });
    expect((within(dialog).getByLabelText('Paket Adı') as HTMLInputElement).value).toBe('Pro');
    expect(within(dialog).getByRole('button', { name: 'Güncelle' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kapat' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yeni Paket Oluştur' }));
    dialog = screen.getByRole('dialog', { name: 'Yeni Paket Oluştur' });
    expect((within(dialog).getByLabelText('Paket Adı') as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByLabelText('Süre (gün)') as HTMLInputElement).value).toBe('30');
    expect(within(dialog).getByRole('button', { name: 'Oluştur' })).toBeTruthy();
  });

  it("creates with converted numbers and shows the server's message on failure", async () => {
    const calls = setup({ post: () => Response.json({ message: 'Paket adı zorunludur', code: 'VALIDATION' }, { status: 400 }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Yeni Paket Oluştur' }));
    const dialog = screen.getByRole('dialog');
    const type = (label: string, v: string) => userEvent.type(within(dialog).getByLabelText(label), v);
    await type('Paket Adı', 'Mini');
    await type('Fiyat (TL)', '19.99');
    await type('Açıklama', 'Küçük');
    await type('Medya Depolama (GB)', '1');
    await type('Maksimum Ekran', '2');
    await type('Maksimum Playlist', '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Mini', description: 'Küçük', price: 19.99, isPopular: false, duration: 30,
      features: { maxMediaUpload: 1, maxScreens: 2, maxPlaylists: 3, maxMembers: 5 },
    });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Paket adı zorunludur');
  });
});
