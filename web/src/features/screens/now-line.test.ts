import { describe, expect, it } from 'vitest';
import { refetchDelay, type ScreenNow } from './api/use-screens-now';
import { nowLine } from './now-line';

const row = (over: Partial<ScreenNow>): ScreenNow => ({
  screenId: '00000000-0000-4000-8000-000000000001', playlist: { _id: '00000000-0000-4000-8000-000000000002', name: 'Öğle Menüsü' },
  directionPlaylist: null, source: 'schedule', scheduleId: null, until: null, ...over,
});
// 2026-11-23 13:00 in Istanbul (UTC+3).
const at = Date.parse('2026-11-23T10:00:00Z');

describe("'Şu an' on a screen card", () => {
  it("reads the end on the screen's own clock, with the Turkish ending of the time read aloud", () => {
    const ist = 'Europe/Istanbul';
    expect(nowLine(row({ until: '2026-11-23T10:30:00Z' }), ist, at)).toBe("Şu an: Öğle Menüsü · 13:30'a kadar");
    expect(nowLine(row({ until: '2026-11-23T09:00:00Z' }), ist, at - 3_600_000 * 2)).toBe("Şu an: Öğle Menüsü · 12:00'ye kadar");
    expect(nowLine(row({ until: '2026-11-23T11:45:00Z' }), ist, at)).toBe("Şu an: Öğle Menüsü · 14:45'e kadar");
    expect(nowLine(row({ until: '2026-11-23T15:00:00Z' }), ist, at)).toBe("Şu an: Öğle Menüsü · 18:00'e kadar");
    expect(nowLine(row({ until: '2026-11-23T16:50:00Z' }), ist, at)).toBe("Şu an: Öğle Menüsü · 19:50'ye kadar");
    expect(nowLine(row({ until: '2026-11-23T18:06:00Z' }), ist, at)).toBe("Şu an: Öğle Menüsü · 21:06'ya kadar");
    // The same instant is another hour in Berlin (UTC+1).
    expect(nowLine(row({ until: '2026-11-23T10:30:00Z' }), 'Europe/Berlin', at)).toBe("Şu an: Öğle Menüsü · 11:30'a kadar");
  });

  it("says 'yarın' for tomorrow and the date beyond it; nothing after the name when nothing ends", () => {
    const ist = 'Europe/Istanbul';
    expect(nowLine(row({ until: '2026-11-23T21:00:00Z' }), ist, at)).toBe("Şu an: Öğle Menüsü · yarın 00:00'a kadar");
    expect(nowLine(row({ until: '2026-11-24T06:00:00Z' }), ist, at)).toBe("Şu an: Öğle Menüsü · yarın 09:00'a kadar");
    expect(nowLine(row({ until: '2026-11-27T06:00:00Z' }), ist, at)).toBe("Şu an: Öğle Menüsü · 27.11.2026 09:00'a kadar");
    expect(nowLine(row({ source: 'default', until: null }), ist, at)).toBe('Şu an: Öğle Menüsü');
    expect(nowLine(row({ source: 'none', playlist: null, until: null }), ist, at)).toBe('Şu an: İçerik yok');
  });

  it('names the layout when the screen shows one (docs/PRODUCT.md#layouts)', () => {
    const layout = { _id: '00000000-0000-4000-8000-000000000003', name: 'Lobi Yerleşimi' };
    expect(nowLine(row({ source: 'default', playlist: null, layout, until: null }), 'Europe/Istanbul', at)).toBe('Şu an: Lobi Yerleşimi');
  });

  it('asks again just after the earliest end, soon when a server behind us still answers a passed one, never when none ends', () => {
    const rows = [row({ until: '2026-11-23T10:30:00Z' }), row({ until: '2026-11-23T10:05:00Z' }), row({ until: null })];
    expect(refetchDelay(rows, at)).toBe(5 * 60_000 + 200);
    expect(refetchDelay([row({ until: '2026-11-23T09:59:59Z' })], at)).toBe(1000);
    expect(refetchDelay([row({ until: null })], at)).toBeNull();
    expect(refetchDelay([row({ until: '2027-11-23T10:00:00Z' })], at)).toBe(2 ** 31 - 1);
  });
});
