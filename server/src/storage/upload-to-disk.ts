import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { Request, Response } from 'express';
import busboy from 'busboy';
import { AppError, badRequest, fileTooLarge } from '../http/errors.js';
import { incomingDir, incomingFileName } from './sweep-incoming.js';
import { removeQuietly } from './stored-files.js';

export { incomingDir } from './sweep-incoming.js';

/** A file streamed to a temp name under `<uploadsDir>/.incoming`; the caller keeps or discards it. */
export type IncomingFile = {
  tempPath: string; size: number; originalName: string;
  /** Hex SHA-256 of the bytes written, hashed as they streamed (no second read of the file). */
  sha256: string;
};
export type ReceivedUpload = { file: IncomingFile | undefined; fields: Record<string, unknown> };

export type ReceiveOptions = {
  uploadsDir: string;
  /** The multipart field that carries the file. */
  field: string;
  maxBytes: number;
  tooLargeMessage: string;
  /**
   * Asked before each chunk of the file is written: an error ends the upload with that answer
   * at once (the storage limit, counting the customer's other uploads in flight).
   */
  reserve?: (bytes: number) => AppError | undefined;
};

/**
 * How much of an upload may wait in memory for the disk. With fs.createWriteStream's and
 * busboy's 16 KB defaults every socket read (~64 KB) paused the request until its one write
 * was done, so the network and the disk took turns. With 1 MB, reading goes on while a write
 * is under way and the chunks that arrived meanwhile go out in one writev
 * (docs/PERFORMANCE.md, P7). Per upload in flight, so memory stays small and bounded.
 */
export const INCOMING_WRITE_HWM = 1024 * 1024;

const MALFORMED = 'Dosya yüklenemedi: gönderilen form eksik veya bozuk. Lütfen tekrar deneyin.';
const BAD_FIELD = 'Dosya yüklenemedi: geçersiz form alanı';

/**
 * A failure of the file's write: our own refusal, a disk error (an errno `code`, stays a 500),
 * or else the client's doing (a body cut short, a broken part header).
 */
const writeFailure = (err: unknown) =>
  err instanceof AppError || (err instanceof Error && typeof (err as NodeJS.ErrnoException).code === 'string') ? err : badRequest(MALFORMED);

/**
 * Streams one multipart file to disk (never into memory) and collects the text fields. Any
 * refusal (size, storage limit, a malformed form) removes the temp file before it is answered
 * and stops reading the request: the rest of the body is never read (docs/OPERATIONS.md#uploads).
 */
export async function receiveUpload(req: Request, res: Response, opts: ReceiveOptions): Promise<ReceivedUpload> {
  if (typeof req.is('multipart') !== 'string') return { file: undefined, fields: { ...(req.body as Record<string, unknown> | undefined) } };
  const dir = incomingDir(opts.uploadsDir);
  await mkdir(dir, { recursive: true });
  let form: busboy.Busboy;
  try {
    form = busboy({ headers: req.headers, fileHwm: INCOMING_WRITE_HWM, limits: { files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 } });
  } catch {
    throw badRequest(MALFORMED); // no boundary, or not a form busboy can read
  }

  return new Promise<ReceivedUpload>((resolve, reject) => {
    const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    let file: IncomingFile | undefined;
    let writing: { abort: (err: Error) => void; done: Promise<void> } | undefined;
    let failed = false;
    let received = false;

    const fail = (err: unknown) => {
      if (failed || received) return;
      failed = true;
      stopReading(req, res, form);
      writing?.abort(err instanceof Error ? err : new Error(String(err)));
      void (async () => {
        await writing?.done;
        await removeQuietly(file?.tempPath);
        reject(err);
      })();
    };

    form.on('file', (name, stream, info) => {
      if (failed) return void stream.resume();
      if (name !== opts.field || writing) {
        stream.resume();
        return fail(badRequest(BAD_FIELD));
      }
      writing = writeToDisk(stream, path.join(dir, incomingFileName()), opts, (err, written) => {
        if (err) return fail(writeFailure(err));
        file = { ...written, originalName: info.filename ?? '' };
      });
    });
    form.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(badRequest(BAD_FIELD));
      const before = fields[name];
      // A repeated field becomes a list, which the caller's schema refuses.
      fields[name] = before === undefined ? value : ([] as unknown[]).concat(before, value);
    });
    for (const limit of ['filesLimit', 'fieldsLimit', 'partsLimit'] as const) form.on(limit, () => fail(badRequest(BAD_FIELD)));
    form.on('error', () => fail(badRequest(MALFORMED)));
    form.on('close', () => {
      void (async () => {
        await writing?.done;
        if (failed) return;
        received = true;
        if (file?.size === 0) {
          // An empty part is no file at all (a form submitted without choosing one).
          await removeQuietly(file.tempPath);
          file = undefined;
        }
        resolve({ file, fields: { ...fields } });
      })();
    });
    // The client went away mid-body: busboy never finishes, so nothing else would clean up.
    req.once('close', () => { if (!req.complete) fail(badRequest(MALFORMED)); });
    req.pipe(form);
  });
}

/**
 * Writes the file part through a gate that counts its bytes. `onEnd` gets the written file or
 * the error at once; `done` settles once a failed write's temp file is closed and removed (a
 * removal before the file is open could otherwise leave it behind).
 */
function writeToDisk(
  stream: Readable, tempPath: string, opts: ReceiveOptions,
  onEnd: (err: Error | null, written: { tempPath: string; size: number; sha256: string }) => void,
) {
  let size = 0;
  const hash = createHash('sha256');
  const gate = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      size += chunk.length;
      if (size > opts.maxBytes) return next(fileTooLarge(opts.tooLargeMessage));
      const refusal = opts.reserve?.(chunk.length);
      if (refusal) return next(refusal);
      hash.update(chunk);
      next(null, chunk);
    },
  });
  const out = createWriteStream(tempPath, { highWaterMark: INCOMING_WRITE_HWM });
  const done = new Promise<void>((settle) => {
    pipeline(stream, gate, out, (err) => {
      onEnd(err ?? null, { tempPath, size, sha256: err ? '' : hash.digest('hex') });
      if (!err) return settle();
      void closed(out).then(() => removeQuietly(tempPath)).catch(() => {}).then(settle);
    });
  });
  return { abort: (err: Error) => gate.destroy(err), done };
}

const closed = (out: WriteStream) => new Promise<void>((resolve) => {
  if (out.closed) return resolve();
  out.once('close', () => resolve());
});

/**
 * A refused upload reads nothing more: the rest of a large body would otherwise cross the
 * network (and the parser) for nothing. The answer says the connection closes, and Node
 * closes it once the answer is out.
 */
function stopReading(req: Request, res: Response, form: busboy.Busboy): void {
  req.unpipe(form);
  req.pause();
  if (!res.headersSent) res.setHeader('Connection', 'close');
}
