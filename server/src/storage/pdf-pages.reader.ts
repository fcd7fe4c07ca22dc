import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfReaderAnswer, PdfReaderInput, PdfReaderRequest } from './pdf-pages.js';

/*
 * One PDF, read in a process of its own (docs/architecture/storage.md#pdf-documents): the server
 * bounds its time, heap and memory and kills it, so a hostile file can neither stall nor crash
 * the API. The server asks for one page at a time and gets its pixels (RGBA), so at most one
 * page's raster waits in memory.
 */

const input = JSON.parse(process.argv[2]!) as PdfReaderInput;
// The server went away (or killed us): nothing is waiting for pages.
process.on('disconnect', () => process.exit(0));
// pdfjs reads its fonts, CMaps, colour profiles and image decoders from its own package, never
// from the network: a directory path with a trailing slash is read with fs in Node.
const pdfjsDir = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/`;

const post = (answer: PdfReaderAnswer) => process.send!(answer);

async function open(): Promise<PDFDocumentProxy> {
  const data = new Uint8Array(await readFile(input.pdfPath));
  return getDocument({
    data,
    standardFontDataUrl: `${pdfjsDir}standard_fonts/`,
    cMapUrl: `${pdfjsDir}cmaps/`,
    cMapPacked: true,
    iccUrl: `${pdfjsDir}iccs/`,
    wasmUrl: `${pdfjsDir}wasm/`,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    // A picture inside a page larger than this is left out rather than decoded (memory).
    maxImageSize: 8192 * 8192,
    verbosity: 0,
  }).promise;
}

async function renderPage(pdf: PDFDocumentProxy, index: number): Promise<void> {
  const page = await pdf.getPage(index + 1);
  const natural = page.getViewport({ scale: 1 });
  const scale = input.maxPx / Math.max(natural.width, natural.height, 1);
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.min(input.maxPx, Math.round(viewport.width)));
  const height = Math.max(1, Math.min(input.maxPx, Math.round(viewport.height)));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  // Paper is white; a page without a background of its own would otherwise be transparent.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
  const pixels = context.getImageData(0, 0, width, height).data;
  page.cleanup();
  post({ type: 'page', index, width, height, rgba: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength) });
}

const refused = (err: unknown): PdfReaderAnswer => ({
  type: 'unreadable',
  reason: (err as { name?: string } | null)?.name === 'PasswordException' ? 'password' : 'broken',
});

try {
  const pdf = await open();
  post({ type: 'opened', pageCount: pdf.numPages });
  process.on('message', (request: PdfReaderRequest) => {
    renderPage(pdf, request.page).catch((err: unknown) => post(refused(err)));
  });
} catch (err) {
  post(refused(err));
}
