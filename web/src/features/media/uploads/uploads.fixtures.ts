import { cancelUpload, useUploads } from './upload-store';

/** A file as the browser hands one over: `size` bytes, a fixed modification time (the store's upload key). */
export const aFile = (name: string, size: number, type = 'image/png') =>
  new File([new Uint8Array(size).fill(7)], name, { type, lastModified: 1_700_000_000_000 });

/**
 * The store outlives the page, as it does in the app: after each test its uploads are cancelled
 * and its rows forgotten, so nothing of one test is left to the next.
 */
export async function resetUploads(): Promise<void> {
  for (const r of useUploads.getState().rows) await cancelUpload(r.id);
  useUploads.setState({ rows: [], formRowId: null, unfinished: [] });
}
