import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, type TestApp } from '../../../test/harness.js';
import { LAST_SEEN_WRITE_MS } from '../../http/authenticate.js';
import { sessionJobHandlers } from './sessions.jobs.js';

/* The sessions' expiry and sweep (docs/architecture/sessions.md), against real PostgreSQL. */
let now = new Date();
let t: TestApp;
// A database of its own: the sweep deletes every expired session it finds, and the clock moves.
beforeAll(async () => { t = await createTestApp({ clock: () => now, ownDatabase: true }); });
afterAll(async () => { await t?.close(); });

const DAY_MS = 86_400_000;
const sweep = () => sessionJobHandlers(t.ctx)['sessions.sweep']({});
const rowOf = (id: string) => t.ctx.db.userSession.findUnique({ where: { id } });

async function signIn(email: string) {
  const res = await t.http.post('/api/auth/login').send({ email, password: 'secret123' }).expect(200);
  const token = res.body.token as string;
  const claims = await t.ctx.tokens.verify(token);
  if (claims.kind !== 'user' || !claims.sid) throw new Error('a sign-in token names its session');
  return { token, sid: claims.sid, auth: { Authorization: `Bearer ${token}` } };
}

describe('a session row keeps its token’s expiry', () => {
  it('a sign-in stores it; a token signed again for the same session moves it', async () => {
    const u = await newUser(t);
    const s = await signIn(u.email);
    expect((await rowOf(s.sid))?.expiresAt).toEqual(t.ctx.tokens.expiryOf(s.token));

    // As if its last token had been signed an hour earlier: switching accounts signs a new one.
    const earlier = new Date(t.ctx.tokens.expiryOf(s.token)!.getTime() - 3_600_000);
    await t.ctx.db.userSession.update({ where: { id: s.sid }, data: { expiresAt: earlier } });
    const res = await t.http.post('/api/auth/switch-account').set(s.auth).send({ accountId: u.id }).expect(200);
    const resigned = res.body.token as string;
    expect(await t.ctx.tokens.verify(resigned)).toMatchObject({ sid: s.sid });
    expect((await rowOf(s.sid))?.expiresAt).toEqual(t.ctx.tokens.expiryOf(resigned));

    // A password change goes on with a new token for this session: the same.
    await t.ctx.db.userSession.update({ where: { id: s.sid }, data: { expiresAt: earlier } });
    const changed = await t.http.post('/api/auth/password').set(s.auth).send({ currentPassword: 'secret123', newPassword: 'yeni-sifre-1' }).expect(200);
    expect(await t.ctx.tokens.verify(changed.body.token as string)).toMatchObject({ sid: s.sid });
    expect((await rowOf(s.sid))?.expiresAt).toEqual(t.ctx.tokens.expiryOf(changed.body.token as string));
  });
});

describe('sessions.sweep', () => {
  it('deletes the sessions whose last token has expired and keeps the live ones', async () => {
    const u = await newUser(t);
    const [expired, live] = [await signIn(u.email), await signIn(u.email)];
    const expiry = (await rowOf(live.sid))!.expiresAt!;
    await t.ctx.db.userSession.update({ where: { id: expired.sid }, data: { expiresAt: new Date(now.getTime() - 1000) } });
    await sweep();
    expect([await rowOf(expired.sid), (await rowOf(live.sid))?.id]).toEqual([null, live.sid]);
    await t.http.get('/api/auth/verify').set(live.auth).expect(200);

    // The clock past the live token's expiry: it goes too.
    const saved = now;
    now = new Date(expiry.getTime() + 1000);
    try {
      await sweep();
    } finally {
      now = saved;
    }
    expect(await rowOf(live.sid)).toBeNull();
  });

  it('a row from before expiries were stored goes once no token of it can live: its last sight, the lifetime and the last-seen step', async () => {
    const u = await newUser(t);
    const lifetime = t.ctx.tokens.userLifetimeMs();
    expect(lifetime).toBe(7 * DAY_MS); // JWT_TTL's default
    const seen = (msAgo: number) => t.ctx.db.userSession.create({
      data: { userId: u.id, device: 'Chrome · Linux', createdAt: new Date(now.getTime() - msAgo), lastSeenAt: new Date(now.getTime() - msAgo), expiresAt: null },
    });
    const gone = await seen(lifetime + LAST_SEEN_WRITE_MS + 60_000);
    const kept = await seen(lifetime + LAST_SEEN_WRITE_MS - 60_000);
    await sweep();
    expect([await rowOf(gone.id), (await rowOf(kept.id))?.id]).toEqual([null, kept.id]);
  });
});
