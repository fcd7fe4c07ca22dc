import {
  ALERT_BACKGROUND_DEFAULT, ALERT_DURATION_DEFAULT, ALERT_TEXT_COLOR_DEFAULT, ZAlertTemplateWrite, ZCreateAlertRequest,
  type TAlertTemplate, type TAlertTemplateWrite, type TCreateAlertRequest,
} from '@pano/contract';
import { z } from '@pano/contract/zod';

/**
 * What the send form (and the template form) holds while it is edited. Its fields carry the
 * request's names, so a message of the contract's schema lands on the field it is about.
 */
const ZAlertDraft = z.object({
  name: z.string(),
  title: z.string(),
  message: z.string(),
  all: z.boolean(),
  screens: z.array(z.string()),
  groups: z.array(z.string()),
  /** As typed; the contract reads it as a number. */
  durationMinutes: z.string(),
  untilEnded: z.boolean(),
  background: z.string(),
  textColor: z.string(),
  mediaId: z.string(),
  sound: z.boolean(),
});
export type AlertDraft = z.infer<typeof ZAlertDraft>;

export const emptyAlertDraft = (): AlertDraft => ({
  name: '', title: '', message: '', all: true, screens: [], groups: [], durationMinutes: String(ALERT_DURATION_DEFAULT), untilEnded: false,
  background: ALERT_BACKGROUND_DEFAULT, textColor: ALERT_TEXT_COLOR_DEFAULT, mediaId: '', sound: false,
});

export const draftFromTemplate = (t: TAlertTemplate): AlertDraft => ({
  name: t.name, title: t.title, message: t.message, all: t.all, screens: t.screens.map((s) => s._id), groups: t.groups.map((g) => g._id),
  durationMinutes: String(t.durationMinutes ?? ALERT_DURATION_DEFAULT), untilEnded: t.durationMinutes === null,
  background: t.background, textColor: t.textColor, mediaId: t.media?._id ?? '', sound: t.sound,
});

function content(d: AlertDraft): TCreateAlertRequest {
  return {
    title: d.title, message: d.message, background: d.background, textColor: d.textColor, mediaId: d.mediaId || null, sound: d.sound,
    all: d.all, screens: d.all ? [] : d.screens, groups: d.all ? [] : d.groups,
    ...(d.untilEnded ? { untilEnded: true } : { durationMinutes: d.durationMinutes }),
  };
}

/** One of the two, as the form asked: the schema's default `untilEnded: false` is not sent. */
function oneDuration<B extends { durationMinutes?: number; untilEnded: boolean }>({ durationMinutes, untilEnded, ...rest }: B) {
  return untilEnded ? { ...rest, untilEnded } : { ...rest, durationMinutes };
}

/** The send form's values, made into the POST /api/alerts body and checked with the server's own schema. */
export const ZAlertSendDraft = ZAlertDraft.transform(content).pipe(ZCreateAlertRequest)
  .transform((b): TCreateAlertRequest => oneDuration(b));

/** The template form's values as a template's body: its targets are optional defaults. */
export const ZAlertTemplateDraft = ZAlertDraft.transform((d): TAlertTemplateWrite => ({ name: d.name, ...content(d) })).pipe(ZAlertTemplateWrite)
  .transform((b): TAlertTemplateWrite => oneDuration(b));
