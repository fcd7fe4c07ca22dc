import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAP_SETTINGS_DEFAULT, ZCapResult, ZCreatedApiKey, type TCreateApiKeyRequest } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../../test/harness.js';
import { makeGroup, makeScreen, recordingNotifier } from '../screens/content.fixtures.js';
import {
  amber, capTime, earthquake, EARTHQUAKE_CENTRE, homelandSecurity, thunderstorm, THUNDERSTORM_INSIDE,
} from './cap.fixtures.js';

/*
 * POST /api/alerts/cap with the OASIS CAP 1.2 specification's example messages
 * (docs/architecture/cap.md): what each starts, replaces or ends, and what is refused.
 */

let t: TestApp;
const notifier = recordingNotifier();
beforeAll(async () => { t = await createTestApp({ notifier }); });
afterAll(async () => { await t.close(); });
beforeEach(() => { notifier.reset(); });

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const post = (auth: Record<string, string>, xml: string, type = 'application/cap+xml') =>
  t.http.post('/api/alerts/cap').set(auth).set('Content-Type', type).send(xml);

async function newKey(u: TestUser, body: TCreateApiKeyRequest) {
  const res = await t.http.post('/api/api-keys').set(u.auth).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return bearer(ZCreatedApiKey.parse(res.body).key);
}

const located = (ownerId: string, name: string, at: { latitude: number; longitude: number } | null) =>
  makeScreen(t, ownerId, { name }).then((s) => (at ? t.ctx.db.screen.update({ where: { id: s.id }, data: at }) : s));

/** A site with a screen in the thunderstorm's polygon, one near the earthquake and one with no location. */
async function site() {
  const owner = await newCustomer(t, { maxScreens: 10 });
  const sierra = await located(owner.id, 'Sierra', THUNDERSTORM_INSIDE);
  const brawley = await located(owner.id, 'Brawley', { latitude: EARTHQUAKE_CENTRE.latitude + 0.01, longitude: EARTHQUAKE_CENTRE.longitude });
  const lobby = await located(owner.id, 'Lobi', null);
  const key = await newKey(owner, { name: 'Uyarı sistemi', scopes: ['alerts'] });
  return { owner, sierra, brawley, lobby, key };
}

const alertCount = (ownerId: string) => t.ctx.db.alert.count({ where: { ownerId } });

