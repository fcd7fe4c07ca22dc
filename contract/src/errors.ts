import { z } from './zod.js';

/** Machine-readable error codes; the Turkish `message` beside them is for people. */
export const ErrorCode = {
  VALIDATION: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  PACKAGE_REQUIRED: 'PACKAGE_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  LIMIT_REACHED: 'LIMIT_REACHED',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  UNSUPPORTED_FILE_TYPE: 'UNSUPPORTED_FILE_TYPE',
  /** The request body's charset or Content-Encoding is not one the API reads. */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  ADMIN_REGISTRATION_CLOSED: 'ADMIN_REGISTRATION_CLOSED',
  INVALID_ADMIN_KEY: 'INVALID_ADMIN_KEY',
  LAST_ADMIN: 'LAST_ADMIN',
  SETUP_LINK_INVALID: 'SETUP_LINK_INVALID',
  /** A password reset link that is unknown, already used, or replaced by a newer one. */
  RESET_LINK_INVALID: 'RESET_LINK_INVALID',
  /** A password reset link older than its hour. */
  RESET_LINK_EXPIRED: 'RESET_LINK_EXPIRED',
  /** The account's last owner cannot be removed or demoted (docs/architecture/accounts.md#roles). */
  LAST_OWNER: 'LAST_OWNER',
  /** The package's member limit is reached: members and open invitations (HTTP 402). */
  MEMBER_LIMIT_REACHED: 'MEMBER_LIMIT_REACHED',
  /** An invitation link already used, revoked or expired (HTTP 410). */
  INVITATION_GONE: 'INVITATION_GONE',
  /** A two-factor code (TOTP or recovery) that is wrong, too old or already used. */
  TWO_FACTOR_CODE_INVALID: 'TWO_FACTOR_CODE_INVALID',
  /** A sign-in ticket (the step after the password) unknown, used or expired: sign in again. */
  LOGIN_TICKET_INVALID: 'LOGIN_TICKET_INVALID',
  /** Five wrong codes locked the sign-in ticket (HTTP 429). */
  LOGIN_TICKET_LOCKED: 'LOGIN_TICKET_LOCKED',
  /** Company sign-in is required for this email's domain: no password (docs/architecture/sso.md). */
  SSO_REQUIRED: 'SSO_REQUIRED',
  /** A company sign-in refused: unknown domain, wrong state or nonce, provider error. */
  SSO_FAILED: 'SSO_FAILED',
  CARD_DECLINED: 'CARD_DECLINED',
  PAYMENT_FAILED: 'PAYMENT_FAILED',
  /** A playlist named a media item still processing, or whose processing failed. */
  MEDIA_NOT_READY: 'MEDIA_NOT_READY',
  /** A new file for this media item is still being processed (or the item's own file is). */
  REPLACEMENT_PENDING: 'REPLACEMENT_PENDING',
  /** The database (or another service the request needs) cannot be reached now; try again later. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL_ERROR',
} as const;
export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ZErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
