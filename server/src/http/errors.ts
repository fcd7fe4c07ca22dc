import { ErrorCode, type TErrorCode } from '@pano/contract';

/** The one error type services throw; the error handler turns it into `{message, code, details?}`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: TErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: AppError['details']) => new AppError(400, ErrorCode.VALIDATION, message, details);
export const unauthorized = (message = 'Oturum açmanız gerekiyor') => new AppError(401, ErrorCode.UNAUTHORIZED, message);
export const tokenExpired = () => new AppError(401, ErrorCode.TOKEN_EXPIRED, 'Oturumunuzun süresi doldu, lütfen tekrar giriş yapın');
export const packageRequired = () =>
  new AppError(402, ErrorCode.PACKAGE_REQUIRED, 'Bu işlem için aktif bir paketiniz olmalıdır. Lütfen bir paket seçin.');
export const forbidden = (message = 'Bu işlem için yetkiniz yok') => new AppError(403, ErrorCode.FORBIDDEN, message);
export const notFound = (what: string) => new AppError(404, ErrorCode.NOT_FOUND, `${what} bulunamadı`);
export const conflict = (message: string, code: TErrorCode = ErrorCode.CONFLICT) => new AppError(409, code, message);
export const limitReached = (message: string) => new AppError(409, ErrorCode.LIMIT_REACHED, message);
export const fileTooLarge = (message: string) => new AppError(413, ErrorCode.FILE_TOO_LARGE, message);
export const unsupportedFileType = (message: string) => new AppError(415, ErrorCode.UNSUPPORTED_FILE_TYPE, message);

/** How many names a refusal lists before it says how many more there are. */
const NAMED = 10;

/** A refusal's names: all of them, or the first ten and 've N {what} daha' ('ekran', 'zamanlama', ...). */
export const listedNames = (names: string[], what: string) =>
  (names.length > NAMED ? `${names.slice(0, NAMED).join(', ')} ve ${names.length - NAMED} ${what} daha` : names.join(', '));
