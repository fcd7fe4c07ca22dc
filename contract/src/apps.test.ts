import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APP_KINDS, PDF_MAX_PAGES } from './constants.js';
import { PDF_ONLY_BY_UPLOAD, ZAppSettings, ZCreateAppRequest, ZMediaApp, ZUpdateMediaRequest, youtubeVideoId } from './apps.js';
import { ZMedia } from './media.js';

/** The first message of a refused value, or null when it is accepted. */
const refusal = (app: unknown): string | null => {
  const r = ZAppSettings.safeParse(app);
  return r.success ? null : r.error.issues[0]!.message;
};

const videoId = fc.stringMatching(/^[A-Za-z0-9_-]{6,20}$/);
const httpUrl = fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true });
const noNul = fc.string({ unit: 'grapheme', maxLength: 300 }).filter((s) => !s.includes('\u0000'));

/** One valid app of every kind, from generated settings. */
const validApp = fc.oneof(
  fc.record({ kind: fc.constant('clock'), style: fc.constantFrom('digital', 'analog'), showDate: fc.boolean(), showSeconds: fc.boolean() }),
  fc.record({
    kind: fc.constant('text'), title: noNul.map((s) => s.slice(0, 200)), body: noNul.map((s) => `${s}x`),
    background: fc.constantFrom('#000000', '#1e3a8a'), textColor: fc.constant('#FFFFFF'), align: fc.constantFrom('left', 'center', 'right'),
  }),
  fc.record({ kind: fc.constant('web'), url: httpUrl, refreshSeconds: fc.oneof(fc.constant(0), fc.integer({ min: 60, max: 86_400 })), zoom: fc.integer({ min: 25, max: 400 }) }),
  fc.record({ kind: fc.constant('youtube'), url: videoId.map((id) => `https://www.youtube.com/watch?v=${id}`) }),
  fc.record({ kind: fc.constant('stream'), url: httpUrl.map((u) => `${new URL(u).origin}/live/index.m3u8`) }),
  fc.record({ kind: fc.constant('rss'), url: httpUrl, maxItems: fc.integer({ min: 1, max: 20 }), style: fc.constantFrom('list', 'ticker') }),
  fc.record({
    kind: fc.constant('weather'), city: fc.constantFrom('İzmir', 'Şanlıurfa', 'Çanakkale'),
    latitude: fc.double({ min: -90, max: 90, noNaN: true }), longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('qr'), url: httpUrl, caption: fc.constantFrom('', 'Menü için okutun') }),
  fc.record({
    kind: fc.constant('countdown'), title: fc.constant('Açılış'), finishedText: fc.constant(''),
    target: fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
  }),
);

