import { z } from './zod.js';
import { ZId, ZIsoDate, colour, numberField, requiredText } from './common.js';
import { ZUsedBy } from './usage.js';
import { listAnswer } from './lists.js';

/*
 * Emergency alerts ('Acil Duyuru'), their templates ('Şablonlar') and API keys on the wire:
 * docs/PRODUCT.md#alerts-api.
 */

export const ALERT_DURATION_DEFAULT = 30;
export const ALERT_DURATION_MAX = 1440;
/**
 * Alerts active at once on one screen (docs/PRODUCT.md#alerts-api): the player shows the newest
 * and counts the rest, so more is a mistake or a flood, and every one rides in the screen's config.
 */
export const ALERT_ACTIVE_MAX_PER_SCREEN = 10;
/** Readable from across a corridor: white on a deep red (contrast 6.5:1). */
export const ALERT_BACKGROUND_DEFAULT = '#B91C1C';
export const ALERT_TEXT_COLOR_DEFAULT = '#FFFFFF';

const DURATION_RANGE = `Süre 1 ile ${ALERT_DURATION_MAX} dakika arasında olmalıdır`;
const ZDuration = numberField(DURATION_RANGE).pipe(z.number().int(DURATION_RANGE).min(1, DURATION_RANGE).max(ALERT_DURATION_MAX, DURATION_RANGE));

const ids = (error: string, max: number, tooMany: string) => z.array(ZId, { error }).max(max, tooMany);
const flag = z.boolean({ error: 'Geçersiz değer' });

/** Whom an alert is for: every screen, or screens and groups by id (repeats ignored). */
const ZScreenIds = ids('Geçersiz ekran listesi', 1000, 'En fazla 1000 ekran seçilebilir');
const ZGroupIds = ids('Geçersiz ekran grubu listesi', 100, 'En fazla 100 ekran grubu seçilebilir');
const targetFields = {
  all: flag.optional().default(false),
  screens: ZScreenIds.optional().default([]),
  groups: ZGroupIds.optional().default([]),
};

const contentFields = {
  title: requiredText('Lütfen duyuru başlığını girin', 100),
  message: requiredText('Lütfen duyuru metnini girin', 1000),
  background: colour('Arka plan rengi').optional().default(ALERT_BACKGROUND_DEFAULT),
  textColor: colour('Yazı rengi').optional().default(ALERT_TEXT_COLOR_DEFAULT),
  /** An image of the customer's own media. */
  mediaId: ZId.nullable().optional().transform((v) => v ?? null),
  /** A repeating chime on the screens. */
  sound: flag.optional().default(false),
  durationMinutes: ZDuration.optional(),
  /** Shown until someone ends it; excludes durationMinutes. */
  untilEnded: flag.optional().default(false),
};

type Targets = { all: boolean; screens: string[]; groups: string[] };
const hasTarget = (t: Targets): boolean => t.all || t.screens.length > 0 || t.groups.length > 0;
const NO_TARGET = 'Lütfen tüm ekranları, en az bir ekran veya ekran grubu seçin';
const BOTH_DURATIONS = 'Süre ile "sonlandırılana kadar" birlikte seçilemez';
const oneDuration = (b: { durationMinutes?: number; untilEnded: boolean }) => !(b.untilEnded && b.durationMinutes !== undefined);

/** POST /api/alerts. */
export const ZCreateAlertRequest = z.object({ ...contentFields, ...targetFields }).strict()
  .refine(oneDuration, { message: BOTH_DURATIONS, path: ['untilEnded'] })
  .refine(hasTarget, { message: NO_TARGET, path: ['screens'] });
export type TCreateAlertRequest = z.input<typeof ZCreateAlertRequest>;

/** POST and PUT /api/alert-templates: targets are optional defaults, chosen again at send if empty. */
export const ZAlertTemplateWrite = z.object({
  name: requiredText('Lütfen şablon adını girin', 100),
  ...contentFields,
  ...targetFields,
}).strict().refine(oneDuration, { message: BOTH_DURATIONS, path: ['untilEnded'] });
export type TAlertTemplateWrite = z.input<typeof ZAlertTemplateWrite>;

/** POST /api/alert-templates/{id}/send: any target given replaces the template's targets. */
export const ZSendAlertTemplateRequest = z.object({
  all: flag.optional(),
  screens: ZScreenIds.optional(),
  groups: ZGroupIds.optional(),
}).strict();

/**
 * Who sent or ended an alert: a person of the customer, one of their API keys, or one of their
 * CAP feeds (`name` its address's host; docs/architecture/cap.md#feeds).
 */
const ZAlertActor = z.object({ kind: z.enum(['user', 'apiKey', 'capFeed']), _id: ZId, name: z.string() });
export type TAlertActor = z.infer<typeof ZAlertActor>;

export const ZAlert = z.object({
  _id: ZId,
  title: z.string(),
  message: z.string(),
  background: z.string(),
  textColor: z.string(),
  media: ZUsedBy.nullable(),
  sound: z.boolean(),
  /** What was asked: every screen, or these screens and groups (ids as sent). */
  all: z.boolean(),
  screens: z.array(ZId),
  groups: z.array(ZId),
  startedAt: ZIsoDate,
  /** Null: until ended. */
  endsAt: ZIsoDate.nullable(),
  /** When it stopped showing (ended early, or its endsAt passed); null while active. */
  endedAt: ZIsoDate.nullable(),
  active: z.boolean(),
  targetCount: z.number().int(),
  acknowledgedCount: z.number().int(),
  createdBy: ZAlertActor.nullable(),
  endedBy: ZAlertActor.nullable(),
});
export type TAlert = z.infer<typeof ZAlert>;

const ZAlertAckScreen = z.object({
  _id: ZId,
  name: z.string(),
  online: z.boolean(),
  acknowledgedAt: ZIsoDate.nullable(),
  latencyMs: z.number().int().nullable(),
});

/** GET /api/alerts/{id}: the screens not yet acknowledged first, then by name. */
export const ZAlertDetail = ZAlert.extend({
  acks: z.object({ total: z.number().int(), acknowledged: z.number().int(), screens: z.array(ZAlertAckScreen) }),
});
export type TAlertDetail = z.infer<typeof ZAlertDetail>;

export const ZAlertTemplate = z.object({
  _id: ZId,
  name: z.string(),
  title: z.string(),
  message: z.string(),
  background: z.string(),
  textColor: z.string(),
  media: ZUsedBy.nullable(),
  sound: z.boolean(),
  /** Null: until ended. */
  durationMinutes: z.number().int().nullable(),
  all: z.boolean(),
  screens: z.array(ZUsedBy),
  groups: z.array(ZUsedBy),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TAlertTemplate = z.infer<typeof ZAlertTemplate>;

/** What a screen must show for one active alert, newest first in its config. */
export const ZScreenAlert = z.object({
  _id: ZId,
  title: z.string(),
  message: z.string(),
  background: z.string(),
  textColor: z.string(),
  /** Path of the image under the uploads (the config prefixes its public URL). */
  mediaPath: z.string().nullable(),
  sound: z.boolean(),
  startedAt: ZIsoDate,
  endsAt: ZIsoDate.nullable(),
});
export type TScreenAlert = z.infer<typeof ZScreenAlert>;

/** GET /api/alerts and /api/alert-templates as the dashboard reads them (docs/CONTRACT.md#lists). */
export const ZAlertListAnswer = listAnswer(ZAlert);
export const ZAlertTemplateListAnswer = listAnswer(ZAlertTemplate);
