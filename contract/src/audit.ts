import { z } from './zod.js';
import { ZId } from './common.js';
import { ZCalendarDay } from './dates.js';

/*
 * The audit log, 'Etkinlik Geçmişi' (docs/architecture/audit.md): one event per change of state,
 * read by an account's admins and, for platform changes, by platform administrators.
 */

export const AUDIT_ACTOR_TYPES = ['user', 'apiKey', 'device', 'system'] as const;
export type TAuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/**
 * Every action the server writes ('<target type>.<verb>'; docs/architecture/audit.md). The
 * dashboard's labels are typed by it, so an action added here without a Turkish label fails the
 * typecheck; server/test/audit-actions.test.ts fails when the server writes one not listed here.
 */
export const AUDIT_ACTIONS = [
  'media.upload', 'media.create', 'media.update', 'media.replace', 'media.process', 'media.processFail', 'media.delete',
  'playlist.create', 'playlist.update', 'playlist.delete',
  'ticker.create', 'ticker.update', 'ticker.delete',
  'layout.create', 'layout.update', 'layout.delete',
  'screen.create', 'screen.update', 'screen.delete',
  'screenGroup.create', 'screenGroup.update', 'screenGroup.delete',
  'schedule.create', 'schedule.update', 'schedule.delete',
  'alert.send', 'alert.end',
  'alertTemplate.create', 'alertTemplate.update', 'alertTemplate.delete',
  'apiKey.create', 'apiKey.revoke',
  'webhook.create', 'webhook.update', 'webhook.delete', 'webhook.disable',
  'capFeed.create', 'capFeed.update', 'capFeed.delete', 'settings.cap',
  'device.pair', 'device.update', 'device.revoke', 'device.selectScreen',
  'settings.display', 'settings.health',
  'account.create', 'account.rename', 'account.settings', 'account.transfer', 'account.delete',
  'member.update', 'member.remove',
  'invitation.create', 'invitation.revoke', 'invitation.accept',
  'purchase.start', 'purchase.complete', 'purchase.fail', 'purchase.abandon', 'purchase.expire', 'purchase.replace',
  'package.create', 'package.update', 'package.delete',
  'approval.request', 'approval.approve', 'approval.reject',
  'sso.create', 'sso.update', 'sso.delete', 'sso.join',
  'user.logout', 'user.sessionEnd', 'user.passwordResetRequest', 'user.passwordReset', 'user.passwordChange', 'user.twoFactorEnable', 'user.twoFactorDisable', 'user.twoFactorReset',
  'apk.upload', 'admin.create', 'admin.delete',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export const ZAuditEvent = z.object({
  _id: ZId,
  at: z.string(),
  actor: z.object({ type: z.enum(AUDIT_ACTOR_TYPES), id: z.string().nullable(), name: z.string() }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string().nullable(), name: z.string().nullable() }),
  /** Field → [before, after]; never a secret. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const AUDIT_PAGE_SIZE = 50;

const ZFilterText = (what: string) => z.string({ error: `Geçersiz ${what}` }).trim().min(1, { error: `Geçersiz ${what}` }).max(100, { error: `${what} en fazla 100 karakter olabilir` });

/**
 * The filters of GET /api/audit (and /api/audit/platform): days in Turkey's time (from and to
 * included), who acted (an id), the action ('playlist.update', or a prefix ending in '.' such as
 * 'playlist.'), the target's type and id, the page (50 events each, newest first).
 */
export const ZAuditQuery = z.object({
  from: ZCalendarDay('Başlangıç tarihi YYYY-AA-GG biçiminde olmalıdır', 'Geçersiz başlangıç tarihi: takvimde böyle bir gün yok').optional(),
  to: ZCalendarDay('Bitiş tarihi YYYY-AA-GG biçiminde olmalıdır', 'Geçersiz bitiş tarihi: takvimde böyle bir gün yok').optional(),
  actor: ZFilterText('kişi').optional(),
  action: ZFilterText('işlem').optional(),
  targetType: ZFilterText('hedef türü').optional(),
  targetId: ZFilterText('hedef kimliği').optional(),
  page: z.coerce.number({ error: 'Geçersiz sayfa' }).int({ error: 'Geçersiz sayfa' }).min(1, { error: 'Geçersiz sayfa' }).max(100_000, { error: 'Geçersiz sayfa' }).optional().default(1),
  format: z.enum(['json', 'csv'], { error: 'Geçersiz biçim' }).optional().default('json'),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'Başlangıç tarihi bitiş tarihinden sonra olamaz', path: ['to'] });
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditPage = z.object({
  events: z.array(ZAuditEvent),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;

export const ZAuditVerify = z.object({
  ok: z.boolean(),
  checked: z.number(),
  /** The first event that does not match its chain (its id, or the chain's end when events are missing there). */
  brokenAt: z.string().nullable(),
});
export type TAuditVerify = z.infer<typeof ZAuditVerify>;
