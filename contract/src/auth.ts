import { z } from './zod.js';
import { ZId, storableText } from './common.js';
import { ZUserAccount } from './accounts.js';

const ZRole = z.enum(['customer', 'admin']);

export const ZUser = z.object({
  _id: ZId,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: ZRole,
  /** The account the session works in (docs/PRODUCT.md#team); null for a person in none. */
  account: ZUserAccount.nullable(),
});
export type TUser = z.infer<typeof ZUser>;

// An e-mail address is an identifier: Turkish rules would turn 'INFO@' into 'ınfo@'.
// eslint-disable-next-line no-restricted-syntax
export const ZEmail = storableText('E-posta zorunludur').trim().toLowerCase()
  .min(1, 'E-posta zorunludur').max(254, 'E-posta çok uzun').email('Geçerli bir e-posta adresi girin');
/** A password someone re-enters (login, deleting an account): whatever it is, only not empty. */
export const ZPassword = storableText('Şifre zorunludur').min(1, 'Şifre zorunludur').max(200, 'Şifre çok uzun');
export const personName = (label: string) => storableText().trim().max(100, `${label} çok uzun`);

const email = ZEmail;
export const ZLoginRequest = z.object({ email, password: ZPassword });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;
export const ZLoginResponse = z.object({ token: z.string(), user: ZUser });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** A password someone chooses (registration, a new admin, a reset): the rules are the same everywhere. */
export const ZNewPassword = ZPassword.refine((p) => p.length >= 6, 'Şifre en az 6 karakter olmalıdır');

const newPassword = ZNewPassword;

export const ZRegisterRequest = z.object({
  email,
  password: newPassword,
  firstName: personName('Ad').optional(),
  lastName: personName('Soyad').optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** An admin's own fields, however the admin is made (key, setup link, `npm run create-admin`). */
export const ZNewAdmin = z.object({
  email,
  password: newPassword,
  firstName: personName('Ad').min(1, 'Ad zorunludur'),
  lastName: personName('Soyad').min(1, 'Soyad zorunludur'),
});
export type TNewAdmin = z.infer<typeof ZNewAdmin>;

export const ZAdminRegisterRequest = ZNewAdmin.extend({
  adminKey: storableText('Admin anahtarı zorunludur').min(1, 'Admin anahtarı zorunludur').max(500),
});
export type TAdminRegisterRequest = z.infer<typeof ZAdminRegisterRequest>;

/** POST /api/auth/setup-admin: the first admin, with the one-time link the server printed at start. */
export const ZSetupAdminRequest = ZNewAdmin.extend({
  setupToken: z.string({ error: 'Kurulum bağlantısı geçersiz' }).min(1, 'Kurulum bağlantısı geçersiz').max(200),
});
export type TSetupAdminRequest = z.infer<typeof ZSetupAdminRequest>;

export const ZRegisterResponse = z.object({ message: z.string(), user: ZUser });
export const ZVerifyResponse = z.object({ user: ZUser });

/** POST /api/auth/forgot-password: answered 202 whatever the address (docs/PRODUCT.md#forgot-password). */
export const ZForgotPasswordRequest = z.object({ email });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** POST /api/auth/reset-password: the token of the mailed link and the new password. */
export const ZResetPasswordRequest = z.object({
  token: z.string({ error: 'Şifre sıfırlama bağlantısı geçersiz' }).min(1, 'Şifre sıfırlama bağlantısı geçersiz').max(200, 'Şifre sıfırlama bağlantısı geçersiz'),
  password: newPassword,
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** POST /api/auth/password: a signed-in person's own password, the current one given again. */
export const ZChangePasswordRequest = z.object({ currentPassword: ZPassword, newPassword })
  .refine((b) => b.currentPassword !== b.newPassword, { path: ['newPassword'], message: 'Yeni şifre mevcut şifrenizden farklı olmalıdır' });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
/** The session goes on with a new token (every earlier token is refused); `ended` other sessions closed. */
export const ZChangePasswordResponse = ZLoginResponse.extend({ message: z.string(), ended: z.number() });
