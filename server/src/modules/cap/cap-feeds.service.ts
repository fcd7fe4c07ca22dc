import type { TCapFeedWriteBody, TCapSettings } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { AuthAccount } from '../../http/request-types.js';
import { AppError, limitReached, notFound } from '../../http/errors.js';
import { assertUrlField, fetchPolicy, guardedFetch, GuardedFetchError } from '../../http/guarded-fetch.js';
import { isLimited } from '../../http/policy.js';
import { lockOwner } from '../entitlements/limits.js';
import { findRunningPurchase } from '../entitlements/active-package.js';
import { audit, changesOf } from '../audit/audit.js';
import { capSettingsOf, receiveCap, type CapSource } from './cap.service.js';
import { readFeed } from './cap-feed-reader.js';
import { CAP_MAX_BYTES } from './cap-message.js';

/*
 * CAP feeds (docs/architecture/cap.md#feeds): addresses Pano polls for an account, each by its
 * own `capFeed.poll` job that queues the next one; every message found goes through the same
 * receiveCap as a posted one, so a message seen on every poll is applied once.
 */

export const MAX_CAP_FEEDS = 10;
/** A feed's own document; each linked message has CAP_MAX_BYTES. */
const FEED_MAX_BYTES = 2 * 1024 * 1024;
const ACCEPT = 'application/cap+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9';

/** How long one poll goes on fetching an Atom feed's linked messages. */
const LINKS_DEADLINE_MS = 30_000;
/** Received messages are kept this long: an Update or Cancel refers to messages of hours or days before. */
const MESSAGES_KEPT_DAYS = 90;

export const capFeedJobKey = (feedId: string) => `cap-feed-${feedId}`;
const feedMissing = () => notFound('CAP beslemesi');
const FEED_FIELDS = ['url', 'pollSeconds', 'groupIds', 'enabled'] as const;
const target = (f: { id: string; url: string }) => ({ type: 'capFeed', id: f.id, name: f.url });

export type CapFeedRow = {
  id: string; url: string; pollSeconds: number; groupIds: string[]; enabled: boolean;
  lastPolledAt: Date | null; lastOkAt: Date | null; lastError: string | null; createdAt: Date;
  groups: { id: string; name: string }[]; messageCount: number;
};

/** A member limited to screen groups sees the feeds within their groups only. */
const visibleTo = (account: AuthAccount, groupIds: string[]) =>
  !isLimited(account) || (groupIds.length > 0 && groupIds.every((g) => account.groupIds.includes(g)));

async function withDetails(ctx: AppContext, ownerId: string, rows: Omit<CapFeedRow, 'groups' | 'messageCount'>[]): Promise<CapFeedRow[]> {
  const groupIds = [...new Set(rows.flatMap((r) => r.groupIds))];
  const groups = await ctx.db.screenGroup.findMany({ where: { ownerId, id: { in: groupIds } }, select: { id: true, name: true } });
  const counts = await ctx.db.capMessage.groupBy({ by: ['feedId'], where: { ownerId, feedId: { in: rows.map((r) => r.id) } }, _count: { _all: true } });
  return rows.map((r) => ({
    ...r,
    groups: groups.filter((g) => r.groupIds.includes(g.id)),
    messageCount: counts.find((c) => c.feedId === r.id)?._count._all ?? 0,
  }));
}

