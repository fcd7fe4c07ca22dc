import { Webhook } from 'standardwebhooks';
import type { AppContext } from '../../context.js';
import { fetchPolicy, GuardedFetchError, guardedFetch } from '../../http/guarded-fetch.js';
import { openText } from '../../http/sealed-secret.js';
import { audit } from '../audit/audit.js';
import { webhookSecretKey } from './webhooks.service.js';
import { mailHookDisabled } from './webhook-mail.js';

/*
 * Sending one webhook message (docs/architecture/webhooks.md#delivery): signed by the Standard
 * Webhooks scheme with the library of its authors (`standardwebhooks`: the same code that
 * receivers verify with), posted through the guarded fetch (no internal addresses unless
 * FETCH_ALLOW_PRIVATE=1, no redirects followed), retried with a growing wait for 24 hours
 * under the same `webhook-id`.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How long a message is tried, and how long a hook may fail before Pano turns it off. */
export const RETRY_FOR_MS = 24 * HOUR;
/** The wait after the n-th failed attempt: 30 s, 1 min, 2 min, … doubling, at most 4 hours. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 4 * HOUR);
const ANSWER_KEPT = 1024;
/**
 * How long a claimed attempt holds its delivery: an attempt takes at most TIMEOUT_MS, so a
 * delivery still claimed after this lost its worker (a restart mid-attempt), and the repair job
 * sends it again.
 */
const ATTEMPT_LEASE_MS = 2 * MINUTE;
const TIMEOUT_MS = 10_000;
/** A receiver's answer is read up to this; a longer one is still a success when its status is. */
const ANSWER_READ = 64 * 1024;

const SECRET_LOST = "Webhook'un gizli anahtarı okunamıyor (sunucunun JWT_SECRET'ı değişti); webhook'u silip yeniden ekleyin";

/** The hook's secret, or null when it was sealed under another JWT_SECRET: that attempt fails, said in Turkish. */
function readSecret(ctx: AppContext, sealed: string): string | null {
  try {
    return openText(webhookSecretKey(ctx), sealed, () => new Error('unreadable'));
  } catch {
    return null;
  }
}

/** The answer's first 1 KB as text; a NUL (which PostgreSQL's text refuses) is dropped. */
const keptAnswer = (body: Buffer) => body.subarray(0, ANSWER_KEPT).toString('utf8').replaceAll('\u0000', '');

type Attempt = { ok: boolean; responseStatus: number | null; durationMs: number; responseBody: string | null; error: string | null };

async function post(ctx: AppContext, url: string, headers: Record<string, string>, payload: string): Promise<Attempt> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const res = await guardedFetch(url, {
      method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'Pano-Webhooks/1', ...headers },
      body: payload, followRedirects: false, timeoutMs: TIMEOUT_MS, maxBytes: ANSWER_READ,
    }, fetchPolicy(ctx.config));
    const ok = res.status >= 200 && res.status < 300;
    return { ok, responseStatus: res.status, durationMs: took(), responseBody: keptAnswer(res.body), error: ok ? null : `Alıcı ${res.status} yanıtı verdi` };
  } catch (err) {
    if (!(err instanceof GuardedFetchError)) throw err;
    // An answer longer than what is read still said its status: too long is the receiver's business.
    return { ok: false, responseStatus: null, durationMs: took(), responseBody: null, error: err.message };
  }
}

/**
 * One attempt at a pending delivery. Claimed first (its attempt count moves on only once), so
 * two workers never both send an attempt; a job that runs early waits for its time again.
 */
export async function deliver(ctx: AppContext, deliveryId: string): Promise<void> {
  const d = await ctx.db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { webhook: true } });
  if (!d || d.status !== 'pending') return;
  const now = ctx.clock();
  if (d.nextAttemptAt && d.nextAttemptAt > now) {
    await ctx.jobs.enqueue('webhook.deliver', { deliveryId }, { runAt: d.nextAttemptAt, key: `webhook-${deliveryId}-${d.attempts}-again` });
    return;
  }
  // A hook turned off keeps its messages from going out (a test is sent anyway: it was asked for).
  if (!d.webhook.enabled && d.event !== 'webhook.test') {
    await ctx.db.webhookDelivery.updateMany({ where: { id: deliveryId, status: 'pending' }, data: { status: 'failed', nextAttemptAt: null, error: 'Webhook kapalı olduğu için gönderilmedi' } });
    return;
  }
  const claimed = await ctx.db.webhookDelivery.updateMany({
    where: { id: deliveryId, status: 'pending', attempts: d.attempts }, data: { attempts: d.attempts + 1, lastAttemptAt: now, nextAttemptAt: new Date(now.getTime() + ATTEMPT_LEASE_MS) },
  });
  if (claimed.count === 0) return;
  const secret = readSecret(ctx, d.webhook.secretSealed);
  const attempt = secret === null
    ? { ok: false, responseStatus: null, durationMs: 0, responseBody: null, error: SECRET_LOST }
    : await post(ctx, d.webhook.url, {
      'webhook-id': d.id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(d.id, now, d.payload),
    }, d.payload);
  await settle(ctx, d, d.attempts + 1, now, attempt);
}

