import { isDeepStrictEqual } from 'node:util';
import { ErrorCode, ZAppData, ZAppSettings, type TAppData, type TAppSettings } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Prisma } from '../../db/generated/client.js';
import { AppError } from '../../http/errors.js';
import { fetchPolicy, GuardedFetchError, guardedFetch } from '../../http/guarded-fetch.js';
import { screensShowingMedia } from '../media/media-screens.js';
import { decodeFeed, parseFeed } from './feed.js';
import { forecastUrl, parseForecast } from './weather.js';

/*
 * What rss and weather apps show is fetched by the server, never by the screen, and shipped in
 * the screen config as the app's `appData` with its time (docs/PRODUCT.md#apps): every 10
 * minutes for the apps in a playlist, and on save. A failed fetch keeps the last data.
 */

const FETCHED_KINDS = ['rss', 'weather'] as const;

export const appFetchJobKey = (mediaId: string) => `app-fetch-${mediaId}`;

/**
 * The first half of the 10 minutes over which the periodic refresh spreads its fetches: a
 * thousand feeds are not all fetched in the same second (the in-process runner has no
 * concurrency cap, and slow feeds would hold BullMQ's workers from other jobs).
 */
const APP_REFRESH_SPREAD_MS = 5 * 60_000;

/**
 * The periodic refresh: one fetch job per rss or weather app that a playlist holds, spread out,
 * in one batch; an app whose fetch is still waiting keeps it. Returns how many it queued.
 */
export async function queueAppRefreshes(ctx: AppContext): Promise<number> {
  const apps = await ctx.db.media.findMany({
    where: { kind: 'app', items: { some: {} }, OR: FETCHED_KINDS.map((kind) => ({ app: { path: ['kind'], equals: kind } })) },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  const now = ctx.clock().getTime();
  const step = apps.length > 0 ? APP_REFRESH_SPREAD_MS / apps.length : 0;
  return ctx.jobs.ensureScheduled(apps.map((a, i) => ({
    name: 'app.fetch', payload: { mediaId: a.id }, key: appFetchJobKey(a.id), runAt: new Date(now + Math.floor(i * step)),
  })));
}

type Fetched = Omit<TAppData, 'fetchedAt'>;

/** The address answered, but not with a success: `message` is Turkish, for the form's preview. */
class AnswerError extends Error {}
type TRssApp = Extract<TAppSettings, { kind: 'rss' }>;
type TWeatherApp = Extract<TAppSettings, { kind: 'weather' }>;

/**
 * A feed's XML is parsed on the API's own thread: at most 2 MB of it (about 100 ms on this
 * project's 2-core machine; real feeds are far smaller), so one customer's feeds cannot stall
 * every other request (docs/architecture/security.md#server-side-fetches).
 */
export const FEED_MAX_BYTES = 2 * 1024 * 1024;

async function fetchFeed(ctx: AppContext, app: TRssApp): Promise<Fetched> {
  const res = await guardedFetch(app.url, {
    headers: { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5' },
    maxBytes: FEED_MAX_BYTES,
  }, fetchPolicy(ctx.config));
  if (res.status < 200 || res.status > 299) throw new AnswerError(`Adres ${res.status} yanıtı verdi`);
  return { items: parseFeed(decodeFeed(res.body, res.headers['content-type']), app.maxItems) };
}

async function fetchWeather(ctx: AppContext, app: TWeatherApp): Promise<Fetched> {
  const res = await guardedFetch(forecastUrl(ctx.config.weatherApiUrl, app), { headers: { accept: 'application/json' } }, fetchPolicy(ctx.config));
  if (res.status < 200 || res.status > 299) throw new AnswerError(`Hava durumu servisi ${res.status} yanıtı verdi`);
  return { weather: parseForecast(JSON.parse(res.text())) };
}

/**
 * The `app.fetch` job: fetches an rss or weather app's data and stores it with its time; the
 * screens showing the app are pushed only when what they show changed. A failed fetch (refused
 * address, timeout, not a feed) is logged and the last data stays. Settings changed while it
 * fetched: nothing is written, the save's own fetch does it.
 */
export async function fetchAppData(ctx: AppContext, mediaId: string): Promise<void> {
  const media = await ctx.db.media.findUnique({ where: { id: mediaId }, select: { ownerId: true, kind: true, app: true, appData: true } });
  if (media?.kind !== 'app') return;
  const settings = ZAppSettings.safeParse(media.app);
  if (!settings.success) return;
  const app = settings.data;
  if (app.kind !== 'rss' && app.kind !== 'weather') return;
  let fresh: Fetched;
  try {
    fresh = app.kind === 'rss' ? await fetchFeed(ctx, app) : await fetchWeather(ctx, app);
  } catch (err) {
    ctx.logger.warn({ err, mediaId, kind: app.kind }, 'app data fetch failed; the screens keep the last data');
    return;
  }
  const last = ZAppData.safeParse(media.appData);
  const changed = !last.success || !isDeepStrictEqual(contentOf(last.data), fresh);
  const appData: TAppData = { fetchedAt: ctx.clock().toISOString(), ...fresh };
  const { count } = await ctx.db.media.updateMany({
    where: { id: mediaId, app: { equals: media.app as Prisma.InputJsonValue } },
    data: { appData },
  });
  if (count === 1 && changed) {
    const screens = await screensShowingMedia(ctx.db, media.ownerId, [mediaId], ctx.clock());
    if (screens.length > 0) await ctx.notifier.screensChanged(screens);
  }
}

/**
 * What an rss or weather app with these settings would show now, fetched as its job fetches it,
 * for the 'Uygulama Ekle' form's live preview; nothing is stored. A fetch that fails answers 422
 * with why, in Turkish: the guard's reason (a refused address, a timeout) or that the answer was
 * not a feed or a forecast.
 */
export async function previewAppData(ctx: AppContext, app: TRssApp | TWeatherApp): Promise<TAppData> {
  try {
    const fresh = app.kind === 'rss' ? await fetchFeed(ctx, app) : await fetchWeather(ctx, app);
    return { fetchedAt: ctx.clock().toISOString(), ...fresh };
  } catch (err) {
    throw new AppError(422, ErrorCode.VALIDATION, `Veri alınamadı: ${failureReason(app.kind, err)}`);
  }
}

/**
 * Why a preview's fetch failed, in Turkish. The weather service's address is the server's own
 * (WEATHER_API_URL), not one the customer typed, so its network failures do not speak of "the address".
 */
function failureReason(kind: 'rss' | 'weather', err: unknown): string {
  if (err instanceof AnswerError) return err.message;
  if (kind === 'weather') return err instanceof GuardedFetchError ? 'Hava durumu servisine ulaşılamadı' : 'Hava durumu servisi geçerli bir tahmin vermedi';
  return err instanceof GuardedFetchError ? err.message : 'Adres okunabilir bir RSS ya da Atom kaynağı değil';
}

const contentOf = (d: TAppData): Fetched => (d.items !== undefined ? { items: d.items } : d.weather !== undefined ? { weather: d.weather } : {});
