/**
 * The file names of a PDF document's page pictures, in order, as its row stores them in `app`
 * (`{ kind: 'pdf', pages }`, docs/PRODUCT.md#apps); none for any other item.
 */
export function pdfPagesOf(m: { app: unknown }): string[] {
  const app = m.app as { kind?: unknown; pages?: unknown } | null;
  return app?.kind === 'pdf' && Array.isArray(app.pages) ? app.pages.filter((p): p is string => typeof p === 'string') : [];
}