type Pending = { id: string; webhookId: string; event: string; createdAt: Date; webhook: { ownerId: string; url: string; enabled: boolean; failingSince: Date | null } };

/** Records the attempt; a failure queues the next one (or gives up after 24 hours) and may turn the hook off. */
async function settle(ctx: AppContext, d: Pending, attempts: number, now: Date, a: Attempt): Promise<void> {
  const answer = { responseStatus: a.responseStatus, durationMs: a.durationMs, responseBody: a.responseBody, error: a.error };
  if (a.ok) {
    await ctx.db.$transaction([
      ctx.db.webhookDelivery.update({ where: { id: d.id }, data: { ...answer, status: 'succeeded', nextAttemptAt: null } }),
      ctx.db.webhook.updateMany({ where: { id: d.webhookId, failingSince: { not: null } }, data: { failingSince: null } }),
    ]);
    return;
  }
  const giveUpAt = d.createdAt.getTime() + RETRY_FOR_MS;
  const next = now.getTime() >= giveUpAt ? null : new Date(Math.min(now.getTime() + retryDelayMs(attempts), giveUpAt));
  await ctx.db.webhookDelivery.update({ where: { id: d.id }, data: { ...answer, status: next ? 'pending' : 'failed', nextAttemptAt: next } });
  if (next) {
    await ctx.jobs.enqueue('webhook.deliver', { deliveryId: d.id }, { runAt: next, key: `webhook-${d.id}-${attempts}` })
      .catch((err) => ctx.logger.error({ err, deliveryId: d.id }, 'queuing a webhook retry failed; the repair job sends it'));
  }
  // A test of a hook says nothing of whether it has been failing.
  if (d.event !== 'webhook.test') await markFailing(ctx, d, now);
}

/** The first failure starts the hook's failing time; 24 hours of it turn the hook off, and its owner is told. */
async function markFailing(ctx: AppContext, d: Pending, now: Date): Promise<void> {
  await ctx.db.webhook.updateMany({ where: { id: d.webhookId, failingSince: null }, data: { failingSince: now } });
  const since = new Date(now.getTime() - RETRY_FOR_MS);
  const reason = '24 saat boyunca gönderilemediği için Pano tarafından kapatıldı';
  const turnedOff = await ctx.db.$transaction(async (tx) => {
    const [off] = await tx.webhook.updateManyAndReturn({
      where: { id: d.webhookId, enabled: true, failingSince: { lte: since } }, data: { enabled: false, disabledReason: reason },
    });
    if (!off) return null;
    await audit(tx, {
      account: off.ownerId, action: 'webhook.disable', target: { type: 'webhook', id: off.id, name: off.url },
      changes: { enabled: [true, false] }, actor: { type: 'system', id: null, name: 'Pano' },
    });
    return off;
  });
  if (turnedOff) mailHookDisabled(ctx, turnedOff.ownerId, turnedOff.url, turnedOff.failingSince ?? since);
}

/**
 * Every 5 minutes: queues each pending delivery whose attempt is more than a minute overdue (its
 * job was lost: Redis restarted), and deletes deliveries older than 30 days.
 */
export async function repairDeliveries(ctx: AppContext): Promise<void> {
  const now = ctx.clock();
  const overdue = await ctx.db.webhookDelivery.findMany({
    where: { status: 'pending', nextAttemptAt: { lt: new Date(now.getTime() - MINUTE) } }, select: { id: true, attempts: true }, take: 1000,
  });
  for (const d of overdue) {
    await ctx.jobs.enqueue('webhook.deliver', { deliveryId: d.id }, { key: `webhook-${d.id}-${d.attempts}-repair-${now.getTime()}` });
  }
  await ctx.db.webhookDelivery.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - 30 * 24 * HOUR) } } });
}
