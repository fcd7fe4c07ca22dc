import { z } from './zod.js';
import { ZId, ZIsoDate } from './common.js';
import { httpUrl } from './apps.js';
import { listAnswer } from './lists.js';

/*
 * Webhooks ('Webhook'lar' on /settings; docs/architecture/webhooks.md): Pano tells another system
 * what happened, signed by the Standard Webhooks scheme.
 */

export const WEBHOOK_EVENTS = [
  'screen.offline', 'screen.online', 'screen.unhealthy',
  'alert.started', 'alert.acknowledged', 'alert.ended',
  'media.ready', 'media.failed',
  'purchase.completed', 'package.expiring',
] as const;
export const ZWebhookEvent = z.enum(WEBHOOK_EVENTS, { error: 'Tanınmayan webhook olayı' });
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;

/** The events as /settings names them. */
export const WEBHOOK_EVENT_LABELS: Record<TWebhookEvent, string> = {
  'screen.offline': 'Ekran çevrimdışı oldu',
  'screen.online': 'Ekran yeniden çevrimiçi',
  'screen.unhealthy': 'Ekran sorun bildiriyor',
  'alert.started': 'Acil duyuru başladı',
  'alert.acknowledged': 'Acil duyuru ekranlarda onaylandı',
  'alert.ended': 'Acil duyuru bitti',
  'media.ready': 'Medya hazır',
  'media.failed': 'Medya işlenemedi',
  'purchase.completed': 'Satın alma tamamlandı',
  'package.expiring': 'Paketin süresi doluyor',
};

/** POST /api/webhooks and PUT /api/webhooks/{id} (the whole hook). */
export const ZWebhookWrite = z.object({
  url: httpUrl('Webhook adresi'),
  events: z.array(ZWebhookEvent, { error: 'Olaylar bir liste olmalıdır' })
    .min(1, 'Lütfen en az bir olay seçin').max(WEBHOOK_EVENTS.length * 2, 'Çok fazla olay seçildi')
    .transform((e) => [...new Set(e)]),
  enabled: z.boolean({ error: 'Açık ya da kapalı olmalıdır' }).optional().default(true),
}, { error: 'Geçersiz webhook bilgisi' }).strict();
export type TWebhookWrite = z.input<typeof ZWebhookWrite>;
export type TWebhookWriteBody = z.output<typeof ZWebhookWrite>;

export const ZWebhook = z.object({
  _id: ZId,
  url: z.string(),
  events: z.array(ZWebhookEvent),
  enabled: z.boolean(),
  /** Why Pano turned it off (it failed for 24 hours), or null. */
  disabledReason: z.string().nullable(),
  /** Since when its deliveries fail, or null while they go through. */
  failingSince: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
});
export type TWebhook = z.infer<typeof ZWebhook>;

/** POST /api/webhooks: the only answer that carries the signing secret (`whsec_…`). */
export const ZCreatedWebhook = ZWebhook.extend({ secret: z.string() });
export type TCreatedWebhook = z.infer<typeof ZCreatedWebhook>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** GET /api/webhooks/{id}/deliveries: one message and how its attempts went. */
export const ZWebhookDelivery = z.object({
  /** The `webhook-id` header: the same on every attempt. */
  _id: z.string(),
  event: z.union([ZWebhookEvent, z.literal('webhook.test')]),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The last attempt's answer: HTTP status, time taken, the first 1 KB of its body, or why it failed before an answer. */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: ZIsoDate,
  lastAttemptAt: ZIsoDate.nullable(),
  nextAttemptAt: ZIsoDate.nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookListAnswer = listAnswer(ZWebhook);
export const ZWebhookDeliveryListAnswer = listAnswer(ZWebhookDelivery);
