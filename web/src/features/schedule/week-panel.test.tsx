import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WeekPanel } from './week-panel';
import { id, schedule, screens, groups } from './schedule-test-data';

afterEach(cleanup);

// Wednesday 2026-11-25 10:30 in Istanbul (UTC+3).
const NOW = Date.parse('2026-11-25T07:30:00Z');

const lunch = schedule();
const coffee = schedule({
  _id: id(43), name: 'Kahve', playlist: { _id: id(2), name: 'Lobi' }, screens: [{ _id: id(31), name: 'Kasa' }], groups: [],
  days: [3], startTime: '13:00', endTime: '14:00',
});
const urgent = schedule({
  _id: id(44), name: 'Acil', playlist: { _id: id(3), name: 'Akşam Ziyaret' }, groups: [], screens: [{ _id: id(32), name: 'Giriş' }],
  days: [3], startTime: '12:00', endTime: '12:30', priority: 9,
});

const blocks = (day: HTMLElement) => within(day).queryAllByTestId('week-block').map((b) => [b.className.replace('week-block week-block-', ''), b.title]);

describe('WeekPanel', { timeout: 15_000 }, () => {
  it("draws a screen's week from the resolution: entries through its group, its own playlist muted, conflicts, now", () => {
    render(<WeekPanel schedules={[lunch, coffee, urgent]} screens={screens} groups={groups} initialNow={NOW} />);
    expect(screen.getByText('23.11.2026 – 29.11.2026')).toBeTruthy();
    const days = screen.getAllByTestId('week-day');
    expect(days.map((d) => d.getAttribute('aria-label'))).toEqual([
      'Pazartesi 23.11.2026', 'Salı 24.11.2026', 'Çarşamba 25.11.2026', 'Perşembe 26.11.2026', 'Cuma 27.11.2026', 'Cumartesi 28.11.2026', 'Pazar 29.11.2026',
    ]);
    const wednesday = days[2]!;
    // 'Acil' targets another screen: Kasa sees lunch (via Kafeterya) and coffee, tied at priority 5 from 13:00
    // to 13:30, where the lower id (lunch) wins as both were changed at the same instant.
    expect(blocks(wednesday)).toEqual([
      ['default', '00:00–12:00 Lobi'], ['schedule', '12:00–13:30 Öğle · Öğle Menüsü'], ['schedule', '13:30–14:00 Kahve · Lobi'], ['default', '14:00–24:00 Lobi'],
    ]);
    // Named and coloured by entry: 'Kahve' plays the screen's own playlist, yet is not drawn as the default.
    const [, lunchBlock, coffeeBlock] = within(wednesday).getAllByTestId('week-block');
    expect(within(coffeeBlock!).getByText('Kahve')).toBeTruthy();
    expect(lunchBlock!.style.background).not.toBe(coffeeBlock!.style.background);
    expect(screen.getAllByTestId('week-legend-entry').map((li) => li.textContent)).toEqual(['Öğle', 'Kahve']);
    expect(blocks(days[6]!)).toEqual([['default', '00:00–24:00 Lobi']]);
    const conflicts = screen.getAllByTestId('week-conflict');
    expect(conflicts.map((c) => c.textContent)).toEqual(['Çakışma, Çarşamba 13:00–13:30: Kahve, Öğle']);
    expect(screen.getByText('Bu hafta 1 çakışma var: aynı öncelikteki zamanlamalar aynı anda geçerli; en son değiştirilen oynar.')).toBeTruthy();
    expect(within(screen.getByTestId('week-conflict-list')).getByText('Çakışma, Çar 13:00–13:30: Kahve, Öğle')).toBeTruthy();
    expect(screen.getByText('Çakışma', { selector: '.week-legend li' })).toBeTruthy();
    const now = within(wednesday).getByTestId('week-now');
    expect(now.style.top).toBe(`${(630 / 1440) * 100}%`);
  });

  it('steps through weeks and back to this week; the now line only in this week', async () => {
    render(<WeekPanel schedules={[lunch]} screens={screens} groups={groups} initialNow={NOW} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sonraki hafta' }));
    expect(screen.getByText('30.11.2026 – 06.12.2026')).toBeTruthy();
    expect(screen.queryByTestId('week-now')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Önceki hafta' }));
    await userEvent.click(screen.getByRole('button', { name: 'Önceki hafta' }));
    expect(screen.getByText('16.11.2026 – 22.11.2026')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Bu hafta' }));
    expect(screen.getByText('23.11.2026 – 29.11.2026')).toBeTruthy();
    expect(screen.getByTestId('week-now')).toBeTruthy();
  });

  it("draws a group's own entries without any screen's playlist", async () => {
    render(<WeekPanel schedules={[lunch, coffee]} screens={screens} groups={groups} initialNow={NOW} />);
    await userEvent.selectOptions(screen.getByLabelText('Ekran veya grup'), 'Kafeterya');
    const monday = screen.getAllByTestId('week-day')[0]!;
    expect(blocks(monday)).toEqual([['schedule', '12:00–13:30 Öğle · Öğle Menüsü']]);
    expect(screen.queryAllByTestId('week-conflict')).toEqual([]);
    expect(screen.queryByText('Ekranın kendi playlisti')).toBeNull();
  });

  it("names a layout entry's blocks by the layout, and a screen showing its own layout by that layout", () => {
    const board = schedule({
      _id: id(45), name: 'Pano', playlist: null, layout: { _id: id(51), name: 'Menü Panosu' }, groups: [],
      screens: [{ _id: id(31), name: 'Kasa' }], days: [3], startTime: '09:00', endTime: '11:00', priority: 8,
    });
    const kasa = { ...screens[0]!, currentPlaylist: null, currentLayout: { _id: id(52), name: 'Vitrin' } };
    render(<WeekPanel schedules={[board]} screens={[kasa]} groups={groups} initialNow={NOW} />);
    const wednesday = screen.getAllByTestId('week-day')[2]!;
    expect(blocks(wednesday)).toEqual([
      ['default', '00:00–09:00 Vitrin'], ['schedule', '09:00–11:00 Pano · Menü Panosu'], ['default', '11:00–24:00 Vitrin'],
    ]);
  });
});
