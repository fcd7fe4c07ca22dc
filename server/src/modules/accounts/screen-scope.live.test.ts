import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  caughtUp, closeAllSockets, connectSocket, holdAfterCheck, liveCustomer, liveMember, pairedDevice, record, startLiveServer, type ClientSocket, type LiveServer,
} from '../../realtime/live-server.fixtures.js';

/* docs/architecture/accounts.md#screen-group-limits: a limited member's dashboard hears only their screens. */

let s: LiveServer;
beforeAll(async () => { s = await startLiveServer(); });
afterEach(() => closeAllSockets());
afterAll(async () => { await s.close(); });

it("a member limited to a group hears only its screens' status; the owner hears every screen", async () => {
  const owner = await liveCustomer(s);
  const lobby = await s.ctx.db.screen.create({ data: { ownerId: owner.id, name: 'Lobi' } });
  const cafe = await s.ctx.db.screen.create({ data: { ownerId: owner.id, name: 'Kafeterya' } });
  const group = await s.ctx.db.screenGroup.create({ data: { ownerId: owner.id, name: 'Giriş', members: { create: [{ screenId: lobby.id }] } } });
  const { token: memberToken } = await liveMember(s, owner.id, 'viewer', [group.id]);

  const ownerDash = await connectSocket(s, { token: owner.token });
  const memberDash = await connectSocket(s, { token: memberToken });
  const ownerHeard = record(ownerDash, 'screen:status');
  const memberHeard = record(memberDash, 'screen:status');

  const players = [];
  for (const screen of [cafe, lobby]) {
    const device = await pairedDevice(s, owner.id, screen.id);
    players.push(await connectSocket(s, { deviceToken: device.token, screenId: screen.id }));
  }
  await expect.poll(() => ownerHeard.length).toBe(2);
  await caughtUp(s, [memberDash]);
  expect(ownerHeard.map((e) => e.screenId).sort()).toEqual([cafe.id, lobby.id].sort());
  expect(memberHeard.map((e) => e.screenId)).toEqual([lobby.id]);

  // Nor may they watch the other screen's preview.
  await expect(connectSocket(s, { token: memberToken, screenId: cafe.id })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
  expect((await connectSocket(s, { token: memberToken, screenId: lobby.id })).connected).toBe(true);
});

const next = (socket: ClientSocket, event: 'member:changed' | 'disconnect') => new Promise<void>((resolve) => { socket.once(event, () => resolve()); });

it("a change of the member's groups moves their open dashboard at once: out-of-scope screens go quiet, new ones speak", async () => {
  const owner = await liveCustomer(s);
  const lobby = await s.ctx.db.screen.create({ data: { ownerId: owner.id, name: 'Lobi' } });
  const cafe = await s.ctx.db.screen.create({ data: { ownerId: owner.id, name: 'Kafeterya' } });
  const entrance = await s.ctx.db.screenGroup.create({ data: { ownerId: owner.id, name: 'Giriş', members: { create: [{ screenId: lobby.id }] } } });
  const kitchen = await s.ctx.db.screenGroup.create({ data: { ownerId: owner.id, name: 'Mutfak', members: { create: [{ screenId: cafe.id }] } } });
  const { token: memberToken, membershipId } = await liveMember(s, owner.id, 'viewer', [entrance.id]);
  const ownerDash = await connectSocket(s, { token: owner.token });
  const memberDash = await connectSocket(s, { token: memberToken });
  const lobbyPreview = await connectSocket(s, { token: memberToken, screenId: lobby.id });
  const ownerHeard = record(ownerDash, 'screen:status');
  const memberHeard = record(memberDash, 'screen:status');
  const setGroups = async (groups: string[]) => {
    const told = next(memberDash, 'member:changed');
    await s.api.put(`/api/team/members/${membershipId}`).set(owner.auth).send({ groups }).expect(200);
    await told;
  };

  // Narrowed to the kitchen: the lobby (in scope before) goes quiet, the cafe speaks; the lobby's preview is cut.
  const previewCut = next(lobbyPreview, 'disconnect');
  await setGroups([kitchen.id]);
  await previewCut;
  const players = [];
  for (const screen of [lobby, cafe]) {
    const device = await pairedDevice(s, owner.id, screen.id);
    players.push(await connectSocket(s, { deviceToken: device.token, screenId: screen.id }));
  }
  await expect.poll(() => ownerHeard.length).toBe(2);
  await caughtUp(s, [memberDash]);
  expect(memberHeard.map((e) => e.screenId)).toEqual([cafe.id]);

  // Every screen again (no groups): both players going offline are heard.
  await setGroups([]);
  memberHeard.length = 0;
  for (const p of players) p.close();
  await expect.poll(() => ownerHeard.length).toBe(4);
  await caughtUp(s, [memberDash]);
  expect(memberHeard.map((e) => [e.screenId, e.online]).sort()).toEqual([[cafe.id, false], [lobby.id, false]].sort());
  expect(memberDash.connected).toBe(true);
});

it("screens joining or leaving a limited member's group reach their open dashboard at once", async () => {
  const owner = await liveCustomer(s);
  const lobby = await s.ctx.db.screen.create({ data: { ownerId: owner.id, name: 'Lobi' } });
  const cafe = await s.ctx.db.screen.create({ data: { ownerId: owner.id, name: 'Kafeterya' } });
  const entrance = await s.ctx.db.screenGroup.create({ data: { ownerId: owner.id, name: 'Giriş', members: { create: [{ screenId: lobby.id }] } } });
  const { token: memberToken } = await liveMember(s, owner.id, 'viewer', [entrance.id]);
  const ownerDash = await connectSocket(s, { token: owner.token });
  const memberDash = await connectSocket(s, { token: memberToken });
  const ownerHeard = record(ownerDash, 'screen:status');
  const memberHeard = record(memberDash, 'screen:status');
  const setScreens = async (screenIds: string[]) => {
    const told = next(memberDash, 'member:changed');
    await s.api.put(`/api/screen-groups/${entrance.id}`).set(owner.auth).send({ screenIds }).expect(200);
    await told;
  };

  // The cafe joins the member's group: its player is heard, without a reconnect.
  await setScreens([lobby.id, cafe.id]);
  const cafePlayer = await connectSocket(s, { deviceToken: (await pairedDevice(s, owner.id, cafe.id)).token, screenId: cafe.id });
  await expect.poll(() => ownerHeard.length).toBe(1);
  await caughtUp(s, [memberDash]);
  expect(memberHeard.map((e) => [e.screenId, e.online])).toEqual([[cafe.id, true]]);

  // And leaves it: its player going offline is no longer heard.
  await setScreens([lobby.id]);
  cafePlayer.close();
  await expect.poll(() => ownerHeard.length).toBe(2);
  await caughtUp(s, [memberDash]);
  expect(memberHeard).toHaveLength(1);
  expect(memberDash.connected).toBe(true);
});

it("a change of the member's groups between their dashboard's handshake check and its room joins still moves it", async () => {
  const owner = await liveCustomer(s);
  const lobby = await s.ctx.db.screen.create({ data: { ownerId: owner.id, name: 'Lobi' } });
  const cafe = await s.ctx.db.screen.create({ data: { ownerId: owner.id, name: 'Kafeterya' } });
  const entrance = await s.ctx.db.screenGroup.create({ data: { ownerId: owner.id, name: 'Giriş', members: { create: [{ screenId: lobby.id }] } } });
  const kitchen = await s.ctx.db.screenGroup.create({ data: { ownerId: owner.id, name: 'Mutfak', members: { create: [{ screenId: cafe.id }] } } });
  const { token: memberToken, membershipId } = await liveMember(s, owner.id, 'viewer', [entrance.id]);
  const ownerDash = await connectSocket(s, { token: owner.token });
  const ownerHeard = record(ownerDash, 'screen:status');

  const held = holdAfterCheck(s, memberToken);
  let memberHeard: { screenId: string }[] = [];
  const connecting = connectSocket(s, { token: memberToken }, (socket) => { memberHeard = record(socket, 'screen:status'); });
  await held.checked;
  // Narrowed to the kitchen while the handshake (which read the entrance) waits: the move passes
  // the socket by, as it is in no room yet.
  await s.api.put(`/api/team/members/${membershipId}`).set(owner.auth).send({ groups: [kitchen.id] }).expect(200);
  await s.realtime.settled();
  held.release();
  const memberDash = await connecting;
  await caughtUp(s, [memberDash]);

  for (const screen of [lobby, cafe]) {
    const device = await pairedDevice(s, owner.id, screen.id);
    await connectSocket(s, { deviceToken: device.token, screenId: screen.id });
  }
  await expect.poll(() => ownerHeard.length).toBe(2);
  await caughtUp(s, [memberDash]);
  expect(memberHeard.map((e) => e.screenId)).toEqual([cafe.id]);
});
