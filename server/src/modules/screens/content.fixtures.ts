// Test-only builders for the playlists, ticker and screens route tests: rows are made
// directly in the database (no upload needed), as the tests' own customers.
import { randomUUID } from 'node:crypto';
import type { TAppSettingsInput, TMediaProgressEvent } from '@pano/contract';
import type { AppContext } from '../../context.js';
import type { TestApp } from '../../../test/harness.js';

export async function makeMedia(
  t: TestApp, ownerId: string, kind: 'image' | 'video' = 'image', name = 'Medya', status: 'processing' | 'ready' | 'failed' = 'ready',
) {
  const ext = kind === 'video' ? 'mp4' : 'png';
  return t.ctx.db.media.create({
    data: { ownerId, name, kind, fileName: `${randomUUID()}.${ext}`, mime: kind === 'video' ? 'video/mp4' : 'image/png', sizeBytes: 1234n, status },
  });
}

export async function makePlaylist(t: TestApp, ownerId: string, items: { mediaId: string; duration?: number }[], name = 'Liste') {
  return t.ctx.db.playlist.create({
    data: {
      ownerId, name,
      items: { create: items.map((i, position) => ({ mediaId: i.mediaId, duration: i.duration ?? 5, position })) },
    },
  });
}

export async function makeTicker(t: TestApp, ownerId: string, texts: string[], speed = 3, name = 'Reji') {
  return t.ctx.db.tickerPlaylist.create({
    data: { ownerId, name, speed, texts: { create: texts.map((text, position) => ({ text, position })) } },
  });
}

/** An app (docs/PRODUCT.md#apps) as createApp stores it: no file, size 0, its settings and what was fetched for it. */
export async function makeApp(t: Pick<TestApp, 'ctx'>, ownerId: string, app: TAppSettingsInput, opts: { name?: string; appData?: unknown } = {}) {
  return t.ctx.db.media.create({
    data: { ownerId, name: opts.name ?? 'Uygulama', kind: 'app', fileName: null, mime: '', sizeBytes: 0n, app: app as object, appData: (opts.appData ?? null) as object },
  });
}

export async function makeScreen(
  t: TestApp, ownerId: string, data: { name?: string; currentPlaylistId?: string; currentTickerPlaylistId?: string; currentLayoutId?: string } = {},
) {
  return t.ctx.db.screen.create({ data: { ownerId, name: data.name ?? 'Ekran', ...data } });
}

/** A notifier test double that remembers what it was told. */
export function recordingNotifier(): AppContext['notifier'] & {
  calls: string[][]; owners: string[]; alerts: string[]; notifications: string[]; approvals: string[]; media: (TMediaProgressEvent & { ownerId: string })[]; reset: () => void;
} {
  const rec = {
    calls: [] as string[][],
    owners: [] as string[],
    /** `alertChanged` calls, as `<ownerId> <alertId>`. */
    alerts: [] as string[],
    screensChanged: async (ids: string[]) => { rec.calls.push([...ids].sort()); },
    ownerScreensChanged: async (ownerId: string) => { rec.owners.push(ownerId); },
    alertChanged: (ownerId: string, alertId: string) => { rec.alerts.push(`${ownerId} ${alertId}`); },
    /** `notificationsChanged` calls, as `<accountId> <userId> <unread>`. */
    notifications: [] as string[],
    notificationsChanged: (accountId: string, userId: string, unread: number) => { rec.notifications.push(`${accountId} ${userId} ${unread}`); },
    /** `approvalsChanged` calls: the account's id each time. */
    approvals: [] as string[],
    approvalsChanged: (accountId: string) => { rec.approvals.push(accountId); },
    /** `alertsAcked` calls, each ack as `<ownerId> <alertId> <screenId>`. */
    acks: [] as string[],
    alertsAcked: (acks: readonly { ownerId: string; alertId: string; screenId: string }[]) => {
      rec.acks.push(...acks.map((a) => `${a.ownerId} ${a.alertId} ${a.screenId}`));
    },
    /** `mediaProgress` events, in order, each with its owner. */
    media: [] as (TMediaProgressEvent & { ownerId: string })[],
    mediaProgress: (ownerId: string, event: TMediaProgressEvent) => { rec.media.push({ ownerId, ...event }); },
    reset: () => { rec.calls.length = 0; rec.owners.length = 0; rec.alerts.length = 0; rec.acks.length = 0; rec.media.length = 0; rec.notifications.length = 0; rec.approvals.length = 0; },
  };
  return rec;
}

export async function makeGroup(t: TestApp, ownerId: string, name: string, screenIds: string[] = []) {
  return t.ctx.db.screenGroup.create({ data: { ownerId, name, members: { create: screenIds.map((screenId) => ({ screenId })) } } });
}

/** A schedule entry made directly in the database: every day, 12:00-14:00, unless told otherwise. */
export async function makeSchedule(t: TestApp, ownerId: string, data: {
  name?: string; playlistId?: string; layoutId?: string; tickerPlaylistId?: string; screenIds?: string[]; groupIds?: string[];
}) {
  return t.ctx.db.schedule.create({
    data: {
      ownerId, name: data.name ?? 'Öğle', playlistId: data.playlistId ?? null, layoutId: data.layoutId ?? null, tickerPlaylistId: data.tickerPlaylistId ?? null,
      days: [1, 2, 3, 4, 5, 6, 7], startTime: '12:00', endTime: '14:00',
      screens: { create: (data.screenIds ?? []).map((screenId) => ({ screenId })) },
      groups: { create: (data.groupIds ?? []).map((groupId) => ({ groupId })) },
    },
  });
}

type ZoneData = { name?: string; x?: number; y?: number; width?: number; height?: number; z?: number; playlistId?: string; tickerPlaylistId?: string };

/** A layout made directly in the database; zones default to the whole screen. */
export async function makeLayout(t: TestApp, ownerId: string, zones: ZoneData[], name = 'Yerleşim') {
  return t.ctx.db.layout.create({
    data: {
      ownerId, name,
      zones: {
        create: zones.map((z, position) => ({
          position, name: z.name ?? `Bölge ${position + 1}`, x: z.x ?? 0, y: z.y ?? 0, width: z.width ?? 100, height: z.height ?? 100, z: z.z ?? 0,
          playlistId: z.playlistId ?? null, tickerPlaylistId: z.tickerPlaylistId ?? null,
        })),
      },
    },
  });
}
