import { randomBytes, randomUUID } from 'node:crypto';
import type { TWebhookEvent, TWebhookWriteBody } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { assertUrlField, fetchPolicy } from '../../http/guarded-fetch.js';
import { limitReached, notFound } from '../../http/errors.js';
import { sealText } from '../../http/sealed-secret.js';
import { audit, changesOf } from '../audit/audit.js';
import { lockOwner } from '../entitlements/limits.js';
import { lockOwnedRow } from '../../db/row-lock.js';

/*
 * Webhooks (docs/architecture/webhooks.md): a customer's addresses that Pano posts events to.
 * The hooks are managed here; an event becomes one delivery per subscribed hook (`announce`),
 * which webhook-delivery.ts sends by a job, signed and retried.
 */

export const MAX_WEBHOOKS = 10;
/** Deliveries listed per hook, newest first. */
const DELIVERIES_LISTED = 50;

export const webhookSecretKey = (ctx: Pick<AppContext, 'tokens'>) => ctx.tokens.derivedKey('webhook-secret');
const webhookMissing = () => notFound('Webhook');

/** The Standard Webhooks secret format: `whsec_` and base64 of 32 random bytes. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
/** A message's id, the `webhook-id` of every attempt. */
const messageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** An address that points at the internal network (or nowhere) is refused now, in Turkish. */
const assertReachable = (ctx: AppContext, url: string) => assertUrlField(url, fetchPolicy(ctx.config), 'Webhook adresi');

/** What an event records of a hook (never its secret). */
const WEBHOOK_FIELDS = ['url', 'events', 'enabled'] as const;
const target = (w: { id: string; url: string }) => ({ type: 'webhook', id: w.id, name: w.url });

export const listWebhooks = (ctx: AppContext, ownerId: string) =>
  ctx.db.webhook.findMany({ where: { ownerId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });

/** The secret is returned here and nowhere else; it is kept sealed, since Pano signs with it. */
export async function createWebhook(ctx: AppContext, ownerId: string, body: TWebhookWriteBody) {
  await assertReachable(ctx, body.url);
  const secret = newSecret();
  const row = await ctx.db.$transaction(async (tx) => {
    await lockOwner(tx, ownerId);
    if (await tx.webhook.count({ where: { ownerId } }) >= MAX_WEBHOOKS) throw limitReached(`En fazla ${MAX_WEBHOOKS} webhook ekleyebilirsiniz`);
    const created = await tx.webhook.create({
      data: { ownerId, url: body.url, events: body.events, enabled: body.enabled, secretSealed: sealText(webhookSecretKey(ctx), secret), createdAt: ctx.clock() },
    });
    await audit(tx, { account: ownerId, action: 'webhook.create', target: target(created), changes: changesOf(null, created, WEBHOOK_FIELDS) });
    return created;
  });
  return { row, secret };
}

/** The whole hook; turning it on again clears why Pano turned it off and its failing time. */
export async function updateWebhook(ctx: AppContext, ownerId: string, id: string, body: TWebhookWriteBody) {
  await assertReachable(ctx, body.url);
  return ctx.db.$transaction(async (tx) => {
    if (!(await lockOwnedRow(tx, 'webhooks', id, ownerId))) throw webhookMissing();
    const old = await tx.webhook.findUniqueOrThrow({ where: { id } });
    const turnedOn = body.enabled && !old.enabled;
    const row = await tx.webhook.update({
      where: { id },
      data: { url: body.url, events: body.events, enabled: body.enabled, ...(turnedOn ? { disabledReason: null, failingSince: null } : {}) },
    });
    await audit(tx, { account: ownerId, action: 'webhook.update', target: target(row), changes: changesOf(old, row, WEBHOOK_FIELDS) });
    return row;
  });
}

/** Its deliveries go with it: nothing more is sent. */
export async function deleteWebhook(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    if (!(await lockOwnedRow(tx, 'webhooks', id, ownerId))) throw webhookMissing();
    const gone = await tx.webhook.delete({ where: { id } });
    await audit(tx, { account: ownerId, action: 'webhook.delete', target: target(gone), changes: changesOf(gone, null, WEBHOOK_FIELDS) });
  });
}

export async function listDeliveries(ctx: AppContext, ownerId: string, id: string) {
  if (!(await ctx.db.webhook.count({ where: { id, ownerId } }))) throw webhookMissing();
  return ctx.db.webhookDelivery.findMany({ where: { webhookId: id }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: DELIVERIES_LISTED });
}

type Deliverer = Pick<AppContext, 'db' | 'clock' | 'jobs' | 'logger'>;

const body = (type: string, at: Date, data: unknown) => JSON.stringify({ type, timestamp: at.toISOString(), data });

async function queue(ctx: Deliverer, ids: string[]): Promise<void> {
  for (const deliveryId of ids) {
    // The repair job sends what was not queued (webhooks.jobs.ts).
    await ctx.jobs.enqueue('webhook.deliver', { deliveryId }, { key: `webhook-${deliveryId}-0` })
      .catch((err) => ctx.logger.error({ err, deliveryId }, 'queuing a webhook delivery failed; the repair job sends it'));
  }
}

/** 'Test gönder': a `webhook.test` message, sent whether or not the hook is on. */
export async function sendTest(ctx: AppContext, ownerId: string, id: string) {
  const hook = await ctx.db.webhook.findFirst({ where: { id, ownerId }, select: { id: true } });
  if (!hook) throw webhookMissing();
  const at = ctx.clock();
  const row = await ctx.db.webhookDelivery.create({
    data: { id: messageId(), webhookId: id, event: 'webhook.test', payload: body('webhook.test', at, { message: 'Pano test mesajı' }), createdAt: at, nextAttemptAt: at },
  });
  await queue(ctx, [row.id]);
  return row;
}

/**
 * Tells the account's hooks that subscribe to `event` (turned on) what happened: one delivery
 * each, sent by a job. Called after the change committed; it never fails the caller (a failure
 * is logged), so what happened in Pano never depends on another system.
 */
export async function announce(ctx: Deliverer, accountId: string, event: TWebhookEvent, data: Record<string, unknown>): Promise<void> {
  try {
    const hooks = await ctx.db.webhook.findMany({ where: { ownerId: accountId, enabled: true, events: { has: event } }, select: { id: true } });
    if (hooks.length === 0) return;
    const at = ctx.clock();
    const payload = body(event, at, data);
    const rows = hooks.map((h) => ({ id: messageId(), webhookId: h.id, event, payload, createdAt: at, nextAttemptAt: at }));
    await ctx.db.webhookDelivery.createMany({ data: rows });
    await queue(ctx, rows.map((r) => r.id));
  } catch (err) {
    ctx.logger.error({ err, accountId, event }, 'recording a webhook event failed');
  }
}
