import { z } from './zod.js';
import { ZLatitude, ZLongitude, colour, numberField, requiredText, storableText } from './common.js';
import { youtubeVideoId } from './app-rules.js';
import { PDF_MAX_PAGES } from './constants.js';

/*
 * Apps ('Uygulamalar'): library items with settings instead of a file (docs/PRODUCT.md#apps).
 * A playlist item is a media or an app; the server ships what an app fetched from outside
 * (feed items, weather) in the screen config with its time, never the screen itself.
 */

// The kinds and their names (APP_KINDS, APP_KIND_NAMES) live in constants.ts (no zod), so the
// media page can badge an app without the schemas.

/** An http(s) address, with the field named in the message. */
export const httpUrl = (field: string) => {
  const message = `${field} http:// ya da https:// ile başlayan geçerli bir adres olmalıdır`;
  return storableText(message).trim().max(2000, `${field} en fazla 2000 karakter olabilir`).refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
    } catch {
      return false;
    }
    // Checks after this one (a YouTube id, a .m3u8 path) read the address: they run only on one.
  }, { message, abort: true });
};

const boolean = (field: string) => z.boolean({ error: `${field} evet ya da hayır olmalıdır` });
const intRange = (field: string, min: number, max: number) => {
  const message = `${field} ${min} ile ${max} arasında bir tam sayı olmalıdır`;
  return numberField(message).pipe(z.number().int(message).min(min, message).max(max, message));
};

export { youtubeVideoId } from './app-rules.js';

const ZClockApp = z.object({
  kind: z.literal('clock'),
  style: z.enum(['digital', 'analog'], { error: 'Saat biçimi dijital ya da analog olmalıdır' }).default('digital'),
  showDate: boolean('Tarihi göster').default(true),
  showSeconds: boolean('Saniyeyi göster').default(false),
});

const ZTextApp = z.object({
  kind: z.literal('text'),
  title: storableText('Başlık metin olmalıdır').trim().max(200, 'Başlık en fazla 200 karakter olabilir').default(''),
  /** Plain text; line breaks are kept, nothing is read as HTML. */
  body: storableText('Metin metin olmalıdır').max(2000, 'Metin en fazla 2000 karakter olabilir').default(''),
  background: colour('Arka plan rengi').default('#1E3A8A'),
  textColor: colour('Yazı rengi').default('#FFFFFF'),
  align: z.enum(['left', 'center', 'right'], { error: 'Hizalama sol, orta ya da sağ olmalıdır' }).default('center'),
}).refine((a) => a.title.trim() !== '' || a.body.trim() !== '', { message: 'Lütfen bir başlık ya da metin giriniz', path: ['body'] });

const REFRESH = 'Yenileme süresi 0 ya da 60 ile 86400 saniye arasında olmalıdır';
const ZWebApp = z.object({
  kind: z.literal('web'),
  url: httpUrl('Sayfa adresi'),
  /** 0: never reloaded; otherwise every so many seconds. */
  refreshSeconds: numberField(REFRESH).pipe(z.number().int(REFRESH).refine((n) => n === 0 || (n >= 60 && n <= 86_400), REFRESH)).default(0),
  /** Percent. */
  zoom: intRange('Yakınlaştırma', 25, 400).default(100),
});

const ZYoutubeApp = z.object({
  kind: z.literal('youtube'),
  url: httpUrl('YouTube adresi').refine((u) => youtubeVideoId(u) !== null, 'Geçerli bir YouTube video adresi giriniz (izleme, paylaşım ya da embed adresi)'),
});

const ZStreamApp = z.object({
  kind: z.literal('stream'),
  url: httpUrl('Yayın adresi').refine((u) => /\.m3u8$/i.test(new URL(u).pathname), 'Yayın adresi bir HLS adresi (.m3u8) olmalıdır'),
});

const ZRssApp = z.object({
  kind: z.literal('rss'),
  url: httpUrl('Haber kaynağı adresi'),
  maxItems: intRange('Haber sayısı', 1, 20).default(5),
  style: z.enum(['list', 'ticker'], { error: 'Görünüm liste ya da kayan yazı olmalıdır' }).default('list'),
});

const ZWeatherApp = z.object({
  kind: z.literal('weather'),
  city: requiredText('Lütfen şehir adını giriniz', 100),
  latitude: ZLatitude,
  longitude: ZLongitude,
});

const ZQrApp = z.object({
  kind: z.literal('qr'),
  /** What the code holds: usually an address, any text up to 1000 characters. */
  url: requiredText('Lütfen QR kodun adresini giriniz', 1000),
  caption: storableText('Açıklama metin olmalıdır').trim().max(200, 'Açıklama en fazla 200 karakter olabilir').default(''),
});

