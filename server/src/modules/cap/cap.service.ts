import { CAP_SETTINGS_DEFAULT, ZCapSettings, type TCapOutcome, type TCapSettings, type TUsedBy } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { alertInclude, createAlert, endAlert, type Actor, type AlertRequest, type AlertState } from '../alerts/alerts.service.js';
import { ackCounts } from '../alerts/alert-acks.js';
import { activeAlertWhere } from '../alerts/active-alert.js';
import { screensOfGroups } from '../accounts/screen-scope.js';
import { hasGeometry, screensInside } from './cap-area.js';
import { CapFormatError, readCapMessage, type CapInfo, type CapMessage } from './cap-message.js';

/*
 * A CAP 1.2 message becomes, replaces or ends an alert (docs/architecture/cap.md): the same
 * alerts, pushes, acknowledgements, audit and webhooks as POST /api/alerts. Each message is
 * applied once per account: its sender and identifier are recorded before it is applied.
 */

/** Who a message comes from and which screens it may reach. */
export type CapSource = {
  ownerId: string;
  actor: Actor;
  /** The screen groups the sender is limited to (a key's or a feed's); null: every screen. */
  groups: string[] | null;
  feedId?: string;
};

export type CapOutcome = {
  message: CapMessage;
  outcome: TCapOutcome;
  /** Turkish, for the sender's log. */
  text: string;
  alert: AlertState | null;
  ended: string[];
  screens: TUsedBy[];
};

const TITLE_MAX = 100;
const MESSAGE_MAX = 1000;
const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** The account's CAP settings, or the defaults. */
export async function capSettingsOf(ctx: AppContext, ownerId: string): Promise<TCapSettings> {
  const row = await ctx.db.account.findUnique({ where: { id: ownerId }, select: { capSettings: true } });
  const parsed = ZCapSettings.safeParse(row?.capSettings);
  return parsed.success ? parsed.data : CAP_SETTINGS_DEFAULT;
}

/** The info block to show: the first in Turkish, else the first. */
const infoToShow = (m: CapMessage): CapInfo | undefined => m.infos.find((i) => /^tr(-|$)/i.test(i.language)) ?? m.infos[0];

/** What the screens show for an info block: headline (or event) over description and instruction. */
function alertRequest(m: CapMessage, info: CapInfo, settings: TCapSettings, targets: Pick<AlertRequest, 'all' | 'screens' | 'groups'>): AlertRequest {
  const drill = m.status === 'Exercise' ? 'TATBİKAT: ' : '';
  const body = [info.description, info.instruction].filter((s): s is string => s !== null).join('\n\n');
  const colours = settings.colours[info.severity];
  return {
    title: cut(drill + (info.headline ?? info.event), TITLE_MAX),
    message: cut(body || info.event, MESSAGE_MAX),
    background: colours.background,
    textColor: colours.textColor,
    mediaId: null,
    sound: settings.soundFor.includes(info.urgency),
    untilEnded: info.expires === null,
    ...targets,
  };
}

type Targets = Pick<AlertRequest, 'all' | 'screens' | 'groups'>;

/**
 * Whom the message is for: with polygons or circles, the sender's screens located inside them
 * (null when none is); else the sender's groups, or every screen.
 */
async function targetsOf(ctx: AppContext, source: CapSource, info: CapInfo): Promise<Targets | null> {
  if (!hasGeometry(info.areas)) {
    return source.groups === null ? { all: true, screens: [], groups: [] } : { all: false, screens: [], groups: source.groups };
  }
  const allowed = source.groups === null ? null : await screensOfGroups(ctx.db, source.ownerId, source.groups);
  const located = await ctx.db.screen.findMany({
    where: { ownerId: source.ownerId, latitude: { not: null }, longitude: { not: null }, ...(allowed ? { id: { in: allowed } } : {}) },
    select: { id: true, latitude: true, longitude: true },
    orderBy: { id: 'asc' },
  });
  const inside = screensInside(located, info.areas);
  return inside.length > 0 ? { all: false, screens: inside, groups: [] } : null;
}

/**
 * The active alerts earlier messages of these references started. A sender limited to screen
 * groups replaces or ends only alerts aimed within them, as DELETE /api/alerts/{id} allows it.
 */
async function referencedAlerts(ctx: AppContext, source: CapSource, m: CapMessage): Promise<string[]> {
  if (m.references.length === 0) return [];
  const rows = await ctx.db.capMessage.findMany({
    where: { ownerId: source.ownerId, alertId: { not: null }, OR: m.references.map((r) => ({ sender: r.sender, identifier: r.identifier })) },
    select: { alertId: true },
  });
  const ids = rows.flatMap((r) => (r.alertId ? [r.alertId] : []));
  const active = await ctx.db.alert.findMany({
    where: { id: { in: ids }, ownerId: source.ownerId, ...activeAlertWhere(ctx.clock()) },
    select: { id: true, allScreens: true, requestedScreenIds: true, requestedGroupIds: true },
  });
  if (source.groups === null) return active.map((a) => a.id);
  const groups = source.groups;
  const reach = new Set(await screensOfGroups(ctx.db, source.ownerId, groups));
  return active
    .filter((a) => !a.allScreens && a.requestedGroupIds.every((g) => groups.includes(g)) && a.requestedScreenIds.every((id) => reach.has(id)))
    .map((a) => a.id);
}

