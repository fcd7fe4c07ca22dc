import {
  ALERT_BACKGROUND_DEFAULT, ALERT_DURATION_DEFAULT, ALERT_TEXT_COLOR_DEFAULT, ZAlertTemplateWrite, ZCreateAlertRequest,
  type TAlertTemplate, type TAlertTemplateWrite, type TCreateAlertRequest,
} from '@pano/contract';
import { checkFields, type FieldErrors } from '../../lib/form-errors';

/** What the send form (and the template form) holds while it is edited. */
export type AlertDraft = {
  name: string;
  title: string;
  message: string;
  all: boolean;
  screens: string[];
  groups: string[];
  duration: string;
  untilEnded: boolean;
  background: string;
  textColor: string;
  mediaId: string;
  sound: boolean;
};

export const emptyAlertDraft = (): AlertDraft => ({
  name: '', title: '', message: '', all: true, screens: [], groups: [], duration: String(ALERT_DURATION_DEFAULT), untilEnded: false,
  background: ALERT_BACKGROUND_DEFAULT, textColor: ALERT_TEXT_COLOR_DEFAULT, mediaId: '', sound: false,
});

export const draftFromTemplate = (t: TAlertTemplate): AlertDraft => ({
  name: t.name, title: t.title, message: t.message, all: t.all, screens: t.screens.map((s) => s._id), groups: t.groups.map((g) => g._id),
  duration: t.durationMinutes === null ? String(ALERT_DURATION_DEFAULT) : String(t.durationMinutes), untilEnded: t.durationMinutes === null,
  background: t.background, textColor: t.textColor, mediaId: t.media?._id ?? '', sound: t.sound,
});

function content(d: AlertDraft) {
  return {
    title: d.title, message: d.message, background: d.background, textColor: d.textColor, mediaId: d.mediaId || null, sound: d.sound,
    all: d.all, screens: d.all ? [] : d.screens, groups: d.all ? [] : d.groups,
    ...(d.untilEnded ? { untilEnded: true } : { durationMinutes: d.duration as unknown as number }),
  };
}

/** The POST /api/alerts body, checked with the server's own schema. */
export function toAlertBody(d: AlertDraft): { body: TCreateAlertRequest } | { errors: FieldErrors } {
  const body = content(d);
  const checked = checkFields(ZCreateAlertRequest, body);
  return 'errors' in checked ? checked : { body: { ...body, durationMinutes: checked.data.durationMinutes } };
}

/** A template's body: targets are optional defaults. */
export function toTemplateBody(d: AlertDraft): { body: TAlertTemplateWrite } | { errors: FieldErrors } {
  const body = { name: d.name, ...content(d) };
  const checked = checkFields(ZAlertTemplateWrite, body);
  return 'errors' in checked ? checked : { body: { ...body, durationMinutes: checked.data.durationMinutes } };
}
