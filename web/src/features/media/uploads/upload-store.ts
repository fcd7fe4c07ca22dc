import { create } from 'zustand';
import type { QueryClient } from '@tanstack/react-query';
import type { DetailedError, PreviousUpload, Upload } from 'tus-js-client';
import { ZMedia } from '@pano/contract';
import { TUS_CHUNK_BYTES } from '@pano/contract/constants';
import { trUploads } from '../../../i18n/tr-uploads';
import { api, refusalOf } from '../../../lib/api-client';
import { ApiError, ShownError, errorMessage } from '../../../lib/api-error';
import { tokenStorage } from '../../../lib/token-storage';
import { mediaKeys } from '../../../api/media.api';
import { playlistKeys } from '../../../api/playlists.api';
import { useSession } from '../../../stores/session-store';
import { UploadSpeed } from './upload-speed';

/*
 * /media's uploads (docs/PRODUCT.md#media): each file goes to /api/uploads with the tus protocol
 * through tus-js-client, in a store outside the page, so leaving the page and coming back keeps
 * them running and shows them. tus-js-client keeps each unfinished upload's address in
 * localStorage under a fingerprint of the file (never the token: that is added to each request),
 * so the same file chosen again after a reload goes on from the server's offset.
 */

type UploadStatus = 'queued' | 'uploading' | 'paused' | 'failed';

export type UploadRow = {
  id: string;
  fileName: string;
  /** The media's name: the file's name without its extension until the customer changes it. */
  name: string;
  size: number;
  sent: number;
  status: UploadStatus;
  /** Bytes a second over the last seconds, and seconds left at that speed; null until known. */
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  /** The connection broke and tus-js-client is waiting to try again. */
  retrying: boolean;
  /** Every byte is sent; the server is storing the file. */
  finishing: boolean;
  /** Why it failed, in Turkish (the server's own words when it said why). */
  error: string | null;
  /** A failure the server did not decide (the network gave up): it may be resumed. */
  resumable: boolean;
  /**
   * The media item this file replaces ('Dosyayı Değiştir', docs/PRODUCT.md#replacing-a-file); its
   * name is the item's and stays. Null for new media.
   */
  replaces: string | null;
};

/** How much of the file the server has, 0-100. */
export const sentPercent = (row: Pick<UploadRow, 'sent' | 'size'>): number => (row.size > 0 ? (row.sent / row.size) * 100 : 0);

/** At most this many files upload at once; the others wait their turn ('Sırada'). */
const PARALLEL_UPLOADS = 3;
/**
 * Waits before each new try after a failed request; tus-js-client starts over from the first
 * whenever bytes went through since, so this is how long one outage may last: about 10 minutes.
 */
const RETRY_DELAYS = [0, 1000, 2000, 4000, 8000, ...Array<number>(38).fill(15_000)];
const PAINT_MS = 250;

/**
 * tus-js-client comes when the first upload starts or an earlier one is looked for, not with
 * /media: its bytes stood before the page's first paint (docs/PERFORMANCE.md#media-first-paint).
 */
const tus = () => import('tus-js-client');

type Job = {
  file: File;
  queryClient: QueryClient;
  fingerprint: string;
  tus: Upload | null;
  /** The name the server got in the upload's metadata: a different one later is a rename. */
  sentName: string | null;
  speed: UploadSpeed;
  paintedAt: number;
  settle?: { resolve: (mediaId: string) => void; reject: (err: unknown) => void };
};

/** An upload of an earlier visit that did not finish, as tus-js-client keeps it. */
type UnfinishedUpload = { key: string; fileName: string; name: string; size: number; uploadUrl: string | null };

type UploadsState = {
  rows: UploadRow[];
  /** The row the spec's form shows itself ('Yükle'); the list shows the others. */
  formRowId: string | null;
  unfinished: UnfinishedUpload[];
};

export const useUploads = create<UploadsState>(() => ({ rows: [], formRowId: null, unfinished: [] }));

const jobs = new Map<string, Job>();
let nextId = 0;

/** 'Tanıtım Videosu.mp4' → 'Tanıtım Videosu'. */
export const baseName = (fileName: string) => fileName.replace(/\.[^.]*$/, '').trim() || fileName;

const cleanName = (row: UploadRow, fallback: string) => row.name.trim().slice(0, 200) || fallback;

/**
 * The fingerprint a file is remembered by: its signed-in customer, name, type, size and date,
 * so another account on this browser never resumes it and the token is never part of it.
 */