describe('app settings', () => {
  it('accepts every valid app, and what it keeps validates again unchanged (the server stores the parsed form)', () => {
    fc.assert(fc.property(validApp, (app) => {
      const kept = ZAppSettings.parse(app);
      expect(kept.kind).toBe(app.kind);
      expect(ZAppSettings.parse(kept)).toEqual(kept);
    }));
  });

  it('fills the defaults of each kind', () => {
    expect(ZAppSettings.parse({ kind: 'clock' })).toEqual({ kind: 'clock', style: 'digital', showDate: true, showSeconds: false });
    expect(ZAppSettings.parse({ kind: 'web', url: 'https://a.example' })).toEqual({ kind: 'web', url: 'https://a.example', refreshSeconds: 0, zoom: 100 });
    expect(ZAppSettings.parse({ kind: 'rss', url: 'http://a.example/f' })).toEqual({ kind: 'rss', url: 'http://a.example/f', maxItems: 5, style: 'list' });
  });

  it('refuses any kind it does not know', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.integer(), fc.constant(null)).filter((k) => !([...APP_KINDS, 'pdf'] as unknown[]).includes(k)), (kind) => {
      expect(refusal({ kind, url: 'https://a.example' })).toBe('Geçersiz uygulama türü');
    }));
  });

  it('takes a web zoom of 25-400 % and a refresh of 0 or 60-86400 s, whole numbers only', () => {
    fc.assert(fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -10, max: 100_000 }), (zoom, refresh) => {
      const zoomOk = zoom >= 25 && zoom <= 400;
      expect(refusal({ kind: 'web', url: 'https://a.example', zoom })).toBe(zoomOk ? null : 'Yakınlaştırma 25 ile 400 arasında bir tam sayı olmalıdır');
      const refreshOk = refresh === 0 || (refresh >= 60 && refresh <= 86_400);
      expect(refusal({ kind: 'web', url: 'https://a.example', refreshSeconds: refresh })).toBe(refreshOk ? null : 'Yenileme süresi 0 ya da 60 ile 86400 saniye arasında olmalıdır');
    }));
    fc.assert(fc.property(fc.double({ min: 25, max: 400, noNaN: true }).filter((n) => !Number.isInteger(n)), (zoom) => {
      expect(refusal({ kind: 'web', url: 'https://a.example', zoom })).toBe('Yakınlaştırma 25 ile 400 arasında bir tam sayı olmalıdır');
    }));
  });

  it('takes 1-20 feed items and coordinates on the globe only', () => {
    fc.assert(fc.property(fc.integer({ min: -50, max: 50 }), (maxItems) => {
      expect(refusal({ kind: 'rss', url: 'https://a.example/f', maxItems }) === null).toBe(maxItems >= 1 && maxItems <= 20);
    }));
    fc.assert(fc.property(fc.double({ min: -500, max: 500, noNaN: true }), fc.double({ min: -500, max: 500, noNaN: true }), (latitude, longitude) => {
      const ok = Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
      expect(refusal({ kind: 'weather', city: 'Van', latitude, longitude }) === null).toBe(ok);
    }));
  });

  it('refuses addresses of any scheme but http(s), with the field named', () => {
    const scheme = fc.constantFrom('javascript:', 'file://', 'ftp://', 'data:text/html,', 'ws://', 'mailto:');
    fc.assert(fc.property(scheme, fc.domain(), (s, host) => {
      expect(refusal({ kind: 'web', url: `${s}${host}/x` })).toBe('Sayfa adresi http:// ya da https:// ile başlayan geçerli bir adres olmalıdır');
      expect(refusal({ kind: 'rss', url: `${s}${host}/x` })).toBe('Haber kaynağı adresi http:// ya da https:// ile başlayan geçerli bir adres olmalıdır');
    }));
  });

  it('keeps an announcement\'s text as typed: markup and line breaks are text', () => {
    fc.assert(fc.property(noNul, fc.constantFrom('<script>alert(1)</script>', '<b>', '&amp;', '\n\n'), (text, markup) => {
      const body = `${text}${markup}`;
      fc.pre(body.trim() !== '');
      const kept = ZAppSettings.parse({ kind: 'text', body });
      expect(kept).toMatchObject({ body });
    }));
    expect(refusal({ kind: 'text', body: 'a\u0000b' })).toBe('Metin geçersiz bir karakter (NUL) içeriyor');
  });

  it('requests: a name is needed to create; an update names something to change', () => {
    expect(ZCreateAppRequest.safeParse({ name: ' ', app: { kind: 'clock' } }).error?.issues[0]?.message).toBe('Lütfen uygulama adını giriniz');
    expect(ZUpdateMediaRequest.safeParse({}).error?.issues[0]?.message).toBe('Değiştirilecek bir alan giriniz');
    expect(ZUpdateMediaRequest.parse({ name: ' Yeni ' })).toEqual({ name: 'Yeni' });
  });
});

