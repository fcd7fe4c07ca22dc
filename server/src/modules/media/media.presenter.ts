import type { TMediaApp, TMedia } from '@pano/contract';
import type { Media, MediaKind } from '../../db/generated/client.js';
import { pdfPagesOf } from './pdf-document.js';

export const mediaUrlPath = (fileName: string) => `/uploads/${fileName}`;

/** A file's `/uploads/…` path; '' for an app, which has no file. */
export const filePathOf = (m: { fileName: string | null }) => (m.fileName ? mediaUrlPath(m.fileName) : '');

/** The spec's `mediaType` for a kind (docs/PRODUCT.md#data, #apps). */
export const mediaTypeOf = (kind: MediaKind): TMedia['mediaType'] => (kind === 'video' ? 'Video' : kind === 'app' ? 'Uygulama' : 'Resim');

/**
 * An app's settings as stored (validated by ZAppSettings on the way in); files have none. A PDF
 * document stores its pages' file names (pdfPagesOf) and is shown their `/uploads/…` paths.
 */
export const appOf = (m: { kind: MediaKind; app: unknown }): { app?: TMediaApp } => {
  if (m.kind !== 'app' || !m.app) return {};
  const pages = pdfPagesOf(m);
  return { app: pages.length ? { kind: 'pdf', pages: pages.map(mediaUrlPath) } : (m.app as TMediaApp) };
};

/** docs/PRODUCT.md#media-processing: where processing is, and what it found. */
export const processingOf = (m: Pick<Media, 'status' | 'progress' | 'error' | 'durationSec' | 'posterFileName' | 'sha256'>) => ({
  status: m.status,
  progress: m.progress,
  error: m.error,
  durationSeconds: m.durationSec,
  posterUrl: m.posterFileName ? mediaUrlPath(m.posterFileName) : null,
  sha256: m.sha256,
});

/** docs/PRODUCT.md#replacing-a-file: the new file converting, or why the last one failed; null when none. */
const replacementOf = (m: Pick<Media, 'replacementStatus' | 'replacementProgress' | 'replacementError'>): TMedia['replacement'] =>
  (m.replacementStatus === 'processing' || m.replacementStatus === 'failed'
    ? { status: m.replacementStatus, progress: m.replacementProgress ?? 0, error: m.replacementError }
    : null);

export function presentMedia(m: Media): TMedia {
  return {
    _id: m.id,
    name: m.name,
    filePath: filePathOf(m),
    mediaType: mediaTypeOf(m.kind),
    type: m.kind,
    mimeType: m.mime,
    size: Number(m.sizeBytes),
    width: m.width,
    height: m.height,
    duration: m.durationSec,
    createdAt: m.createdAt.toISOString(),
    ...appOf(m),
    ...processingOf(m),
    replacement: replacementOf(m),
  };
}

/** A created or changed item, with the warning of a web app whose page refuses framing. */
export const presentSaved = (saved: { media: Media; warning: string | undefined }): TMedia =>
  ({ ...presentMedia(saved.media), ...(saved.warning ? { warning: saved.warning } : {}) });
