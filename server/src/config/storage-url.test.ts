import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

// docs/OPERATIONS.md#object-storage: STORAGE_URL read at start; a bad one stops it with one Turkish line.

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/pano-config', ...env });
const refusal = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).lines;
  }
  throw new Error('accepted');
};

describe('STORAGE_URL', () => {
  it('is the local folder when unset, a bucket when set', () => {
    expect(load({}).storage).toEqual({ kind: 'local' });
    expect(load({ STORAGE_URL: 's3://pano-media?endpoint=http://minio:9000/&region=eu-central-1&forcePathStyle=true', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', MEDIA_PUBLIC_URL: 'https://cdn.example.com/' }).storage).toEqual({
      kind: 's3', bucket: 'pano-media', endpoint: 'http://minio:9000', region: 'eu-central-1', forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' }, publicUrl: 'https://cdn.example.com',
    });
    expect(load({ STORAGE_URL: 's3://pano-media' }).storage).toMatchObject({ region: 'us-east-1', endpoint: undefined, forcePathStyle: false, credentials: undefined });
  });

  it('refuses a bad one with what is wrong, never echoing the secret key', () => {
    expect(refusal({ STORAGE_URL: 'http://minio:9000/pano' })).toEqual(['STORAGE_URL="http://minio:9000/pano": s3:// ile başlamalı (örnek: s3://pano-medya?region=eu-central-1)']);
    expect(refusal({ STORAGE_URL: 's3://Pano_Media' })[0]).toContain('geçerli bir kova (bucket) adı içermeli');
    expect(refusal({ STORAGE_URL: 's3://pano?endpoint=minio:9000' })[0]).toContain('endpoint http:// ya da https:// ile başlayan');
    expect(refusal({ STORAGE_URL: 's3://pano?forcePathStyle=yes' })[0]).toContain('forcePathStyle true ya da false olmalı');
    expect(refusal({ STORAGE_URL: 's3://pano?bucket=x' })[0]).toContain('bilinmeyen parametre: bucket');
    expect(refusal({ STORAGE_URL: 's3://key:secret@pano' })[0]).toContain('anahtar içermemeli');
    expect(refusal({ STORAGE_URL: 's3://pano', S3_ACCESS_KEY_ID: 'id' })[0]).toContain('S3_ACCESS_KEY_ID ve S3_SECRET_ACCESS_KEY birlikte verilmeli');
    expect(refusal({ MEDIA_PUBLIC_URL: 'https://cdn.example.com' })[0]).toContain('yalnızca STORAGE_URL ile');
    expect(refusal({ STORAGE_URL: 's3://pano', MEDIA_PUBLIC_URL: 'cdn' })[0]).toContain('MEDIA_PUBLIC_URL="cdn"');
    expect(JSON.stringify(refusal({ STORAGE_URL: 's3://key:topsecret@pano', S3_SECRET_ACCESS_KEY: 'topsecret' }))).not.toContain('topsecret@');
  });
});