async function endAll(ctx: AppContext, source: CapSource, ids: string[]): Promise<string[]> {
  for (const id of ids) await endAlert(ctx, source.ownerId, source.actor, id);
  return ids;
}

async function targetScreens(ctx: AppContext, alertId: string): Promise<TUsedBy[]> {
  const rows = await ctx.db.alertTarget.findMany({
    where: { alertId }, select: { screen: { select: { id: true, name: true } } }, orderBy: { screen: { name: 'asc' } },
  });
  return rows.map((r) => ({ _id: r.screen.id, name: r.screen.name }));
}

type Applied = Omit<CapOutcome, 'message'>;
const nothing = (outcome: TCapOutcome, text: string, ended: string[] = []): Applied => ({ outcome, text, alert: null, ended, screens: [] });

async function apply(ctx: AppContext, source: CapSource, m: CapMessage): Promise<Applied> {
  if (m.status !== 'Actual' && m.status !== 'Exercise') return nothing('ignored', `Durumu "${m.status}" olan iletiler ekranlarda gösterilmez`);
  if (m.msgType === 'Ack' || m.msgType === 'Error') return nothing('ignored', `"${m.msgType}" iletileri ekranlarda gösterilmez`);
  const earlier = m.msgType === 'Alert' ? [] : await referencedAlerts(ctx, source, m);
  if (m.msgType === 'Cancel') {
    if (earlier.length === 0) return nothing('ignored', 'İptal edilecek etkin bir duyuru yok');
    return nothing('ended', `${earlier.length} duyuru sonlandırıldı`, await endAll(ctx, source, earlier));
  }
  const info = infoToShow(m);
  if (!info) return nothing('ignored', 'İletide gösterilecek bir bilgi (info) bölümü yok');
  if (info.expires && info.expires.getTime() <= ctx.clock().getTime()) {
    return nothing('expired', 'İletinin süresi (expires) dolmuş; gösterilmedi', await endAll(ctx, source, earlier));
  }
  const targets = await targetsOf(ctx, source, info);
  if (!targets) return nothing('outside', 'İletinin alanında konumu girilmiş bir ekran yok', await endAll(ctx, source, earlier));
  const request = alertRequest(m, info, await capSettingsOf(ctx, source.ownerId), targets);
  // The new alert first, then the one it replaces: the screens never show neither.
  const alert = await createAlert(ctx, source.ownerId, source.actor, request, { endsAt: info.expires });
  const ended = await endAll(ctx, source, earlier);
  const screens = await targetScreens(ctx, alert.row.id);
  const outcome = ended.length > 0 ? 'updated' : 'started';
  return { outcome, text: `${screens.length} ekranda gösteriliyor`, alert, ended, screens };
}

/** The unique index on (ownerId, sender, identifier) refused the record: the message came before. */
const isDuplicate = (err: unknown) => (err as { code?: string }).code === 'P2002';

/**
 * Reads and applies one CAP message for an account. A message already received (the same
 * sender and identifier) changes nothing and answers 'duplicate' with the alert it started; one
 * that fails to apply (no room on a screen, the package ended) is forgotten, so sending it
 * again once the cause is gone works.
 */
export async function receiveCap(ctx: AppContext, source: CapSource, xml: string): Promise<CapOutcome> {
  let message: CapMessage;
  try {
    message = await readCapMessage(xml);
  } catch (err) {
    if (err instanceof CapFormatError) throw badRequest(err.message);
    throw err;
  }
  const key = { ownerId: source.ownerId, sender: message.sender, identifier: message.identifier };
  let recordId: string;
  try {
    ({ id: recordId } = await ctx.db.capMessage.create({
      data: { ...key, sent: message.sent, msgType: message.msgType, outcome: 'pending', feedId: source.feedId ?? null, receivedAt: ctx.clock() },
      select: { id: true },
    }));
  } catch (err) {
    if (!isDuplicate(err)) throw err;
    return duplicate(ctx, message, key);
  }
  let applied: Applied;
  try {
    applied = await apply(ctx, source, message);
  } catch (err) {
    await ctx.db.capMessage.delete({ where: { id: recordId } });
    throw err;
  }
  await ctx.db.capMessage.update({ where: { id: recordId }, data: { outcome: applied.outcome, alertId: applied.alert?.row.id ?? null } });
  return { message, ...applied };
}

async function duplicate(ctx: AppContext, message: CapMessage, key: { ownerId: string; sender: string; identifier: string }): Promise<CapOutcome> {
  const earlier = await ctx.db.capMessage.findUnique({ where: { ownerId_sender_identifier: key }, select: { alertId: true } });
  const alertId = earlier?.alertId ?? null;
  const alert = alertId ? await alertState(ctx, key.ownerId, alertId) : null;
  return {
    message, outcome: 'duplicate', text: 'Bu ileti daha önce alındı; yeniden uygulanmadı', alert, ended: [],
    screens: alertId ? await targetScreens(ctx, alertId) : [],
  };
}

async function alertState(ctx: AppContext, ownerId: string, alertId: string): Promise<AlertState | null> {
  const row = await ctx.db.alert.findFirst({ where: { id: alertId, ownerId }, include: alertInclude });
  if (!row) return null;
  const acks = await ackCounts(ctx.db, [alertId]);
  return { row, acknowledged: acks.get(alertId) ?? 0, now: ctx.clock() };
}
