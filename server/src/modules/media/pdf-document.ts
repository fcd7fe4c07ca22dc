/**
 * The file names of a PDF document's page pictures, in order, as its row stores them in `app`
 * (`{ kind: 'pdf', pages }`, docs/PRODUCT.md#apps); none for any other item.
 */
export function pdfPagesOf(m: { app: unknown }): string[] {
  const app = m.app as { kind?: unknown; pages?: unknown } | null;
  return app?.kind === 'pdf' && Array.isArray(app.pages) ? app.pages.filter((p): p is string => typeof p === 'string') : [];
}

/** Whether the row is a PDF document: an app whose pages are files (docs/PRODUCT.md#apps). */
export const isPdfDocument = (m: { kind: string; app: unknown }): boolean =>
  m.kind === 'app' && (m.app as { kind?: unknown } | null)?.kind === 'pdf';
