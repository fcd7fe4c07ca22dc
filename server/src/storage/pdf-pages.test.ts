import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfRefusal, renderPdfPages, type PdfLimits, type PdfPage } from './pdf-pages.js';
import { heavyImagePdf, samplePdf } from './testing/sample-pdfs.js';

const LIMITS: PdfLimits = { maxPages: 5, maxPx: 400, timeoutMs: 30_000, maxHeapMb: 256, maxGrowthMb: 768 };
let dir: string;
beforeAll(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'pano-pdf-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

const file = async (name: string, bytes: Buffer | string) => {
  const p = path.join(dir, name);
  await writeFile(p, bytes);
  return p;
};
async function pagesOf(pdfPath: string, limits = LIMITS): Promise<PdfPage[]> {
  const pages: PdfPage[] = [];
  await renderPdfPages(pdfPath, limits, async (page) => { pages.push(page); });
  return pages;
}
const refusal = (p: Promise<unknown>) => p.then(() => null, (err: unknown) => (err instanceof PdfRefusal ? [err.reason, err.pageCount] : err));
/** The colour in the middle of a page's picture. */
const middle = (p: PdfPage) => {
  const at = (Math.floor(p.height / 2) * p.width + Math.floor(p.width / 2)) * 4;
  return [...p.rgba.subarray(at, at + 3)];
};

describe('renderPdfPages', () => {
  it('hands every page in order, its long side maxPx, its own pixels', async () => {
    const pages = await pagesOf(await file('three.pdf', await samplePdf(3)));
    expect(pages.map((p) => [p.index, p.width, p.height])).toEqual([[0, 283, 400], [1, 283, 400], [2, 283, 400]]);
    expect(pages.every((p) => p.rgba.length === p.width * p.height * 4)).toBe(true);
    expect(pages.map(middle)).toEqual([[255, 0, 0], [0, 160, 0], [0, 0, 255]]);
  });

  it('keeps a landscape page landscape', async () => {
    const [page] = await pagesOf(await file('wide.pdf', await samplePdf(1, { size: [800, 200] })));
    expect([page!.width, page!.height]).toEqual([400, 100]);
  });

  it('refuses an encrypted PDF, drawing nothing', async () => {
    expect(await refusal(pagesOf(await file('locked.pdf', await samplePdf(1, { userPassword: 'gizli' }))))).toEqual(['password', 0]);
  });

  it('refuses a broken PDF and one cut short, drawing nothing', async () => {
    expect(await refusal(pagesOf(await file('broken.pdf', '%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF')))).toEqual(['broken', 0]);
    const cut = (await samplePdf(2)).subarray(0, 600);
    expect(await refusal(pagesOf(await file('cut.pdf', cut)))).toEqual(['broken', 0]);
  });

  it('refuses a PDF of too many pages before drawing any', async () => {
    expect(await refusal(pagesOf(await file('long.pdf', await samplePdf(6))))).toEqual(['too-many', 6]);
  });

  it('stops a reader that takes longer than its time', async () => {
    const long = await file('slow.pdf', await samplePdf(3));
    expect(await refusal(pagesOf(long, { ...LIMITS, timeoutMs: 1 }))).toEqual(['timeout', 0]);
  });

  it('stops a reader whose decoded pictures grow the process past its memory allowance', async () => {
    // Two 6000 px pictures: 144 MB each once decoded, outside the reader's heap limit.
    const heavy = await file('heavy.pdf', await heavyImagePdf(2, 6000));
    expect((await stat(heavy)).size).toBeLessThan(2 * 1024 * 1024);
    expect(await refusal(pagesOf(heavy, { ...LIMITS, maxGrowthMb: 150 }))).toEqual(['heavy', 0]);
    // The same file within a generous allowance draws, and the decoding never weighed on the
    // server's own process: its peak memory stays where it was.
    const peakBefore = process.resourceUsage().maxRSS;
    expect(await pagesOf(heavy, { ...LIMITS, maxGrowthMb: 4096 })).toHaveLength(1);
    expect((process.resourceUsage().maxRSS - peakBefore) / 1024).toBeLessThan(100);
  });
});
