import { z } from './zod.js';
import { storableText } from './common.js';
import { ZAccountRole } from './accounts.js';
import { ZEmail } from './auth.js';

/*
 * Company sign-in with OpenID Connect (docs/architecture/sso.md): one provider per account, its
 * email domains, the role a first sign-in gets, and whether a password may still be used.
 */

// A domain is an identifier: Turkish rules would turn 'I' into 'ı'.
// eslint-disable-next-line no-restricted-syntax
const domain = storableText('Alan adı zorunludur').trim().toLowerCase().transform((d) => d.replace(/^@/, ''))
  .pipe(z.string().min(1, 'Alan adı zorunludur').max(253, 'Alan adı çok uzun')
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Geçerli bir alan adı girin (ör. hastane.com.tr)'));

export const ZSsoRequest = z.object({
  issuer: storableText('Kimlik sağlayıcı adresi zorunludur').trim().min(1, 'Kimlik sağlayıcı adresi zorunludur')
    .max(500, 'Kimlik sağlayıcı adresi çok uzun').url('Kimlik sağlayıcı adresi geçerli bir adres olmalıdır'),
  clientId: storableText('İstemci kimliği (Client ID) zorunludur').trim().min(1, 'İstemci kimliği (Client ID) zorunludur').max(300, 'İstemci kimliği çok uzun'),
  /** Left out when changing other fields: the stored secret stays. */
  clientSecret: storableText('İstemci sırrı (Client Secret) zorunludur').min(1, 'İstemci sırrı (Client Secret) zorunludur').max(1000, 'İstemci sırrı çok uzun').optional(),
  emailDomains: z.array(domain, { error: 'E-posta alan adları bir liste olmalıdır' })
    .min(1, 'En az bir e-posta alan adı girin').max(20, 'En fazla 20 alan adı girilebilir')
    .refine((d) => new Set(d).size === d.length, 'Bir alan adı listede iki kez yazılmış'),
  defaultRole: ZAccountRole.refine((r) => r !== 'owner', 'Kurumsal girişle gelen kişi Sahip olamaz; sahiplik yalnızca devirle verilir'),
  required: z.boolean({ error: 'Zorunluluk evet ya da hayır olmalıdır' }),
});
export type TSsoRequest = z.infer<typeof ZSsoRequest>;

/** GET /api/team/sso: the settings without the secret; null when company sign-in is off. */
export const ZSsoSettings = z.object({
  issuer: z.string(), clientId: z.string(), emailDomains: z.array(z.string()), defaultRole: ZAccountRole, required: z.boolean(),
  /** The address the provider must send people back to (registered there). */
  redirectUri: z.string(),
}).nullable();
export type TSsoSettings = z.infer<typeof ZSsoSettings>;

/** POST /api/auth/sso/start */
export const ZSsoStartRequest = z.object({ email: ZEmail });
export const ZSsoStartResponse = z.object({ url: z.string() });
export type TSsoStartResponse = z.infer<typeof ZSsoStartResponse>;

/** GET /api/auth/sso/callback: what the provider sent back to /login/sso, passed on as it came. */
export const ZSsoCallbackQuery = z.object({
  state: z.string({ error: 'Kurumsal giriş yanıtı eksik, lütfen yeniden deneyin' }).min(1, 'Kurumsal giriş yanıtı eksik, lütfen yeniden deneyin').max(500, 'Kurumsal giriş yanıtı geçersiz'),
}).passthrough();
