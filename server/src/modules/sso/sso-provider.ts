import * as oidc from 'openid-client';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { fetchPolicy, guardedFetch, GuardedFetchError } from '../../http/guarded-fetch.js';
import { ErrorCode } from '@pano/contract';

/*
 * The relying party's side of OpenID Connect, all of it from openid-client (OpenID Certified;
 * docs/architecture/sso.md): discovery, the authorization URL with PKCE, state and nonce, and the
 * code exchange that checks them and the ID token. Every request it makes goes through the guarded
 * fetch, so an issuer in the internal network is refused unless FETCH_ALLOW_PRIVATE=1.
 */

export const ssoFailed = (message: string, status = 400) => new AppError(status, ErrorCode.SSO_FAILED, message);

const NULL_BODY = new Set([101, 204, 205, 304]);

/** openid-client's fetch, answered by the guarded fetch (no redirects followed: the library expects them manual). */
const guardedOidcFetch = (ctx: AppContext): oidc.CustomFetch => async (url, options) => {
  const body = options.body === undefined || options.body === null ? undefined : String(options.body as URLSearchParams | string);
  const r = await guardedFetch(url, { method: options.method as 'GET' | 'POST', headers: options.headers, body, followRedirects: false }, fetchPolicy(ctx.config));
  const headers = new Headers();
  for (const [name, value] of Object.entries(r.headers)) {
    // The guarded fetch already decoded the body.
    if (value === undefined || name === 'content-encoding' || name === 'content-length' || name === 'transfer-encoding') continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return new Response(NULL_BODY.has(r.status) ? null : new Uint8Array(r.body), { status: r.status, headers });
};

/** https only; http only where the server may reach the internal network (FETCH_ALLOW_PRIVATE=1, tests). */
export function checkIssuerUrl(ctx: AppContext, issuer: string): URL {
  const url = new URL(issuer);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && ctx.config.fetchAllowPrivate)) return url;
  throw new AppError(400, ErrorCode.VALIDATION, 'Kimlik sağlayıcı adresi https:// ile başlamalıdır', [{ path: 'issuer', message: 'Kimlik sağlayıcı adresi https:// ile başlamalıdır' }]);
}

export type ProviderSettings = { issuer: string; clientId: string; clientSecret: string };

/** The provider's configuration from its discovery document; a failure is a Turkish 400 naming why. */
export async function discover(ctx: AppContext, s: ProviderSettings): Promise<oidc.Configuration> {
  const issuer = checkIssuerUrl(ctx, s.issuer);
  const fetcher = guardedOidcFetch(ctx);
  try {
    const config = await oidc.discovery(issuer, s.clientId, s.clientSecret, undefined, {
      [oidc.customFetch]: fetcher,
      execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
    });
    config[oidc.customFetch] = fetcher;
    return config;
  } catch (err) {
    const why = err instanceof GuardedFetchError ? err.message : (err as { cause?: unknown }).cause instanceof GuardedFetchError
      ? ((err as { cause: GuardedFetchError }).cause.message) : 'adres bir OpenID Connect sağlayıcısı gibi yanıt vermedi';
    throw ssoFailed(`Kimlik sağlayıcıya ulaşılamadı: ${why}. Adresin sağlayıcının "issuer" adresi olduğunu kontrol edin.`);
  }
}

/** Where the provider sends people back: the dashboard's page, which hands the answer to /api/auth/sso/callback. */
export const redirectUriOf = (ctx: AppContext) => `${ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`}/login/sso`;

export type StartedSignIn = { url: string; state: string; nonce: string; codeVerifier: string };

export async function authorizationUrl(ctx: AppContext, config: oidc.Configuration, email: string): Promise<StartedSignIn> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriOf(ctx), scope: 'openid email profile', response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier), code_challenge_method: 'S256',
    state, nonce, login_hint: email,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

export type VerifiedPerson = { email: string; firstName: string | null; lastName: string | null };

/**
 * Exchanges the code (PKCE verifier), checking state, nonce and the ID token (openid-client);
 * the email must be one the provider verified.
 */
export async function finishSignIn(ctx: AppContext, config: oidc.Configuration, query: URLSearchParams,
  expected: { state: string; nonce: string; codeVerifier: string }): Promise<VerifiedPerson> {
  const current = new URL(redirectUriOf(ctx));
  current.search = query.toString();
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: expected.codeVerifier, expectedState: expected.state, expectedNonce: expected.nonce, idTokenExpected: true,
    });
    claims = { ...tokens.claims() };
    if (typeof claims.email !== 'string') {
      claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub)) };
    }
  } catch (err) {
    ctx.logger.warn({ err }, 'company sign-in refused');
    throw ssoFailed(`Kimlik sağlayıcının yanıtı doğrulanamadı (${reasonOf(err)}). Lütfen girişi yeniden başlatın.`);
  }
  // An identifier: Turkish rules would turn 'I' into 'ı'.
  // eslint-disable-next-line no-restricted-syntax
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email) throw ssoFailed('Kimlik sağlayıcı e-posta adresinizi göndermedi. Hesap yöneticinize danışın.');
  if (claims.email_verified !== true) throw ssoFailed('Kimlik sağlayıcı e-posta adresinizi doğrulanmış olarak bildirmedi. Hesap yöneticinize danışın.');
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : null);
  return { email, firstName: text(claims.given_name), lastName: text(claims.family_name) };
}

/** A short Turkish reason from openid-client's error: the provider's error code, or the claim that did not match. */
function reasonOf(err: unknown): string {
  const e = err as { error?: string; message?: string; cause?: { claim?: string; cause?: { claim?: string } } };
  if (e.error) return `sağlayıcı: ${e.error}`;
  const claim = e.cause?.claim ?? e.cause?.cause?.claim;
  if (claim) return `kimlik belirtecinde ${claim} uyuşmuyor`;
  if (/state/i.test(e.message ?? '')) return 'state uyuşmuyor';
  return 'kimlik belirteci geçersiz';
}