describe('POST /api/alerts/cap: Alert', () => {
  it('A.1 (no geometry) reaches every screen: headline, description and instruction, Severe colours, chime for Immediate', async () => {
    const s = await site();
    const res = await post(s.key, homelandSecurity());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const body = ZCapResult.parse(res.body);
    expect(body).toMatchObject({ identifier: '43b080713727', sender: 'hsas@dhs.gov', msgType: 'Alert', outcome: 'started', ended: [] });
    expect(body.screens.map((x) => x.name)).toEqual(['Brawley', 'Lobi', 'Sierra']);
    expect(body.alert).toMatchObject({
      title: 'Homeland Security Sets Code ORANGE', all: true, targetCount: 3, endsAt: null, sound: true,
      background: CAP_SETTINGS_DEFAULT.colours.Severe.background, textColor: CAP_SETTINGS_DEFAULT.colours.Severe.textColor,
      createdBy: { kind: 'apiKey', name: 'Uyarı sistemi' },
    });
    expect(body.alert!.message).toMatch(/^The Department of Homeland Security has elevated .*\n\nA High Condition is declared/s);
    expect(notifier.calls).toEqual([[s.sierra.id, s.brawley.id, s.lobby.id].sort()]);
  });

  it('a message already received (same sender and identifier) changes nothing and answers the alert it started', async () => {
    const s = await site();
    const first = ZCapResult.parse((await post(s.key, amber())).body);
    notifier.reset();
    const again = await post(s.key, amber());
    expect(again.status).toBe(200);
    expect(ZCapResult.parse(again.body)).toMatchObject({ outcome: 'duplicate', alert: { _id: first.alert!._id }, screens: first.screens });
    expect(await alertCount(s.owner.id)).toBe(1);
    expect(notifier.calls).toEqual([]);
    // Another customer's message with the same identity is theirs: applied for them.
    const other = await site();
    expect((await post(other.key, amber())).body.outcome).toBe('started');
  });

  it('A.2 as published has expired: nothing is shown; with a later expiry only the screen inside its polygon is reached, until then', async () => {
    const s = await site();
    const expired = await post(s.key, thunderstorm());
    expect(expired.status).toBe(200);
    expect(expired.body).toMatchObject({ outcome: 'expired', alert: null, screens: [] });
    expect(await alertCount(s.owner.id)).toBe(0);

    const expires = capTime(45);
    const res = await post(s.key, thunderstorm({ identifier: 'KSTO1055887204', expires }));
    expect(res.status).toBe(201);
    const body = ZCapResult.parse(res.body);
    expect(body.screens).toEqual([{ _id: s.sierra.id, name: 'Sierra' }]);
    expect(body.alert).toMatchObject({ all: false, screens: [s.sierra.id], title: 'SEVERE THUNDERSTORM WARNING' });
    expect(Date.parse(body.alert!.endsAt!)).toBe(Date.parse(expires));
  });

  it('a circle reaches the screens within its radius (great-circle distance); an area none is in shows nothing', async () => {
    const s = await site();
    // Brawley is 1.1 km north of the centre.
    const near = await post(s.key, earthquake({ identifier: 'EQ-1', msgType: 'Alert', references: null, circle: '32.9525,-115.5527 2' }));
    expect(near.status).toBe(201);
    expect(near.body.screens).toEqual([{ _id: s.brawley.id, name: 'Brawley' }]);
    const tight = await post(s.key, earthquake({ identifier: 'EQ-2', msgType: 'Alert', references: null, circle: '32.9525,-115.5527 1' }));
    expect(tight.status).toBe(200);
    expect(tight.body).toMatchObject({ outcome: 'outside', alert: null, screens: [] });
    expect(await alertCount(s.owner.id)).toBe(1);
  });

  it('a key limited to screen groups reaches only its groups\' screens, with or without an area', async () => {
    const s = await site();
    const group = await makeGroup(t, s.owner.id, 'Giriş', [s.lobby.id, s.sierra.id]);
    const key = await newKey(s.owner, { name: 'Giriş paneli', scopes: ['alerts'], groups: [group.id] });
    const everywhere = ZCapResult.parse((await post(key, amber())).body);
    expect(everywhere.alert).toMatchObject({ all: false, groups: [group.id], targetCount: 2 });
    const area = ZCapResult.parse((await post(key, thunderstorm({ identifier: 'T-2', expires: capTime(30), polygon: '30,-125 45,-125 45,-110 30,-110 30,-125' }))).body);
    // Brawley is in the polygon too, but outside the key's groups.
    expect(area.screens.map((x) => x.name)).toEqual(['Sierra']);
  });

  it('colours follow the account\'s CAP settings by severity, the chime its urgencies', async () => {
    const s = await site();
    const settings = {
      colours: { ...CAP_SETTINGS_DEFAULT.colours, Moderate: { background: '#123456', textColor: '#FEDCBA' } },
      soundFor: ['Expected'],
    };
    expect((await t.http.put('/api/cap-settings').set(s.owner.auth).send(settings)).status).toBe(200);
    const res = ZCapResult.parse((await post(s.key, homelandSecurity({ severity: 'Moderate', urgency: 'Immediate' }))).body);
    expect(res.alert).toMatchObject({ background: '#123456', textColor: '#FEDCBA', sound: false });
    const expected = ZCapResult.parse((await post(s.key, amber({ identifier: 'A-2' }))).body);
    expect(expected.alert).toMatchObject({ sound: false, background: CAP_SETTINGS_DEFAULT.colours.Severe.background });
    const event = await t.ctx.db.auditEvent.findFirstOrThrow({ where: { chain: s.owner.id, action: 'settings.cap' } });
    expect(event.changes).toMatchObject({ soundFor: [['Immediate'], ['Expected']] });
  });

  it('Exercise is shown marked as a drill; Test, System and Draft, and Ack messages, are not shown', async () => {
    const s = await site();
    const drill = ZCapResult.parse((await post(s.key, amber({ identifier: 'D-1', status: 'Exercise' }))).body);
    expect(drill.alert!.title).toBe('TATBİKAT: AMBER ALERT');
    for (const [identifier, status, msgType] of [['X-1', 'Test', 'Alert'], ['X-2', 'System', 'Alert'], ['X-3', 'Draft', 'Alert'], ['X-4', 'Actual', 'Ack']] as const) {
      const res = await post(s.key, amber({ identifier, status, msgType, references: msgType === 'Ack' ? 'KARO@CLETS.DOJ.CA.GOV,D-1,2003-06-11T22:39:00-07:00' : undefined }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ outcome: 'ignored', alert: null });
    }
    expect(await alertCount(s.owner.id)).toBe(1);
  });
});

