import { afterAll, describe, expect, it } from 'vitest';
import { startOidcServer, type OidcServer } from '../../server/test/oidc-server';
import { snap } from '../support/browser';
import { apiLogin, apiRegister, uniqueEmail } from '../support/accounts';
import { grantPackage } from '../support/packages';
import { useE2E } from '../support/harness';

// docs/architecture/sso.md, end to end in Chromium: the built server (FETCH_ALLOW_PRIVATE=1)
// against a real OpenID provider (oidc-provider) on a local port. Without PUBLIC_URL the server
// names http://localhost:{port}/login/sso as the return address.
const e2e = useE2E({ FETCH_ALLOW_PRIVATE: '1' });
let idp: OidcServer | undefined;
afterAll(async () => { await idp?.close(); });

describe('company sign-in', () => {
  it("/login → 'Kurumsal hesapla giriş' → provider → back signed in as a new member", async () => {
    idp = await startOidcServer(`http://localhost:${e2e.server.port}/login/sso`);
    const owner = uniqueEmail('sahip');
    await apiRegister(e2e.server.url, owner);
    const token = await apiLogin(e2e.server.url, owner);
    expect(await grantPackage({ baseUrl: e2e.server.url, token })).toBe(true);
    const domain = `hastane-${Date.now()}.com.tr`;
    const put = await fetch(`${e2e.server.url}/api/team/sso`, {
      method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, emailDomains: [domain], defaultRole: 'editor', required: true }),
    });
    expect(put.status).toBe(200);

    const email = `ayse@${domain}`;
    idp.signInAs({ sub: 'ayse', email, email_verified: true, given_name: 'Ayşe', family_name: 'Yılmaz' });
    const { page, errors } = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Kurumsal hesapla giriş' }).click();
    await page.getByLabel('Kurumsal e-posta').fill(email);
    await snap(page, 'company-sign-in', '01-login-choice');
    await page.getByRole('button', { name: 'Devam Et' }).click();
    // The provider signs the person in and sends the browser back to /login/sso, which signs in.
    await page.waitForURL((url) => url.pathname !== '/login/sso' && url.host === `localhost:${e2e.server.port}`, { timeout: 20_000 });
    const stored = await page.evaluate(() => localStorage.getItem('token'));
    const me = await fetch(`${e2e.server.url}/api/auth/verify`, { headers: { Authorization: `Bearer ${stored}` } });
    expect(((await me.json()) as { user: { email: string; account: { role: string } } }).user).toMatchObject({ email, account: { role: 'editor' } });
    await snap(page, 'company-sign-in', '02-signed-in');

    // Required: the password is refused with the way to company sign-in.
    const login = await fetch(`${e2e.server.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'Parola123!' }) });
    expect(login.status).toBe(403);
    expect(errors).toEqual([]);
  });
});
