import type { z } from 'zod';
import type { TAppSettings, ZCreateAppRequest, ZUpdateMediaRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { Prisma, type Media } from '../../db/generated/client.js';
import { badRequest, notFound } from '../../http/errors.js';
import { screensShowingMedia } from './media-screens.js';
import { framingWarning } from './web-framing.js';
import { removeStoredFiles, storedFilesOf } from './media-files.js';
import { fetchPolicy } from '../../http/guarded-fetch.js';
import { audit, changesOf, mediaTarget, MEDIA_FIELDS } from '../audit/audit.js';
import { lockOwnedRow, type InEditHook } from '../../db/row-lock.js';

// Alphabetical reads best in a dialog; id keeps equal names in a stable order.
const byName = [{ name: 'asc' as const }, { id: 'asc' as const }];
const named = { id: true, name: true } as const;

/** What deleting a media item takes from: the playlists holding it, the screens showing one of those. */
export async function mediaUsage(db: Db, ownerId: string, id: string) {
  if (!(await db.media.findFirst({ where: { id, ownerId }, select: { id: true } }))) throw notFound('Medya');
  const inPlaylist = { items: { some: { mediaId: id } } };
  const [playlists, screens] = await Promise.all([
    db.playlist.findMany({ where: { ownerId, ...inPlaylist }, select: named, orderBy: byName }),
    db.screen.findMany({
      where: { ownerId, OR: [{ currentPlaylist: inPlaylist }, { currentLayout: { zones: { some: { playlist: inPlaylist } } } }] },
      select: named, orderBy: byName,
    }),
  ]);
  return { playlists, screens };
}

export async function listMedia(db: Db, ownerId: string): Promise<Media[]> {
  return db.media.findMany({ where: { ownerId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

/**
 * An app ('Uygulama', docs/PRODUCT.md#apps): a row without a file, so it takes no storage
 * (size 0, which the storage sum of entitlements/limits.ts adds as nothing). Nobody shows it
 * yet, so nothing is pushed. A web app's page is then asked whether it may be framed.
 */
export async function createApp(ctx: AppContext, ownerId: string, body: z.output<typeof ZCreateAppRequest>): Promise<SavedMedia> {
  const media = await ctx.db.$transaction(async (tx) => {
    const row = await tx.media.create({
      data: { ownerId, name: body.name, kind: 'app', fileName: null, mime: '', sizeBytes: 0n, app: body.app },
    });
    await audit(tx, { account: ownerId, action: 'media.create', target: mediaTarget(row), changes: changesOf(null, row, MEDIA_FIELDS) });
    return row;
  });
  await fetchSoon(ctx, media.id, body.app);
  return { media, warning: await warningFor(ctx, body.app) };
}

/** A saved item, and for a web app whose page refuses to be framed, why it may stay blank. */
type SavedMedia = { media: Media; warning: string | undefined };

/** Asked after the write, outside its transaction: a refused request (400, 404) never fetches. */
const warningFor = (ctx: AppContext, app: TAppSettings | undefined) =>
  (app?.kind === 'web' ? framingWarning(app.url, fetchPolicy(ctx.config)) : Promise.resolve(undefined));

/**
 * Renames any item and replaces an app's settings (its kind stays), then pushes every screen
 * showing it (`screensShowingMedia`), each once. A new source for an rss or weather app drops
 * what was fetched from the old one, so no screen shows another feed's items under it.
 */
export async function updateMedia(
  ctx: AppContext, ownerId: string, id: string, body: z.output<typeof ZUpdateMediaRequest>,
  alsoInEdit?: InEditHook<Media>,
): Promise<SavedMedia> {
  const { updated, screenIds } = await ctx.db.$transaction(async (tx) => {
    // Under the row's lock: an approval applied at once compares the row it read, not one an edit is changing.
    if (!(await lockOwnedRow(tx, 'media', id, ownerId))) throw notFound('Medya');
    const media = await tx.media.findUniqueOrThrow({ where: { id } });
    const data: Prisma.MediaUpdateInput = { name: body.name };
    if (body.app) {
      if (media.kind !== 'app') throw badRequest('Yalnızca uygulamaların ayarları değiştirilebilir');
      const before = media.app as { kind?: string } | null;
      if (before?.kind !== body.app.kind) throw badRequest('Uygulamanın türü değiştirilemez');
      data.app = body.app;
      if (sourceOf(before) !== sourceOf(body.app)) data.appData = Prisma.DbNull;
    }
    const updated = await tx.media.update({ where: { id }, data });
    await audit(tx, { account: ownerId, action: 'media.update', target: mediaTarget(updated), changes: changesOf(media, updated, MEDIA_FIELDS) });
    await alsoInEdit?.(tx, media);
    return { updated, screenIds: await screensShowingMedia(tx, ownerId, [id], ctx.clock()) };
  });
  if (screenIds.length) await ctx.notifier.screensChanged(screenIds);
  await fetchSoon(ctx, id, body.app);
  return { media: updated, warning: await warningFor(ctx, body.app) };
}

/** An rss or weather app's data is fetched on save, not only every 10 minutes. */
const fetchSoon = (ctx: AppContext, id: string, app: TAppSettings | undefined) =>
  (app?.kind === 'rss' || app?.kind === 'weather' ? refreshAppData(ctx, id) : Promise.resolve());

/**
 * After an app is created or its settings change: its data is fetched now, on the `app.fetch`
 * job (modules/app-data/), so the answer does not wait for a feed. Only rss and weather apps
 * fetch anything. A failure to queue is logged: the 10-minute refresh follows.
 */
export async function refreshAppData(ctx: Pick<AppContext, 'jobs' | 'logger'>, mediaId: string): Promise<void> {
  await ctx.jobs.enqueue('app.fetch', { mediaId })
    .catch((err: unknown) => ctx.logger.error({ err, mediaId }, 'queueing the app data fetch failed; the periodic refresh will fetch it'));
}

/** What an app's fetched data comes from: the feed address, or the place of a forecast. */
export const sourceOf = (app: object | null): string => {
  const a = (app ?? {}) as { url?: unknown; latitude?: unknown; longitude?: unknown };
  return JSON.stringify([a.url, a.latitude, a.longitude]);
};

/**
 * Deletes the row (its playlist items cascade), then its files (`storedFilesOf`: an app has
 * none), then tells the screens that showed it (`screensShowingMedia`). The files go after
 * the commit so a failed delete never leaves a row pointing at nothing.
 */
export async function deleteMedia(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  const { media, screenIds } = await ctx.db.$transaction(async (tx) => {
    const media = await tx.media.findFirst({ where: { id, ownerId } });
    if (!media) throw notFound('Medya');
    // Read before deleting: the items (and with them what the screens show) go with the row.
    const screenIds = await screensShowingMedia(tx, ownerId, [id], ctx.clock());
    await tx.media.delete({ where: { id } });
    await audit(tx, { account: ownerId, action: 'media.delete', target: mediaTarget(media), changes: changesOf(media, null, MEDIA_FIELDS) });
    return { media, screenIds };
  });
  await removeStoredFiles(ctx, storedFilesOf(media), 'media file could not be removed');
  if (screenIds.length) await ctx.notifier.screensChanged(screenIds);
}
