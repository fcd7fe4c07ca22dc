import type { TUpdateDeviceRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { owns } from '../../db/ownership.js';
import { audit, changesOf } from '../audit/audit.js';
import { deviceLabel } from './device-lookup.js';

export const deviceMissing = () => notFound('Cihaz');

const listed = {
  id: true, name: true, createdAt: true, lastSeenAt: true, screen: { select: { id: true, name: true } },
} as const;

/** A paired device with the screen it shows, and whether a player of it is connected now. */
export type ListedDevice = {
  id: string; name: string | null; createdAt: Date; lastSeenAt: Date | null; screen: { id: string; name: string } | null; online: boolean;
};

/** docs/PRODUCT.md#devices-api: the customer's paired devices; revoked ones are gone for good and not listed. */
export async function listDevices(ctx: AppContext, ownerId: string): Promise<ListedDevice[]> {
  const devices = await ctx.db.device.findMany({
    where: { ownerId, revokedAt: null },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: listed,
  });
  const online = await ctx.presence.onlineDeviceIds(devices.map((d) => d.id));
  return devices.map((d) => ({ ...d, online: online.has(d.id) }));
}

/** What an event records of a device: its name and the screen it shows, by name. */
const auditedDevice = { id: true, name: true, screen: { select: { name: true } } } as const;
type AuditedDevice = { id: string; name: string | null; screen: { name: string } | null };
const deviceFields = (d: AuditedDevice) => ({ name: d.name, screen: d.screen?.name ?? null });
const deviceTarget = (d: AuditedDevice) => ({ type: 'device', id: d.id, name: deviceLabel(d) });

/**
 * Renames a device and/or moves it to another of the owner's screens (null: to none, and it
 * asks which screen to show). A moved device's players are told at once and switch.
 */
export async function updateDevice(ctx: AppContext, ownerId: string, id: string, body: TUpdateDeviceRequest): Promise<ListedDevice> {
  // Conditional on the row still being unrevoked and the screen still existing (FK): a revocation
  // or a screen deletion in between leaves nothing half-done.
  const { before, after } = await ctx.db.$transaction(async (tx) => {
    const before = await tx.device.findFirst({ where: { id, ownerId, revokedAt: null }, select: { screenId: true, ...auditedDevice } });
    if (!before) throw deviceMissing();
    if (body.screenId && !(await owns(tx, 'screen', ownerId, body.screenId))) throw notFound('Ekran');
    const [after] = await tx.device.updateManyAndReturn({
      where: { id, ownerId, revokedAt: null },
      data: { name: body.name, screenId: body.screenId },
      select: listed,
    });
    if (!after) throw deviceMissing();
    await audit(tx, { account: ownerId, action: 'device.update', target: deviceTarget(after), changes: changesOf(deviceFields(before), deviceFields(after), ['name', 'screen']) });
    return { before, after };
  }).catch((err: unknown) => {
    if ((err as { code?: string }).code === 'P2003') throw notFound('Ekran');
    throw err;
  });
  if (body.screenId !== undefined && body.screenId !== before.screenId) ctx.connections.deviceMoved(id, body.screenId);
  const online = await ctx.presence.onlineDeviceIds([id]);
  return { ...after, online: online.has(id) };
}

/**
 * Revokes a device: its token is refused from the next request on (the device cache of every
 * instance is told), its sockets on every instance are disconnected, and it receives nothing
 * more. The row stays, revoked, so an old token can never come back to life.
 */
export async function revokeDevice(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const now = ctx.clock();
    const [revoked] = await tx.device.updateManyAndReturn({ where: { id, ownerId, revokedAt: null }, data: { revokedAt: now }, select: auditedDevice });
    if (!revoked) throw deviceMissing();
    await audit(tx, { account: ownerId, action: 'device.revoke', target: deviceTarget(revoked), changes: { revokedAt: [null, now] } });
  });
  ctx.connections.devicesRevoked([id]);
}