function fingerprintOf(file: File, replaces: string | null): string {
  const user = useSession.getState().user?._id ?? 'anon';
  const parts = ['pano', user, encodeURIComponent(file.name), file.type, file.size, file.lastModified];
  // A replacement resumes only as the replacement of the same item, never as new media.
  return (replaces ? [...parts, `replaces-${replaces}`] : parts).join('/');
}
const storagePrefix = () => `tus::pano/${useSession.getState().user?._id ?? 'anon'}/`;

const patch = (id: string, change: Partial<UploadRow>) => useUploads.setState((s) => ({
  rows: s.rows.map((r) => (r.id === id ? { ...r, ...change } : r)),
}));
const rowOf = (id: string) => useUploads.getState().rows.find((r) => r.id === id);

function removeRow(id: string) {
  jobs.delete(id);
  useUploads.setState((s) => ({ rows: s.rows.filter((r) => r.id !== id), formRowId: s.formRowId === id ? null : s.formRowId }));
}

/** Starts waiting files while fewer than PARALLEL_UPLOADS run. */
function pump() {
  const { rows } = useUploads.getState();
  let running = rows.filter((r) => r.status === 'uploading').length;
  for (const row of rows) {
    if (running >= PARALLEL_UPLOADS) break;
    if (row.status !== 'queued') continue;
    running++;
    void begin(row.id);
  }
}

/** Files the customer chose or dropped: a row each, uploading in turn. Their row ids. */
export function addUploads(files: readonly File[], queryClient: QueryClient, name?: string, replaces: string | null = null): string[] {
  const ids = files.map((file) => {
    const id = `u${++nextId}`;
    jobs.set(id, { file, queryClient, fingerprint: fingerprintOf(file, replaces), tus: null, sentName: null, speed: new UploadSpeed(), paintedAt: 0 });
    return { id, fileName: file.name, name: name ?? baseName(file.name), size: file.size, sent: 0, status: 'queued' as const,
      bytesPerSecond: null, secondsLeft: null, retrying: false, finishing: false, error: null, resumable: false, replaces };
  });
  useUploads.setState((s) => {
    const rows = [...s.rows, ...ids];
    return { rows, unfinished: withoutActive(s.unfinished, rows) };
  });
  pump();
  return ids.map((r) => r.id);
}

/**
 * The spec's form: one file under the name typed, shown in the form while it runs; settles
 * with the new media's id once the list has it, or with the failure.
 */
export function uploadFromForm(file: File, name: string, queryClient: QueryClient): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const [id] = addUploads([file], queryClient, name) as [string];
    jobs.get(id)!.settle = { resolve, reject };
    // The form shows its own upload until the form is left (`releaseFormRow`).
    useUploads.setState({ formRowId: id });
  });
}

/**
 * 'Dosyayı Değiştir' (docs/PRODUCT.md#replacing-a-file): `file` becomes the new file of `media`,
 * sent like any upload (resumable, in turn, with its row) with the item's id in the `replaces`
 * metadata. A row already replacing the item is ended first: the newest choice is the one wanted.
 */
export async function replaceMediaFile(file: File, media: { _id: string; name: string }, queryClient: QueryClient): Promise<string> {
  for (const row of useUploads.getState().rows.filter((r) => r.replaces === media._id)) await cancelUpload(row.id);
  const [id] = addUploads([file], queryClient, media.name, media._id);
  return id!;
}

/** The form is gone (the page was left): its upload goes on in the list. */
export function releaseFormRow() {
  useUploads.setState({ formRowId: null });
}

async function begin(id: string) {
  const job = jobs.get(id);
  const row = rowOf(id);
  if (!job || !row) return;
  patch(id, { status: 'uploading', error: null, retrying: false, resumable: false });
  if (job.tus) {
    job.tus.start();
    return;
  }
  const { Upload } = await tus();
  // Cancelled, paused, or begun again while the library came: that one goes on, not this.
  if (job.tus || !jobs.has(id) || rowOf(id)?.status !== 'uploading') return;
  const sentName = cleanName(row, baseName(job.file.name));
  const upload = new Upload(job.file, {
    endpoint: '/api/uploads',
    chunkSize: TUS_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: job.file.name, name: sentName, ...(row.replaces ? { replaces: row.replaces } : {}) },
    fingerprint: async () => job.fingerprint,
    removeFingerprintOnSuccess: true,
    // Each request reads the token as it is then: one renewed meanwhile is used, none is stored.
    onBeforeRequest: (req) => {
      const token = tokenStorage.get();
      if (token) req.setHeader('Authorization', `Bearer ${token}`);
    },
    onProgress: (sent, total) => progressed(id, sent, total),
    onShouldRetry: (err) => {
      const retry = shouldRetry(err);
      if (retry) patch(id, { retrying: true, bytesPerSecond: null, secondsLeft: null });
      return retry;
    },
    onSuccess: ({ lastResponse }) => void finished(id, lastResponse.getHeader('Media-Id') ?? null),
    onError: (err) => failed(id, err),
  });
  job.tus = upload;
  job.sentName = sentName;
  // The same file begun before (this visit or an earlier one): on from the server's offset.
  const [previous] = await upload.findPreviousUploads().catch(() => [] as PreviousUpload[]);
  if (previous) {
    upload.resumeFromPreviousUpload(previous);
    job.sentName = previous.metadata.name ?? sentName;
    // The form's name is what the customer typed now; a dropped file keeps the name it was given then.
    if (!job.settle && job.sentName) patch(id, { name: job.sentName });
  }
  if (!jobs.has(id) || rowOf(id)?.status !== 'uploading') return; // cancelled or paused meanwhile
  upload.start();
}

