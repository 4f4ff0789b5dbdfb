import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import type { Storage } from './storage';

export function createS3Storage(config: S3Config): Storage {
  const client = new S3Client({
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
  return {
    put: async (key, body, contentType) => {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentType: contentType }));
    },
    putFile: async (key, filePath, contentType) => {
      const { size } = await stat(filePath);
      const body = createReadStream(filePath);
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentLength: size, ContentType: contentType }));
    },
    putStream: async (key, body, byteSize, contentType) => {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentLength: byteSize, ContentType: contentType }));
    },
    get: async (key) => {
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
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    isEmpty: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, MaxKeys: 1 }));
      return (listed.Contents ?? []).length === 0;
    },
  };
}
