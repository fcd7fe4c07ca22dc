import type { TWebhook, TWebhookDelivery, TWebhookEvent } from '@pano/contract';

export type WebhookRow = {
  id: string; url: string; events: string[]; enabled: boolean; disabledReason: string | null; failingSince: Date | null; createdAt: Date;
};
export type DeliveryRow = {
  id: string; event: string; status: string; attempts: number; responseStatus: number | null; durationMs: number | null;
  responseBody: string | null; error: string | null; createdAt: Date; lastAttemptAt: Date | null; nextAttemptAt: Date | null;
};

/** Never the secret. */
export const presentWebhook = (w: WebhookRow): TWebhook => ({
  _id: w.id,
  url: w.url,
  events: w.events as TWebhookEvent[],
  enabled: w.enabled,
  disabledReason: w.disabledReason,
  failingSince: w.failingSince?.toISOString() ?? null,
  createdAt: w.createdAt.toISOString(),
});

export const presentDelivery = (d: DeliveryRow): TWebhookDelivery => ({
  _id: d.id,
  event: d.event as TWebhookDelivery['event'],
  status: d.status as TWebhookDelivery['status'],
  attempts: d.attempts,
  responseStatus: d.responseStatus,
  durationMs: d.durationMs,
  responseBody: d.responseBody,
  error: d.error,
  createdAt: d.createdAt.toISOString(),
  lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
});