describe('POST /api/alerts/cap: Update and Cancel', () => {
  it('A.3 updates TRI13970876.1: the new alert starts, then the earlier one ends; a Cancel ends the update', async () => {
    const s = await site();
    const first = ZCapResult.parse((await post(s.key, earthquake({ identifier: 'TRI13970876.1', msgType: 'Alert', references: null, circle: '32.9525,-115.5527 5' }))).body);
    notifier.reset();
    const update = await post(s.key, earthquake({ circle: '32.9525,-115.5527 5' }));
    expect(update.status).toBe(201);
    const updated = ZCapResult.parse(update.body);
    expect(updated).toMatchObject({ outcome: 'updated', ended: [first.alert!._id], screens: [{ _id: s.brawley.id, name: 'Brawley' }] });
    expect(updated.alert!._id).not.toBe(first.alert!._id);
    const old = await t.ctx.db.alert.findUniqueOrThrow({ where: { id: first.alert!._id } });
    expect(old.endedAt).not.toBeNull();
    expect(old.endedByKeyId).not.toBeNull();

    const cancel = await post(s.key, earthquake({ identifier: 'TRI13970876.3', msgType: 'Cancel', references: 'trinet@caltech.edu,TRI13970876.2,2003-06-11T20:56:00-07:00' }));
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ outcome: 'ended', ended: [updated.alert!._id] });
    expect((await t.ctx.db.alert.findUniqueOrThrow({ where: { id: updated.alert!._id } })).endedAt).not.toBeNull();
    // A Cancel of nothing shown changes nothing.
    const again = await post(s.key, earthquake({ identifier: 'TRI13970876.4', msgType: 'Cancel', references: 'trinet@caltech.edu,TRI13970876.2,2003-06-11T20:56:00-07:00' }));
    expect(again.body).toMatchObject({ outcome: 'ignored', ended: [] });
  });

  it('A.3 as published (radius 0, the epicentre) reaches no screen: the alert it updates ends', async () => {
    const s = await site();
    const first = ZCapResult.parse((await post(s.key, earthquake({ identifier: 'TRI13970876.1', msgType: 'Alert', references: null, circle: '32.9525,-115.5527 5' }))).body);
    const res = await post(s.key, earthquake());
    expect(res.body).toMatchObject({ outcome: 'outside', ended: [first.alert!._id], alert: null });
  });

  it('a key limited to screen groups cancels only alerts aimed within its groups', async () => {
    const s = await site();
    const everywhere = ZCapResult.parse((await post(s.key, amber())).body);
    const group = await makeGroup(t, s.owner.id, 'Giriş', [s.lobby.id]);
    const limited = await newKey(s.owner, { name: 'Giriş paneli', scopes: ['alerts'], groups: [group.id] });
    const own = ZCapResult.parse((await post(limited, amber({ identifier: 'G-1' }))).body);
    const refs = 'KARO@CLETS.DOJ.CA.GOV,KAR0-0306112239-SW,2003-06-11T22:39:00-07:00 KARO@CLETS.DOJ.CA.GOV,G-1,2003-06-11T22:39:00-07:00';
    const res = await post(limited, amber({ identifier: 'G-2', msgType: 'Cancel', references: refs }));
    expect(res.body).toMatchObject({ outcome: 'ended', ended: [own.alert!._id] });
    expect((await t.ctx.db.alert.findUniqueOrThrow({ where: { id: everywhere.alert!._id } })).endedAt).toBeNull();
  });

  it('another customer\'s Cancel with the same references ends nothing of this one', async () => {
    const s = await site();
    const mine = ZCapResult.parse((await post(s.key, amber())).body);
    const other = await site();
    const res = await post(other.key, amber({ identifier: 'C-1', msgType: 'Cancel', references: 'KARO@CLETS.DOJ.CA.GOV,KAR0-0306112239-SW,2003-06-11T22:39:00-07:00' }));
    expect(res.body.outcome).toBe('ignored');
    expect((await t.ctx.db.alert.findUniqueOrThrow({ where: { id: mine.alert!._id } })).endedAt).toBeNull();
  });
});

