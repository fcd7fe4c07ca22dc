import { z } from './zod.js';
import { ZId, ZIsoDate, colour, numberField } from './common.js';
import { httpUrl } from './apps.js';
import { ZAlert } from './alerts.js';
import { ZUsedBy } from './usage.js';
import { listAnswer } from './lists.js';

/*
 * CAP 1.2 (the Common Alerting Protocol) on the wire: messages posted to POST /api/alerts/cap
 * or polled from a feed become alerts (docs/architecture/cap.md).
 */

export const CAP_SEVERITIES = ['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown'] as const;
export type TCapSeverity = (typeof CAP_SEVERITIES)[number];
export const CAP_URGENCIES = ['Immediate', 'Expected', 'Future', 'Past', 'Unknown'] as const;
export type TCapUrgency = (typeof CAP_URGENCIES)[number];

/** The severities as /settings names them. */
export const CAP_SEVERITY_LABELS: Record<TCapSeverity, string> = {
  Extreme: 'Olağanüstü', Severe: 'Ciddi', Moderate: 'Orta', Minor: 'Düşük', Unknown: 'Bilinmiyor',
};
export const CAP_URGENCY_LABELS: Record<TCapUrgency, string> = {
  Immediate: 'Hemen', Expected: 'Yakında', Future: 'İleride', Past: 'Geçti', Unknown: 'Bilinmiyor',
};

const ZColours = z.object({ background: colour('Arka plan rengi'), textColor: colour('Yazı rengi') }).strict();

/**
 * How a CAP message looks on the screens: colours by severity, the chime by urgency. Each
 * default pair reads at least 4.5:1 (white on red, orange, blue and grey; near-black on yellow).
 */
export const ZCapSettings = z.object({
  colours: z.object({
    Extreme: ZColours, Severe: ZColours, Moderate: ZColours, Minor: ZColours, Unknown: ZColours,
  }, { error: 'Her önem derecesi için renk seçin' }).strict(),
  soundFor: z.array(z.enum(CAP_URGENCIES, { error: 'Tanınmayan aciliyet' }), { error: 'Geçersiz aciliyet listesi' })
    .max(CAP_URGENCIES.length * 2, 'Geçersiz aciliyet listesi').transform((u) => [...new Set(u)]),
}, { error: 'Geçersiz CAP ayarları' }).strict();
export type TCapSettings = z.output<typeof ZCapSettings>;

export const CAP_SETTINGS_DEFAULT: TCapSettings = {
  colours: {
    Extreme: { background: '#B91C1C', textColor: '#FFFFFF' },
    Severe: { background: '#C2410C', textColor: '#FFFFFF' },
    Moderate: { background: '#FACC15', textColor: '#111827' },
    Minor: { background: '#1D4ED8', textColor: '#FFFFFF' },
    Unknown: { background: '#374151', textColor: '#FFFFFF' },
  },
  soundFor: ['Immediate'],
};

/**
 * What one CAP message did: started an alert, replaced one (Update), ended one (Cancel), or
 * nothing, and why: already received, not an actual alert (Test, System, Draft; Ack, Error),
 * expired, for an area none of the screens is in, or a Cancel of nothing shown.
 */
export const CAP_OUTCOMES = ['started', 'updated', 'ended', 'duplicate', 'ignored', 'expired', 'outside'] as const;
export type TCapOutcome = (typeof CAP_OUTCOMES)[number];

/** POST /api/alerts/cap: 201 when an alert started, 200 otherwise. */
export const ZCapResult = z.object({
  identifier: z.string(),
  sender: z.string(),
  msgType: z.string(),
  outcome: z.enum(CAP_OUTCOMES),
  /** What happened, in Turkish, for a person reading the building system's log. */
  message: z.string(),
  /** The alert it started; for a duplicate, the one its first copy started; else null (a Cancel's are in `ended`). */
  alert: ZAlert.nullable(),
  /** The alerts it ended (an Update's earlier alert, a Cancel's). */
  ended: z.array(ZId),
  /** The screens the alert reached: their acknowledgements follow at GET /api/alerts/{id}. */
  screens: z.array(ZUsedBy),
});
export type TCapResult = z.infer<typeof ZCapResult>;

export const CAP_POLL_SECONDS_MIN = 30;
export const CAP_POLL_SECONDS_MAX = 3600;
export const CAP_POLL_SECONDS_DEFAULT = 60;
const POLL_RANGE = `Yoklama aralığı ${CAP_POLL_SECONDS_MIN} ile ${CAP_POLL_SECONDS_MAX} saniye arasında olmalıdır`;

/** POST /api/cap-feeds and PUT /api/cap-feeds/{id} (the whole feed). */
export const ZCapFeedWrite = z.object({
  url: httpUrl('Besleme adresi'),
  pollSeconds: numberField(POLL_RANGE).pipe(z.number().int(POLL_RANGE).min(CAP_POLL_SECONDS_MIN, POLL_RANGE).max(CAP_POLL_SECONDS_MAX, POLL_RANGE))
    .optional().default(CAP_POLL_SECONDS_DEFAULT),
  /** Screen groups its alerts may reach (with the area); empty: every screen. */
  groups: z.array(ZId, { error: 'Geçersiz ekran grubu listesi' }).max(100, 'En fazla 100 ekran grubu seçilebilir')
    .optional().default([]).transform((g) => [...new Set(g)]),
  enabled: z.boolean({ error: 'Açık ya da kapalı olmalıdır' }).optional().default(true),
}, { error: 'Geçersiz besleme bilgisi' }).strict();
export type TCapFeedWrite = z.input<typeof ZCapFeedWrite>;
export type TCapFeedWriteBody = z.output<typeof ZCapFeedWrite>;

export const ZCapFeed = z.object({
  _id: ZId,
  url: z.string(),
  pollSeconds: z.number().int(),
  groups: z.array(ZUsedBy),
  enabled: z.boolean(),
  lastPolledAt: ZIsoDate.nullable(),
  /** The last poll that read the feed. */
  lastOkAt: ZIsoDate.nullable(),
  /** Why the last poll failed (Turkish), or null. */
  lastError: z.string().nullable(),
  /** Messages received from it so far. */
  messageCount: z.number().int(),
  createdAt: ZIsoDate,
});
export type TCapFeed = z.infer<typeof ZCapFeed>;
export const ZCapFeedListAnswer = listAnswer(ZCapFeed);
