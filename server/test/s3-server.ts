import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { StorageConfig } from '../src/config/storage-url.js';
import { s3Client } from '../src/storage/s3-storage.js';

/** s3rver's fixed keys: it checks every signature (headers and signed URLs) against them. */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The bucket CORS docs/OPERATIONS.md#object-storage asks for: players and dashboards on any origin may GET. */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
<AllowedHeader>*</AllowedHeader><ExposeHeader>Content-Range</ExposeHeader><ExposeHeader>Accept-Ranges</ExposeHeader><ExposeHeader>Content-Length</ExposeHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

export type LocalS3 = Awaited<ReturnType<typeof startLocalS3>>;

/**
 * A local server speaking the S3 API (s3rver: multipart uploads, ranges, signed URLs), for
 * tests that run the real AWS SDK against it, as fake-stripe does for Stripe. s3rver lacks the
 * three multipart calls tus's S3 store makes besides (ListParts, AbortMultipartUpload,
 * ListMultipartUploads): a front answers them from s3rver's own upload folders and passes
 * every other request through unchanged (its Host too, so signatures still check). Its files
 * live in a temp folder removed by `close`.
 */
export async function startLocalS3(bucket = 'pano-test') {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'pano-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket, configs: [CORS] }] });
  const { port: s3rverPort } = await server.run();
  const front = createServer((req, res) => void multipartCalls(path.join(directory, bucket, '._S3rver_uploads'), req, res).then((answered) => {
    if (answered) return;
    const upstream = request({ host: '127.0.0.1', port: s3rverPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  }).catch(() => res.destroy()));
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const storage: StorageConfig = { kind: 's3', bucket, endpoint, region: 'us-east-1', forcePathStyle: true, credentials: KEYS, publicUrl: undefined };
  const client = s3Client(storage);
  return {
    endpoint,
    bucket,
    storage,
    keys: KEYS,
    env: { STORAGE_URL: `s3://${bucket}?endpoint=${endpoint}&region=us-east-1&forcePathStyle=true`, S3_ACCESS_KEY_ID: KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey },
    /** Every key in the bucket under `prefix`, sorted. */
    async keysUnder(prefix = ''): Promise<string[]> {
      const out: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out.sort();
    },
    async close() {
      client.destroy();
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

const xml = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
};
const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** ListParts, AbortMultipartUpload and ListMultipartUploads over s3rver's `<uploadId>/{key,<n>,<n>.md5}` folders; false: not one of them. */
async function multipartCalls(uploads: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://s3');
  const uploadId = url.searchParams.get('uploadId');
  const dir = uploadId && /^[\w-]+$/.test(uploadId) ? path.join(uploads, uploadId) : undefined;
  if (req.method === 'GET' && url.searchParams.has('uploads')) {
    const ids = await readdir(uploads).catch(() => [] as string[]);
    const listed = await Promise.all(ids.map(async (id) => {
      const key = await readFile(path.join(uploads, id, 'key'), 'utf8').catch(() => undefined);
      const since = (await stat(path.join(uploads, id)).catch(() => undefined))?.birthtime;
      return key && since ? `<Upload><Key>${esc(key)}</Key><UploadId>${id}</UploadId><Initiated>${since.toISOString()}</Initiated></Upload>` : '';
    }));
    xml(res, 200, `<ListMultipartUploadsResult><IsTruncated>false</IsTruncated>${listed.join('')}</ListMultipartUploadsResult>`);
    return true;
  }
  if (!dir || (req.method !== 'GET' && req.method !== 'DELETE')) return false;
  req.resume();
  const key = await readFile(path.join(dir, 'key'), 'utf8').catch(() => undefined);
  if (key === undefined) {
    xml(res, 404, `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${esc(uploadId!)}</UploadId></Error>`);
    return true;
  }
  if (req.method === 'DELETE') {
    await rm(dir, { recursive: true, force: true });
    res.writeHead(204).end();
    return true;
  }
  const numbers = (await readdir(dir)).filter((f) => /^\d+$/.test(f)).map(Number).sort((a, b) => a - b);
  const parts = await Promise.all(numbers.map(async (n) => {
    const [size, md5] = await Promise.all([stat(path.join(dir, String(n))).then((s) => s.size), readFile(path.join(dir, `${n}.md5`), 'utf8')]);
    return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
  }));
  xml(res, 200, `<ListPartsResult><Key>${esc(key)}</Key><UploadId>${esc(uploadId!)}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`);
  return true;
}
