import type { AppContext } from '../../context.js';
import { linkBaseUrl } from '../../config/env.js';
import { mailTime, securityChangeMail, type SecurityChange } from '../../mail/mail-templates.js';
import { deviceName, type SignInMeta } from './sessions.service.js';

/**
 * After a change of a person's own sign-in security has committed (a new password, two-factor
 * on or off, reset by support), a mail to them saying what, when and (their own change) from
 * which device, off the request
 * (docs/architecture/sessions.md#security-mail): a change they did not make is noticed.
 */
export function mailSecurityChange(ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'mailer'>, userId: string, change: SecurityChange, meta: SignInMeta | null): void {
  const at = ctx.clock();
  ctx.mailer.dispatch(async () => {
    const user = await ctx.db.user.findUnique({ where: { id: userId }, select: { email: true } });
    return user && securityChangeMail(user.email, change, {
      at: mailTime(at), from: meta && { device: deviceName(meta.userAgent), ip: meta.ip ?? null }, settingsUrl: `${linkBaseUrl(ctx.config)}/settings`,
    });
  });
}