describe('POST /api/alerts/cap refuses in Turkish and records nothing', () => {
  const cases: [string, string, string, number, RegExp][] = [
    ['JSON', JSON.stringify({ title: 'x' }), 'application/json', 415, /XML olarak gönderilmelidir/],
    ['not XML', 'yangın var', 'application/xml', 400, /CAP/],
    ['malformed', homelandSecurity().replace('</info>', ''), 'application/xml', 400, /CAP 1.2 şemasına uymuyor/],
    ['no status', homelandSecurity().replace(/<status>.*<\/status>/, ''), 'text/xml', 400, /CAP 1.2 şemasına uymuyor/],
    ['a sent time without offset', homelandSecurity().replace('2003-04-02T14:39:01-05:00', '2003-04-02T14:39:01Z'), 'application/cap+xml', 400, /şemasına uymuyor/],
    ['an identifier of 3,000 characters', homelandSecurity({ identifier: 'x'.repeat(3000) }), 'application/cap+xml', 400, /<identifier> boş olamaz, en fazla 255/],
    ['a sender with a space', homelandSecurity({ sender: 'hsas dhs.gov' }), 'application/cap+xml', 400, /<sender> boş olamaz/],
    ['CAP 1.1', homelandSecurity().replace('cap:1.2', 'cap:1.1'), 'application/cap+xml', 400, /Yalnızca CAP 1.2/],
    ['a DOCTYPE with an external entity', homelandSecurity().replace('<alert', '<!DOCTYPE alert [<!ENTITY x SYSTEM "file:///etc/passwd">]><alert').replace('43b080713727', '&x;'), 'application/cap+xml', 400, /DOCTYPE/],
    ['an open polygon', thunderstorm({ expires: null, polygon: '38.47,-120.14 38.34,-119.95 38.52,-119.74 38.62,-119.89' }), 'application/cap+xml', 400, /polygon/],
    ['a circle without radius', earthquake({ msgType: 'Alert', references: null, circle: '32.9,-115.5' }), 'application/cap+xml', 400, /circle/],
  ];
  it.each(cases)('%s', async (_name, body, type, status, message) => {
    const s = await site();
    const res = await post(s.key, body, type);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    expect(await t.ctx.db.capMessage.count({ where: { ownerId: s.owner.id } })).toBe(0);
    expect(await alertCount(s.owner.id)).toBe(0);
  });

  it('413 for a message over 1 MB', async () => {
    const s = await site();
    const big = homelandSecurity().replace('<web>', `<contact>${'x'.repeat(1024 * 1024)}</contact><web>`);
    const res = await post(s.key, big);
    expect(res.status).toBe(413);
    expect(await alertCount(s.owner.id)).toBe(0);
  });

  it('a message that cannot be shown (no room on a screen) is forgotten, so sending it again later works', async () => {
    const s = await site();
    for (let i = 0; i < 10; i++) expect((await post(s.key, amber({ identifier: `F-${i}` }))).status).toBe(201);
    const full = await post(s.key, amber({ identifier: 'F-10' }));
    expect(full.status).toBe(409);
    expect(await t.ctx.db.capMessage.count({ where: { ownerId: s.owner.id, identifier: 'F-10' } })).toBe(0);
    const oldest = await t.ctx.db.alert.findFirstOrThrow({ where: { ownerId: s.owner.id }, orderBy: { startedAt: 'asc' } });
    expect((await t.http.delete(`/api/alerts/${oldest.id}`).set(s.owner.auth)).status).toBe(200);
    expect((await post(s.key, amber({ identifier: 'F-10' }))).status).toBe(201);
  });

  it('a key without the alerts scope, and a viewer, are refused', async () => {
    const s = await site();
    const reader = await newKey(s.owner, { name: 'İzleme', scopes: ['screens:read'] });
    expect((await post(reader, amber())).status).toBe(403);
    expect(await alertCount(s.owner.id)).toBe(0);
  });
});
