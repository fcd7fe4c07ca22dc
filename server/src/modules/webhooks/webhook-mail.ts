import type { AppContext } from '../../context.js';
import { linkBaseUrl } from '../../config/env.js';
import { mailTime, webhookDisabledMail } from '../../mail/mail-templates.js';

/** After Pano turned a hook off: its account's owners are told by mail, off the job's path. */
export function mailHookDisabled(ctx: Pick<AppContext, 'db' | 'config' | 'mailer'>, accountId: string, url: string, since: Date): void {
  ctx.mailer.dispatch(async () => {
    const owner = await ctx.db.membership.findFirst({
      where: { accountId, role: 'owner' }, select: { user: { select: { email: true } } }, orderBy: { createdAt: 'asc' },
    });
    return owner && webhookDisabledMail(owner.user.email, { url, since: mailTime(since), settingsUrl: `${linkBaseUrl(ctx.config)}/settings` });
  });
}
