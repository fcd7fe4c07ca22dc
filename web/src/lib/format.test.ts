import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatDateTime, formatMoney, formatPercent } from './format';
import { isVideo, mediaUrl } from './media-url';

describe('Turkish formatting', () => {
  it('formats dates day.month.year', () => {
    expect(formatDate('2025-03-05T12:00:00Z')).toBe('05.03.2025');
    expect(formatDateTime(new Date(2025, 2, 5, 14, 7))).toBe('05.03.2025 14:07');
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
});

describe('media urls (docs/PRODUCT.md#data)', () => {
  it('resolves every file path form against /uploads', () => {
    expect(mediaUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(mediaUrl('/uploads/a.png')).toBe('/uploads/a.png');
    expect(mediaUrl('uploads/a.png')).toBe('/uploads/a.png');
    expect(mediaUrl('a.png')).toBe('/uploads/a.png');
  });
  it('treats Video, type video, or a video extension as video; anything else as image', () => {
    expect(isVideo({ mediaType: 'Video' })).toBe(true);
    expect(isVideo({ type: 'video' })).toBe(true);
    expect(isVideo({ mediaType: 'Resim', filePath: '/uploads/x.MOV' })).toBe(true);
    expect(isVideo({ mediaType: 'Resim', filePath: '/uploads/x.png' })).toBe(false);
    expect(isVideo({ mediaType: 'image' })).toBe(false);
  });
});
