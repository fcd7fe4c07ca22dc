/** A bucket: STORAGE_URL=s3://… read by parseStorageUrl. */
export type S3StorageConfig = {
  bucket: string;
  /** An S3-compatible server (MinIO, R2, Garage); unset: AWS itself. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; unset: the SDK's own chain (an IAM role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** MEDIA_PUBLIC_URL: a CDN in front of the bucket; uploads are sent there instead of signed URLs. */
  publicUrl: string | undefined;
};

/** Where stored files live (docs/OPERATIONS.md#object-storage): the local folder, or a bucket. */
export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3StorageConfig);

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PARAMS = new Set(['endpoint', 'region', 'forcePathStyle']);

/**
 * `s3://<bucket>?endpoint=<http(s) URL>&region=<name>&forcePathStyle=true|false`; the keys come
 * from S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, never from the URL. A string saying what is
 * wrong (Turkish, for the start's error) when the URL cannot be used.
 */
export function parseStorageUrl(value: string, env: { accessKeyId?: string; secretAccessKey?: string; publicUrl?: string }): StorageConfig | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 's3://kova-adı?endpoint=…&region=… biçiminde bir adres olmalı';
  }
  if (url.protocol !== 's3:') return 's3:// ile başlamalı (örnek: s3://pano-medya?region=eu-central-1)';
  if (url.username || url.password) return 'anahtar içermemeli: erişim anahtarları S3_ACCESS_KEY_ID ve S3_SECRET_ACCESS_KEY ile verilir';
  if (!BUCKET.test(url.hostname) || (url.pathname && url.pathname !== '/')) return 'geçerli bir kova (bucket) adı içermeli: 3-63 küçük harf, rakam, nokta ya da tire (örnek: s3://pano-medya)';
  const unknown = [...url.searchParams.keys()].find((k) => !PARAMS.has(k));
  if (unknown) return `bilinmeyen parametre: ${unknown} (yalnızca endpoint, region, forcePathStyle)`;
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/?#]+\/?$/.test(endpoint)) return 'endpoint http:// ya da https:// ile başlayan bir sunucu adresi olmalı (örnek: http://minio:9000)';
  const style = url.searchParams.get('forcePathStyle');
  if (style !== null && style !== 'true' && style !== 'false') return 'forcePathStyle true ya da false olmalı';
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region)) return 'region geçerli bir bölge adı olmalı (örnek: eu-central-1, auto)';
  if (Boolean(env.accessKeyId) !== Boolean(env.secretAccessKey)) return 'S3_ACCESS_KEY_ID ve S3_SECRET_ACCESS_KEY birlikte verilmeli';
  return {
    kind: 's3',
    bucket: url.hostname,
    endpoint: endpoint?.replace(/\/$/, ''),
    region,
    forcePathStyle: style === 'true',
    credentials: env.accessKeyId && env.secretAccessKey ? { accessKeyId: env.accessKeyId, secretAccessKey: env.secretAccessKey } : undefined,
    publicUrl: env.publicUrl?.replace(/\/$/, ''),
  };
}