const ZCountdownApp = z.object({
  kind: z.literal('countdown'),
  title: requiredText('Lütfen geri sayımın başlığını giriniz'),
  /** An ISO instant (with its offset). */
  target: storableText('Hedef zaman geçerli bir tarih olmalıdır').refine((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && Number.isFinite(Date.parse(s)), 'Hedef zaman geçerli bir tarih olmalıdır'),
  finishedText: storableText('Bitiş metni metin olmalıdır').trim().max(200, 'Bitiş metni en fazla 200 karakter olabilir').default(''),
});

/** A PDF document comes only from an upload (docs/PRODUCT.md#apps): asked for as settings, this says how. */
export const PDF_ONLY_BY_UPLOAD = 'PDF belgesi uygulama olarak oluşturulamaz; lütfen PDF dosyasını Medya sayfasından yükleyin';

const EDITABLE_APPS = [ZClockApp, ZTextApp, ZWebApp, ZYoutubeApp, ZStreamApp, ZRssApp, ZWeatherApp, ZQrApp, ZCountdownApp] as const;

/** One app's settings, by kind: what a request may create or change (never a 'pdf'). */
export const ZAppSettings = z.discriminatedUnion('kind', [...EDITABLE_APPS], {
  error: (issue) => ((issue.input as { kind?: unknown } | undefined)?.kind === 'pdf' ? PDF_ONLY_BY_UPLOAD : 'Geçersiz uygulama türü'),
});
export type TAppSettings = z.infer<typeof ZAppSettings>;
export type TAppSettingsInput = z.input<typeof ZAppSettings>;

/**
 * A PDF uploaded on /media (docs/PRODUCT.md#apps): its pages as images the server rendered at
 * upload, in order, each `/uploads/<file>` (relative to the product's host, like `filePath`).
 * A screen shows each page for the item's duration in turn.
 */
const ZPdfDocument = z.object({
  kind: z.literal('pdf'),
  pages: z.array(z.string().min(1)).min(1).max(PDF_MAX_PAGES),
});
export type TPdfDocument = z.infer<typeof ZPdfDocument>;

/** What an app item carries in a media answer and in a screen config: any kind's settings, or a PDF's pages. */
export const ZMediaApp = z.discriminatedUnion('kind', [...EDITABLE_APPS, ZPdfDocument], { error: 'Geçersiz uygulama türü' });
export type TMediaApp = z.infer<typeof ZMediaApp>;

/** POST /api/media/apps. */
export const ZCreateAppRequest = z.object({
  name: requiredText('Lütfen uygulama adını giriniz'),
  app: ZAppSettings,
});
export type TCreateAppRequest = z.input<typeof ZCreateAppRequest>;

/** PUT /api/media/{id}: a new name for any item, new settings for an app (its kind stays). */
export const ZUpdateMediaRequest = z.object({
  name: requiredText('Lütfen medya adını giriniz').optional(),
  app: ZAppSettings.optional(),
}).refine((r) => r.name !== undefined || r.app !== undefined, 'Değiştirilecek bir alan giriniz');
export type TUpdateMediaRequest = z.input<typeof ZUpdateMediaRequest>;

/**
 * POST /api/media/apps/preview: an rss or weather app's settings, before it is saved; answered
 * with what the server would fetch for it now (`ZAppData`), stored nowhere (docs/PRODUCT.md#apps).
 */
export const ZAppPreviewRequest = z.object({
  app: z.discriminatedUnion('kind', [ZRssApp, ZWeatherApp], { error: 'Önizleme verisi yalnızca haber (RSS) ve hava durumu uygulamaları için alınır' }),
});

/** One feed item as a screen shows it: plain text only. */
const ZFeedItem = z.object({
  title: z.string(),
  summary: z.string(),
  publishedAt: z.string().nullable(),
});

/** Current weather and the next days, as the weather job keeps it (WMO weather codes). */
const ZWeather = z.object({
  temperature: z.number(),
  weatherCode: z.number().int(),
  days: z.array(z.object({ date: z.string(), min: z.number(), max: z.number(), weatherCode: z.number().int() })),
});

/**
 * What the server fetched for an app (rss, weather) and when; shipped in the screen config so
 * an offline screen shows the last data with 'Son güncelleme: {time}'. null until the first fetch.
 */
export const ZAppData = z.object({
  fetchedAt: z.string(),
  items: z.array(ZFeedItem).optional(),
  weather: ZWeather.optional(),
});
export type TFeedItem = z.infer<typeof ZFeedItem>;
export type TWeather = z.infer<typeof ZWeather>;
export type TAppData = z.infer<typeof ZAppData>;
