import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TMedia } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import { tokenStorage } from '../../lib/token-storage';
import { mediaKeys } from '../../api/media.api';
import { apiServer } from '../../testing/api-server';
import { aMedia, fixtureId } from '../../testing/fixtures';
import { tusApi } from '../../testing/tus-api';
import { MediaPage } from './media-page';
import { progressInList } from './media-live';
import { aFile, resetUploads } from './uploads/uploads.fixtures';
import { signedInAs } from '../../testing/session';

signedInAs();

/*
 * docs/PRODUCT.md#replacing-a-file: 'Dosyayı Değiştir' on a media card sends a new file of the
 * same kind through tus (the fake API's /api/uploads, testing/tus-api.ts) naming the item in
 * `replaces`; the card shows the upload, then the conversion, then the new file or why not.
 */

const picture = aMedia({ _id: fixtureId(11), name: 'Afiş', filePath: '/uploads/eski.png' });
const video = aMedia({
  _id: fixtureId(12), name: 'Tanıtım', filePath: '/uploads/eski.mp4', mediaType: 'Video', type: 'video', mimeType: 'video/mp4',
  posterUrl: '/uploads/eski.webp',
});

function renderPage(list: TMedia[]): { qc: QueryClient; tus: ReturnType<typeof tusApi> } {
  const media = [...list];
  apiServer.use(http.get('/api/media', () => HttpResponse.json(media)));
  const tus = tusApi(media);
  const qc = createQueryClient();
  render(<QueryClientProvider client={qc}><MediaPage /></QueryClientProvider>);
  return { qc, tus };
}

const cardOf = async (name: string) => (await screen.findAllByTestId('media-card')).find((c) => c.querySelector('h3')?.textContent === name)!;
const pickerOf = (card: HTMLElement) => within(card).getByTestId('replace-file') as HTMLInputElement;

beforeEach(() => {
  tokenStorage.set('token-1');
});
afterEach(async () => {
  await resetUploads();
  cleanup();
  localStorage.clear();
});

