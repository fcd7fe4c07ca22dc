import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import type { TScreen } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import type { ScreenNow } from './api/use-screens-now';
import { SCREENS_PAGE_LISTS, apiServer, emptyLists } from '../../testing/api-server';
import { ScreensPage } from './screens-page';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const lobi: TScreen = {
  _id: id(1), name: 'Lobi TV', status: 'active', currentPlaylist: { _id: id(2), name: 'Lobi Döngüsü' },
  currentDirectionPlaylist: null, lastSeenAt: null, timezone: 'Europe/Istanbul', latitude: null, longitude: null, groups: [], createdAt: '2025-01-01T00:00:00Z',
};
const lunch: ScreenNow = {
  screenId: lobi._id, playlist: { _id: id(3), name: 'Öğle Menüsü' }, directionPlaylist: null,
  source: 'schedule', scheduleId: id(4), until: '2026-11-23T10:30:00Z',
};
const back: ScreenNow = { ...lunch, playlist: lobi.currentPlaylist, source: 'default', scheduleId: null, until: null };

/** The screens list, and none of what the page asks beside it. */
const screensOf = (screens: TScreen[]) => [
  http.get('/api/screens', () => HttpResponse.json(screens)),
  ...emptyLists(...SCREENS_PAGE_LISTS.filter((list) => list !== '/api/screens/now')),
];

describe("'Şu an' on the screen cards", () => {
  it('shows the scheduled playlist until its end, then asks again at that moment and shows the default', async () => {
    // A fixed clock: 13:00 in Istanbul; the lunch window ends at 13:30.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const answers = [[lunch], [back]];
    const nowCalls: number[] = [];
    apiServer.use(
      http.get('/api/screens/now', () => {
        nowCalls.push(Date.now());
        return HttpResponse.json(answers[Math.min(nowCalls.length - 1, 1)]);
      }),
      ...screensOf([lobi]),
    );
    render(<QueryClientProvider client={createQueryClient()}><MemoryRouter><ScreensPage /></MemoryRouter></QueryClientProvider>);

    const line = await screen.findByTestId('screen-now');
    expect(line.textContent).toBe("Şu an: Öğle Menüsü · 13:30'a kadarZamanlama");
    expect(within(line).getByText('Zamanlama')).toBeTruthy();
    expect(nowCalls).toHaveLength(1);

    // Nothing is asked before the boundary…
    await vi.advanceTimersByTimeAsync(29 * 60_000);
    expect(nowCalls).toHaveLength(1);
    // …and right after it, once.
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(nowCalls).toHaveLength(2));
    expect(nowCalls[1]! - Date.parse(lunch.until!)).toBeGreaterThanOrEqual(0);
    expect(nowCalls[1]! - Date.parse(lunch.until!)).toBeLessThan(1000);
    await vi.waitFor(() => expect(screen.getByTestId('screen-now').textContent).toBe('Şu an: Lobi DöngüsüVarsayılan'));
    // No end any more: no further question.
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(nowCalls).toHaveLength(2);
  });

  it('leaves the line out when the answer cannot be read; the assigned playlist still shows', async () => {
    apiServer.use(
      http.get('/api/screens/now', () => HttpResponse.json({ message: 'Sunucu hatası' }, { status: 500 })),
      ...screensOf([lobi]),
    );
    render(<QueryClientProvider client={createQueryClient()}><MemoryRouter><ScreensPage /></MemoryRouter></QueryClientProvider>);
    expect((await screen.findByTestId('screen-playlist')).textContent).toBe('Lobi Döngüsü');
    expect(screen.queryByTestId('screen-now')).toBeNull();
  });
});
