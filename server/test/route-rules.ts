import type { TAccountRole } from '@pano/contract';

/*
 * Every route that changes data, with the least account role it needs (docs/architecture/accounts.md#roles):
 * the role × action matrix (roles.routes.test.ts) and the audit walk (audit-walk.routes.test.ts) both go
 * over it, and both fail for a route missing here.
 */

/** The least role each data-changing route needs, or why no member role applies. */
export const RULES: Record<string, TAccountRole | 'not a member route'> = {
  // Editors: the content.
  'POST /api/media/upload': 'editor',
  'POST /api/media/apps': 'editor',
  'POST /api/media/apps/preview': 'editor',
  'PUT /api/media/:id': 'editor',
  'PUT /api/media/:id/file': 'editor',
  'DELETE /api/media/:id': 'editor',
  'POST /api/uploads': 'editor',
  'POST /api/playlists': 'editor',
  'PUT /api/playlists/:id': 'editor',
  'DELETE /api/playlists/:id': 'editor',
  'POST /api/direction-playlists': 'editor',
  'PUT /api/direction-playlists/:id': 'editor',
  'DELETE /api/direction-playlists/:id': 'editor',
  'POST /api/layouts': 'editor',
  'PUT /api/layouts/:id': 'editor',
  'DELETE /api/layouts/:id': 'editor',
  // Reads sent as POST: anyone who sees the content may preview it or ask a screen for a picture.
  'POST /api/layouts/preview': 'viewer',
  'POST /api/screens/:id/screenshot': 'viewer',
  // Publishers: what screens show, and alerts.
  'POST /api/screens': 'publisher',
  'PUT /api/screens/:id': 'publisher',
  'DELETE /api/screens/:id': 'publisher',
  'POST /api/screen-groups': 'publisher',
  'PUT /api/screen-groups/:id': 'publisher',
  'DELETE /api/screen-groups/:id': 'publisher',
  'POST /api/schedules': 'publisher',
  'PUT /api/schedules/:id': 'publisher',
  'DELETE /api/schedules/:id': 'publisher',
  'POST /api/alerts': 'publisher',
  'DELETE /api/alerts/:id': 'publisher',
  'POST /api/alerts/cap': 'publisher',
  'POST /api/alert-templates': 'publisher',
  'PUT /api/alert-templates/:id': 'publisher',
  'DELETE /api/alert-templates/:id': 'publisher',
  'POST /api/alert-templates/:id/send': 'publisher',
  // Publishers decide editors' requests (docs/architecture/approval.md).
  'POST /api/approvals/:id/approve': 'publisher',
  'POST /api/approvals/:id/reject': 'publisher',
  // Anyone marks their own notifications read.
  'POST /api/notifications/read': 'viewer',
  'POST /api/notifications/:id/read': 'viewer',
  // Admins: the account's settings, keys and devices.
  'PUT /api/settings': 'admin',
  'PUT /api/settings/health': 'admin',
  'POST /api/api-keys': 'admin',
  'DELETE /api/api-keys/:id': 'admin',
  'POST /api/webhooks': 'admin',
  'PUT /api/webhooks/:id': 'admin',
  'DELETE /api/webhooks/:id': 'admin',
  'POST /api/webhooks/:id/test': 'admin',
  'POST /api/cap-feeds': 'admin',
  'PUT /api/cap-feeds/:id': 'admin',
  'DELETE /api/cap-feeds/:id': 'admin',
  'PUT /api/cap-settings': 'admin',
  'PUT /api/devices/:id': 'admin',
  'DELETE /api/devices/:id': 'admin',
  // Admins: the team (docs/PRODUCT.md#team); the owner alone hands ownership on.
  'PUT /api/team': 'admin',
  'PUT /api/team/members/:id': 'admin',
  'DELETE /api/team/members/:id': 'admin',
  'POST /api/team/invitations': 'admin',
  'DELETE /api/team/invitations/:id': 'admin',
  'POST /api/team/transfer': 'owner',
  'DELETE /api/team': 'owner',
  'PUT /api/team/settings': 'admin',
  // Company sign-in (docs/architecture/sso.md); a member limited to screen groups is refused too.
  'PUT /api/team/sso': 'admin',
  'DELETE /api/team/sso': 'admin',
  // The owner buys.
  'POST /api/purchase/create-payment-intent': 'owner',
  'POST /api/purchase/complete-payment': 'owner',
  'POST /api/purchase/create-checkout-session': 'owner',
  'POST /api/purchase/confirm-session': 'owner',
  'POST /api/purchase/dev/confirm-card': 'owner',
  // Signing in and out, a person's own session, and public forms.
  'POST /api/auth/login': 'not a member route',
  'POST /api/auth/logout': 'not a member route',
  'POST /api/auth/register': 'not a member route',
  'POST /api/auth/admin-register': 'not a member route',
  'POST /api/auth/setup-admin': 'not a member route',
  'POST /api/auth/forgot-password': 'not a member route',
  'POST /api/auth/reset-password': 'not a member route',
  'POST /api/auth/password': 'not a member route',
  'POST /api/auth/sso/start': 'not a member route',
  // Two-factor sign-in and sessions: each person's own (docs/PRODUCT.md#two-factor, #session).
  'POST /api/auth/2fa/setup': 'not a member route',
  'POST /api/auth/2fa/enable': 'not a member route',
  'POST /api/auth/2fa/verify': 'not a member route',
  'DELETE /api/auth/2fa': 'not a member route',
  'POST /api/auth/2fa/reset': 'not a member route',
  'POST /api/auth/sessions/end-others': 'not a member route',
  'DELETE /api/auth/sessions/:id': 'not a member route',
  // Joining an account (the link is the right) and choosing which of one's accounts to work in.
  'POST /api/invitations/:token/accept': 'not a member route',
  'POST /api/auth/switch-account': 'not a member route',
  // Platform administrators (User.role admin), not account roles.
  'DELETE /api/auth/admin': 'not a member route',
  'POST /api/packages/admin': 'not a member route',
  'PUT /api/packages/admin/:id': 'not a member route',
  'DELETE /api/packages/admin/:id': 'not a member route',
  'POST /api/settings/apk': 'not a member route',
  // Devices (device tokens) and the payment processor (signed).
  'POST /api/devices/pair': 'not a member route',
  'POST /api/devices/plays': 'not a member route',
  'PUT /api/devices/screen': 'not a member route',
  'PUT /api/devices/screenshot': 'not a member route',
  'POST /api/purchase/webhook': 'not a member route',
  'POST /api/purchase/dev/checkout/:sessionId': 'not a member route',
};