export async function listCapFeeds(ctx: AppContext, account: AuthAccount): Promise<CapFeedRow[]> {
  const rows = await ctx.db.capFeed.findMany({ where: { ownerId: account.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return withDetails(ctx, account.id, rows.filter((r) => visibleTo(account, r.groupIds)));
}

const assertReachable = (ctx: AppContext, url: string) => assertUrlField(url, fetchPolicy(ctx.config), 'Besleme adresi');

async function assertOwnGroups(ctx: AppContext, ownerId: string, groupIds: string[]): Promise<void> {
  const found = await ctx.db.screenGroup.count({ where: { ownerId, id: { in: groupIds } } });
  if (found !== groupIds.length) throw notFound('Ekran grubu');
}

const pollNow = (ctx: AppContext, feedId: string) =>
  ctx.jobs.enqueue('capFeed.poll', { feedId }, { key: capFeedJobKey(feedId) })
    .catch((err) => ctx.logger.error({ err, feedId }, 'queuing a CAP feed poll failed; the repair job queues it'));

export async function createCapFeed(ctx: AppContext, ownerId: string, body: TCapFeedWriteBody): Promise<CapFeedRow> {
  await assertReachable(ctx, body.url);
  await assertOwnGroups(ctx, ownerId, body.groups);
  const row = await ctx.db.$transaction(async (tx) => {
    await lockOwner(tx, ownerId);
    if (await tx.capFeed.count({ where: { ownerId } }) >= MAX_CAP_FEEDS) throw limitReached(`En fazla ${MAX_CAP_FEEDS} CAP beslemesi ekleyebilirsiniz`);
    const created = await tx.capFeed.create({
      data: { ownerId, url: body.url, pollSeconds: body.pollSeconds, groupIds: body.groups, enabled: body.enabled, createdAt: ctx.clock() },
    });
    await audit(tx, { account: ownerId, action: 'capFeed.create', target: target(created), changes: changesOf(null, created, FEED_FIELDS) });
    return created;
  });
  if (row.enabled) await pollNow(ctx, row.id);
  return (await withDetails(ctx, ownerId, [row]))[0]!;
}

async function ownFeed(ctx: AppContext, account: AuthAccount, id: string) {
  const row = await ctx.db.capFeed.findFirst({ where: { id, ownerId: account.id } });
  if (!row || !visibleTo(account, row.groupIds)) throw feedMissing();
  return row;
}

export async function updateCapFeed(ctx: AppContext, account: AuthAccount, id: string, body: TCapFeedWriteBody): Promise<CapFeedRow> {
  const before = await ownFeed(ctx, account, id);
  if (body.url !== before.url) await assertReachable(ctx, body.url);
  await assertOwnGroups(ctx, account.id, body.groups);
  const row = await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.capFeed.updateMany({
      where: { id, ownerId: account.id },
      data: { url: body.url, pollSeconds: body.pollSeconds, groupIds: body.groups, enabled: body.enabled, ...(body.url !== before.url ? { lastError: null } : {}) },
    });
    if (count === 0) throw feedMissing();
    const after = await tx.capFeed.findUniqueOrThrow({ where: { id } });
    const changes = changesOf(before, after, FEED_FIELDS);
    if (Object.keys(changes).length > 0) await audit(tx, { account: account.id, action: 'capFeed.update', target: target(after), changes });
    return after;
  });
  if (row.enabled) await pollNow(ctx, row.id);
  return (await withDetails(ctx, account.id, [row]))[0]!;
}

/** Its alerts stay as they are; its messages stay recorded (a later Cancel posted by hand still finds them). */
export async function deleteCapFeed(ctx: AppContext, account: AuthAccount, id: string): Promise<void> {
  await ownFeed(ctx, account, id);
  await ctx.db.$transaction(async (tx) => {
    const gone = await tx.capFeed.findFirst({ where: { id, ownerId: account.id } });
    if (!gone) throw feedMissing();
    await tx.capFeed.delete({ where: { id } });
    await audit(tx, { account: account.id, action: 'capFeed.delete', target: target(gone), changes: changesOf(gone, null, FEED_FIELDS) });
  });
}

export async function saveCapSettings(ctx: AppContext, ownerId: string, settings: TCapSettings): Promise<TCapSettings> {
  const before = await capSettingsOf(ctx, ownerId);
  await ctx.db.$transaction(async (tx) => {
    await tx.account.update({ where: { id: ownerId }, data: { capSettings: settings } });
    const changes = changesOf(before, settings, ['colours', 'soundFor']);
    if (Object.keys(changes).length > 0) await audit(tx, { account: ownerId, action: 'settings.cap', target: { type: 'settings', id: ownerId, name: 'CAP' }, changes });
  });
  return settings;
}

/** A poll that could not read the feed; `message` is Turkish, for the feed's card. */
class FeedError extends Error {}

/** Why a poll failed, in Turkish, for the feed's card. */
function pollError(err: unknown): string {
  if (err instanceof GuardedFetchError) return `Besleme okunamadı: ${err.message}`;
  if (err instanceof AppError || err instanceof FeedError) return err.message;
  return 'Besleme okunamadı';
}

async function fetchText(ctx: AppContext, url: string, maxBytes: number): Promise<string> {
  const res = await guardedFetch(url, { headers: { accept: ACCEPT }, maxBytes }, fetchPolicy(ctx.config));
  if (res.status < 200 || res.status > 299) throw new FeedError(`Adres ${res.status} yanıtı verdi`);
  return res.text();
}

/**
 * The `capFeed.poll` job: reads the feed, applies each message it holds (the first failure is
 * kept as the feed's error, the others still applied), records the outcome, and queues the next
 * poll. A feed turned off or deleted is not polled again; an account without a running package
 * is polled but sends nothing, as a posted message would be refused.
 */
export async function pollCapFeed(ctx: AppContext, feedId: string): Promise<void> {
  const feed = await ctx.db.capFeed.findUnique({ where: { id: feedId } });
  if (!feed?.enabled) return;
  const now = ctx.clock();
  let error: string | null = null;
  let ok = false;
  try {
    if (!(await findRunningPurchase(ctx.db, feed.ownerId, now))) throw new FeedError('Aktif paket olmadığı için besleme uygulanmadı');
    const contents = readFeed(await fetchText(ctx, feed.url, FEED_MAX_BYTES));
    if (contents.kind === 'unknown') throw new FeedError('Adres bir CAP iletisi ya da Atom beslemesi döndürmedi');
    ok = true;
    const source: CapSource = { ownerId: feed.ownerId, actor: { system: true }, groups: feed.groupIds.length > 0 ? feed.groupIds : null, feedId };
    const messages = contents.kind === 'message' ? [contents.xml] : contents.inline;
    for (const xml of messages) error ??= await applied(ctx, source, xml);
    if (contents.kind === 'atom') {
      for (const link of contents.links) {
        // A feed of slow links must not hold a worker for minutes: the rest waits for the next poll.
        if (ctx.clock().getTime() - now.getTime() > LINKS_DEADLINE_MS) break;
        try {
          error ??= await applied(ctx, source, await fetchText(ctx, link, CAP_MAX_BYTES));
        } catch (err) {
          error ??= pollError(err);
        }
      }
    }
  } catch (err) {
    error = pollError(err);
    if (!(err instanceof AppError || err instanceof FeedError || err instanceof GuardedFetchError)) ctx.logger.error({ err, feedId }, 'CAP feed poll failed');
  }
  await ctx.db.capFeed.updateMany({ where: { id: feedId }, data: { lastPolledAt: now, lastError: error, ...(ok ? { lastOkAt: now } : {}) } });
  await ctx.jobs.enqueue('capFeed.poll', { feedId }, { key: capFeedJobKey(feedId), runAt: new Date(now.getTime() + feed.pollSeconds * 1000) });
}

/** One message of a feed applied; its refusal (Turkish) or null. */
async function applied(ctx: AppContext, source: CapSource, xml: string): Promise<string | null> {
  try {
    await receiveCap(ctx, source, xml);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.message;
    throw err;
  }
}

/**
 * The periodic `capFeeds.repair`: queues the poll of every enabled feed whose job was lost (a
 * restart), and forgets received messages older than MESSAGES_KEPT_DAYS.
 */
export async function repairCapFeeds(ctx: AppContext): Promise<void> {
  await ctx.db.capMessage.deleteMany({ where: { receivedAt: { lt: new Date(ctx.clock().getTime() - MESSAGES_KEPT_DAYS * 86_400_000) } } });
  const feeds = await ctx.db.capFeed.findMany({ where: { enabled: true }, select: { id: true, pollSeconds: true, lastPolledAt: true }, orderBy: { id: 'asc' } });
  const now = ctx.clock().getTime();
  await ctx.jobs.ensureScheduled(feeds.map((f) => ({
    name: 'capFeed.poll', payload: { feedId: f.id }, key: capFeedJobKey(f.id),
    runAt: new Date(Math.max(now, (f.lastPolledAt?.getTime() ?? 0) + f.pollSeconds * 1000)),
  })));
}
