import { describe, expect, it } from 'vitest';
import { mediaUsageText, nameList, packageUsageText, playlistUsageText, screenUsageText, tickerUsageText } from './usage-text';

const refs = (...names: string[]) => names.map((name, i) => ({ _id: `00000000-0000-4000-8000-00000000000${i}`, name }));

describe('usage texts for delete confirmations', () => {
  it('lists up to five names, then counts the rest', () => {
    expect(nameList(refs('Lobi', 'Kafeterya'))).toBe('Lobi, Kafeterya');
    expect(nameList(refs('A', 'B', 'C', 'D', 'E'))).toBe('A, B, C, D, E');
    expect(nameList(refs('A', 'B', 'C', 'D', 'E', 'F', 'G'))).toBe('A, B, C, D, E ve 2 diğeri');
  });

  it("says 'Bu medya 2 playlistte kullanılıyor: Lobi, Kafeterya' and leaves out screens when none shows it", () => {
    expect(mediaUsageText({ playlists: refs('Lobi', 'Kafeterya'), screens: [] }))
      .toBe('Bu medya 2 playlistte kullanılıyor: Lobi, Kafeterya. Silinirse bu playlistlerden çıkarılır.');
  });

  it('says nothing when nothing would be affected', () => {
    expect(mediaUsageText({ playlists: [], screens: [] })).toBeUndefined();
    expect(playlistUsageText({ screens: [], schedules: [] })).toBeUndefined();
    expect(tickerUsageText({ screens: [], schedules: [] })).toBeUndefined();
    expect(screenUsageText({ devices: 0, groups: [], schedules: [] })).toBeUndefined();
    expect(packageUsageText({ customers: 0, activeCustomers: 0 })).toBeUndefined();
  });

  it('mentions running packages only when there are some', () => {
    expect(packageUsageText({ customers: 4, activeCustomers: 0 })).toBe('Bu paketi 4 müşteri satın aldı. Satış kayıtları korunur.');
  });
});
