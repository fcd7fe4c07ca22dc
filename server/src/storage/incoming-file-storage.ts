import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream';
import type { Request } from 'express';
import multer from 'multer';
import { removeQuietly } from './stored-files.js';

/**
 * How much of an upload may wait in memory for the disk. multer's disk storage keeps
 * fs.createWriteStream's 16 KB default: every socket read (~64 KB) then pauses the request
 * until its one write is done, so the network and the disk take turns. With 1 MB, reading goes
 * on while a write is under way and the chunks that arrived meanwhile go out in one writev
 * (docs/PERFORMANCE.md, P7). Per upload in flight, so memory stays small and bounded.
 */
export const INCOMING_WRITE_HWM = 1024 * 1024;

type File = Express.Multer.File;
type Done = (error?: unknown, info?: Partial<File>) => void;

/**
 * multer's disk storage with a larger write buffer: each file goes to a random name in `dir`.
 * Like multer's, a removal (limit tripped, client gone, form rejected) first waits for the
 * write stream to close, so a file opened after its unlink can't be left behind.
 */
export class IncomingFileStorage implements multer.StorageEngine {
  readonly #writing = new WeakMap<File, WriteStream>();

  constructor(private readonly dir: string) {}

  _handleFile(_req: Request, file: File, done: Done): void {
    // The request died before this part got here: the same error multer's disk storage gives.
    if (file.stream.destroyed) return done(new multer.MulterError('STREAM_DESTROYED' as multer.ErrorCode));
    const filePath = path.join(this.dir, randomBytes(16).toString('hex'));
    const out = createWriteStream(filePath, { highWaterMark: INCOMING_WRITE_HWM });
    // Set at once: multer removes a pending file by its path when the form fails mid-stream.
    file.path = filePath;
    this.#writing.set(file, out);
    out.once('close', () => this.#writing.delete(file));
    pipeline(file.stream, out, (err) => {
      if (err) return done(err);
      done(null, { destination: this.dir, filename: path.basename(filePath), path: filePath, size: out.bytesWritten });
    });
  }

  _removeFile(_req: Request, file: File, done: (error: Error | null) => void): void {
    const filePath = file.path;
    const remove = () => removeQuietly(filePath).then(() => done(null), done);
    const out = this.#writing.get(file);
    if (!out || out.closed) return void remove();
    out.once('close', () => void remove());
    out.destroy();
  }
}
