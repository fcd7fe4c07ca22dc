import type { ErrorRequestHandler, RequestHandler } from 'express';
import multer from 'multer';
import { ZodError } from 'zod';
import { DATE_RANGE_MESSAGE, ErrorCode, type TErrorBody, type TErrorCode } from '@pano/contract';
import type { Logger } from '../logger.js';
import { classifyDbError } from './db-errors.js';
import { AppError } from './errors.js';
import { loggableUrl } from './request-route.js';

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ message: 'İstenen adres bulunamadı', code: ErrorCode.NOT_FOUND } satisfies TErrorBody);
};

type ErrorAnswer = { status: number; json: TErrorBody; retryAfterS?: number };

/**
 * Every error leaves as `{message, code, details?}` with a Turkish message (docs/architecture/server.md#errors).
 * Only our own faults (5xx other than 503) are logged at error level with the stack: client
 * errors are the client's, so a flood of bad requests cannot flood the logs.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const answer = toErrorAnswer(err);
    const where = { requestId: req.id, method: req.method, url: loggableUrl(req.originalUrl) };
    if (answer.status === 503) {
      logger.warn({ ...where, reason: (err as Error)?.message?.slice(-300) }, 'request refused: service unavailable');
    } else if (answer.status >= 500) {
      logger.error({ err, ...where }, 'request failed');
      answer.json.requestId = String(req.id ?? '');
    } else if (!(err instanceof AppError) && !(err instanceof ZodError)) {
      logger.debug({ ...where, status: answer.status, reason: (err as Error)?.message?.slice(0, 200) }, 'client error');
    }
    if (res.headersSent) return void res.end();
    if (answer.retryAfterS) res.setHeader('Retry-After', String(answer.retryAfterS));
    res.status(answer.status).json(answer.json);
  };
}

const answer = (status: number, code: TErrorCode, message: string): ErrorAnswer => ({ status, json: { message, code } });

function toErrorAnswer(err: unknown): ErrorAnswer {
  if (err instanceof AppError) {
    return { status: err.status, json: { message: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) } };
  }
  if (err instanceof ZodError) {
    const details = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return { status: 400, json: { message: details[0]?.message ?? 'Geçersiz istek', code: ErrorCode.VALIDATION, details } };
  }
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return answer(413, ErrorCode.FILE_TOO_LARGE, 'Dosya boyutu izin verilen sınırı aşıyor');
    return answer(400, ErrorCode.VALIDATION, 'Dosya yüklenemedi: geçersiz form alanı');
  }
  switch (classifyDbError(err)) {
    case 'unavailable':
      return { ...answer(503, ErrorCode.SERVICE_UNAVAILABLE, 'Hizmete şu anda ulaşılamıyor, lütfen biraz sonra tekrar deneyin'), retryAfterS: 5 };
    case 'conflict':
      return answer(409, ErrorCode.CONFLICT, 'Kayıt aynı anda başka bir istekle değiştirildi, lütfen tekrar deneyin');
    case 'busy':
      return answer(409, ErrorCode.CONFLICT, 'Bu kayıt şu anda başka bir istekle düzenleniyor, lütfen biraz sonra tekrar deneyin');
    case 'invalid-text':
      return answer(400, ErrorCode.VALIDATION, 'Metin geçersiz bir karakter içeriyor');
    case 'invalid-date':
      return answer(400, ErrorCode.VALIDATION, DATE_RANGE_MESSAGE);
    case undefined:
  }
  return clientError(err) ?? answer(500, ErrorCode.INTERNAL, 'Beklenmeyen bir sunucu hatası oluştu');
}

/**
 * Errors that Express, its router and body parsers raise for a malformed request carry a 4xx
 * `status` (http-errors); that status stands, with a Turkish message for the known kinds.
 */
function clientError(err: unknown): ErrorAnswer | undefined {
  const e = err as { status?: unknown; statusCode?: unknown; type?: unknown; code?: unknown } | null;
  const status = Number(e?.status ?? e?.statusCode);
  if (!Number.isInteger(status) || status < 400 || status > 499) return undefined;
  switch (e?.type) {
    case 'entity.parse.failed': return answer(400, ErrorCode.VALIDATION, 'Geçersiz JSON gövdesi');
    case 'entity.too.large': return answer(413, ErrorCode.FILE_TOO_LARGE, 'İstek gövdesi çok büyük');
    case 'parameters.too.many': return answer(413, ErrorCode.FILE_TOO_LARGE, 'Formda çok fazla alan var');
    case 'charset.unsupported': return answer(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'İstek gövdesi UTF-8 olarak gönderilmelidir');
    case 'encoding.unsupported': return answer(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'İstek gövdesinin sıkıştırma biçimi (Content-Encoding) desteklenmiyor');
    default:
  }
  if (err instanceof URIError) return answer(400, ErrorCode.VALIDATION, 'Adreste geçersiz karakter kodlaması var');
  // zlib's codes (Z_DATA_ERROR, Z_BUF_ERROR; brotli's ERR__ERROR_FORMAT_…): a compressed body that does not decompress.
  if (typeof e?.code === 'string' && /^(Z_|ERR__|ERR_ZSTD)/.test(e.code)) {
    return answer(400, ErrorCode.VALIDATION, 'Sıkıştırılmış istek gövdesi açılamadı');
  }
  const byStatus: Partial<Record<number, [TErrorCode, string]>> = {
    401: [ErrorCode.UNAUTHORIZED, 'Oturum açmanız gerekiyor'],
    403: [ErrorCode.FORBIDDEN, 'Bu işlem için yetkiniz yok'],
    404: [ErrorCode.NOT_FOUND, 'İstenen adres bulunamadı'],
    413: [ErrorCode.FILE_TOO_LARGE, 'İstek gövdesi çok büyük'],
    415: [ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'İstek gövdesinin biçimi desteklenmiyor'],
  };
  const [code, message] = byStatus[status] ?? [ErrorCode.VALIDATION, 'Geçersiz istek'];
  return answer(status, code, message);
}
