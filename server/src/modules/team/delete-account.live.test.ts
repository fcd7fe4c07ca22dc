import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  closeAllSockets, connectSocket, liveCustomer, pairedDevice, record, startLiveServer, type ClientSocket, type LiveServer,
} from '../../realtime/live-server.fixtures.js';
import { hashPassword } from '../auth/passwords.js';

/* docs/architecture/accounts.md#deleting-the-account: every live connection of the account ends at once. */

let s: LiveServer;
beforeAll(async () => { s = await startLiveServer(); });
afterEach(() => closeAllSockets());
afterAll(async () => { await s.close(); });

const disconnected = (socket: ClientSocket) => new Promise<string>((resolve) => { socket.once('disconnect', resolve); });

it("tells and cuts every member's dashboards, the screens' players and previews and the paired devices; other accounts' stay", async () => {
  const owner = await liveCustomer(s);
  await s.ctx.db.user.update({ where: { id: owner.id }, data: { passwordHash: await hashPassword('secret123') } });
  const screen = await s.ctx.db.screen.create({ data: { ownerId: owner.id, name: 'Lobi' } });
  const member = await liveCustomer(s);
  await s.ctx.db.membership.create({ data: { accountId: owner.id, userId: member.id, role: 'viewer' } });

  const ownerDash = await connectSocket(s, { token: await s.ctx.tokens.signUser(owner.id, 0, owner.id) });
  const memberDash = await connectSocket(s, { token: await s.ctx.tokens.signUser(member.id, 0, owner.id) });
  const preview = await connectSocket(s, { token: await s.ctx.tokens.signUser(member.id, 0, owner.id), screenId: screen.id });
  const onScreen = await pairedDevice(s, owner.id, screen.id);
  const player = await connectSocket(s, { deviceToken: onScreen.token, screenId: screen.id });
  const waiting = await pairedDevice(s, owner.id);
  const device = await connectSocket(s, { deviceToken: waiting.token, screenId: screen.id });
  // The member's dashboard in their own account is not this account's.
  const memberOwn = await connectSocket(s, { token: member.token });
  const told = [record(ownerDash, 'member:removed'), record(memberDash, 'member:removed')];
  const cut = [ownerDash, memberDash, preview, player, device].map(disconnected);

  await s.api.delete('/api/team').set({ Authorization: `Bearer ${await s.ctx.tokens.signUser(owner.id, 0, owner.id)}` }).send({ password: 'secret123' }).expect(200);
  expect(await Promise.all(cut)).toEqual(Array(5).fill('io server disconnect'));
  expect(told).toEqual([[{ accountId: owner.id }], [{ accountId: owner.id }]]);
  expect(memberOwn.connected).toBe(true);
  // The devices are refused from now on, as a revoked one is.
  await expect(connectSocket(s, { deviceToken: waiting.token, screenId: screen.id })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
});
