import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import { onFirstUse } from '../lazy';
import type { Storage } from './storage';

const sdk = onFirstUse(() => import('@aws-sdk/client-s3'));

export function createS3Storage(config: S3Config): Storage {
  const connect = onFirstUse(async (): Promise<S3Client> => {
    const { S3Client: Client } = await sdk();
    return new Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // The SDK's default since 2025 sends streamed uploads as aws-chunked with a trailing CRC32;
      // S3-compatible servers that do not decode it (s3rver, the tests' server, is one) store the
      // chunk framing as the object's bytes. Checksums only where an operation requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  });
  const put = async (key: string, body: Buffer | Readable, contentType: string, contentLength?: number) => {
    const [client, { PutObjectCommand }] = await Promise.all([connect(), sdk()]);
    await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentLength: contentLength, ContentType: contentType }));
  };
  return {
    put: (key, body, contentType) => put(key, body, contentType),
    putFile: async (key, filePath, contentType) => {
      const { size } = await stat(filePath);
      await put(key, createReadStream(filePath), contentType, size);
    },
    putStream: (key, body, byteSize, contentType) => put(key, body, contentType, byteSize),
    get: async (key) => {
      const [client, { GetObjectCommand, NoSuchKey }] = await Promise.all([connect(), sdk()]);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!(answer.Body instanceof Readable)) return null;
        return { body: answer.Body, contentType: answer.ContentType };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NotFound') return null;
        throw error;
      }
    },
    delete: async (key) => {
      const [client, { DeleteObjectCommand }] = await Promise.all([connect(), sdk()]);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    isEmpty: async () => {
      const [client, { ListObjectsV2Command }] = await Promise.all([connect(), sdk()]);
      const listed = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, MaxKeys: 1 }));
      return (listed.Contents ?? []).length === 0;
    },
  };
}