describe("media card 'Dosyayı Değiştir'", () => {
  it('sends a new picture through tus naming the item it replaces, shows it on the card while it goes, then the new picture under the same id', async () => {
    const { tus } = renderPage([picture]);
    const card = await cardOf('Afiş');
    const button = within(card).getByRole('button', { name: 'Dosyayı Değiştir: Afiş' });
    expect(button.textContent).toBe('Dosyayı Değiştir');
    expect(pickerOf(card).accept).toBe('image/*');
    tus.hold();
    await userEvent.upload(pickerOf(card), aFile('yeni.png', 4000, 'image/png'));

    await waitFor(() => expect(within(card).getByRole('status').textContent).toMatch(/^Yeni dosya yükleniyor %\d+$/));
    expect(within(card).getByRole('button', { name: 'Dosyayı Değiştir: Afiş' })).toHaveProperty('disabled', true);
    // The upload's row says whose new file it is; the item's name is not for changing here.
    const row = screen.getByTestId('upload-row');
    expect(within(row).getByText('Afiş: yeni dosya')).toBeTruthy();
    expect(within(row).queryByRole('textbox')).toBeNull();
    await waitFor(() => expect(tus.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(tus.calls.find((c) => c.method === 'POST')).toMatchObject({ replaces: picture._id, name: 'Afiş', filename: 'yeni.png', auth: 'Bearer token-1' });

    tus.release();
    await waitFor(() => expect(card.querySelector('img')?.getAttribute('src')).toBe('/uploads/thumbs/yeni.png'));
    expect(screen.getAllByTestId('media-card')).toHaveLength(1);
    expect(within(card).queryByRole('status')).toBeNull();
    expect(screen.queryByTestId('upload-row')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Dosyayı Değiştir: Afiş' })).toHaveProperty('disabled', false);
  });

  it("a video card takes videos; while the server converts it says 'Değiştiriliyor %42' over the old video, moves with media:progress, and says why a failure happened", async () => {
    const { qc } = renderPage([{ ...video, replacement: { status: 'processing', progress: 42, error: null } }]);
    const card = await cardOf('Tanıtım');
    expect(pickerOf(card).accept).toBe('video/*');
    expect(within(card).getByRole('status').textContent).toBe('Değiştiriliyor %42');
    expect(within(card).getByRole('progressbar', { name: 'Değiştirme ilerlemesi' })).toHaveProperty('value', 42);
    expect(within(card).getByRole('button', { name: 'Dosyayı Değiştir: Tanıtım' })).toHaveProperty('disabled', true);
    // The screens still show the old video; so does the card, under the state.
    expect(card.querySelector('video')?.getAttribute('src')).toBe('/uploads/eski.mp4');

    const event = (e: Omit<Parameters<typeof progressInList>[1], 'mediaId' | 'replacement'>) => act(() => {
      qc.setQueryData<TMedia[]>(mediaKeys.all, (l) => l && progressInList(l, { mediaId: video._id, replacement: true, ...e }));
    });
    event({ status: 'processing', progress: 77, error: null });
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('Değiştiriliyor %77'));
    const reason = 'Video dönüştürülemedi: dosya bozuk ya da desteklenmeyen bir biçimde. Lütfen başka bir dosya yükleyin.';
    event({ status: 'failed', progress: 0, error: reason });
    await waitFor(() => expect(within(card).getByRole('alert').textContent).toBe(`Dosya değiştirilemedi: ${reason}`));
    expect(within(card).queryByRole('status')).toBeNull();
    expect(card.querySelector('video')?.getAttribute('src')).toBe('/uploads/eski.mp4');
    // The item's own state is untouched by its replacement's events.
    expect(qc.getQueryData<TMedia[]>(mediaKeys.all)?.[0]).toMatchObject({ status: 'ready', progress: 100, error: null });
    expect(within(card).getByRole('button', { name: 'Dosyayı Değiştir: Tanıtım' })).toHaveProperty('disabled', false);
    // Swapped in: nothing waits beside the item any more (the list is then read again for the new file).
    event({ status: 'ready', progress: 100, error: null });
    expect(qc.getQueryData<TMedia[]>(mediaKeys.all)?.[0]?.replacement).toBeNull();
  });

  it("the server's refusal (another kind) is said on the card, and the old file stays", async () => {
    const { tus } = renderPage([video]);
    const card = await cardOf('Tanıtım');
    const mismatch = 'Dosya, değiştirdiği medyayla aynı türde olmalıdır: bir görsel bir görselle, bir video bir videoyla, bir PDF bir PDF ile değiştirilebilir.';
    tus.state.refusePatch = { status: 415, body: { message: mismatch, code: 'UNSUPPORTED_FILE_TYPE' } };
    await userEvent.upload(pickerOf(card), aFile('resim.mp4', 100, 'video/mp4'));
    await waitFor(() => expect(within(card).getByRole('alert').textContent).toBe(`Dosya değiştirilemedi: ${mismatch}`));
    expect(card.querySelector('video')?.getAttribute('src')).toBe('/uploads/eski.mp4');
    expect(tus.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('a PDF document takes PDFs; an app without a file offers no new file', async () => {
    renderPage([
      aMedia({ _id: fixtureId(13), name: 'Menü', filePath: '', mediaType: 'Uygulama', type: 'app', mimeType: 'application/pdf', app: { kind: 'pdf', pages: ['/uploads/s1.webp'] } }),
      aMedia({ _id: fixtureId(14), name: 'Saat', filePath: '', mediaType: 'Uygulama', type: 'app', mimeType: '', app: { kind: 'clock', style: 'digital', showDate: true, showSeconds: false } }),
    ]);
    expect(pickerOf(await cardOf('Menü')).accept).toBe('application/pdf,.pdf');
    const clock = await cardOf('Saat');
    expect(within(clock).queryByRole('button', { name: /Dosyayı Değiştir/ })).toBeNull();
    expect(within(clock).queryByTestId('replace-file')).toBeNull();
  });
});
