import type { ErrorRequestHandler, RequestHandler } from 'express';
import multer from 'multer';
import { ZodError } from 'zod';
import { ErrorCode, type TErrorBody } from '@pano/contract';
import type { Logger } from '../logger.js';
import { AppError } from './errors.js';

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ message: 'İstenen adres bulunamadı', code: ErrorCode.NOT_FOUND } satisfies TErrorBody);
};

/** Every error leaves as `{message, code, details?}` with a Turkish message (docs/ARCHITECTURE.md#errors). */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const body = toErrorBody(err);
    if (body.status >= 500) {
      logger.error({ err, requestId: req.id, method: req.method, url: req.originalUrl }, 'request failed');
      body.json.requestId = String(req.id ?? '');
    }
    if (res.headersSent) return void res.end();
    res.status(body.status).json(body.json);
  };
}

function toErrorBody(err: unknown): { status: number; json: TErrorBody } {
  if (err instanceof AppError) {
    return { status: err.status, json: { message: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) } };
  }
  if (err instanceof ZodError) {
    const details = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return { status: 400, json: { message: details[0]?.message ?? 'Geçersiz istek', code: ErrorCode.VALIDATION, details } };
  }
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return { status: 413, json: { message: 'Dosya boyutu izin verilen sınırı aşıyor', code: ErrorCode.FILE_TOO_LARGE } };
    return { status: 400, json: { message: 'Dosya yüklenemedi: geçersiz form alanı', code: ErrorCode.VALIDATION } };
  }
  const e = err as { type?: string; status?: number };
  if (e?.type === 'entity.parse.failed') return { status: 400, json: { message: 'Geçersiz JSON gövdesi', code: ErrorCode.VALIDATION } };
  if (e?.type === 'entity.too.large') return { status: 413, json: { message: 'İstek gövdesi çok büyük', code: ErrorCode.FILE_TOO_LARGE } };
  return { status: 500, json: { message: 'Beklenmeyen bir sunucu hatası oluştu', code: ErrorCode.INTERNAL } };
}
