import PDFDocument from 'pdfkit';

/** One solid colour per page, so a test can tell the pages apart by their pixels. */
export const PAGE_COLOURS = ['#ff0000', '#00a000', '#0000ff'] as const;

/**
 * A real PDF made by pdfkit (never written by hand): `pages` A4 pages, each filled with the next
 * of PAGE_COLOURS and its number written on it; `userPassword` encrypts it (a reader needs it).
 */
export function samplePdf(pages: number, options: { userPassword?: string; size?: [number, number] } = {}): Promise<Buffer> {
  return pdfOf({
    size: options.size ?? 'A4',
    ...(options.userPassword ? { userPassword: options.userPassword, pdfVersion: '1.7' as const } : {}),
  }, (doc) => {
    for (let i = 0; i < pages; i++) {
      doc.addPage();
      doc.rect(0, 0, doc.page.width, doc.page.height).fill(PAGE_COLOURS[i % PAGE_COLOURS.length]!);
      doc.fillColor('#ffffff').fontSize(48).text(`Sayfa ${i + 1}`, 40, 40);
    }
  });
}

/** A PDF's bytes: a pdfkit document with `options`, its pages drawn by `draw`. */
function pdfOf(options: PDFKit.PDFDocumentOptions, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ ...options, autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/**
 * One page holding `images` pictures of `px` × `px` (solid JPEGs made by sharp, a few KB each):
 * small on disk, gigabytes once a reader decodes them, as a hostile upload would be.
 */
export async function heavyImagePdf(images: number, px: number): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  const jpeg = await sharp({ create: { width: px, height: px, channels: 3, background: '#336699' } }).jpeg({ quality: 50 }).toBuffer();
  return pdfOf({ size: 'A4' }, (doc) => {
    doc.addPage();
    for (let i = 0; i < images; i++) doc.image(jpeg, 20 + i * 10, 20 + i * 10, { width: 200 });
  });
}
