import { z } from './zod.js';
import { ZId, ZIsoDate, requiredText } from './common.js';
import { listAnswer } from './lists.js';
import { ZGroupIds, ZGroupRef } from './team.js';

/*
 * API keys for building systems ('API Anahtarları' on /settings; docs/architecture/security.md#api-keys):
 * each key carries the scopes it may use and, like a member, may be limited to screen groups.
 */

/** What a key may do; which routes each opens is decided in one table (server key-routes.ts). */
export const API_KEY_SCOPES = ['alerts', 'screens:read', 'content', 'schedules', 'reports:read', 'webhooks'] as const;
export const ZApiKeyScope = z.enum(API_KEY_SCOPES, { error: 'Tanınmayan anahtar yetkisi' });
export type TApiKeyScope = z.infer<typeof ZApiKeyScope>;

/** The scopes as /settings names them, and what each allows. */
export const API_KEY_SCOPE_LABELS: Record<TApiKeyScope, { label: string; hint: string }> = {
  alerts: { label: 'Acil duyurular', hint: 'Acil duyuru gönderme, durumunu okuma ve sonlandırma' },
  'screens:read': { label: 'Ekranları okuma', hint: 'Ekranlar, grupları, durumları ve şu an gösterdikleri' },
  content: { label: 'İçerik', hint: 'Medya, uygulamalar, playlistler, kayan yazılar ve yerleşimler: ekleme, değiştirme, silme' },
  schedules: { label: 'Atama ve takvim', hint: 'Ekranlara içerik atama ve takvimler' },
  'reports:read': { label: 'Raporları okuma', hint: 'Oynatma kayıtları ve CSV' },
  webhooks: { label: "Webhook'lar", hint: "Webhook'ları yönetme" },
};

/** POST /api/api-keys. Without `scopes` a key sends alerts, as every key did before scopes. */
export const ZCreateApiKeyRequest = z.object({
  name: requiredText('Lütfen anahtar adını girin', 100),
  scopes: z.array(ZApiKeyScope, { error: 'Yetkiler bir liste olmalıdır' })
    .min(1, 'Lütfen en az bir yetki seçin').max(20, 'En fazla 20 yetki seçilebilir')
    .transform((s) => [...new Set(s)])
    .optional().default(['alerts']),
  /** Empty or absent: every screen of the account. */
  groups: ZGroupIds.optional().default([]),
}).strict();
export type TCreateApiKeyRequest = z.input<typeof ZCreateApiKeyRequest>;
/** The request as the server reads it: scopes and groups filled in. */
export type TCreateApiKeyBody = z.output<typeof ZCreateApiKeyRequest>;

export const ZApiKey = z.object({
  _id: ZId,
  name: z.string(),
  /** The secret's first characters, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(ZApiKeyScope),
  /** Empty: every screen of the account. */
  groups: z.array(ZGroupRef),
  createdAt: ZIsoDate,
  lastUsedAt: ZIsoDate.nullable(),
  /** Requests made with the key in the last 24 hours ('Son 24 saat'). */
  requests24h: z.number().int(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** POST /api/api-keys: the only answer that ever carries the secret. */
export const ZCreatedApiKey = ZApiKey.extend({ key: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

/** API keys start with this, so a Bearer value is told from a JWT without parsing it. */
export const API_KEY_PREFIX = 'pano_';

/** GET /api/api-keys as the dashboard reads it (docs/CONTRACT.md#lists). */
export const ZApiKeyListAnswer = listAnswer(ZApiKey);
