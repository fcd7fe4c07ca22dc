import type { z } from 'zod';
import {
  ALERT_DURATION_DEFAULT, ZCreateAlertRequest, type ZAlertTemplateWrite, type ZSendAlertTemplateRequest,
} from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../http/errors.js';
import { stillOwned } from '../../db/ownership.js';
import { assertOwnImage, assertOwnTargets, uniqueTargets } from './alert-targets.js';
import { createAlert, type Actor, type AlertState } from './alerts.service.js';
import { audit, changesOf } from '../audit/audit.js';

/* Saved alerts ('Şablonlar') sent with one click, with default targets (docs/PRODUCT.md#alerts-api). */

type Write = z.output<typeof ZAlertTemplateWrite>;
export type TemplateRow = Awaited<ReturnType<typeof findTemplates>>[number];
type Ref = { id: string; name: string };
/** A template with its default targets that still exist, named. */
export type TemplateWithTargets = { template: TemplateRow; screens: Ref[]; groups: Ref[] };

const templateMissing = () => notFound('Şablon');
const withMedia = { media: { select: { id: true, name: true } } } as const;

function nameTaken(err: unknown): never {
  if ((err as { code?: string }).code === 'P2002') throw conflict('Bu adda bir şablonunuz zaten var');
  if ((err as { code?: string }).code === 'P2003') throw notFound('Medya');
  throw err;
}

const findTemplates = (db: Db, ownerId: string, id?: string) =>
  db.alertTemplate.findMany({ where: { ownerId, ...(id ? { id } : {}) }, orderBy: [{ name: 'asc' }, { id: 'asc' }], include: withMedia });

/** Targets are named for the form; a screen or group deleted since is left out. */
async function withTargets(db: Db, ownerId: string, rows: TemplateRow[]): Promise<TemplateWithTargets[]> {
  const screenIds = [...new Set(rows.flatMap((r) => r.screenIds))];
  const groupIds = [...new Set(rows.flatMap((r) => r.groupIds))];
  const screens = new Map((await db.screen.findMany({ where: { ownerId, id: { in: screenIds } }, select: { id: true, name: true } })).map((s) => [s.id, s]));
  const groups = new Map((await db.screenGroup.findMany({ where: { ownerId, id: { in: groupIds } }, select: { id: true, name: true } })).map((g) => [g.id, g]));
  const named = <T>(ids: string[], by: Map<string, T>) => ids.flatMap((id) => by.get(id) ?? []);
  return rows.map((template) => ({ template, screens: named(template.screenIds, screens), groups: named(template.groupIds, groups) }));
}

export async function listTemplates(db: Db, ownerId: string): Promise<TemplateWithTargets[]> {
  return withTargets(db, ownerId, await findTemplates(db, ownerId));
}

async function findOne(db: Db, ownerId: string, id: string): Promise<TemplateWithTargets> {
  const [one] = await withTargets(db, ownerId, await findTemplates(db, ownerId, id));
  if (!one) throw templateMissing();
  return one;
}

function templateData(body: Write) {
  const targets = uniqueTargets(body);
  return {
    name: body.name, title: body.title, message: body.message, background: body.background, textColor: body.textColor,
    mediaId: body.mediaId, sound: body.sound,
    durationMinutes: body.untilEnded ? null : (body.durationMinutes ?? ALERT_DURATION_DEFAULT),
    allScreens: targets.all, screenIds: targets.screens, groupIds: targets.groups,
  };
}

/** What an event records of an alert template. */
const TEMPLATE_FIELDS = ['name', 'title', 'message', 'background', 'textColor', 'mediaId', 'sound', 'durationMinutes', 'allScreens', 'screenIds', 'groupIds'] as const;
const templateTarget = (t: { id: string; name: string }) => ({ type: 'alertTemplate', id: t.id, name: t.name });

export async function createTemplate(ctx: AppContext, ownerId: string, body: Write): Promise<TemplateWithTargets> {
  const data = templateData(body);
  const row = await ctx.db.$transaction(async (tx) => {
    await assertOwnImage(tx, ownerId, data.mediaId);
    await assertOwnTargets(tx, ownerId, { all: data.allScreens, screens: data.screenIds, groups: data.groupIds });
    const row = await tx.alertTemplate.create({ data: { ownerId, ...data } });
    await audit(tx, { account: ownerId, action: 'alertTemplate.create', target: templateTarget(row), changes: changesOf(null, row, TEMPLATE_FIELDS) });
    return row;
  }).catch(nameTaken);
  return findOne(ctx.db, ownerId, row.id);
}

/** Replaces the whole template, as the form sends it. */
export async function updateTemplate(ctx: AppContext, ownerId: string, id: string, body: Write): Promise<TemplateWithTargets> {
  const data = templateData(body);
  await ctx.db.$transaction(async (tx) => {
    const before = await tx.alertTemplate.findFirst({ where: { id, ownerId } });
    if (!before) throw templateMissing();
    await assertOwnImage(tx, ownerId, data.mediaId);
    await assertOwnTargets(tx, ownerId, { all: data.allScreens, screens: data.screenIds, groups: data.groupIds });
    const after = await tx.alertTemplate.update({ where: { id }, data: { ...data, updatedAt: ctx.clock() } });
    await audit(tx, { account: ownerId, action: 'alertTemplate.update', target: templateTarget(after), changes: changesOf(before, after, TEMPLATE_FIELDS) });
  }).catch(nameTaken);
  return findOne(ctx.db, ownerId, id);
}

export async function deleteTemplate(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const existing = await tx.alertTemplate.findFirst({ where: { id, ownerId } });
    if (!existing || (await tx.alertTemplate.deleteMany({ where: { id, ownerId } })).count === 0) throw templateMissing();
    await audit(tx, { account: ownerId, action: 'alertTemplate.delete', target: templateTarget(existing), changes: changesOf(existing, null, TEMPLATE_FIELDS) });
  });
}

/**
 * Sends the template as an alert. Targets given here replace the template's; otherwise its
 * own are used, skipping screens and groups deleted since. The alert is then validated as a
 * POST /api/alerts body would be, so a template without targets answers the same 400.
 */
export async function sendTemplate(
  ctx: AppContext, ownerId: string, actor: Actor, id: string, override: z.output<typeof ZSendAlertTemplateRequest>,
  assertTargets: (targets: { all: boolean; screens: string[]; groups: string[] }) => Promise<void>,
): Promise<AlertState> {
  const t = await ctx.db.alertTemplate.findFirst({ where: { id, ownerId } });
  if (!t) throw templateMissing();
  const overridden = override.all !== undefined || override.screens !== undefined || override.groups !== undefined;
  const targets = overridden
    ? { all: override.all ?? false, screens: override.screens ?? [], groups: override.groups ?? [] }
    : {
      all: t.allScreens,
      screens: await stillOwned(ctx.db, 'screen', ownerId, t.screenIds),
      groups: await stillOwned(ctx.db, 'screenGroup', ownerId, t.groupIds),
    };
  const body = ZCreateAlertRequest.parse({
    title: t.title, message: t.message, background: t.background, textColor: t.textColor, mediaId: t.mediaId, sound: t.sound,
    ...(t.durationMinutes === null ? { untilEnded: true } : { durationMinutes: t.durationMinutes }),
    ...targets,
  });
  await assertTargets(body);
  return createAlert(ctx, ownerId, actor, body);
}
