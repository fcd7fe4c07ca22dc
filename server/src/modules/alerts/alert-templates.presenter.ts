import type { TAlertTemplate } from '@pano/contract';
import { presentRefsByName } from '../../http/present-refs.js';
import type { TemplateWithTargets } from './alert-templates.service.js';
import { presentRef } from '../../http/present-refs.js';

/** Targets in Turkish alphabetical order, as the dashboard lists names. */
export const presentAlertTemplate = ({ template: t, screens, groups }: TemplateWithTargets): TAlertTemplate => ({
  _id: t.id,
  name: t.name,
  title: t.title,
  message: t.message,
  background: t.background,
  textColor: t.textColor,
  media: presentRef(t.media),
  sound: t.sound,
  durationMinutes: t.durationMinutes,
  all: t.allScreens,
  screens: presentRefsByName(screens),
  groups: presentRefsByName(groups),
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});
