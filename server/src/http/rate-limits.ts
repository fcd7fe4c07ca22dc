import type { Request } from 'express';
import { rateLimit, type Options } from 'express-rate-limit';
import { ErrorCode, ZLoginRequest, ZPairDeviceRequest } from '@pano/contract';
import type { RateLimitStores } from './rate-limit-store.js';

const common = (limit: number): Partial<Options> => ({
  windowMs: 15 * 60 * 1000,
  limit,
  standardHeaders: 'draft-7',
  legacyHeaders: false,
  message: { message: 'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.', code: ErrorCode.RATE_LIMITED },
  // Without TRUST_PROXY the header is ignored on purpose (docs/OPERATIONS.md#behind-a-proxy):
  // a client sending it is no misconfiguration worth a console error.
  validate: { xForwardedForHeader: false },
  // The shared store answers from memory when Redis is away (rate-limit-store.ts); anything
  // else it throws must not turn a login into a 500 either.
  passOnStoreError: true,
});

/** Every attempt counts, per address: device pairing, where a mobile code is the credential. */
export const attemptsPerAddress = (stores: RateLimitStores, name: string, limit: number) =>
  rateLimit({ ...common(limit), store: stores.create(name) });

/**
 * Only failed attempts count, per address (login, register, admin-register share one
 * counter). Staff behind one outgoing address (a hospital's NAT) sign in all day; counting
 * their successes locked them out, while guessing is made of failures.
 */
export const failuresPerAddress = (stores: RateLimitStores, name: string, limit: number) =>
  rateLimit({ ...common(limit), skipSuccessfulRequests: true, store: stores.create(name) });

/**
 * Failures per credential, whatever address they come from: the address limits alone let
 * someone with many addresses try one account (or one mobile code) without end. Its headers
 * would overwrite the address limit's, so it sends none.
 */
function failuresPerKey(stores: RateLimitStores, name: string, limit: number, keyOf: (req: Request) => string | undefined, count: 'failures' | 'all' = 'failures') {
  return rateLimit({
    ...common(limit),
    standardHeaders: false,
    skipSuccessfulRequests: count === 'failures',
    skip: (req) => keyOf(req) === undefined,
    keyGenerator: (req) => `${name}:${keyOf(req) ?? ''}`,
    store: stores.create(name),
  });
}

/** The account a login (or a forgot-password request) names, normalised as the login itself normalises it. */
function accountOf(req: Request): string | undefined {
  const parsed = ZLoginRequest.shape.email.safeParse((req.body as { email?: unknown } | undefined)?.email);
  return parsed.success ? parsed.data : undefined;
}

/** The mobile code a pairing names, in the one case the pairing compares it in. */
function mobileCodeOf(req: Request): string | undefined {
  const parsed = ZPairDeviceRequest.shape.mobileCode.safeParse((req.body as { mobileCode?: unknown } | undefined)?.mobileCode);
  // A mobile code is a machine identifier (A-Z, 0-9), so the locale-independent rule is right.
  // eslint-disable-next-line no-restricted-syntax
  return parsed.success ? parsed.data.toUpperCase() : undefined;
}

export const failedLoginsPerAccount = (stores: RateLimitStores, limit: number) => failuresPerKey(stores, 'login-account', limit, accountOf);

/**
 * Failures per signed-in person, from any address (after requireAuth): a password asked again
 * for a grave step (deleting the account) is guessed no faster than at the login.
 */
export const failuresPerUser = (stores: RateLimitStores, name: string, limit: number) =>
  failuresPerKey(stores, name, limit, (req) => req.user?.id);

/**
 * Every forgot-password request per address it names, from any address: each one mails that
 * person, so nobody can fill someone's inbox by asking again and again (or from many places).
 * Known and unknown addresses count alike, so the limit tells nothing about who has an account.
 */
export const resetRequestsPerAccount = (stores: RateLimitStores, limit: number) => failuresPerKey(stores, 'reset-account', limit, accountOf, 'all');

/**
 * Failed pairings per mobile code, from any address: a code refused again and again (its
 * package has ended, its device limit is reached) is stopped after as many failures as an
 * account's password, so a leaked code cannot be hammered from many addresses either.
 */
export const failedPairingsPerCode = (stores: RateLimitStores, limit: number) => failuresPerKey(stores, 'pair-code', limit, mobileCodeOf);

/**
 * Failed API-key authentications per address (an unknown or revoked key): keys are long random
 * secrets, but an address trying one after another is stopped like a login. The caller runs it
 * for failed keys only (api-key-auth.ts), so every request it sees counts, and a valid key
 * never meets it.
 */
export const failedApiKeysPerAddress = (stores: RateLimitStores, limit: number) =>
  rateLimit({ ...common(limit), store: stores.create('api-key') });

const perMinute = (stores: RateLimitStores, name: string, limit: number, message: string, keyOf: (req: Request) => string): Partial<Options> => ({
  ...common(limit),
  windowMs: 60 * 1000,
  message: { message, code: ErrorCode.RATE_LIMITED },
  keyGenerator: (req) => `${name}:${keyOf(req)}`,
  store: stores.create(name),
});

/**
 * Requests per minute for one thing, whoever asks (a screen's screenshots, one device's uploads):
 * what costs a player's bandwidth and the disk is not asked for faster than a person would.
 * Keyed after authentication, so another customer cannot use up someone else's count.
 */
export const perMinutePerKey = (stores: RateLimitStores, name: string, limit: number, message: string, keyOf: (req: Request) => string) =>
  rateLimit(perMinute(stores, name, limit, message, keyOf));

/**
 * Like perMinutePerKey, but only what went through counts (alert sends): a refused attempt (a
 * 400, a 404, a full screen's 409) costs nothing, so a sender's own mistakes never stand
 * between it and the emergency it has to get out.
 */
export const successesPerMinutePerKey = (stores: RateLimitStores, name: string, limit: number, message: string, keyOf: (req: Request) => string) =>
  rateLimit({ ...perMinute(stores, name, limit, message, keyOf), skipFailedRequests: true });
