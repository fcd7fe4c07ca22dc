import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { JsonBodyType } from 'msw';
import type { TAlert, TAlertDetail, TAlertTemplate, TScreen, TScreenGroup } from '@pano/contract';
import { DialogHost } from '../../components/ui/dialog-host';
import { useDialogStore } from '../../components/ui/dialog-store';
import { apiServer, recordAll } from '../../testing/api-server';
import { aMedia } from '../../testing/fixtures';
import type { RecordedCall } from '../../testing/api-server';
import { AlertsPage } from './alerts-page';
import { progressText } from './alert-format';
import { signedInAs } from '../../testing/session';

signedInAs();

afterEach(() => {
  cleanup();
  useDialogStore.setState({ current: null, queue: [] });
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2026-11-01T00:00:00.000Z';
const groups: TScreenGroup[] = [{ _id: id(21), name: '3. kat', screens: [{ _id: id(31), name: 'Koridor' }] }];
const screens: TScreen[] = [{
  _id: id(31), name: 'Koridor', status: 'active', currentPlaylist: null, currentDirectionPlaylist: null,
  lastSeenAt: null, timezone: 'Europe/Istanbul', latitude: null, longitude: null, groups: [{ _id: id(21), name: '3. kat' }], createdAt: at,
}];
const alert = (o: Partial<TAlert> = {}): TAlert => ({
  _id: id(51), title: 'Kod Mavi', message: '3. kat', background: '#B91C1C', textColor: '#FFFFFF', media: null, sound: false,
  all: false, screens: [], groups: [id(21)], startedAt: at, endsAt: null, endedAt: null, active: true, targetCount: 2, acknowledgedCount: 1,
  createdBy: { kind: 'user', _id: id(1), name: 'Ayşe' }, endedBy: null, ...o,
});
const template: TAlertTemplate = {
  _id: id(61), name: 'Yangın Tahliye', title: 'Yangın', message: 'Binayı terk edin', background: '#B91C1C', textColor: '#FFFFFF',
  media: null, sound: true, durationMinutes: null, all: true, screens: [], groups: [], createdAt: at, updatedAt: at,
};

function open(lists: Record<string, JsonBodyType> = {}) {
  const calls: RecordedCall[] = [];
  const answers: Record<string, JsonBodyType> = {
    '/api/alerts': [], '/api/screens': screens, '/api/screen-groups': groups, '/api/media': [], '/api/alert-templates': [], ...lists,
  };
  // The server's answers (docs/PRODUCT.md#alerts): the lists, the alert sent, or the template saved.
  const sent = () => HttpResponse.json(alert({ _id: id(99), targetCount: 1, acknowledgedCount: 0 }), { status: 201 });
  apiServer.use(
    recordAll(calls),
    ...Object.entries(answers).map(([path, answer]) => http.get(path, () => HttpResponse.json(answer))),
    http.get('/api/alerts/:id', () => HttpResponse.json({ message: 'Duyuru bulunamadı', code: 'NOT_FOUND' }, { status: 404 })),
    http.post('/api/alert-templates', () => HttpResponse.json({ ...template, _id: id(98) }, { status: 201 })),
    http.post('/api/alerts', sent),
    http.post('/api/alert-templates/:id/send', sent),
    http.delete('/api/alerts/:id', () => HttpResponse.json(alert({ active: false, endedAt: at, endedBy: { kind: 'user', _id: id(1), name: 'Ayşe' } }))),
    http.delete('/api/alert-templates/:id', () => HttpResponse.json({ message: 'ok' })),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}><AlertsPage /><DialogHost /></QueryClientProvider>);
  return calls;
}

describe('progressText', () => {
  const row = (ms: number | null) => ({ _id: id(1), name: 'x', online: true, acknowledgedAt: ms === null ? null : at, latencyMs: ms });
  it('counts acknowledged of total with the median latency in Turkish seconds', () => {
    expect(progressText({ total: 50, acknowledged: 3, screens: [row(700), row(800), row(4000), row(null)] })).toBe('3 / 50 ekran onayladı · 0,8 sn');
    expect(progressText({ total: 4, acknowledged: 2, screens: [row(1000), row(1500)] })).toBe('2 / 4 ekran onayladı · 1,3 sn');
  });
  it('leaves the latency out before the first acknowledgement', () => {
    expect(progressText({ total: 2, acknowledged: 0, screens: [row(null), row(null)] })).toBe('0 / 2 ekran onayladı');
  });
});

describe('AlertsPage', { timeout: 15_000 }, () => {
  it('checks the form with the contract and sends nothing without title, text or target', async () => {
    const calls = open();
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Duyuru Gönder' });
    await user.click(within(form).getByRole('checkbox', { name: 'Tüm ekranlar' }));
    await user.click(within(form).getByRole('button', { name: 'Gönder' }));
    expect(await within(form).findByText('Lütfen duyuru başlığını girin')).toBeTruthy();
    expect(within(form).getByText('Lütfen duyuru metnini girin')).toBeTruthy();
    expect(within(form).getByText('Lütfen tüm ekranları, en az bir ekran veya ekran grubu seçin')).toBeTruthy();
    expect(document.activeElement?.getAttribute('name')).toBe('title');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('offers image files as its picture, never a video or an app (which has no file)', async () => {
    open({ '/api/media': [
      aMedia({ _id: id(71), name: 'Kat Planı' }),
      aMedia({ _id: id(72), name: 'Tanıtım', mediaType: 'Video', type: 'video', filePath: '/uploads/t.mp4' }),
      aMedia({ _id: id(73), name: 'Lobi Saati', mediaType: 'Uygulama', type: 'app', filePath: '', size: 0, app: { kind: 'clock', style: 'digital', showDate: true, showSeconds: false } }),
    ] });
    const form = await screen.findByRole('region', { name: 'Duyuru Gönder' });
    const select = within(form).getByLabelText('Görsel (isteğe bağlı)');
    await within(select).findByRole('option', { name: 'Kat Planı' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Görsel yok', 'Kat Planı']);
  });

  it('sends to a group after the confirm dialog with the default duration and colours', async () => {
    const calls = open();
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Duyuru Gönder' });
    await user.type(within(form).getByLabelText('Başlık'), 'Kod Mavi');
    await user.type(within(form).getByLabelText('Duyuru metni'), '3. kat');
    await user.click(within(form).getByRole('checkbox', { name: 'Tüm ekranlar' }));
    await user.click(within(form).getByRole('checkbox', { name: '3. kat' }));
    expect(within(form).getByTestId('alert-preview').textContent).toContain('Kod Mavi');
    await user.click(within(form).getByRole('button', { name: 'Gönder' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Gönder' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST', url: '/api/alerts',
      body: {
        title: 'Kod Mavi', message: '3. kat', background: '#B91C1C', textColor: '#FFFFFF', mediaId: null, sound: false,
        all: false, screens: [], groups: [id(21)], durationMinutes: 30,
      },
    });
  });

  it('shows live progress, unconfirmed screens first, and ends an alert after confirming', async () => {
    const detail: TAlertDetail = { ...alert(), acks: { total: 2, acknowledged: 1, screens: [
      { _id: id(32), name: 'Lobi', online: false, acknowledgedAt: null, latencyMs: null },
      { _id: id(31), name: 'Koridor', online: true, acknowledgedAt: at, latencyMs: 820 },
    ] } };
    const calls = open({ '/api/alerts': [alert(), alert({
      _id: id(52), title: 'Tatbikat', active: false, endedAt: at, endedBy: { kind: 'apiKey', _id: id(2), name: 'Yangın paneli' },
      createdBy: { kind: 'capFeed', _id: id(3), name: 'uyari.ornek.gov.tr' },
    })], [`/api/alerts/${id(51)}`]: detail });
    const user = userEvent.setup();
    const active = await screen.findByTestId('alert-active');
    expect(active.textContent).toContain('1 / 2 ekran onayladı');
    expect(screen.getByTestId('alert-history').textContent).toContain('Bitiren: API anahtarı "Yangın paneli"');
    expect(screen.getByTestId('alert-history').textContent).toContain('CAP beslemesi (uyari.ornek.gov.tr)');
    await user.click(within(active).getByRole('button', { name: 'Ayrıntı: Kod Mavi' }));
    expect((await screen.findByTestId('alert-progress')).textContent).toBe('1 / 2 ekran onayladı · 0,8 sn');
    const rows = within(screen.getByTestId('alert-detail')).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Lobi');
    expect(rows[0]!.textContent).toContain('Çevrimdışı');
    await user.click(within(active).getByRole('button', { name: 'Bitir: Kod Mavi' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Bitir' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/alerts/${id(51)}`)).toBe(true));
  });

  it('while an alert is active and none has ended, the history says so instead of "no alert sent yet"', async () => {
    open({ '/api/alerts': [alert()] });
    await screen.findByTestId('alert-active');
    expect(screen.queryByText('Henüz duyuru gönderilmedi.')).toBeNull();
    expect(screen.getByText('Henüz biten duyuru yok; etkin olanlar yukarıda.')).toBeTruthy();
  });

  it('the preview shows a faded stand-in, not the title field\'s example, until a title is typed', async () => {
    open();
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Duyuru Gönder' });
    const preview = within(form).getByTestId('alert-preview');
    expect(preview.textContent).not.toContain('Örn. Kod Mavi');
    expect(within(preview).getByText('Başlık burada görünür').className).toContain('alert-preview-empty');
    await user.type(within(form).getByLabelText('Başlık'), 'Kod Mavi');
    expect(within(preview).getByText('Kod Mavi').className).not.toContain('alert-preview-empty');
  });

  it('a template needs a name: its message, focus on the field, nothing saved', async () => {
    const calls = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Yeni Şablon' }));
    const modal = await screen.findByRole('dialog', { name: 'Yeni Şablon' });
    await user.type(within(modal).getByLabelText('Başlık'), 'Yangın');
    await user.type(within(modal).getByLabelText('Duyuru metni'), 'Binayı terk edin');
    await user.click(within(modal).getByRole('button', { name: 'Kaydet' }));
    expect(await within(modal).findByText('Lütfen şablon adını girin')).toBeTruthy();
    expect(document.activeElement?.getAttribute('name')).toBe('name');
    await user.type(within(modal).getByLabelText('Şablon adı'), 'Y');
    expect(within(modal).queryByText('Lütfen şablon adını girin')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('saves a template shown until ended without a duration and without targets', async () => {
    const calls = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Yeni Şablon' }));
    const modal = await screen.findByRole('dialog', { name: 'Yeni Şablon' });
    await user.type(within(modal).getByLabelText('Şablon adı'), 'Yangın Tahliye');
    await user.type(within(modal).getByLabelText('Başlık'), 'Yangın');
    await user.type(within(modal).getByLabelText('Duyuru metni'), 'Binayı terk edin');
    await user.click(within(modal).getByRole('checkbox', { name: 'Bitene kadar' }));
    expect((within(modal).getByLabelText('Süre (dakika)') as HTMLInputElement).disabled).toBe(true);
    await user.click(within(modal).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toEqual([{
      method: 'POST', url: '/api/alert-templates',
      body: {
        name: 'Yangın Tahliye', title: 'Yangın', message: 'Binayı terk edin', background: '#B91C1C', textColor: '#FFFFFF', mediaId: null,
        sound: false, all: false, screens: [], groups: [], untilEnded: true,
      },
    }]));
  });

  it('a duration out of range is refused with the contract\'s message on the duration field', async () => {
    const calls = open();
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Duyuru Gönder' });
    await user.type(within(form).getByLabelText('Başlık'), 'Kod Mavi');
    await user.type(within(form).getByLabelText('Duyuru metni'), '3. kat');
    const duration = within(form).getByLabelText('Süre (dakika)');
    await user.clear(duration);
    await user.type(duration, '2000');
    await user.click(within(form).getByRole('button', { name: 'Gönder' }));
    expect(await within(form).findByText('Süre 1 ile 1440 dakika arasında olmalıdır')).toBeTruthy();
    expect(document.activeElement).toBe(duration);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends a template with one click after the confirm dialog', async () => {
    const calls = open({ '/api/alert-templates': [template] });
    const user = userEvent.setup();
    const row = await screen.findByTestId('alert-template');
    await user.click(within(row).getByRole('button', { name: 'Gönder: Yangın Tahliye' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('"Yangın Tahliye" şablonu şimdi gönderilsin mi?');
    await user.click(within(dialog).getByRole('button', { name: 'Gönder' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: `/api/alert-templates/${id(61)}/send`, body: {} },
    ]));
  });
});
