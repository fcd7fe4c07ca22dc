import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TMedia } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import { DialogHost } from '../../components/ui/dialog-host';
import { apiServer, recorded, type RecordedCall } from '../../testing/api-server';
import { aMedia, fixtureId } from '../../testing/fixtures';
import { MediaPage } from './media-page';
import { signedInAs } from '../../testing/session';

signedInAs();

afterEach(() => {
  cleanup();
});

const anApp = (over: Partial<TMedia> = {}) => aMedia({
  _id: fixtureId(30), name: 'Lobi Saati', filePath: '', mediaType: 'Uygulama', type: 'app', mimeType: 'application/x-pano-app',
  size: 0, width: null, height: null, app: { kind: 'clock', style: 'digital', showDate: true, showSeconds: false }, ...over,
});

/** What the server fetched for a feed or a place (POST /api/media/apps/preview), each request kept in `previews`. */
let previews: unknown[] = [];
const FETCHED_AT = '2026-11-27T09:00:00.000Z';

/** /media over the fake API; POST /api/media/apps answers the app with `extra` (a warning). */
function renderPage(list: TMedia[] = [], extra: Partial<TMedia> = {}) {
  const writes: RecordedCall[] = [];
  previews = [];
  apiServer.use(
    http.post('/api/media/apps/preview', async ({ request }) => {
      const { app } = await request.json() as { app: { kind: string; url?: string } };
      previews.push(app);
      if (app.url?.includes('bozuk')) return HttpResponse.json({ message: 'Veri alınamadı: Adres okunabilir bir RSS ya da Atom kaynağı değil', code: 'VALIDATION_ERROR' }, { status: 422 });
      return HttpResponse.json(app.kind === 'rss'
        ? { fetchedAt: FETCHED_AT, items: [{ title: 'Park açıldı', summary: 'Bugün', publishedAt: null }, { title: 'Yol çalışması', summary: '', publishedAt: null }] }
        : { fetchedAt: FETCHED_AT, weather: { temperature: 14.3, weatherCode: 3, days: [] } });
    }),
    http.get('/api/media', () => HttpResponse.json(list)),
    http.post('/api/media/apps', recorded(writes, async ({ request }) => {
      const body = await request.clone().json() as { name: string; app: TMedia['app'] };
      return HttpResponse.json(anApp({ name: body.name, app: body.app, ...extra }), { status: 201 });
    })),
    http.put('/api/media/:id', recorded(writes, () => HttpResponse.json(anApp({ name: 'Giriş Saati' })))),
  );
  render(<QueryClientProvider client={createQueryClient()}><MediaPage /><DialogHost /></QueryClientProvider>);
  return writes;
}

async function openForm(kind: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Uygulama Ekle' }));
  const dialog = await screen.findByRole('dialog', { name: 'Uygulama Ekle' });
  await userEvent.selectOptions(within(dialog).getByLabelText('Uygulama Türü'), kind);
  return dialog;
}

const submit = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Ekle' }));

