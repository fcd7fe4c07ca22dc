// oidc-provider ships no types; the e2e project reaches this file too, so the declaration comes along.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/*
 * A real OpenID Connect provider for tests (oidc-provider, OpenID Certified), on a random port
 * over http: the app under test reaches it with FETCH_ALLOW_PRIVATE=1. Its sign-in page is
 * replaced by `signInAs`: whoever the test sets is signed in and consents at once, so a test walks
 * the browser's redirects with plain requests (docs/architecture/sso.md#tests).
 */

export type OidcPerson = { sub: string; email: string; email_verified: boolean; given_name?: string; family_name?: string };

export type OidcServer = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next sign-in at the provider is. */
  signInAs(person: OidcPerson): void;
  /**
   * Follows the browser's way from the authorization URL (cookies kept) to the redirect back to
   * the app; answers that redirect's URL (the app's /login/sso with code and state).
   */
  authorize(url: string): Promise<URL>;
  close(): Promise<void>;
};

export async function startOidcServer(redirectUri: string): Promise<OidcServer> {
  const clientId = 'pano-test';
  const clientSecret = 'oidc-client-secret-do-not-leak-9d3f';
  let person: OidcPerson | undefined;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    pkce: { required: () => true },
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ ...(person?.sub === sub ? person : { sub }) }) }),
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    void (async () => {
      if (req.url?.startsWith('/interaction/')) {
        // The provider's sign-in and consent pages: the test's person signs in and allows.
        const details = await provider.interactionDetails(req, res);
        const grant = new provider.Grant({ accountId: person!.sub, clientId });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId: person!.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
        void details;
        return;
      }
      callback(req, res);
    })().catch((err: unknown) => { res.statusCode = 500; res.end(String(err)); });
  });

  async function authorize(start: string): Promise<URL> {
    const cookies = new Map<string, string>();
    let url = new URL(start);
    for (let hop = 0; hop < 10; hop++) {
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair!.indexOf('=');
        cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`provider answered ${res.status}: ${await res.text()}`);
      url = new URL(location, url);
      if (url.href.startsWith(redirectUri)) return url;
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer, clientId, clientSecret, authorize,
    signInAs: (p) => { person = p; },
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
