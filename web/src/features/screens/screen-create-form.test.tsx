import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import type { TScreen } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import { SCREENS_PAGE_LISTS, apiServer, emptyLists, recorded } from '../../testing/api-server';
import type { RecordedCall } from '../../testing/api-server';
import { aScreen, fixtureId } from '../../testing/fixtures';
import { ScreensPage } from './screens-page';
import { signedInAs } from '../../testing/session';

signedInAs();

afterEach(() => {
  cleanup();
});

const giris = aScreen({ _id: fixtureId(4), name: 'Giriş' });

/** The server is the outside world: `onCreate` answers the POST; the list answers what was created so far. */
function renderPage(onCreate: (body: { name: string }) => Response) {
  const calls: RecordedCall[] = [];
  const screens: TScreen[] = [];
  apiServer.use(
    http.get('/api/screens', () => HttpResponse.json(screens)),
    ...emptyLists(...SCREENS_PAGE_LISTS),
    http.post('/api/screens', recorded(calls, async ({ request }) => {
      const body = await request.clone().json() as { name: string };
      const res = onCreate(body);
      if (res.ok) screens.push({ ...giris, name: body.name });
      return res;
    })),
  );
  render(<QueryClientProvider client={createQueryClient()}><MemoryRouter><ScreensPage /></MemoryRouter></QueryClientProvider>);
  return calls;
}

const nameBox = () => screen.getByLabelText('Ekran Adı') as HTMLInputElement;
const add = () => userEvent.click(screen.getByRole('button', { name: 'Ekran Ekle' }));

describe('ScreenCreateForm', () => {
  it("refuses a blank name with the contract's message at the field, focused, and sends nothing", async () => {
    const calls = renderPage(() => Response.json(giris, { status: 201 }));
    await screen.findByText('Henüz ekran bulunmuyor');
    await userEvent.type(nameBox(), '   ');
    await add();
    expect(screen.getByRole('alert').textContent).toBe('Ekran adı zorunludur');
    expect(document.activeElement).toBe(nameBox());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("sends the trimmed name with status 'active'; the new screen is listed and the box empties", async () => {
    const calls = renderPage(() => Response.json(giris, { status: 201 }));
    await screen.findByText('Henüz ekran bulunmuyor');
    await userEvent.type(nameBox(), '  Giriş  ');
    await add();
    await screen.findByRole('heading', { name: 'Giriş' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Giriş', status: 'active' });
    await waitFor(() => expect(nameBox().value).toBe(''));
  });

  it("says 'Ekran eklenirken hata oluştu: ' with the server's reason, or a Turkish one for a proxy's bare 502", async () => {
    let answer = () => Response.json({ message: 'Ekran limitine ulaştınız', code: 'LIMIT_REACHED' }, { status: 403 });
    renderPage(() => answer());
    await screen.findByText('Henüz ekran bulunmuyor');
    await userEvent.type(nameBox(), 'Kasa');
    await add();
    const bannerText = () => screen.getByRole('alert').querySelector('.banner-text')?.textContent;
    await screen.findByRole('alert');
    expect(bannerText()).toBe('Ekran eklenirken hata oluştu: Ekran limitine ulaştınız');
    answer = () => new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    await add();
    await waitFor(() => expect(bannerText()).toBe('Ekran eklenirken hata oluştu: Beklenmeyen bir hata oluştu'));
    expect(nameBox().value).toBe('Kasa');
  });
});
