import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { JsonBodyType } from 'msw';
import { createQueryClient } from '../../lib/query-client';
import { DialogHost } from '../../components/ui/dialog-host';
import { apiServer } from '../../testing/api-server';
import { MediaPage } from './media-page';
import { signedInAs } from '../../testing/session';

signedInAs();

afterEach(() => {
  cleanup();
});

function renderPage(status: number, body: JsonBodyType) {
  apiServer.use(http.get('/api/media', () => HttpResponse.json(body, { status })));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MediaPage />
      <DialogHost />
    </QueryClientProvider>,
  );
}

describe('MediaPage list states', () => {
  it("shows 'Medya listesi alınamadı: ' with the reason and an empty list on failure", async () => {
    renderPage(500, { message: 'Sunucu hatası', code: 'INTERNAL_ERROR' });
    // A 5xx is retried once (about 1 s) before the error shows.
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe('Medya listesi alınamadı: Sunucu hatası');
    expect(screen.queryByTestId('media-card')).toBeNull();
  });

  it("a proxy's 502 without our error body shows Turkish, not 'Bad Gateway'", async () => {
    apiServer.use(http.get('/api/media', () => new HttpResponse('<html>502</html>', { status: 502, statusText: 'Bad Gateway' })));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MediaPage />
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe('Medya listesi alınamadı: Beklenmeyen bir hata oluştu');
  });

  it('treats a non-array answer as empty (docs/PRODUCT.md#api)', async () => {
    renderPage(200, { unexpected: true });
    await screen.findByText('Henüz medya bulunmuyor');
  });

  it('keeps the upload button disabled until both a file and a name are given', async () => {
    renderPage(200, []);
    await screen.findByText('Henüz medya bulunmuyor');
    expect((screen.getByRole('button', { name: 'Yükle' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
