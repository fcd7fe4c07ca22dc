import { Worker } from 'node:worker_threads';

/*
 * A PDF's pages as pixels (docs/architecture/storage.md#pdf-documents). pdfjs-dist (Mozilla's
 * reader, Apache-2.0) draws them on @napi-rs/canvas in a worker thread, so a hostile file is
 * bounded: the whole document within `timeoutMs`, the reader's heap within `maxHeapMb`, and the
 * worker terminated either way. A page is drawn only once the one before has been handed on.
 */

export type PdfWorkerInput = { pdfPath: string; maxPx: number };
export type PdfWorkerRequest = { page: number };
export type PdfWorkerAnswer =
  | { type: 'opened'; pageCount: number }
  | { type: 'page'; index: number; width: number; height: number; rgba: ArrayBuffer }
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
  const entry = workerEntry();
  const options = {
    workerData: { pdfPath, maxPx: limits.maxPx } satisfies PdfWorkerInput,
    resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
  };
  // From the sources (tests, `npm run dev`) the worker is TypeScript, loaded through tsx.
  const worker = entry.pathname.endsWith('.ts')
    ? new Worker(`import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}))`, { ...options, eval: true })
    : new Worker(entry, options);
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let pageCount = 0;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      void worker.terminate();
      if (err) reject(err);
      else resolve();
    };
    const timer = setTimeout(() => finish(new PdfRefusal('timeout')), limits.timeoutMs);
    const startRss = process.memoryUsage.rss();
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - startRss > limits.maxGrowthMb * 1024 * 1024) finish(new PdfRefusal('heavy'));
    }, MEMORY_CHECK_MS);
    const ask = (page: number) => worker.postMessage({ page } satisfies PdfWorkerRequest);
    worker.on('message', (answer: PdfWorkerAnswer) => {
      if (answer.type === 'unreadable') return finish(new PdfRefusal(answer.reason));
      if (answer.type === 'opened') {
        pageCount = answer.pageCount;
        if (pageCount < 1) return finish(new PdfRefusal('broken'));
        if (pageCount > limits.maxPages) return finish(new PdfRefusal('too-many', pageCount));
        return ask(0);
      }
      const { index, width, height, rgba } = answer;
      onPage({ index, width, height, rgba: Buffer.from(rgba) }).then(
        () => (index + 1 < pageCount ? settled || ask(index + 1) : finish()),
        (err: unknown) => finish(err instanceof Error ? err : new Error(String(err))),
      );
    });
    // Over its heap the reader is stopped: the file is too heavy to read. Anything else is ours.
    worker.on('error', (err: NodeJS.ErrnoException) => finish(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new PdfRefusal('broken') : err));
    worker.on('exit', () => finish(new PdfRefusal('broken')));
  });
}

/**
 * The worker's module: beside this one in the sources; in the build (scripts/build-server.mjs)
 * an entry point of its own in server/dist, while this code may sit in server/dist/chunks/.
 */
function workerEntry(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('./pdf-pages.worker.ts', here);
  return new URL(here.includes('/dist/chunks/') ? '../pdf-pages.worker.js' : './pdf-pages.worker.js', here);
}
