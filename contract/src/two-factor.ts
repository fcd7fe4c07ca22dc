import { z } from './zod.js';
import { storableText } from './common.js';
import { ZEmail, ZPassword, ZUser } from './auth.js';

/*
 * Two-factor sign-in and sessions (docs/PRODUCT.md#two-factor, docs/PRODUCT.md#session).
 * The spec's login answer ({ token, user }) stays; the answers below come beside it.
 */

/** A six-digit TOTP code or a recovery code; spaces and dashes are ignored. */
export const ZTwoFactorCode = storableText('Doğrulama kodu zorunludur')
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().min(1, 'Doğrulama kodu zorunludur').max(32, 'Doğrulama kodu geçersiz'));

const ticket = z.string({ error: 'Giriş adımı geçersiz, lütfen yeniden giriş yapın' })
  .min(1, 'Giriş adımı geçersiz, lütfen yeniden giriş yapın').max(200, 'Giriş adımı geçersiz, lütfen yeniden giriş yapın');

/** POST /api/auth/login when the password is right but a second step is needed. */
export const ZLoginSecondStep = z.union([
  z.object({ twoFactorRequired: z.literal(true), ticket: z.string() }),
  z.object({ twoFactorSetupRequired: z.literal(true), ticket: z.string() }),
]);
export type TLoginSecondStep = z.infer<typeof ZLoginSecondStep>;

/** POST /api/auth/2fa/verify */
export const ZTwoFactorVerifyRequest = z.object({ ticket, code: ZTwoFactorCode });
export type TTwoFactorVerifyRequest = z.infer<typeof ZTwoFactorVerifyRequest>;

/** POST /api/auth/2fa/setup: signed in, or with the ticket of a sign-in that must set it up first. */
/**
 * POST /api/auth/2fa/setup and /enable: signed in, the person's own password as well (a stolen
 * session must not turn two-factor on and lock its owner out); with a sign-in's ticket, none.
 */
export const ZTwoFactorSetupRequest = z.object({ ticket: ticket.optional(), password: ZPassword.optional() });
export const ZTwoFactorSetupResponse = z.object({ otpauthUrl: z.string(), qrSvg: z.string() });
export type TTwoFactorSetupResponse = z.infer<typeof ZTwoFactorSetupResponse>;

/** POST /api/auth/2fa/enable; with a ticket the answer also signs in ({ token, user }). */
export const ZTwoFactorEnableRequest = z.object({ code: ZTwoFactorCode, ticket: ticket.optional(), password: ZPassword.optional() });
export const ZTwoFactorEnableResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type TTwoFactorEnableResponse = z.infer<typeof ZTwoFactorEnableResponse>;

/** POST /api/auth/2fa/enable with a setup ticket: the codes, and the sign-in it finishes. */
export const ZTwoFactorEnableSignInResponse = ZTwoFactorEnableResponse.extend({ token: z.string(), user: ZUser });

/** DELETE /api/auth/2fa */
export const ZTwoFactorDisableRequest = z.object({ code: ZTwoFactorCode });

/**
 * POST /api/auth/2fa/reset (platform administrators): a person who lost their phone and recovery
 * codes. The administrator's own password, and their own code when their two-factor is on: a
 * stolen session alone cannot strip anyone's second factor.
 */
export const ZTwoFactorResetRequest = z.object({ email: ZEmail, password: ZPassword, code: ZTwoFactorCode.optional() });
export type TTwoFactorResetRequest = z.infer<typeof ZTwoFactorResetRequest>;

/** GET /api/auth/2fa */
export const ZTwoFactorStatus = z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number() });
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** GET/PUT /api/team/settings: the account's sign-in rules and its approval flow (docs/architecture/approval.md). */
export const ZTeamSettings = z.object({ twoFactorRequired: z.boolean(), approvalRequired: z.boolean() });
export type TTeamSettings = z.infer<typeof ZTeamSettings>;
/** Each setting changes only when sent; at least one must be. */
export const ZTeamSettingsRequest = z.object({
  twoFactorRequired: z.boolean({ error: 'İki adımlı doğrulama zorunluluğu açık ya da kapalı olmalıdır' }).optional(),
  approvalRequired: z.boolean({ error: 'Onay akışı açık ya da kapalı olmalıdır' }).optional(),
}, { error: 'Geçersiz hesap ayarı' }).refine((b) => b.twoFactorRequired !== undefined || b.approvalRequired !== undefined, { error: 'Değiştirilecek bir hesap ayarı gönderin' });

/** GET /api/auth/sessions */
export const ZUserSession = z.object({
  _id: z.string(), device: z.string(), ip: z.string().nullable(), createdAt: z.string(), lastSeenAt: z.string(), current: z.boolean(),
});
export type TUserSession = z.infer<typeof ZUserSession>;
export const ZUserSessionList = z.array(ZUserSession);
export const ZEndOtherSessionsResponse = z.object({ message: z.string(), ended: z.number() });
