import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import type { TScreen } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import { SCREENS_PAGE_LISTS, apiServer, emptyLists, recorded } from '../../testing/api-server';
import type { RecordedCall } from '../../testing/api-server';
import { ScreensPage } from './screens-page';
import { signedInAs } from '../../testing/session';

signedInAs();

afterEach(() => {
  cleanup();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const base: TScreen = {
  _id: id(1), name: 'Lobi TV', status: 'active', currentPlaylist: null, currentDirectionPlaylist: null,
  lastSeenAt: null, timezone: 'Europe/Istanbul', latitude: null, longitude: null, groups: [], createdAt: '2025-01-01T00:00:00Z',
};
const seen: TScreen = { ...base, _id: id(2), name: 'Kafeterya', lastSeenAt: '2026-11-20T08:00:00Z', timezone: 'Europe/Berlin' };

function open(screens: TScreen[] = [base, seen]) {
  const calls: RecordedCall[] = [];
  apiServer.use(
    http.get('/api/screens', () => HttpResponse.json(screens)),
    ...emptyLists(...SCREENS_PAGE_LISTS),
    http.put('/api/screens/:id', recorded(calls, async ({ request }) => HttpResponse.json({ ...base, ...(await request.clone().json() as object) }))),
  );
  render(<QueryClientProvider client={createQueryClient()}><MemoryRouter><ScreensPage /></MemoryRouter></QueryClientProvider>);
  return calls;
}

const card = async (name: string) =>
  (await screen.findAllByTestId('screen-card')).find((c) => within(c).queryByRole('heading', { name }))!;

describe('screen card', { timeout: 15_000 }, () => {
  it("offers 'Ekran Görüntüsü Al' only on a screen that has connected at least once", async () => {
    open();
    expect(within(await card('Lobi TV')).queryByRole('button', { name: 'Ekran Görüntüsü Al: Lobi TV' })).toBeNull();
    expect(within(await card('Kafeterya')).getByRole('button', { name: 'Ekran Görüntüsü Al: Kafeterya' })).toBeTruthy();
  });

  it("names the layout a screen shows in place of its playlist (docs/PRODUCT.md#layouts)", async () => {
    open([{ ...base, currentLayout: { _id: id(9), name: 'Lobi Yerleşimi' } }, seen]);
    expect(within(await card('Lobi TV')).getByTestId('screen-layout').textContent).toBe('Lobi Yerleşimi');
    expect(within(await card('Kafeterya')).queryByTestId('screen-layout')).toBeNull();
  });

  it("'Saat dilimi' shows the screen's zone and saves a picked one with PUT /api/screens/{id}", async () => {
    const calls = open();
    const select = within(await card('Lobi TV')).getByRole('combobox', { name: 'Saat dilimi: Lobi TV' }) as HTMLSelectElement;
    expect(select.value).toBe('Europe/Istanbul');
    expect((within(await card('Kafeterya')).getByRole('combobox', { name: 'Saat dilimi: Kafeterya' }) as HTMLSelectElement).value)
      .toBe('Europe/Berlin');
    await userEvent.selectOptions(select, 'America/New_York');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: `/api/screens/${id(1)}`, body: { timezone: 'America/New_York' } },
    ]));
  });

  it("'Konum' is folded with where the screen stands, or 'Belirtilmedi'", async () => {
    open([{ ...base, latitude: 41.0082, longitude: 28.9784 }, seen]);
    expect(within(await card('Lobi TV')).getByTestId('screen-location-summary').textContent).toBe('41.0082, 28.9784');
    expect(within(await card('Kafeterya')).getByTestId('screen-location-summary').textContent).toBe('Belirtilmedi');
    expect((within(await card('Lobi TV')).getByTestId('screen-location') as HTMLDetailsElement).open).toBe(false);
  });

  it("saves 'Enlem' and 'Boylam' as typed (a decimal comma too) with PUT /api/screens/{id}", async () => {
    const calls = open();
    const c = await card('Lobi TV');
    await userEvent.click(within(c).getByText('Konum'));
    await userEvent.type(within(c).getByRole('textbox', { name: 'Enlem: Lobi TV' }), '41,0082');
    await userEvent.type(within(c).getByRole('textbox', { name: 'Boylam: Lobi TV' }), '28.9784');
    await userEvent.click(within(c).getByRole('button', { name: 'Konumu Kaydet: Lobi TV' }));
    await within(c).findByText('Konum kaydedildi');
    expect(calls.filter((x) => x.method === 'PUT')).toEqual([
      { method: 'PUT', url: `/api/screens/${id(1)}`, body: { latitude: 41.0082, longitude: 28.9784 } },
    ]);
  });

  it("fills both fields from a pair pasted into 'Enlem', as a map copies it", async () => {
    const calls = open();
    const c = await card('Lobi TV');
    await userEvent.click(within(c).getByText('Konum'));
    const latitude = within(c).getByRole('textbox', { name: 'Enlem: Lobi TV' }) as HTMLInputElement;
    await userEvent.click(latitude);
    await userEvent.paste('41.0082, 28.9784');
    expect([latitude.value, (within(c).getByRole('textbox', { name: 'Boylam: Lobi TV' }) as HTMLInputElement).value]).toEqual(['41.0082', '28.9784']);
    await userEvent.click(within(c).getByRole('button', { name: 'Konumu Kaydet: Lobi TV' }));
    await waitFor(() => expect(calls.filter((x) => x.method === 'PUT').map((x) => x.body)).toEqual([{ latitude: 41.0082, longitude: 28.9784 }]));
  });

  it('clears the location with both fields emptied, and refuses one without the other (nothing sent)', async () => {
    const calls = open([{ ...base, latitude: 41.0082, longitude: 28.9784 }, seen]);
    const c = await card('Lobi TV');
    await userEvent.click(within(c).getByText('Konum'));
    const longitude = within(c).getByRole('textbox', { name: 'Boylam: Lobi TV' });
    await userEvent.clear(longitude);
    await userEvent.click(within(c).getByRole('button', { name: 'Konumu Kaydet: Lobi TV' }));
    expect((await within(c).findByRole('alert')).textContent)
      .toBe('Enlem ve boylam birlikte girilmelidir; konumu kaldırmak için ikisini de boş bırakın');
    await userEvent.type(longitude, '200');
    await userEvent.click(within(c).getByRole('button', { name: 'Konumu Kaydet: Lobi TV' }));
    expect((await within(c).findByRole('alert')).textContent).toBe('Boylam -180 ile 180 arasında olmalıdır');
    expect(calls.filter((x) => x.method === 'PUT')).toEqual([]);

    await userEvent.clear(longitude);
    await userEvent.clear(within(c).getByRole('textbox', { name: 'Enlem: Lobi TV' }));
    await userEvent.click(within(c).getByRole('button', { name: 'Konumu Kaydet: Lobi TV' }));
    await waitFor(() => expect(calls.filter((x) => x.method === 'PUT').map((x) => x.body)).toEqual([{ latitude: null, longitude: null }]));
  });
});