describe('a PDF document', () => {
  const pages = (n: number) => Array.from({ length: n }, (_, i) => `/uploads/${String(i).padStart(32, '0')}.webp`);

  it('is never settings a request may create or change: it comes from an upload', () => {
    expect(refusal({ kind: 'pdf', pages: pages(3) })).toBe(PDF_ONLY_BY_UPLOAD);
    expect(ZCreateAppRequest.safeParse({ name: 'Menü', app: { kind: 'pdf', pages: pages(1) } }).error?.issues[0]?.message).toBe(PDF_ONLY_BY_UPLOAD);
    expect(ZUpdateMediaRequest.safeParse({ app: { kind: 'pdf', pages: pages(1) } }).error?.issues[0]?.message).toBe(PDF_ONLY_BY_UPLOAD);
    expect(ZUpdateMediaRequest.parse({ name: 'Yeni ad' })).toEqual({ name: 'Yeni ad' });
  });

  it('is what an app item may carry: 1 to PDF_MAX_PAGES page paths, in order', () => {
    expect(ZMediaApp.parse({ kind: 'pdf', pages: pages(3) })).toEqual({ kind: 'pdf', pages: pages(3) });
    expect(ZMediaApp.safeParse({ kind: 'pdf', pages: [] }).success).toBe(false);
    expect(ZMediaApp.safeParse({ kind: 'pdf', pages: pages(PDF_MAX_PAGES + 1) }).success).toBe(false);
    const media = {
      _id: '0b6f2d4e-8c1a-4f3b-9e2d-7a5c1b3d9e0f', name: 'Menü', filePath: '', mediaType: 'Uygulama', type: 'app', mimeType: 'application/pdf',
      size: 1234, width: 1357, height: 1920, duration: null, createdAt: '2026-11-27T09:00:00.000Z', app: { kind: 'pdf', pages: pages(2) },
    };
    expect(ZMedia.parse(media).app).toEqual({ kind: 'pdf', pages: pages(2) });
  });
});

describe('youtubeVideoId', () => {
  it('finds the id in watch, share, shorts and embed addresses', () => {
    const forms = (id: string) => [
      `https://www.youtube.com/watch?v=${id}`, `https://youtube.com/watch?feature=share&v=${id}`, `https://m.youtube.com/watch?v=${id}`,
      `https://youtu.be/${id}`, `https://youtu.be/${id}?t=42`, `https://www.youtube.com/embed/${id}`,
      `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`, `https://www.youtube.com/shorts/${id}`, `http://www.youtube.com/live/${id}`,
    ];
    fc.assert(fc.property(videoId, (id) => {
      for (const url of forms(id)) {
        expect(youtubeVideoId(url)).toBe(id);
        expect(refusal({ kind: 'youtube', url })).toBeNull();
      }
    }));
  });

  it('finds none on other sites, on YouTube pages that are no video, or in ids of the wrong shape', () => {
    fc.assert(fc.property(fc.domain().filter((d) => !/(^|\.)(youtube|youtube-nocookie)\.com$|^youtu\.be$/.test(d)), videoId, (host, id) => {
      expect(youtubeVideoId(`https://${host}/watch?v=${id}`)).toBeNull();
      expect(youtubeVideoId(`https://${host}/embed/${id}`)).toBeNull();
    }));
    fc.assert(fc.property(fc.string({ maxLength: 40 }).filter((s) => !/^[A-Za-z0-9_-]{6,20}$/.test(s)), (bad) => {
      expect(youtubeVideoId(`https://www.youtube.com/watch?v=${encodeURIComponent(bad)}`)).toBeNull();
    }));
    for (const url of ['https://www.youtube.com/', 'https://www.youtube.com/feed/trending', 'not a url', 'https://youtu.be/']) {
      expect(youtubeVideoId(url)).toBeNull();
    }
  });
});

describe('an address that is none', () => {
  it('is refused in Turkish by every kind that reads one, never thrown', () => {
    for (const kind of ['web', 'youtube', 'stream', 'rss']) {
      const r = ZAppSettings.safeParse({ kind, url: 'adres değil' });
      expect(r.error?.issues.map((i) => i.message), kind).toEqual([expect.stringMatching(/http:\/\/ ya da https:\/\/ ile başlayan geçerli bir adres olmalıdır$/)]);
    }
  });
});
