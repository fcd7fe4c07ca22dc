import { ErrorCode } from '@pano/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';

/* A required company sign-in closes the password for its domains (docs/architecture/sso.md#required-company-sign-in). */

// Identifiers: the part after the last '@'.
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** Password sign-in and reset are refused for an email whose domain requires company sign-in. */
export async function passwordAllowed(db: DbOrTx, email: string): Promise<boolean> {
  const domain = await db.ssoDomain.findUnique({ where: { domain: domainOf(email) }, select: { account: { select: { ssoConfig: { select: { required: true } } } } } });
  return !domain?.account.ssoConfig?.required;
}

export async function assertPasswordAllowed(db: DbOrTx, email: string): Promise<void> {
  if (!(await passwordAllowed(db, email))) {
    throw new AppError(403, ErrorCode.SSO_REQUIRED, "Bu e-posta adresi için kurumsal giriş zorunludur; şifreyle giriş yapılamaz. Giriş sayfasında 'Kurumsal hesapla giriş'i kullanın.");
  }
}
