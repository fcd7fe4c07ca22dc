import type { Request } from 'express';
import { rateLimit, type Options } from 'express-rate-limit';
import { ErrorCode, ZLoginRequest } from '@pano/contract';

const common = (limit: number): Partial<Options> => ({
  windowMs: 15 * 60 * 1000,
  limit,
  standardHeaders: 'draft-7',
  legacyHeaders: false,
  message: { message: 'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.', code: ErrorCode.RATE_LIMITED },
});

/** Every attempt counts, per address: device pairing, where a mobile code is the credential. */
export const attemptsPerAddress = (limit: number) => rateLimit(common(limit));

/**
 * Only failed attempts count, per address (login, register, admin-register share one
 * counter). Staff behind one outgoing address (a hospital's NAT) sign in all day; counting
 * their successes locked them out, while guessing is made of failures.
 */
export const failuresPerAddress = (limit: number) => rateLimit({ ...common(limit), skipSuccessfulRequests: true });

/** The account a login names, normalised as the login itself normalises it. */
function accountOf(req: Request): string | undefined {
  const parsed = ZLoginRequest.shape.email.safeParse((req.body as { email?: unknown } | undefined)?.email);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Failed logins per account, whatever address they come from: guessing one account's
 * password from many addresses is stopped too. Its headers would overwrite the address
 * limit's, so it sends none.
 */
export const failedLoginsPerAccount = (limit: number) => rateLimit({
  ...common(limit),
  standardHeaders: false,
  skipSuccessfulRequests: true,
  skip: (req) => accountOf(req) === undefined,
  keyGenerator: (req) => `account:${accountOf(req) ?? ''}`,
});
