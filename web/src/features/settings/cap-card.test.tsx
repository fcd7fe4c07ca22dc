import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { CAP_SETTINGS_DEFAULT, type TCapFeed, type TCapSettings, type TScreenGroup } from '@pano/contract';
import { DialogHost } from '../../components/ui/dialog-host';
import { useDialogStore } from '../../components/ui/dialog-store';
import { apiServer, recorded, type RecordedCall } from '../../testing/api-server';
import { signedInAs } from '../../testing/session';
import { CapCard } from './cap-card';

afterEach(() => {
  cleanup();
  useDialogStore.setState({ current: null, queue: [] });
});

const at = '2026-11-29T08:00:00.000Z';
const lobby: TScreenGroup = { _id: '00000000-0000-4000-8000-0000000000a1', name: 'Lobi', screens: [] };
const kitchen: TScreenGroup = { _id: '00000000-0000-4000-8000-0000000000a2', name: 'Mutfak', screens: [] };
const afad: TCapFeed = {
  _id: '00000000-0000-4000-8000-000000000001', url: 'https://uyari.example.gov.tr/cap.atom', pollSeconds: 60, groups: [],
  enabled: true, lastPolledAt: '2026-11-29T08:05:00.000Z', lastOkAt: '2026-11-29T08:05:00.000Z', lastError: null, messageCount: 3, createdAt: at,
};
const broken: TCapFeed = {
  _id: '00000000-0000-4000-8000-000000000002', url: 'https://eski.example.com/cap.xml', pollSeconds: 300, groups: [{ _id: lobby._id, name: 'Lobi' }],
  enabled: false, lastPolledAt: '2026-11-29T07:40:00.000Z', lastOkAt: null, lastError: 'Adres 500 yanıtı verdi', messageCount: 0, createdAt: at,
};

type Refusal = { status: number; body: { message: string; code: string; details?: { path: string; message: string }[] } };
type Setup = { feeds?: TCapFeed[]; settings?: TCapSettings; createRefusal?: Refusal; firstPoll?: Partial<TCapFeed> };

function open({ feeds: start = [afad, broken], settings: saved = CAP_SETTINGS_DEFAULT, createRefusal, firstPoll }: Setup = {}) {
  const calls: RecordedCall[] = [];
  let feeds = [...start];
  let settings = saved;
  let listed = 0;
  apiServer.use(
    http.get('/api/screen-groups', () => HttpResponse.json([lobby, kitchen])),
    http.get('/api/cap-feeds', recorded(calls, () => {
      listed += 1;
      // The server polls a new feed at once: from the second list after it was added, it has been read.
      if (firstPoll && listed > 2) feeds = feeds.map((f) => (f.lastPolledAt === null ? { ...f, ...firstPoll } : f));
      return HttpResponse.json(feeds);
    })),
    http.post('/api/cap-feeds', recorded(calls, async ({ request }) => {
      if (createRefusal) return HttpResponse.json(createRefusal.body, { status: createRefusal.status });
      const body = await request.clone().json() as { url: string; pollSeconds: number; groups: string[]; enabled: boolean };
      const made: TCapFeed = {
        _id: '00000000-0000-4000-8000-000000000003', url: body.url, pollSeconds: body.pollSeconds, enabled: body.enabled,
        groups: [lobby, kitchen].filter((g) => body.groups.includes(g._id)).map(({ _id, name }) => ({ _id, name })),
        lastPolledAt: null, lastOkAt: null, lastError: null, messageCount: 0, createdAt: at,
      };
      feeds = [...feeds, made];
      return HttpResponse.json(made, { status: 201 });
    })),
    http.put('/api/cap-feeds/:id', recorded(calls, async ({ request, params }) => {
      const body = await request.clone().json() as { url: string; pollSeconds: number; groups: string[]; enabled: boolean };
      const groups = [lobby, kitchen].filter((g) => body.groups.includes(g._id)).map(({ _id, name }) => ({ _id, name }));
      feeds = feeds.map((f) => (f._id === params.id ? { ...f, ...body, groups } : f));
      return HttpResponse.json(feeds.find((f) => f._id === params.id));
    })),
    http.delete('/api/cap-feeds/:id', recorded(calls, ({ params }) => {
      feeds = feeds.filter((f) => f._id !== params.id);
      return HttpResponse.json({ message: 'CAP beslemesi silindi' });
    })),
    http.get('/api/cap-settings', recorded(calls, () => HttpResponse.json(settings))),
    http.put('/api/cap-settings', recorded(calls, async ({ request }) => {
      settings = await request.clone().json() as TCapSettings;
      return HttpResponse.json(settings);
    })),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}><CapCard /><DialogHost /></QueryClientProvider>);
  return calls;
}

