import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/*
 * A PDF's pages as pixels (docs/architecture/storage.md#pdf-documents). pdfjs-dist (Mozilla's
 * reader, Apache-2.0) draws them on @napi-rs/canvas in a process of its own, so a hostile file is
 * bounded: the whole document within `timeoutMs`, the reader's heap within `maxHeapMb`, its
 * resident memory within `maxGrowthMb`, and the reader killed either way. A process, not a
 * worker thread: terminating a thread while native code (the canvas, image decoders) runs in it
 * can abort the whole server; killing a process never touches ours. A page is drawn only once
 * the one before has been handed on.
 */

export type PdfReaderInput = { pdfPath: string; maxPx: number };
export type PdfReaderRequest = { page: number };
export type PdfReaderAnswer =
  | { type: 'opened'; pageCount: number }
  | { type: 'page'; index: number; width: number; height: number; rgba: Uint8Array }
  | { type: 'unreadable'; reason: 'password' | 'broken' };

export type PdfLimits = {
  maxPages: number;
  /** The long side of a page's picture, in pixels. */
  maxPx: number;
  timeoutMs: number;
  maxHeapMb: number;
  /**
   * How far the process's resident memory may grow while the PDF is read. The heap limit bounds
   * only JavaScript; the pictures pdfjs decodes and the canvas live outside it, so a small PDF
   * of a few huge images could take gigabytes from the whole server without this.
   */
  maxGrowthMb: number;
};

/** How often the process's memory is looked at while a PDF is read. */
const MEMORY_CHECK_MS = 50;

export type PdfPage = { index: number; width: number; height: number; rgba: Buffer };

/** Why a PDF gives no pages: encrypted, not a readable PDF, too heavy to draw, too slow, too long. */
export class PdfRefusal extends Error {
  constructor(readonly reason: 'password' | 'broken' | 'heavy' | 'timeout' | 'too-many', readonly pageCount = 0) {
    super(`PDF refused: ${reason}`);
  }
}

/**
 * Hands every page of the PDF at `pdfPath` to `onPage`, in order, one at a time; rejects with a
 * PdfRefusal for a file that cannot give them, with `onPage`'s own error when that fails.
 */
export function renderPdfPages(pdfPath: string, limits: PdfLimits, onPage: (page: PdfPage) => Promise<void>): Promise<void> {
  const entry = readerEntry();
  // From the sources (tests, `npm run dev`) the reader is TypeScript, loaded through tsx.
  const loader = entry.endsWith('.ts') ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];
  const reader = fork(entry, [JSON.stringify({ pdfPath, maxPx: limits.maxPx } satisfies PdfReaderInput)], {
    execArgv: [...loader, `--max-old-space-size=${limits.maxHeapMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let pageCount = 0;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      reader.kill('SIGKILL');
      if (err) reject(err);
      else resolve();
    };
    const timer = setTimeout(() => finish(new PdfRefusal('timeout')), limits.timeoutMs);
    let startRss: number | undefined;
    const watch = setInterval(() => {
      const rss = residentBytes(reader.pid);
      if (rss === undefined) return;
      startRss ??= rss;
      if (rss - startRss > limits.maxGrowthMb * 1024 * 1024) finish(new PdfRefusal('heavy'));
    }, MEMORY_CHECK_MS);
    const ask = (page: number) => reader.send({ page } satisfies PdfReaderRequest);
    reader.on('message', (answer: PdfReaderAnswer) => {
      if (settled) return;
      if (answer.type === 'unreadable') return finish(new PdfRefusal(answer.reason));
      if (answer.type === 'opened') {
        pageCount = answer.pageCount;
        if (pageCount < 1) return finish(new PdfRefusal('broken'));
        if (pageCount > limits.maxPages) return finish(new PdfRefusal('too-many', pageCount));
        return ask(0);
      }
      const { index, width, height, rgba } = answer;
      onPage({ index, width, height, rgba: Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength) }).then(
        () => (index + 1 < pageCount ? settled || ask(index + 1) : finish()),
        (err: unknown) => finish(err instanceof Error ? err : new Error(String(err))),
      );
    });
    // A reader that could not start is ours to fix; one that died (over its heap) read a file too heavy.
    reader.on('error', (err) => finish(err));
    reader.on('exit', () => finish(new PdfRefusal('broken')));
  });
}

/**
 * A process's resident memory in bytes, from Linux's /proc (where Pano runs in production);
 * elsewhere undefined, and only the heap limit bounds the reader.
 */
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * The reader's module: beside this one in the sources; in the build (scripts/build-server.mjs)
 * an entry point of its own in server/dist, while this code may sit in server/dist/chunks/.
 */
function readerEntry(): string {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return fileURLToPath(new URL('./pdf-pages.reader.ts', here));
  return fileURLToPath(new URL(here.includes('/dist/chunks/') ? '../pdf-pages.reader.js' : './pdf-pages.reader.js', here));
}