/**
 * Refusals are final (docs/PRODUCT.md#resumable-uploads): every 4xx but a 409 offset conflict,
 * 423 (locked) and 429 (too many); a full storage is 409 too, but says so in its code. The
 * network and 5xx are tried again.
 */
function shouldRetry(err: DetailedError): boolean {
  const res = err.originalResponse;
  const status = res?.getStatus() ?? 0;
  if (status === 0 || status >= 500) return true;
  if (status === 423 || status === 429) return true;
  if (status !== 409) return false;
  try {
    return (JSON.parse(res!.getBody()) as { code?: string }).code === 'CONFLICT';
  } catch {
    return true;
  }
}

function progressed(id: string, sent: number, total: number) {
  const job = jobs.get(id);
  if (!job) return;
  job.speed.add(sent);
  const now = performance.now();
  // Progress comes many times a second: the row is painted four times a second, and at the end.
  if (now - job.paintedAt < PAINT_MS && sent < total) return;
  job.paintedAt = now;
  const rate = job.speed.bytesPerSecond();
  patch(id, {
    sent, retrying: false, finishing: sent >= total,
    bytesPerSecond: rate, secondsLeft: rate ? (total - sent) / rate : null,
  });
}

async function finished(id: string, mediaId: string | null) {
  const job = jobs.get(id);
  const row = rowOf(id);
  if (!job || !row) return;
  let renameError: string | null = null;
  const wanted = cleanName(row, job.sentName ?? baseName(job.file.name));
  // A name changed after the upload began: the server got the first one, the media gets this one.
  // A replacement keeps its item's name.
  if (mediaId && !row.replaces && wanted !== job.sentName) {
    try {
      await api.put(`/api/media/${mediaId}`, ZMedia, { name: wanted });
      void job.queryClient.invalidateQueries({ queryKey: playlistKeys.all });
    } catch (err) {
      renameError = trUploads.renameFailed(errorMessage(err));
    }
  }
  // A replaced file shows in the playlists holding the item too.
  if (row.replaces) void job.queryClient.invalidateQueries({ queryKey: playlistKeys.all });
  await job.queryClient.invalidateQueries({ queryKey: mediaKeys.all });
  if (renameError) {
    patch(id, { status: 'failed', error: renameError, resumable: false, finishing: false });
    job.tus = null;
  } else {
    removeRow(id);
  }
  if (mediaId) job.settle?.resolve(mediaId);
  // Every byte taken but no media named: the upload's own failure, not the network's.
  else job.settle?.reject(new ShownError(trUploads.failed));
  pump();
}

function failed(id: string, err: Error | DetailedError) {
  const job = jobs.get(id);
  if (!job) return;
  const res = 'originalResponse' in err ? err.originalResponse : null;
  const status = res?.getStatus() ?? 0;
  // No answer at all: the network's Turkish text; an answer: the server's own words.
  const error = status ? refusalOf(status, res!.getBody(), tokenStorage.get()) : new ApiError('', 0);
  patch(id, { status: 'failed', error: errorMessage(error, status ? trUploads.failed : undefined), retrying: false, finishing: false,
    bytesPerSecond: null, secondsLeft: null, resumable: status === 0 || status >= 500 });
  // A refusal ends the upload: a later try begins anew, and it is no unfinished upload to list
  // after a reload. The network may be resumed.
  if (status !== 0 && status < 500) {
    job.tus = null;
    void forgetFingerprint(job.fingerprint);
  }
  if (job.settle) {
    // The form's own upload: its alert says why and the form keeps the file for another try
    // (which goes on from the server's offset, as any file chosen again does).
    job.settle.reject(error);
    removeRow(id);
  }
  pump();
}