const ACCOUNT_WIDE = 'Ekran gruplarıyla sınırlı olduğunuz için hesabın genel ayarlarını değiştiremezsiniz: bu ayarlar hesabın tüm ekranlarını etkiler. Tüm ekranları gören bir yönetici değiştirebilir.';
const GROUPS = 'Ekran gruplarıyla sınırlı olduğunuz için ekran grubu oluşturamaz, değiştiremez ya da silemezsiniz: gruplar kimin hangi ekranları gördüğünü belirler.';

/**
 * The data-changing routes a member limited to screen groups is refused whatever their role
 * (docs/architecture/accounts.md#screen-group-limits), with the 403 they hear before their
 * request's body is read: what reaches every screen, or redraws who sees which. Others refuse
 * only what a body names beyond their groups (a schedule for every screen, another group).
 */
const WEBHOOKS = 'Ekran gruplarıyla sınırlı olduğunuz için webhook\'ları yönetemezsiniz: webhook\'lar hesabın tüm ekranlarındaki olayları bildirir.';

export const LIMITED_REFUSED: Record<string, string> = {
  'PUT /api/settings': ACCOUNT_WIDE,
  'PUT /api/settings/health': ACCOUNT_WIDE,
  'PUT /api/cap-settings': ACCOUNT_WIDE,
  'PUT /api/team': ACCOUNT_WIDE,
  'PUT /api/team/settings': ACCOUNT_WIDE,
  'POST /api/screens': 'Ekran gruplarıyla sınırlı bir üye yeni ekran ekleyemez',
  'POST /api/screen-groups': GROUPS,
  'PUT /api/screen-groups/:id': GROUPS,
  'DELETE /api/screen-groups/:id': GROUPS,
  'PUT /api/team/sso': 'Ekran gruplarıyla sınırlı olduğunuz için kurumsal girişi yönetemezsiniz.',
  'DELETE /api/team/sso': 'Ekran gruplarıyla sınırlı olduğunuz için kurumsal girişi yönetemezsiniz.',
  'POST /api/webhooks': WEBHOOKS,
  'PUT /api/webhooks/:id': WEBHOOKS,
  'DELETE /api/webhooks/:id': WEBHOOKS,
  'POST /api/webhooks/:id/test': WEBHOOKS,
};