describe('MediaPage apps', () => {
  it('shows an app with its kind where a file has its thumbnail', async () => {
    renderPage([aMedia(), anApp()]);
    const cards = await screen.findAllByTestId('media-card');
    expect(within(cards[1] as HTMLElement).getByTestId('app-kind').textContent).toBe('Saat');
    expect(cards[1]?.textContent).toContain('Uygulama');
    expect(within(cards[0] as HTMLElement).queryByTestId('app-kind')).toBeNull();
  });

  it('a clock posts its kind and switches', async () => {
    const writes = renderPage();
    const dialog = await openForm('Saat');
    await userEvent.type(within(dialog).getByLabelText('Uygulama Adı'), 'Lobi Saati');
    await userEvent.selectOptions(within(dialog).getByLabelText('Görünüm'), 'Analog');
    await userEvent.click(within(dialog).getByLabelText('Saniyeyi göster'));
    await submit(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes.map((w) => [w.method, w.url, w.body])).toEqual([['POST', '/api/media/apps', {
      name: 'Lobi Saati', app: { kind: 'clock', style: 'analog', showDate: true, showSeconds: true },
    }]]);
  });

  it('an announcement posts its text and colours, shown in the preview as typed', async () => {
    const writes = renderPage();
    const dialog = await openForm('Duyuru');
    await userEvent.type(within(dialog).getByLabelText('Uygulama Adı'), 'Menü');
    await userEvent.type(within(dialog).getByLabelText('Başlık'), 'Bugünün Menüsü');
    await userEvent.type(within(dialog).getByLabelText('Metin'), 'Mercimek çorbası{Enter}Pilav');
    await userEvent.selectOptions(within(dialog).getByLabelText('Hizalama'), 'Sola');
    // Drawn by the screen's own player, in the colours and alignment chosen.
    const slide = await within(within(dialog).getByTestId('app-preview')).findByTestId('text-app');
    expect(within(slide).getByTestId('text-body').textContent).toBe('Mercimek çorbası\nPilav');
    expect(within(slide).getByTestId('text-title').textContent).toBe('Bugünün Menüsü');
    expect([slide.style.textAlign, slide.style.background]).toEqual(['left', 'rgb(30, 58, 138)']);
    await submit(dialog);
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({ name: 'Menü', app: {
      kind: 'text', title: 'Bugünün Menüsü', body: 'Mercimek çorbası\nPilav', background: '#1E3A8A', textColor: '#FFFFFF', align: 'left',
    } });
  });

  it('the preview plays the clock as a screen does: an analog face once Analog is chosen', async () => {
    renderPage();
    const dialog = await openForm('Saat');
    const preview = within(dialog).getByTestId('app-preview');
    expect(await within(preview).findByTestId('clock-time')).toBeTruthy();
    await userEvent.selectOptions(within(dialog).getByLabelText('Görünüm'), 'Analog');
    expect(await within(preview).findByTestId('clock-hour')).toBeTruthy();
    expect(within(preview).queryByTestId('clock-time')).toBeNull();
  });

  it("a feed's preview shows the items the server fetched once the address stops changing; a bad feed says why", async () => {
    renderPage();
    const dialog = await openForm('Haberler (RSS)');
    const preview = within(dialog).getByTestId('app-preview');
    expect(preview.textContent).toContain('Önizleme, alanlar doğru doldurulunca burada oynar.');
    await userEvent.type(within(dialog).getByLabelText('Haber Kaynağı Adresi (RSS)'), 'https://ornek.com/rss');
    const items = await within(preview).findAllByTestId('rss-item', {}, { timeout: 3000 });
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('Park açıldı'), expect.stringContaining('Yol çalışması')]);
    // Asked once, for the address as it stood when typing stopped.
    expect(previews).toEqual([{ kind: 'rss', url: 'https://ornek.com/rss', maxItems: 5, style: 'list' }]);
    const url = within(dialog).getByLabelText('Haber Kaynağı Adresi (RSS)');
    await userEvent.clear(url);
    await userEvent.type(url, 'https://bozuk.com/rss');
    expect(await within(preview).findByText('Veri alınamadı: Adres okunabilir bir RSS ya da Atom kaynağı değil', {}, { timeout: 3000 })).toBeTruthy();
  });

  it("a web page posts its numbers, and the server's framing warning is shown after save", async () => {
    const warning = 'Bu site çerçeve içinde gösterilmeye izin vermiyor; ekranda boş kalabilir.';
    const writes = renderPage([], { warning });
    const dialog = await openForm('Web Sayfası');
    await userEvent.type(within(dialog).getByLabelText('Uygulama Adı'), 'Site');
    await userEvent.type(within(dialog).getByLabelText('Sayfa Adresi'), 'https://ornek.com/menu');
    const refresh = within(dialog).getByLabelText('Yenileme (saniye, 0: hiç)');
    await userEvent.clear(refresh);
    await userEvent.type(refresh, '300');
    await submit(dialog);
    expect((await screen.findByRole('alertdialog')).textContent).toContain(warning);
    expect(writes[0]?.body).toEqual({ name: 'Site', app: { kind: 'web', url: 'https://ornek.com/menu', refreshSeconds: 300, zoom: 100 } });
  });

  it('refuses bad settings with the Turkish message under the field, and sends nothing', async () => {
    const writes = renderPage();
    const dialog = await openForm('Web Sayfası');
    await userEvent.type(within(dialog).getByLabelText('Uygulama Adı'), 'Site');
    await userEvent.type(within(dialog).getByLabelText('Sayfa Adresi'), 'ftp://ornek.com');
    const refresh = within(dialog).getByLabelText('Yenileme (saniye, 0: hiç)');
    await userEvent.clear(refresh);
    await userEvent.type(refresh, '30');
    await submit(dialog);
    expect(await within(dialog).findByText('Sayfa adresi http:// ya da https:// ile başlayan geçerli bir adres olmalıdır')).toBeTruthy();
    expect(within(dialog).getByText('Yenileme süresi 0 ya da 60 ile 86400 saniye arasında olmalıdır')).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('each other kind posts the settings the contract names', async () => {
    const writes = renderPage();
    const fill = async (kind: string, name: string, fields: [string, string][], selects: [string, string][] = []) => {
      const dialog = await openForm(kind);
      await userEvent.type(within(dialog).getByLabelText('Uygulama Adı'), name);
      for (const [label, value] of fields) {
        const input = within(dialog).getByLabelText(label);
        await userEvent.clear(input);
        await userEvent.type(input, value);
      }
      for (const [label, option] of selects) await userEvent.selectOptions(within(dialog).getByLabelText(label), option);
      await submit(dialog);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    await fill('YouTube', 'Tanıtım', [['YouTube Adresi', 'https://youtu.be/dQw4w9WgXcQ']]);
    await fill('Canlı Yayın (HLS)', 'Kanal', [['Yayın Adresi (.m3u8)', 'https://tv.ornek.com/canli.m3u8']]);
    await fill('Haberler (RSS)', 'Haberler', [['Haber Kaynağı Adresi (RSS)', 'https://ornek.com/rss'], ['Haber Sayısı (1-20)', '8']], [['Görünüm', 'Kayan yazı']]);
    // A Turkish keyboard's decimal comma reads as the point.
    await fill('Hava Durumu', 'Hava', [['Şehir', 'İstanbul'], ['Enlem', '41,01'], ['Boylam', '28.97']]);
    await fill('QR Kod', 'Menü QR', [['QR Kodun Adresi', 'https://ornek.com/menu'], ['Açıklama', 'Menü için okutun']]);
    await fill('Geri Sayım', 'Yılbaşı', [['Başlık', 'Yeni yıla'], ['Hedef Tarih', '31.12.2026'], ['Hedef Saat', '23:59'], ['Bitince Gösterilecek Metin', 'Mutlu yıllar']]);
    expect(writes.map((w) => w.body)).toEqual([
      { name: 'Tanıtım', app: { kind: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' } },
      { name: 'Kanal', app: { kind: 'stream', url: 'https://tv.ornek.com/canli.m3u8' } },
      { name: 'Haberler', app: { kind: 'rss', url: 'https://ornek.com/rss', maxItems: 8, style: 'ticker' } },
      { name: 'Hava', app: { kind: 'weather', city: 'İstanbul', latitude: 41.01, longitude: 28.97 } },
      { name: 'Menü QR', app: { kind: 'qr', url: 'https://ornek.com/menu', caption: 'Menü için okutun' } },
      { name: 'Yılbaşı', app: { kind: 'countdown', title: 'Yeni yıla', target: new Date(2026, 11, 31, 23, 59).toISOString(), finishedText: 'Mutlu yıllar' } },
    ]);
  });

  it("edits an app's name and settings with PUT /api/media/{id}; its kind stays", async () => {
    const menu = anApp({ name: 'Menü', app: { kind: 'text', title: 'Menü', body: 'Çorba', background: '#1E3A8A', textColor: '#FFFFFF', align: 'center' } });
    const countdown = anApp({ _id: fixtureId(31), name: 'Yılbaşı', app: { kind: 'countdown', title: 'Yeni yıla', target: new Date(2026, 11, 31, 23, 59).toISOString(), finishedText: '' } });
    const writes = renderPage([menu, countdown]);
    await userEvent.click(await screen.findByRole('button', { name: 'Düzenle: Menü' }));
    let dialog = await screen.findByRole('dialog', { name: 'Uygulamayı Düzenle: Menü' });
    expect((within(dialog).getByLabelText('Uygulama Türü') as HTMLSelectElement).disabled).toBe(true);
    const body = within(dialog).getByLabelText('Metin');
    await userEvent.clear(body);
    await userEvent.type(body, 'Mercimek çorbası');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A countdown's saved instant comes back as the day and time it was typed as.
    await userEvent.click(screen.getByRole('button', { name: 'Düzenle: Yılbaşı' }));
    dialog = await screen.findByRole('dialog', { name: 'Uygulamayı Düzenle: Yılbaşı' });
    expect((within(dialog).getByLabelText('Hedef Tarih') as HTMLInputElement).value).toBe('31.12.2026');
    expect((within(dialog).getByLabelText('Hedef Saat') as HTMLInputElement).value).toBe('23:59');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes.map((w) => [w.method, w.url, w.body])).toEqual([
      ['PUT', `/api/media/${fixtureId(30)}`, { name: 'Menü', app: {
        kind: 'text', title: 'Menü', body: 'Mercimek çorbası', background: '#1E3A8A', textColor: '#FFFFFF', align: 'center',
      } }],
      ['PUT', `/api/media/${fixtureId(31)}`, { name: 'Yılbaşı', app: {
        kind: 'countdown', title: 'Yeni yıla', target: new Date(2026, 11, 31, 23, 59).toISOString(), finishedText: '',
      } }],
    ]);
  });

  it('renames a file with PUT /api/media/{id}', async () => {
    const writes = renderPage([aMedia({ _id: fixtureId(30), name: 'Lobi Saati' })]);
    await userEvent.click(await screen.findByRole('button', { name: 'Yeniden Adlandır: Lobi Saati' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeniden Adlandır' });
    const name = within(dialog).getByLabelText('Yeni Ad');
    await userEvent.clear(name);
    await userEvent.type(name, 'Giriş Saati');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes.map((w) => [w.method, w.url, w.body])).toEqual([['PUT', `/api/media/${fixtureId(30)}`, { name: 'Giriş Saati' }]]);
  });

  it('shows a PDF document with its first page and its page count, and renames it like a file', async () => {
    const doc = anApp({
      _id: fixtureId(31), name: 'Menü', mimeType: 'application/pdf', size: 30_000, width: 1358, height: 1920,
      app: { kind: 'pdf', pages: ['/uploads/p1.webp', '/uploads/p2.webp', '/uploads/p3.webp'] },
    });
    const writes = renderPage([doc]);
    const card = await screen.findByTestId('media-card');
    expect(within(card).getByTestId('pdf-thumb').getAttribute('src')).toBe('/uploads/thumbs/p1.webp');
    expect(within(card).getByTestId('pdf-pages').textContent).toBe('3 sayfa');
    expect(card.textContent).toContain('PDF Belgesi');
    expect(within(card).queryByRole('button', { name: 'Düzenle: Menü' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Yeniden Adlandır: Menü' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeniden Adlandır' });
    await userEvent.clear(within(dialog).getByLabelText('Yeni Ad'));
    await userEvent.type(within(dialog).getByLabelText('Yeni Ad'), 'Akşam Menüsü');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes.map((w) => [w.method, w.url, w.body])).toEqual([['PUT', `/api/media/${fixtureId(31)}`, { name: 'Akşam Menüsü' }]]);
  });

  it('lets the upload form pick a PDF', async () => {
    renderPage();
    await screen.findByText('Henüz medya bulunmuyor');
    await userEvent.upload(document.getElementById('media-file') as HTMLInputElement, new File(['%PDF-1.7'], 'menu.pdf', { type: 'application/pdf' }));
    expect(screen.getByText(/^menu\.pdf \(/)).toBeTruthy();
  });
});
