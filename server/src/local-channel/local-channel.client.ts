import { ErrorCode, type TErrorCode, type TNewAdmin } from '@pano/contract';
import type { LocalChannelAddress } from '../db/data-dir-lock.js';
import { AppError } from '../http/errors.js';

/** The channel's one command; the server side mounts it under this path. */
export const LOCAL_ADMINS_PATH = '/admins';

/** The lock names a channel but nothing answers there (the server is stopping or just stopped). */
export class LocalChannelUnreachable extends Error {
  constructor() {
    super('Çalışan Pano sunucusuna ulaşılamadı. Sunucu kapanıyor olabilir: birkaç saniye sonra komutu tekrar çalıştırın.');
  }
}

/** Makes an admin through the running server; its Turkish refusals come back as AppError. */
export async function createAdminThroughServer(channel: LocalChannelAddress, admin: TNewAdmin): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${channel.port}${LOCAL_ADMINS_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${channel.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
  } catch {
    throw new LocalChannelUnreachable();
  }
  const body = (await res.json().catch(() => ({}))) as { email?: string; message?: string; code?: TErrorCode };
  if (!res.ok || !body.email) {
    throw new AppError(res.status, body.code ?? ErrorCode.INTERNAL, body.message ?? `Sunucu isteği reddetti (HTTP ${res.status})`);
  }
  return body.email;
}
