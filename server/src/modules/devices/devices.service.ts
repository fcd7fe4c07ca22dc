import type { TPairDeviceRequest } from '@pano/contract';
import type { AppContext } from '../../context.js';
import { badRequest, limitReached, notFound } from '../../http/errors.js';
import { lockOwner } from '../entitlements/limits.js';
import type { AuthDevice } from './device-auth.js';
import { deviceLabel } from './device-lookup.js';
import { audit } from '../audit/audit.js';

/** One of the owner's screens, as a device chooses among them. */
export type ScreenChoice = { id: string; name: string };

/** A new pairing: the device's token and id, its owner's first name, and the screens it may show. */
export type Pairing = { deviceToken: string; deviceId: string; ownerFirstName: string | null; screens: ScreenChoice[] };

/**
 * docs/architecture/devices.md#devices: the customer's mobile code (shown with their package) pairs a screen
 * device. The purchase becomes mobile-verified ('Doğrulandı' in the sales report) and the
 * device gets a token of its own, so the customer's password never sits on a screen.
 */
export async function pairDevice(ctx: AppContext, body: Pick<TPairDeviceRequest, 'mobileCode' | 'name' | 'previousDeviceToken'>): Promise<Pairing> {
  const now = ctx.clock();
  const purchase = await ctx.db.purchase.findFirst({
    where: { mobileCode: { equals: body.mobileCode, mode: 'insensitive' }, status: 'completed', expiresAt: { gt: now }, accountId: { not: null } },
    select: { id: true, accountId: true, maxScreens: true, user: { select: { firstName: true } } },
  });
  // A deleted account's purchases stay for the sales report, with no account: their code pairs nothing.
  const accountId = purchase?.accountId;
  if (!purchase || !accountId) throw badRequest('Geçersiz mobil kod');
  const previousDeviceId = await previousPairing(ctx, body.previousDeviceToken, accountId);

  const device = await ctx.db.$transaction(async (tx) => {
    // Under the owner lock, so parallel pairings cannot both take the last place.
    await lockOwner(tx, accountId);
    const paired = await tx.device.count({ where: { ownerId: accountId, revokedAt: null } });
    if (paired >= purchase.maxScreens) throw deviceLimitReached(purchase.maxScreens);
    await tx.purchase.update({ where: { id: purchase.id }, data: { isMobileVerified: true } });
    const created = await tx.device.create({ data: { ownerId: accountId, name: body.name || null, lastSeenAt: now, previousDeviceId } });
    // Nobody is signed in on a pairing screen: the device itself acts, with the account's mobile code.
    const name = deviceLabel(created);
    await audit(tx, {
      account: accountId, action: 'device.pair', target: { type: 'device', id: created.id, name },
      actor: { type: 'device', id: created.id, name }, changes: { name: [null, created.name], previousDevice: [null, previousDeviceId] },
    });
    return created;
  });
  return {
    deviceToken: await ctx.tokens.signDevice(device.id, accountId),
    deviceId: device.id,
    ownerFirstName: purchase.user.firstName,
    screens: await ownerScreens(ctx, accountId),
  };
}

/**
 * The pairing a device replaces, from the token it kept (docs/architecture/plays.md#plays): its
 * signature proves the device held it. A token of another customer, or one we cannot read,
 * links nothing and does not stop the pairing: it is only a hint the player sends by itself.
 */
async function previousPairing(ctx: AppContext, token: string | undefined, ownerId: string): Promise<string | null> {
  if (!token) return null;
  const claims = await ctx.tokens.verify(token).catch(() => null);
  if (claims?.kind !== 'device' || claims.ownerId !== ownerId) return null;
  const previous = await ctx.db.device.findFirst({ where: { id: claims.sub, ownerId }, select: { id: true } });
  return previous?.id ?? null;
}

/**
 * One paired device per screen of the package (docs/PRODUCT.md#devices-api): signage is sold per
 * display, so the screens a customer bought are the displays they may run. A display that was
 * replaced is removed on /screens or /settings ('Cihazı Kaldır'), which frees its place.
 */
const deviceLimitReached = (max: number) => limitReached(
  `Cihaz sınırınıza ulaştınız (paketiniz en fazla ${max} cihaz içindir). Yeni bir cihaz eşleştirmek için panelde Ekranlar sayfasından kullanılmayan bir cihazı kaldırın veya paketinizi yükseltin.`,
);

export async function ownerScreens(ctx: AppContext, ownerId: string): Promise<ScreenChoice[]> {
  return ctx.db.screen.findMany({
    where: { ownerId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, name: true },
  });
}

/** The device remembers which of its owner's screens it shows. */
export async function selectDeviceScreen(ctx: AppContext, device: AuthDevice, screenId: string): Promise<ScreenChoice> {
  const screen = await ctx.db.screen.findFirst({ where: { id: screenId, ownerId: device.ownerId }, select: { id: true, name: true } });
  if (!screen) throw notFound('Ekran');
  await ctx.db.$transaction(async (tx) => {
    const before = await tx.device.findUniqueOrThrow({ where: { id: device.id }, select: { name: true, screenId: true, screen: { select: { name: true } } } });
    await tx.device.update({ where: { id: device.id }, data: { screenId: screen.id } });
    // Choosing the screen it already shows changes nothing.
    if (before.screenId !== screen.id) {
      await audit(tx, { account: device.ownerId, action: 'device.selectScreen', target: { type: 'device', id: device.id, name: deviceLabel(before) }, changes: { screen: [before.screen?.name ?? null, screen.name] } });
    }
  });
  // Its sockets still on the previous screen stop speaking for it (docs/architecture/devices.md#devices).
  if (device.screenId !== screen.id) ctx.connections.deviceMoved(device.id, screen.id);
  return screen;
}
