import { z } from 'zod';
import { SocketErrorCode, ZId, type TSocketErrorData } from '@pano/contract';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { KeyBatcher } from '../db/key-batcher.js';
import { sessionFromToken, sessionOfClaims, verifiedClaims } from '../http/authenticate.js';
import { AppError } from '../http/errors.js';
import { isLimited } from '../http/policy.js';
import { screensOfGroups } from '../modules/accounts/screen-scope.js';
import { activeDeviceFromToken } from '../modules/devices/device-auth.js';
import type { PanoSocket, SocketData } from '../sockets/socket-types.js';

/** A refused handshake: the client sees `connect_error` with this message and `data.code`. */
class SocketAuthError extends Error {
  readonly data: TSocketErrorData;
  constructor(message: string, code: TSocketErrorData['code']) {
    super(message);
    this.data = { code };
  }
}

const noSession = () => new SocketAuthError('Oturum açmanız gerekiyor', SocketErrorCode.UNAUTHORIZED);
const noScreen = () => new SocketAuthError('Ekran bulunamadı', SocketErrorCode.NOT_FOUND);

/**
 * ZSocketAuth with `screenId` as any string: a malformed screen id must be refused like an unknown
 * screen (NOT_FOUND), not as a missing login — so the id's shape is checked after the credentials.
 */
const ZHandshake = z.union([
  z.object({ deviceToken: z.string().min(1), screenId: z.string() }),
  z.object({ token: z.string().min(1), screenId: z.string().optional() }),
]);

/** docs/architecture/realtime.md#sockets: works out who a socket is from `handshake.auth`, or refuses it. */
async function resolveSocketIdentity(ctx: AppContext, owners: ScreenOwners, rawAuth: unknown): Promise<SocketData> {
  const auth = ZHandshake.safeParse(rawAuth);
  if (!auth.success) throw noSession();

  if ('deviceToken' in auth.data) {
    const device = await activeDeviceFromToken(ctx, auth.data.deviceToken).catch(() => null);
    if (!device) throw noSession();
    await assertOwnsScreen(owners, device.ownerId, auth.data.screenId);
    // A device speaks only for the screen its row names: one token must not make every screen of
    // its customer look online or confirm alerts for them (issue #21). Asking for another screen
    // (moved while away, or none chosen) it is only told where it belongs.
    const onIt = device.screenId === auth.data.screenId;
    return {
      role: onIt ? 'player' : 'device', ownerId: device.ownerId, screenId: onIt ? auth.data.screenId : null, userId: null,
      deviceId: device.id, deviceScreenId: device.screenId, version: null,
    };
  }

  const refused = (err: unknown): never => {
    if (err instanceof AppError) throw new SocketAuthError(err.message, SocketErrorCode.UNAUTHORIZED);
    throw err;
  };
  const claims = await verifiedClaims(ctx, auth.data.token).catch(refused);
  const { user, account } = await sessionOfClaims(ctx, claims).catch(refused);
  // Its sockets join this sign-in's room: ending the session cuts them (docs/architecture/sessions.md).
  const signInId = claims.kind === 'user' ? claims.sid ?? null : null;
  // A dashboard hears its account's events; a person in no account hears none but is still signed in.
  const ownerId = account?.id ?? null;
  const person = { userId: user.id, deviceId: null, deviceScreenId: null, version: null, signInId };
  if (!auth.data.screenId) {
    const watchedScreens = account && isLimited(account) ? await screensOfGroups(ctx.db, account.id, account.groupIds) : null;
    return { role: 'dashboard', ownerId, screenId: null, ...person, watchedScreens };
  }
  if (!ownerId) throw noScreen();
  if (account && isLimited(account) && !(await screensOfGroups(ctx.db, account.id, account.groupIds)).includes(auth.data.screenId)) throw noScreen();
  await assertOwnsScreen(owners, ownerId, auth.data.screenId);
  return { role: 'preview', ownerId, screenId: auth.data.screenId, ...person };
}

async function assertOwnsScreen(owners: ScreenOwners, ownerId: string, screenId: string): Promise<void> {
  if (!ZId.safeParse(screenId).success) throw noScreen();
  // Another customer's screen answers exactly like a missing one.
  const owner = await owners.load(screenId);
  if (owner !== ownerId) throw noScreen();
}

/**
 * docs/PERFORMANCE.md (P4): after an API restart thousands of players shake hands within
 * seconds; concurrent ownership checks share one query.
 */
type ScreenOwners = KeyBatcher<string, string>;
const screenOwnersOf = (db: Db): ScreenOwners => new KeyBatcher(async (batch) => {
  const rows = await db.screen.findMany({ where: { id: { in: [...batch.keys()] } }, select: { id: true, ownerId: true } });
  return new Map(rows.map((r) => [r.id, r.ownerId]));
});

/**
 * A dashboard's or preview's sign-in as it is now, read as its handshake read it
 * (`sessionOfClaims`): null once the session ended, the person logged out or changed the
 * password, or left the account the token works in (docs/architecture/sessions.md); else the
 * screens the member may watch now (null: every screen).
 */
export async function signInNow(ctx: AppContext, socket: PanoSocket): Promise<{ screens: string[] | null } | null> {
  const auth = ZHandshake.safeParse(socket.handshake.auth);
  if (!auth.success || !('token' in auth.data)) return null;
  try {
    const { account } = await sessionFromToken(ctx, auth.data.token);
    return { screens: account && isLimited(account) ? await screensOfGroups(ctx.db, account.id, account.groupIds) : null };
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/** socket.io middleware: identity into `socket.data`, or a `connect_error`. */
export function socketAuthMiddleware(ctx: AppContext) {
  const owners = screenOwnersOf(ctx.db);
  return (socket: PanoSocket, next: (err?: Error) => void) => {
    resolveSocketIdentity(ctx, owners, socket.handshake.auth).then(
      (identity) => { Object.assign(socket.data, identity); next(); },
      (err: unknown) => {
        if (err instanceof SocketAuthError) return next(err);
        ctx.logger.error({ err }, 'socket handshake failed');
        next(new SocketAuthError('Sunucu hatası, lütfen tekrar deneyin', SocketErrorCode.INTERNAL));
      },
    );
  };
}
