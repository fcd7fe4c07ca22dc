import { z } from './zod.js';
import { ZId, ZIsoDate, requiredText } from './common.js';
import { ZAccountRole } from './accounts.js';
import { ZEmail, ZNewPassword, ZPassword, personName } from './auth.js';
import { ZTwoFactorCode } from './two-factor.js';

/*
 * The team page ('Ekip', /team) and invitations (docs/PRODUCT.md#team,
 * docs/architecture/accounts.md#invitations).
 */

/** A screen group as a member, an invitation or an API key names it. */
export const ZGroupRef = z.object({ _id: ZId, name: z.string() });

export const ZTeamMember = z.object({
  _id: ZId,
  user: z.object({ _id: ZId, email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }),
  role: ZAccountRole,
  /** Empty: every screen of the account. */
  groups: z.array(ZGroupRef),
  lastActiveAt: ZIsoDate.nullable(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const ZTeamInvitation = z.object({
  _id: ZId, email: z.string(), role: ZAccountRole, groups: z.array(ZGroupRef), expiresAt: ZIsoDate,
});
export type TTeamInvitation = z.infer<typeof ZTeamInvitation>;

/**
 * GET /api/team. `seats`: members and open invitations against the limit that applies: the
 * package's, 1 without a running package, null where there is none (an administrator's account).
 */
export const ZTeam = z.object({
  account: z.object({ _id: ZId, name: z.string() }),
  members: z.array(ZTeamMember),
  invitations: z.array(ZTeamInvitation),
  seats: z.object({ used: z.number().int(), max: z.number().int().nullable() }),
});
export type TTeam = z.infer<typeof ZTeam>;

/** PUT /api/team: the account's name. */
export const ZTeamRenameRequest = z.object({ name: requiredText('Hesap adı zorunludur', 100) }, { error: 'Geçersiz hesap bilgisi' });
export type TTeamRenameRequest = z.infer<typeof ZTeamRenameRequest>;

/** The screen groups granted to a member, an invitation or an API key (empty: every screen). */
export const ZGroupIds = z.array(ZId, { error: 'Gruplar bir liste olmalıdır' }).max(500, 'En fazla 500 grup seçilebilir');

/** PUT /api/team/members/{id}: the member's role, their screen groups (empty: every screen), or both. */
export const ZMemberUpdateRequest = z.object({ role: ZAccountRole.optional(), groups: ZGroupIds.optional() }, { error: 'Geçersiz üye bilgisi' })
  .refine((b) => b.role !== undefined || b.groups !== undefined, 'Rol ya da gruplar belirtilmelidir');
export type TMemberUpdateRequest = z.infer<typeof ZMemberUpdateRequest>;

/** POST /api/team/transfer: the member who becomes the owner; the owner becomes an admin. */
export const ZTransferRequest = z.object({ memberId: z.string({ error: 'Üye seçilmelidir' }).pipe(ZId) }, { error: 'Geçersiz istek' });
export type TTransferRequest = z.infer<typeof ZTransferRequest>;

/** DELETE /api/team: the owner deletes the account, re-entering their password. */
/** DELETE /api/team: the owner's password, and their two-factor code when they have it on. */
export const ZDeleteAccountRequest = z.object({ password: ZPassword, code: ZTwoFactorCode.optional() }, { error: 'Geçersiz istek' });
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

/** POST /api/team/invitations. */
export const ZInviteRequest = z.object({ email: ZEmail, role: ZAccountRole, groups: ZGroupIds.optional().default([]) }, { error: 'Geçersiz davet bilgisi' });
export type TInviteRequest = z.input<typeof ZInviteRequest>;

/** The one-time link to /davet/{token}: shown to copy, and mailed when mail is set up. */
export const ZInviteResponse = z.object({
  _id: ZId, email: z.string(), role: ZAccountRole, expiresAt: ZIsoDate, link: z.string(), mailed: z.boolean(),
});
export type TInviteResponse = z.infer<typeof ZInviteResponse>;

/** GET /api/invitations/{token} (public): what the accept page shows. `hasUser`: the email already has a Pano user. */
export const ZInvitationInfo = z.object({ accountName: z.string(), email: z.string(), role: ZAccountRole, hasUser: z.boolean() });
export type TInvitationInfo = z.infer<typeof ZInvitationInfo>;

/** POST /api/invitations/{token}/accept by someone new: the person's name and password. A signed-in person sends `{}`. */
export const ZAcceptNewRequest = z.object({
  password: ZNewPassword,
  firstName: personName('Ad').min(1, 'Ad zorunludur'),
  lastName: personName('Soyad').min(1, 'Soyad zorunludur'),
}, { error: 'Geçersiz bilgi' });
export type TAcceptNewRequest = z.infer<typeof ZAcceptNewRequest>;

export const ZInvitationTokenParams = z.object({ token: z.string().min(1).max(200) });

/** GET /api/accounts: the accounts the person is a member of. */
export const ZAccountSummary = z.object({ _id: ZId, name: z.string(), role: ZAccountRole });
export type TAccountSummary = z.infer<typeof ZAccountSummary>;

/** POST /api/auth/switch-account: answers `{ token, user }` like login. */
export const ZSwitchAccountRequest = z.object({ accountId: z.string({ error: 'Hesap seçilmelidir' }).pipe(ZId) }, { error: 'Geçersiz istek' });
export type TSwitchAccountRequest = z.infer<typeof ZSwitchAccountRequest>;

/** To one member's sockets in one account: their role or groups changed (the dashboard reloads its session). */
export const ZMemberChangedEvent = z.object({ accountId: ZId });
export type TMemberChangedEvent = z.infer<typeof ZMemberChangedEvent>;
