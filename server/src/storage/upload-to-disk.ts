import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Request, Response } from 'express';
import multer from 'multer';
import { badRequest, fileTooLarge } from '../http/errors.js';
import { INCOMING_WRITE_HWM, IncomingFileStorage } from './incoming-file-storage.js';
import { removeQuietly } from './stored-files.js';

/** A file streamed to a temp name under `<uploadsDir>/.incoming`; the caller keeps or discards it. */
export type IncomingFile = { tempPath: string; size: number; originalName: string };
export type ReceivedUpload = { file: IncomingFile | undefined; fields: Record<string, unknown> };

export type ReceiveOptions = {
  uploadsDir: string;
  /** The multipart field that carries the file. */
  field: string;
  maxBytes: number;
  tooLargeMessage: string;
};

/** multer 2 hands `fileHwm` on to busboy; @types/multer does not list it. */
type BufferedMulterOptions = multer.Options & { fileHwm?: number };

const MALFORMED = 'Dosya yüklenemedi: gönderilen form eksik veya bozuk. Lütfen tekrar deneyin.';

/**
 * busboy's parse errors (a body cut short, no boundary, a broken part header) are the
 * client's doing: plain Errors without an errno `code`. Disk errors (ENOSPC...) carry one
 * and stay 500s; MulterErrors are answered by the error handler.
 */
const isMalformedForm = (err: unknown) =>
  err instanceof Error && !(err instanceof multer.MulterError) && typeof (err as NodeJS.ErrnoException).code !== 'string';

/** Dot-folder: the static handler denies dotfiles, so half-written uploads are never served. */
export const incomingDir = (uploadsDir: string) => path.join(uploadsDir, '.incoming');

/**
 * Streams one multipart file to disk (never into memory) and collects the text fields.
 * multer removes the partial file itself when the client aborts or a limit trips; the
 * size limit becomes a 413 with the caller's Turkish message.
 */
export async function receiveUpload(req: Request, res: Response, opts: ReceiveOptions): Promise<ReceivedUpload> {
  const dir = incomingDir(opts.uploadsDir);
  await mkdir(dir, { recursive: true });
  const options: BufferedMulterOptions = {
    storage: new IncomingFileStorage(dir),
    limits: { fileSize: opts.maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    // The file part's own buffer in busboy, 16 KB by default: it has to hold what arrives while
    // the temp file's write is under way, or the request is paused anyway (docs/PERFORMANCE.md, P7).
    fileHwm: INCOMING_WRITE_HWM,
  };
  const upload = multer(options).single(opts.field);
  await new Promise<void>((resolve, reject) => {
    upload(req, res, (err: unknown) => {
      if (!err) return resolve();
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') return reject(fileTooLarge(opts.tooLargeMessage));
      reject(isMalformedForm(err) ? badRequest(MALFORMED) : err);
    });
  });
  const fields = { ...(req.body as Record<string, unknown> | undefined) };
  const f = req.file;
  if (!f) return { file: undefined, fields };
  if (f.size === 0) {
    // An empty part is no file at all (a form submitted without choosing one).
    await removeQuietly(f.path);
    return { file: undefined, fields };
  }
  return { file: { tempPath: f.path, size: f.size, originalName: f.originalname }, fields };
}