const sent = (calls: RecordedCall[], method: string, url?: string) =>
  calls.filter((c) => c.method === method && (url === undefined || c.url.startsWith(url)));
const feedForm = () => screen.getByRole('button', { name: 'Besleme Ekle' }).closest('form')!;

describe('CapCard: feeds', { timeout: 15_000 }, () => {
  signedInAs('owner');

  it('lists each feed\'s address, interval, screens, state, polls, last error and messages', async () => {
    open();
    const [ok, failing] = await screen.findAllByTestId('cap-feed');
    expect(ok!.textContent).toContain('https://uyari.example.gov.tr/cap.atom');
    expect(ok!.textContent).toContain('Açık');
    expect(ok!.textContent).toContain('Her 60 saniyede bir yoklanır');
    expect(ok!.textContent).toContain('Tüm ekranlar');
    expect(within(ok!).getByTestId('cap-feed-polls').textContent).toMatch(/^Son yoklama: 29\.11\.2026 \d\d:05 · Son başarılı okuma: 29\.11\.2026 \d\d:05 · 3 ileti alındı$/);
    expect(within(ok!).queryByTestId('cap-feed-error')).toBeNull();
    expect(within(ok!).getByRole('button', { name: 'Kapat: https://uyari.example.gov.tr/cap.atom' })).toBeTruthy();

    expect(failing!.textContent).toContain('Kapalı');
    expect(failing!.textContent).toContain('Her 300 saniyede bir yoklanır');
    expect(failing!.textContent).toContain('Ekranlar: Lobi');
    expect(within(failing!).getByTestId('cap-feed-polls').textContent).toMatch(/^Son yoklama: 29\.11\.2026 \d\d:40 · Henüz başarıyla okunmadı · 0 ileti alındı$/);
    const error = within(failing!).getByTestId('cap-feed-error');
    expect(error.textContent).toBe('Son hata: Adres 500 yanıtı verdi');
    expect(error.className).toContain('field-error');
    expect(within(failing!).getByRole('button', { name: 'Aç: https://eski.example.com/cap.xml' })).toBeTruthy();
  });

  it('refuses a bad address and an interval out of range by the contract, without a request', async () => {
    const calls = open({ feeds: [] });
    const user = userEvent.setup();
    expect(await screen.findByText('Henüz besleme yok.')).toBeTruthy();
    const form = feedForm();
    await user.type(within(form).getByLabelText('Besleme adresi'), 'uyari.example.gov.tr/cap');
    const interval = within(form).getByLabelText('Yoklama aralığı (saniye)');
    await user.clear(interval);
    await user.type(interval, '10');
    await user.click(within(form).getByRole('button', { name: 'Besleme Ekle' }));
    expect(await within(form).findByText('Besleme adresi http:// ya da https:// ile başlayan geçerli bir adres olmalıdır')).toBeTruthy();
    expect(within(form).getByText('Yoklama aralığı 30 ile 3600 saniye arasında olmalıdır')).toBeTruthy();
    expect(sent(calls, 'POST')).toEqual([]);
  });

  it('adds a feed with its interval and groups, then follows it until its first poll is in', async () => {
    const calls = open({ feeds: [afad], firstPoll: { lastPolledAt: '2026-11-29T08:10:00.000Z', lastOkAt: '2026-11-29T08:10:00.000Z', messageCount: 2 } });
    const user = userEvent.setup();
    await screen.findAllByTestId('cap-feed');
    const form = feedForm();
    await user.type(within(form).getByLabelText('Besleme adresi'), 'https://il.example.gov.tr/cap.xml');
    const interval = within(form).getByLabelText('Yoklama aralığı (saniye)') as HTMLInputElement;
    expect(interval.value).toBe('60');
    await user.clear(interval);
    await user.type(interval, '120');
    await user.click(within(form).getByRole('checkbox', { name: 'Mutfak' }));
    await user.click(within(form).getByRole('button', { name: 'Besleme Ekle' }));

    await waitFor(() => expect(sent(calls, 'POST')).toHaveLength(1));
    expect(sent(calls, 'POST')[0]?.body).toEqual({ url: 'https://il.example.gov.tr/cap.xml', pollSeconds: 120, groups: [kitchen._id], enabled: true });
    await waitFor(() => expect(screen.getAllByTestId('cap-feed')).toHaveLength(2));
    const added = screen.getAllByTestId('cap-feed')[1]!;
    expect(added.textContent).toContain('Ekranlar: Mutfak');
    expect(within(added).getByTestId('cap-feed-polls').textContent).toBe('Henüz yoklanmadı · 0 ileti alındı');
    expect((within(form).getByLabelText('Besleme adresi') as HTMLInputElement).value).toBe('');
    // Asked again 2 s later, while the new feed had not been polled.
    await waitFor(() => expect(within(screen.getAllByTestId('cap-feed')[1]!).getByTestId('cap-feed-polls').textContent).toContain('2 ileti alındı'), { timeout: 5_000 });
    const lists = sent(calls, 'GET', '/api/cap-feeds').length;
    expect(lists).toBe(3);
  });

  it('says the server\'s refusal of the address under the field, and other refusals above the form', async () => {
    const message = 'Besleme adresi kullanılamaz: adres özel ya da iç ağdaki bir adrese çıkıyor';
    open({ feeds: [], createRefusal: { status: 400, body: { message, code: 'VALIDATION_ERROR', details: [{ path: 'url', message }] } } });
    const user = userEvent.setup();
    const form = feedForm();
    const address = within(form).getByLabelText('Besleme adresi');
    await user.type(address, 'http://192.168.1.20/cap');
    await user.click(within(form).getByRole('button', { name: 'Besleme Ekle' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(message);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/Besleme eklenemedi/)).toBeNull();
    // Typing answers it: the server's word on the old address goes.
    await user.type(address, '/x');
    expect(within(form).queryByRole('alert')).toBeNull();

    cleanup();
    open({ feeds: [], createRefusal: { status: 409, body: { message: 'En fazla 10 CAP beslemesi ekleyebilirsiniz', code: 'LIMIT_REACHED' } } });
    await user.type(within(feedForm()).getByLabelText('Besleme adresi'), 'https://il.example.gov.tr/cap.xml');
    await user.click(screen.getByRole('button', { name: 'Besleme Ekle' }));
    expect((await screen.findByText(/Besleme eklenemedi/)).textContent).toBe('Besleme eklenemedi: En fazla 10 CAP beslemesi ekleyebilirsiniz');
  });

  it('turns a feed off and on with a PUT of the whole feed', async () => {
    const calls = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aç: https://eski.example.com/cap.xml' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(1));
    expect(sent(calls, 'PUT')[0]).toEqual({
      method: 'PUT', url: `/api/cap-feeds/${broken._id}`, body: { url: broken.url, pollSeconds: 300, groups: [lobby._id], enabled: true },
    });
    await user.click(await screen.findByRole('button', { name: 'Kapat: https://eski.example.com/cap.xml' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(2));
    expect(sent(calls, 'PUT')[1]?.body).toEqual({ url: broken.url, pollSeconds: 300, groups: [lobby._id], enabled: false });
  });

  it('edits a feed in its line, keeping whether it is on', async () => {
    const calls = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Düzenle: https://eski.example.com/cap.xml' }));
    const line = screen.getAllByTestId('cap-feed')[1]!;
    const address = within(line).getByLabelText('Besleme adresi') as HTMLInputElement;
    expect(address.value).toBe(broken.url);
    expect((within(line).getByRole('checkbox', { name: 'Lobi' }) as HTMLInputElement).checked).toBe(true);
    await user.clear(address);
    await user.type(address, 'https://yeni.example.com/cap.xml');
    await user.click(within(line).getByRole('checkbox', { name: 'Lobi' }));
    await user.click(within(line).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(1));
    expect(sent(calls, 'PUT')[0]?.body).toEqual({ url: 'https://yeni.example.com/cap.xml', pollSeconds: 300, groups: [], enabled: false });
    const saved = await screen.findByRole('button', { name: 'Düzenle: https://yeni.example.com/cap.xml' });
    expect(saved.closest('li')!.textContent).toContain('Tüm ekranlar');
  });

  it('deletes a feed only after confirming', async () => {
    const calls = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sil: https://uyari.example.gov.tr/cap.atom' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Besleme silinsin mi?');
    await user.click(within(dialog).getByRole('button', { name: 'İptal' }));
    expect(sent(calls, 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sil: https://uyari.example.gov.tr/cap.atom' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(sent(calls, 'DELETE').map((c) => c.url)).toEqual([`/api/cap-feeds/${afad._id}`]));
    await waitFor(() => expect(screen.getAllByTestId('cap-feed')).toHaveLength(1));
  });
});

const row = (label: string) => screen.getByRole('group', { name: label });
const pick = (label: string, which: 'Arka plan' | 'Yazı', hex: string) => fireEvent.change(within(row(label)).getByLabelText(which), { target: { value: hex } });

describe('CapCard: colours and chime', { timeout: 15_000 }, () => {
  signedInAs('admin');

  it('shows each severity\'s saved colours with sample text in them, and the chime\'s urgencies', async () => {
    const saved: TCapSettings = { ...CAP_SETTINGS_DEFAULT, colours: { ...CAP_SETTINGS_DEFAULT.colours, Minor: { background: '#0A0', textColor: '#FFFFFF' } }, soundFor: ['Immediate', 'Expected'] };
    open({ feeds: [], settings: saved });
    const extreme = await screen.findByRole('group', { name: 'Olağanüstü' });
    expect(screen.getAllByTestId('cap-colour').map((r) => r.querySelector('.cap-colour-name')!.textContent)).toEqual(['Olağanüstü', 'Ciddi', 'Orta', 'Düşük', 'Bilinmiyor']);
    expect((within(extreme).getByLabelText('Arka plan') as HTMLInputElement).value).toBe('#b91c1c');
    expect((within(extreme).getByLabelText('Yazı') as HTMLInputElement).value).toBe('#ffffff');
    const sample = within(extreme).getByTestId('cap-colour-sample');
    expect(sample.style.background).toBe('rgb(185, 28, 28)');
    expect(sample.style.color).toBe('rgb(255, 255, 255)');
    expect(sample.textContent).toBe('Örnek duyuru metniKontrast 6,4:1');
    // '#RGB' as the contract allows it, read by the colour input as it is meant.
    expect((within(row('Düşük')).getByLabelText('Arka plan') as HTMLInputElement).value).toBe('#00aa00');
    expect((screen.getByRole('checkbox', { name: 'Hemen' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Yakında' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'İleride' }) as HTMLInputElement).checked).toBe(false);
  });

  it('the sample follows a picked colour at once and warns when the text is hard to read', async () => {
    open({ feeds: [] });
    await screen.findByRole('group', { name: 'Orta' });
    pick('Orta', 'Yazı', '#ffffff');
    const sample = within(row('Orta')).getByTestId('cap-colour-sample');
    expect(sample.style.color).toBe('rgb(255, 255, 255)');
    expect(sample.textContent).toContain('Kontrast 1,5:1 · uzaktan okunması zor');
    expect(within(row('Olağanüstü')).getByTestId('cap-colour-sample').textContent).not.toContain('zor');
  });

  it('saves the colours and urgencies with a PUT of the whole settings, and says so', async () => {
    const calls = open({ feeds: [] });
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Olağanüstü' });
    pick('Olağanüstü', 'Arka plan', '#7f1d1d');
    pick('Bilinmiyor', 'Yazı', '#f3f4f6');
    await user.click(screen.getByRole('checkbox', { name: 'Hemen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Yakında' }));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(sent(calls, 'PUT', '/api/cap-settings')).toHaveLength(1));
    expect(sent(calls, 'PUT', '/api/cap-settings')[0]?.body).toEqual({
      colours: {
        Extreme: { background: '#7f1d1d', textColor: '#FFFFFF' },
        Severe: CAP_SETTINGS_DEFAULT.colours.Severe,
        Moderate: CAP_SETTINGS_DEFAULT.colours.Moderate,
        Minor: CAP_SETTINGS_DEFAULT.colours.Minor,
        Unknown: { background: '#374151', textColor: '#f3f4f6' },
      },
      soundFor: ['Expected'],
    });
    expect((await screen.findByRole('status')).textContent).toContain('CAP ayarları kaydedildi.');
    // The saved values stay in the form.
    expect((within(row('Olağanüstü')).getByLabelText('Arka plan') as HTMLInputElement).value).toBe('#7f1d1d');
    expect((screen.getByRole('checkbox', { name: 'Yakında' }) as HTMLInputElement).checked).toBe(true);
  });

  it('\'Varsayılanlara dön\' fills in the defaults, saved only with \'Kaydet\'', async () => {
    const saved: TCapSettings = { colours: { ...CAP_SETTINGS_DEFAULT.colours, Severe: { background: '#000000', textColor: '#ffff00' } }, soundFor: [] };
    const calls = open({ feeds: [], settings: saved });
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Ciddi' });
    expect((within(row('Ciddi')).getByLabelText('Arka plan') as HTMLInputElement).value).toBe('#000000');
    await user.click(screen.getByRole('button', { name: 'Varsayılanlara dön' }));
    expect((within(row('Ciddi')).getByLabelText('Arka plan') as HTMLInputElement).value).toBe('#c2410c');
    expect(within(row('Ciddi')).getByTestId('cap-colour-sample').style.background).toBe('rgb(194, 65, 12)');
    expect((screen.getByRole('checkbox', { name: 'Hemen' }) as HTMLInputElement).checked).toBe(true);
    expect(sent(calls, 'PUT')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(sent(calls, 'PUT', '/api/cap-settings')).toHaveLength(1));
    const body = sent(calls, 'PUT', '/api/cap-settings')[0]?.body as TCapSettings;
    expect(body.soundFor).toEqual(['Immediate']);
    expect(body.colours).toEqual(CAP_SETTINGS_DEFAULT.colours);
  });

  it('says the server\'s refusal of a save', async () => {
    open({ feeds: [] });
    apiServer.use(http.put('/api/cap-settings', () => HttpResponse.json({ message: 'Arka plan rengi #RRGGBB biçiminde olmalıdır (ör. #B91C1C)', code: 'VALIDATION_ERROR' }, { status: 400 })));
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Olağanüstü' });
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect((await screen.findByText(/CAP ayarları kaydedilemedi/)).textContent).toBe('CAP ayarları kaydedilemedi: Arka plan rengi #RRGGBB biçiminde olmalıdır (ör. #B91C1C)');
  });
});

describe('CapCard for an admin limited to screen groups', { timeout: 15_000 }, () => {
  signedInAs('admin', { limited: true });

  it('lists their feeds but neither asks for nor offers the account-wide colours', async () => {
    const calls = open({ feeds: [broken] });
    await screen.findAllByTestId('cap-feed');
    expect(screen.getByText(/yalnızca tüm ekranları gören sahipler ve yöneticiler değiştirebilir/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Olağanüstü' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Varsayılanlara dön' })).toBeNull();
    expect(sent(calls, 'GET', '/api/cap-settings')).toEqual([]);
  });
});
