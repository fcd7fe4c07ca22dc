import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import type { TScreen, TScreenGroup } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import { DialogHost } from '../../components/ui/dialog-host';
import { useDialogStore } from '../../components/ui/dialog-store';
import { SCREENS_PAGE_LISTS, apiServer, emptyLists, recorded } from '../../testing/api-server';
import type { RecordedCall } from '../../testing/api-server';
import { ScreensPage } from './screens-page';
import { signedInAs } from '../../testing/session';

signedInAs();

afterEach(() => {
  cleanup();
  useDialogStore.setState({ current: null, queue: [] });
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2025-01-01T00:00:00Z';
const screenRow = (n: number, name: string): TScreen => ({
  _id: id(n), name, status: 'active', currentPlaylist: null, currentDirectionPlaylist: null, lastSeenAt: null,
  timezone: 'Europe/Istanbul', latitude: null, longitude: null, groups: [], createdAt: at,
});

/**
 * A small fake of the groups API (the server is the outside world): it keeps the groups,
 * answers the screens with their groups, and records every write.
 */
function openPage(initial: { screens: TScreen[]; groups: TScreenGroup[]; usage?: unknown; path?: string }) {
  const calls: RecordedCall[] = [];
  let groups = [...initial.groups];
  const screensWithGroups = () => initial.screens.map((s) => ({
    ...s, groups: groups.filter((g) => g.screens.some((m) => m._id === s._id)).map(({ _id, name }) => ({ _id, name })),
  }));
  const refs = (ids: string[]) => initial.screens.filter((s) => ids.includes(s._id)).map(({ _id, name }) => ({ _id, name }));
  const bodyOf = async (request: Request) => await request.clone().json() as { name?: string; screenIds?: string[] };
  apiServer.use(
    http.get('/api/screens', () => HttpResponse.json(screensWithGroups())),
    http.get('/api/screen-groups', () => HttpResponse.json(groups)),
    http.get('/api/screen-groups/:id/usage', () => HttpResponse.json(initial.usage ?? { schedules: [] })),
    ...emptyLists(...SCREENS_PAGE_LISTS.filter((list) => list !== '/api/screen-groups')),
    http.post('/api/screen-groups', recorded(calls, async ({ request }) => {
      const body = await bodyOf(request);
      const made = { _id: id(90 + groups.length), name: body.name!, screens: refs(body.screenIds ?? []) };
      groups = [...groups, made];
      return HttpResponse.json(made, { status: 201 });
    })),
    http.put('/api/screen-groups/:id', recorded(calls, async ({ request, params }) => {
      const body = await bodyOf(request);
      groups = groups.map((g) => (g._id === params.id
        ? { ...g, name: body.name ?? g.name, screens: body.screenIds ? refs(body.screenIds) : g.screens } : g));
      return HttpResponse.json(groups.find((g) => g._id === params.id));
    })),
    http.delete('/api/screen-groups/:id', recorded(calls, ({ params }) => {
      groups = groups.filter((g) => g._id !== params.id);
      return HttpResponse.json({ message: 'silindi' });
    })),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[initial.path ?? '/screens']}><ScreensPage /><DialogHost /></MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET');
const panel = () => screen.getByRole('heading', { name: 'Ekran Grupları' }).closest('section, div.card, [aria-labelledby]') as HTMLElement;
const card = (name: string) => screen.getAllByTestId('screen-card').find((c) => within(c).queryByRole('heading', { name }))!;
const cardNames = () => screen.getAllByTestId('screen-card').map((c) => c.querySelector('h3')?.textContent);

const lobi = screenRow(1, 'Lobi TV');
const kafe = screenRow(2, 'Kafe TV');
const kasa = screenRow(3, 'Kasa TV');
const kat1: TScreenGroup = { _id: id(50), name: 'Kat 1', screens: [{ _id: lobi._id, name: 'Lobi TV' }, { _id: kafe._id, name: 'Kafe TV' }] };

// Typing and clicking through a form: seconds alone, more on a loaded machine.
describe("'Ekran Grupları' on /screens", { timeout: 15_000 }, () => {
  it("refuses a blank name with the contract's message, then creates a group with the ticked screens", async () => {
    const calls = openPage({ screens: [lobi, kafe, kasa], groups: [] });
    await screen.findByText('Henüz ekran grubu yok');
    const form = within(panel()).getByRole('form', { name: 'Grup Oluştur' });
    await userEvent.click(within(form).getByRole('button', { name: 'Grup Oluştur' }));
    expect(within(form).getByRole('alert').textContent).toBe('Lütfen grup adını girin');
    expect(document.activeElement).toBe(within(form).getByLabelText('Grup Adı'));
    expect(writes(calls)).toEqual([]);

    await userEvent.type(within(form).getByLabelText('Grup Adı'), ' Kafeterya ');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Kafe TV' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Kasa TV' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Grup Oluştur' }));
    const row = await screen.findByTestId('group-row');
    expect(row.textContent).toContain('Kafeterya');
    expect(row.textContent).toContain('2 ekran: Kafe TV, Kasa TV');
    expect(writes(calls).map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/screen-groups', { name: 'Kafeterya', screenIds: [kafe._id, kasa._id] }],
    ]);
    // The cards now carry the group as a chip; the form is empty again.
    await waitFor(() => expect(within(card('Kasa TV')).getByTestId('screen-groups').textContent).toBe('Kafeterya'));
    expect(within(card('Lobi TV')).queryByTestId('screen-groups')).toBeNull();
    expect((within(form).getByLabelText('Grup Adı') as HTMLInputElement).value).toBe('');
  });

  it('renames a group and changes its screens in a modal, with one PUT of the whole list', async () => {
    const calls = openPage({ screens: [lobi, kafe, kasa], groups: [kat1] });
    await userEvent.click(await screen.findByRole('button', { name: 'Düzenle: Kat 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ekran Grubunu Düzenle' });
    const name = within(dialog).getByLabelText('Grup Adı');
    await userEvent.clear(name);
    await userEvent.type(name, 'Birinci Kat');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Lobi TV' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Kasa TV' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls).map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', `/api/screen-groups/${kat1._id}`, { name: 'Birinci Kat', screenIds: [kafe._id, kasa._id] }],
    ]);
    await waitFor(() => expect(screen.getByTestId('group-row').textContent).toContain('2 ekran: Kafe TV, Kasa TV'));
  });

  it('the edit modal saves once when Kaydet is pressed twice in one task', async () => {
    const calls = openPage({ screens: [lobi, kafe, kasa], groups: [kat1] });
    await userEvent.click(await screen.findByRole('button', { name: 'Düzenle: Kat 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ekran Grubunu Düzenle' });
    const save = within(dialog).getByRole('button', { name: 'Kaydet' });
    act(() => {
      save.click();
      save.click();
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls).map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', `/api/screen-groups/${kat1._id}`, { name: 'Kat 1', screenIds: [lobi._id, kafe._id] }],
    ]);
  });

  it('asks before deleting, naming the schedules that target the group; İptal deletes nothing', async () => {
    const usage = { schedules: [{ _id: id(70), name: 'Öğle Menüsü' }] };
    const calls = openPage({ screens: [lobi, kafe], groups: [kat1], usage });
    await userEvent.click(await screen.findByRole('button', { name: 'Sil: Kat 1' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('dialog-detail').textContent)
      .toBe('Bu grup 1 zamanlamada kullanılıyor: Öğle Menüsü. Silinirse bu zamanlamalar artık bu grubun ekranlarında oynatılmaz.');
    expect(dialog.textContent).toContain('Bu ekran grubunu silmek istediğinizden emin misiniz? Gruptaki ekranlar silinmez.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'İptal' }));
    expect(writes(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Sil: Kat 1' }));
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sil' }));
    await screen.findByText('Henüz ekran grubu yok');
    expect(writes(calls).map((c) => [c.method, c.url])).toEqual([['DELETE', `/api/screen-groups/${kat1._id}`]]);
  });
});

describe('the group filter on /screens', () => {
  it("shows 'Tüm ekranlar' or the screens of one group", async () => {
    openPage({ screens: [lobi, kafe, kasa], groups: [kat1] });
    const filter = await screen.findByLabelText('Grup') as HTMLSelectElement;
    expect([...filter.options].map((o) => o.text)).toEqual(['Tüm ekranlar', 'Kat 1']);
    await waitFor(() => expect(cardNames()).toEqual(['Lobi TV', 'Kafe TV', 'Kasa TV']));
    await userEvent.selectOptions(filter, 'Kat 1');
    expect(cardNames()).toEqual(['Lobi TV', 'Kafe TV']);
    expect(within(card('Lobi TV')).getByTestId('screen-groups').textContent).toBe('Kat 1');
    await userEvent.selectOptions(filter, 'Tüm ekranlar');
    expect(cardNames()).toEqual(['Lobi TV', 'Kafe TV', 'Kasa TV']);
  });

  it('opens filtered from a link, and says so when the group has no screens', async () => {
    const bos: TScreenGroup = { _id: id(51), name: 'Boş', screens: [] };
    openPage({ screens: [lobi, kafe, kasa], groups: [kat1, bos], path: `/screens?group=${bos._id}` });
    await screen.findByText('Bu grupta ekran yok');
    expect((screen.getByLabelText('Grup') as HTMLSelectElement).value).toBe(bos._id);
    expect(screen.queryAllByTestId('screen-card')).toEqual([]);
  });
});
