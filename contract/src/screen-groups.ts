import { z } from './zod.js';
import { ZId, requiredText } from './common.js';
import { ZUsedBy } from './usage.js';
import { listAnswer } from './lists.js';

const GROUP_NAME = 'Lütfen grup adını girin';

/** The screens of a group, as ids; repeats are ignored. Another customer's screen answers 404. */
const ZScreenIds = z.array(ZId, { error: 'Geçersiz ekran listesi' }).max(500, 'Bir grupta en fazla 500 ekran olabilir');

export const ZCreateScreenGroupRequest = z.object({
  name: requiredText(GROUP_NAME, 100),
  screenIds: ZScreenIds.optional().default([]),
}).strict();
export type TCreateScreenGroupRequest = z.input<typeof ZCreateScreenGroupRequest>;

/** PUT /api/screen-groups/{id}: a new name and/or the whole new list of screens. */
export const ZUpdateScreenGroupRequest = z.object({
  name: requiredText(GROUP_NAME, 100).optional(),
  screenIds: ZScreenIds.optional(),
}).strict().refine((b) => b.name !== undefined || b.screenIds !== undefined, {
  message: 'Lütfen grup adını girin veya ekranları seçin',
});
export type TUpdateScreenGroupRequest = z.input<typeof ZUpdateScreenGroupRequest>;

export const ZScreenGroup = z.object({
  _id: ZId,
  name: z.string(),
  /** Ordered by name. */
  screens: z.array(ZUsedBy),
});
export type TScreenGroup = z.infer<typeof ZScreenGroup>;

/** GET /api/screen-groups/{id}/usage: the schedules that target the group. */
export const ZScreenGroupUsage = z.object({ schedules: z.array(ZUsedBy) });
export type TScreenGroupUsage = z.infer<typeof ZScreenGroupUsage>;

/** GET /api/screen-groups: the array, or an object wrapping it (docs/CONTRACT.md#lists). */
export const ZScreenGroupListAnswer = listAnswer(ZScreenGroup, 'screenGroups');