/**
 * The browser is online again: uploads waiting for their next try go now, not after the rest of
 * their wait (up to 15 s), from the server's offset as any try does.
 */
function retryWaitingNow() {
  for (const [id, job] of jobs) {
    const row = rowOf(id);
    if (!job.tus || row?.status !== 'uploading' || !row.retrying) continue;
    const upload = job.tus;
    void upload.abort(false).then(() => {
      if (jobs.get(id)?.tus === upload && rowOf(id)?.status === 'uploading') upload.start();
    });
  }
}
if (typeof window !== 'undefined') window.addEventListener('online', retryWaitingNow);

export function renameUpload(id: string, name: string) {
  patch(id, { name });
}

/** Stops sending; the server keeps what it has. */
export function pauseUpload(id: string) {
  const job = jobs.get(id);
  if (!job || rowOf(id)?.status !== 'uploading') return;
  patch(id, { status: 'paused', retrying: false, bytesPerSecond: null, secondsLeft: null });
  void job.tus?.abort(false);
  pump();
}

/**
 * Back in the queue: it goes on when fewer than PARALLEL_UPLOADS run, from the server's offset
 * (tus-js-client asks it with HEAD first).
 */
export function resumeUpload(id: string) {
  const job = jobs.get(id);
  const row = rowOf(id);
  // What the row offers 'Sürdür' for; a second click finds it queued already.
  if (!job || !row || !(row.status === 'paused' || (row.status === 'failed' && row.resumable))) return;
  job.speed = new UploadSpeed();
  patch(id, { status: 'queued', error: null, resumable: false, retrying: false });
  pump();
}

/** Cancel: the upload is ended on the server too (tus termination), and its row goes. */
export async function cancelUpload(id: string) {
  const job = jobs.get(id);
  if (!job) return;
  removeRow(id);
  job.settle?.reject(new DOMException('Aborted', 'AbortError'));
  // abort(true) ends it on the server (DELETE) once it has an address, and forgets its fingerprint.
  if (job.tus) await job.tus.abort(Boolean(job.tus.url)).catch((err: unknown) => console.error('upload cancel failed', err));
  pump();
}

async function forgetFingerprint(fingerprint: string) {
  const { defaultOptions } = await tus();
  const stored = await defaultOptions.urlStorage.findUploadsByFingerprint(fingerprint).catch(() => [] as PreviousUpload[]);
  for (const u of stored) await defaultOptions.urlStorage.removeUpload(u.urlStorageKey);
}

/** Uploads of an earlier visit this customer left unfinished, but those running now. */
export async function loadUnfinished() {
  const prefix = storagePrefix();
  // tus-js-client keeps them in localStorage under 'tus::{fingerprint}::…': none, no library.
  if (!Object.keys(localStorage).some((key) => key.startsWith(prefix))) return;
  const { defaultOptions } = await tus();
  const stored = await defaultOptions.urlStorage.findAllUploads().catch(() => [] as PreviousUpload[]);
  const unfinished = stored.filter((u) => u.urlStorageKey.startsWith(prefix)).map((u) => ({
    key: u.urlStorageKey, fileName: u.metadata.filename ?? '', name: u.metadata.name ?? '', size: u.size ?? 0, uploadUrl: u.uploadUrl,
  }));
  useUploads.setState((s) => ({ unfinished: withoutActive(unfinished, s.rows) }));
}

/** Those not on the page now: a file chosen again is its row, no longer a notice. */
function withoutActive(list: UnfinishedUpload[], rows: UploadRow[]): UnfinishedUpload[] {
  const active = rows.map((r) => `tus::${jobs.get(r.id)?.fingerprint}::`);
  return list.filter((u) => !active.some((prefix) => u.key.startsWith(prefix)));
}

/** 'Vazgeç': the earlier upload is ended on the server and forgotten here. */
export async function discardUnfinished(key: string) {
  const entry = useUploads.getState().unfinished.find((u) => u.key === key);
  useUploads.setState((s) => ({ unfinished: s.unfinished.filter((u) => u.key !== key) }));
  if (!entry) return;
  const { Upload, defaultOptions } = await tus();
  if (entry.uploadUrl) {
    await Upload.terminate(entry.uploadUrl, {
      onBeforeRequest: (req) => {
        const token = tokenStorage.get();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      // Gone already (finished, swept after 24 h, or another customer's): nothing to end.
    }).catch(() => undefined);
  }
  await defaultOptions.urlStorage.removeUpload(key);
}
