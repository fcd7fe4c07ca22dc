import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, formatRate, formatStorage, formatTimeLeft } from './format';
import { isVideo, mediaUrl, thumbnailUrl } from './media-url';

describe('Turkish formatting', () => {
  it('formats dates day.month.year', () => {
    expect(formatDate('2025-03-05T12:00:00Z')).toBe('05.03.2025');
    expect(formatDateTime(new Date(2025, 2, 5, 14, 7))).toBe('05.03.2025 14:07');
  });
  it("writes dates exactly as Intl's tr-TR does", () => {
    const day = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: '2-digit', year: 'numeric' });
    const minute = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
    for (let t = Date.UTC(1999, 11, 31, 23, 59); t < Date.UTC(2031, 0, 1); t += 86_400_000 * 37 + 3_600_000 * 5 + 60_000 * 7) {
      expect(formatDate(t)).toBe(day.format(t));
      expect(formatDateTime(t)).toBe(minute.format(t));
    }
  });
  it("writes numbers and lira exactly as Intl's tr-TR does", () => {
    const number = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 2 });
    const money = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });
    const oneDecimal = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    // Halves, thirds, values just under and over a rounding edge, big and negative ones.
    const values = [0, -0, 0.005, 1.005, 1.015, 2.675, 0.125, 999.995, 1000, 1234.5, 1e6, 123456789.987, -1234.567, -0.001, 49.9, 1 / 3];
    let x = 0.37;
    for (let i = 0; i < 2000; i++) {
      x = (x * 9301 + 49297) % 233280;
      values.push((x / 233280) * 10 ** ((i % 9) - 2) * (i % 7 === 0 ? -1 : 1));
    }
    for (const v of values) {
      expect(formatNumber(v), String(v)).toBe(number.format(v));
      expect(formatMoney(v), String(v)).toBe(money.format(v));
      expect(formatPercent(v), String(v)).toBe(`%${number.format(v)}`);
    }
    for (const mb of [0, 0.1, 0.25, 8.5, 512, 1000.3, 1023.9]) expect(formatStorage(mb * 1024 ** 2)).toBe(`${oneDecimal.format(mb)} MB`);
  });
  it('shows a dash for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate('not a date')).toBe('-');
  });
  it('formats money in lira with Turkish separators', () => {
    expect(formatMoney(1234.5)).toBe('₺1.234,50');
    expect(formatMoney(0)).toBe('₺0,00');
  });
  it('puts the percent sign first and uses a decimal comma', () => {
    expect(formatPercent(99.9)).toBe('%99,9');
  });
  it('formats byte sizes', () => {
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3 MB');
  });
  it("writes an upload's speed and the time left as '12,4 MB/sn · 1 dk 20 sn kaldı' reads them", () => {
    expect(formatRate(12.4 * 1024 * 1024)).toBe('12,4 MB/sn');
    expect(formatRate(Number.NaN)).toBe('0 B/sn');
    expect(formatTimeLeft(80)).toBe('1 dk 20 sn');
    expect(formatTimeLeft(44.2)).toBe('45 sn');
    expect(formatTimeLeft(120)).toBe('2 dk');
    expect(formatTimeLeft(3600 + 5 * 60 + 7)).toBe('1 sa 5 dk');
    expect(formatTimeLeft(7200)).toBe('2 sa');
    expect(formatTimeLeft(-3)).toBe('0 sn');
  });
});

describe('used storage', () => {
  const MB = 1024 ** 2;
  it('shows MB with one decimal below 1 GB, in Turkish number format', () => {
    expect(formatStorage(8_910_000)).toBe('8,5 MB');
    expect(formatStorage(512 * MB)).toBe('512,0 MB');
    expect(formatStorage(1500.5 * MB / 1.5)).toBe('1.000,3 MB');
  });
  it('never shows stored bytes as nothing, and nothing as 0,0 MB', () => {
    expect(formatStorage(2048)).toBe('0,1 MB');
    expect(formatStorage(0)).toBe('0,0 MB');
  });
  it('switches to GB from 1 GB (also when MB would round up to 1.024,0)', () => {
    expect(formatStorage(1024 ** 3 - 1)).toBe('1 GB');
    expect(formatStorage(1.26 * 1024 ** 3)).toBe('1,26 GB');
  });
});

describe('media urls (docs/PRODUCT.md#data)', () => {
  it('resolves every file path form against /uploads', () => {
    expect(mediaUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(mediaUrl('/uploads/a.png')).toBe('/uploads/a.png');
    expect(mediaUrl('uploads/a.png')).toBe('/uploads/a.png');
    expect(mediaUrl('a.png')).toBe('/uploads/a.png');
  });
  it('asks the server for a thumbnail of an upload, and shows anything else as it is', () => {
    expect(thumbnailUrl('/uploads/a.png')).toBe('/uploads/thumbs/a.png');
    expect(thumbnailUrl('a.png')).toBe('/uploads/thumbs/a.png');
    expect(thumbnailUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(thumbnailUrl('uploads/eski/a.png')).toBe('/uploads/eski/a.png');
  });
  it('treats Video, type video, or a video extension as video; anything else as image', () => {
    expect(isVideo({ mediaType: 'Video' })).toBe(true);
    expect(isVideo({ type: 'video' })).toBe(true);
    expect(isVideo({ mediaType: 'Resim', filePath: '/uploads/x.MOV' })).toBe(true);
    expect(isVideo({ mediaType: 'Resim', filePath: '/uploads/x.png' })).toBe(false);
    expect(isVideo({ mediaType: 'image' })).toBe(false);
  });
});
