import { describe, expect, it } from 'vitest';
import {
  mediaUsageText, nameList, packageUsageText, playlistUsageText, screenGroupUsageText, screenUsageText, tickerUsageText,
} from './usage-text';

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
    expect(screenGroupUsageText({ schedules: [] })).toBeUndefined();
    expect(packageUsageText({ customers: 0, activeCustomers: 0 })).toBeUndefined();
  });

  it('mentions running packages only when there are some', () => {
    expect(packageUsageText({ customers: 4, activeCustomers: 0 })).toBe('Bu paketi 4 müşteri satın aldı. Satış kayıtları korunur.');
  });

  it('warns that the schedules playing a playlist are deleted with it, after the screens it is assigned to', () => {
    expect(playlistUsageText({ screens: [], schedules: refs('Öğle', 'Akşam') }))
      .toBe('Bu playlist 2 zamanlamada kullanılıyor: Öğle, Akşam. Silinirse bu zamanlamalar da silinir.');
    expect(playlistUsageText({ screens: refs('Giriş'), schedules: refs('Öğle') })).toBe(
      'Bu playlist 1 ekrana atanmış: Giriş. Silinirse bu ekranlarda gösterilecek içerik kalmaz. '
      + 'Bu playlist 1 zamanlamada kullanılıyor: Öğle. Silinirse bu zamanlamalar da silinir.');
  });

  it('says the schedules showing a ticker go on without it', () => {
    expect(tickerUsageText({ screens: [], schedules: refs('Öğle') }))
      .toBe('Bu reji playlisti 1 zamanlamada kullanılıyor: Öğle. Silinirse bu zamanlamalar kayan yazı olmadan sürer.');
  });

  it('says a screen leaves its groups and the schedules naming it', () => {
    expect(screenUsageText({ devices: 0, groups: refs('Kat 1', 'Kafeterya'), schedules: [] }))
      .toBe('Bu ekran 2 ekran grubunda: Kat 1, Kafeterya. Silinirse bu gruplardan çıkarılır.');
    expect(screenUsageText({ devices: 0, groups: [], schedules: refs('Öğle') }))
      .toBe('Bu ekran 1 zamanlamada doğrudan seçili: Öğle. Silinirse bu zamanlamalardan çıkarılır.');
    expect(screenUsageText({ devices: 1, groups: refs('Kat 1'), schedules: refs('Öğle') })).toBe(
      'Bu ekrana eşleştirilmiş 1 cihaz var. Silinirse bu cihazlar ekran seçimine döner. Bu ekran 1 ekran grubunda: Kat 1. '
      + 'Ayrıca 1 zamanlamada doğrudan seçili: Öğle. Silinirse bu gruplardan ve zamanlamalardan çıkarılır.');
  });

  it('names the schedules that target a group', () => {
    expect(screenGroupUsageText({ schedules: refs('Öğle', 'Akşam') })).toBe(
      'Bu grup 2 zamanlamada kullanılıyor: Öğle, Akşam. Silinirse bu zamanlamalar artık bu grubun ekranlarında oynatılmaz.');
  });
});
