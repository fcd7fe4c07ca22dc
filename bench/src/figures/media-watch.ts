import { io, type Socket } from 'socket.io-client';
import type { ServerToClientEvents, TMedia, TMediaProgressEvent } from '@pano/contract';
import { wallMs } from '../lib/serve-rpc.mjs';

/*
 * The customer's view of an upload after its last byte (P7, P16, P17): the media list of the API
 * and the dashboard's socket, which is told `media:progress` as processing moves on and ends.
 */

export type Settled = { status: 'ready' | 'failed'; error: string | null; at: number; row: TMedia };

async function api(url: string, token: string, method: string, path: string): Promise<unknown> {
  const res = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

export class MediaWatch {
  private readonly ended = new Map<string, { event: TMediaProgressEvent; at: number }>();
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly url: string, private readonly token: string, private readonly socket: Socket<ServerToClientEvents>) {
    socket.on('media:progress', (event) => {
      if (event.status === 'processing') return;
      this.ended.set(event.mediaId, { event, at: wallMs() });
      for (const wake of this.waiters) wake();
    });
  }

  /** A dashboard socket with the customer's user token, as the web app opens it. */
  static async open(url: string, token: string): Promise<MediaWatch> {
    const socket: Socket<ServerToClientEvents> = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token } });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('dashboard socket: no connection within 10 s')), 10_000);
      socket.once('connect', () => { clearTimeout(timer); resolve(); });
      socket.once('connect_error', (err) => { clearTimeout(timer); reject(new Error(`dashboard socket: ${err.message}`)); });
    });
    return new MediaWatch(url, token, socket);
  }

  async row(mediaId: string): Promise<TMedia> {
    const rows = await api(this.url, this.token, 'GET', '/api/media') as TMedia[];
    const row = rows.find((r) => r._id === mediaId);
    if (!row) throw new Error(`media ${mediaId} is not in the list`);
    return row;
  }

  /**
   * When the media was ready (or failed), on the shared clock: `answeredAt` if the list already
   * says so right after the upload's answer (a file kept as it is is ready in that answer), else
   * when the socket was told. Waits at most `timeoutMs`.
   */
  async settled(mediaId: string, answeredAt: number, timeoutMs: number): Promise<Settled> {
    const first = await this.row(mediaId);
    if (first.status !== 'processing' && !this.ended.has(mediaId)) return { status: first.status, error: first.error, at: answeredAt, row: first };
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!this.ended.has(mediaId)) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => { this.waiters.delete(check); reject(new Error(`media ${mediaId} still processing after ${timeoutMs / 1000} s`)); }, timeoutMs);
      this.waiters.add(check);
      check();
    });
    const { event, at } = this.ended.get(mediaId)!;
    return { status: event.status === 'failed' ? 'failed' : 'ready', error: event.error, at, row: await this.row(mediaId) };
  }

  /** Deletes the media (its files go with it): a bench run leaves no upload behind. */
  async remove(mediaId: string): Promise<void> {
    await api(this.url, this.token, 'DELETE', `/api/media/${mediaId}`);
  }

  close(): void {
    this.socket.close();
  }
}
