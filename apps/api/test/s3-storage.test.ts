import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createS3Storage } from '../src/platform/storage/s3-storage';
import type { Storage } from '../src/platform/storage/storage';

let server: S3rver;
let directory: string;
let storage: Storage;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'consultorio-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'consultorio', configs: [] }] });
  const address: AddressInfo = await server.run();
  const config = loadConfig({
    S3_BUCKET: 'consultorio',
    S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  storage = createS3Storage(config.s3!);
});

afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

describe('S3 storage against an S3-compatible server on loopback', () => {
  it('stores, reads back and deletes an object', async () => {
    await storage.put('avatar-s3-test.webp', Buffer.from('conteúdo'), 'image/webp');
    const stored = await storage.get('avatar-s3-test.webp');
    expect(stored?.contentType).toBe('image/webp');
    expect(await text(stored!.body)).toBe('conteúdo');
    await storage.delete('avatar-s3-test.webp');
    expect(await storage.get('avatar-s3-test.webp')).toBeNull();
  });

  it('answers null for a key that was never stored', async () => {
    expect(await storage.get('nunca-existiu.webp')).toBeNull();
  });
});
