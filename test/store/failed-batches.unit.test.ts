/**
 * The failed-batch stores pass one behaviour suite: in memory (tests, the cloud simulator's
 * bucket) and on S3 — the S3 client against a loopback stand-in speaking S3's wire protocol,
 * listing in pages of 2 so that continuation is exercised.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FailedBatchStore } from '../../functions/adapters/failed-batches/s3';
import { MemoryFailedBatchStore } from '../../functions/adapters/memory/failed-batches';
import { failedBatchStoreContract } from '../support/contracts/failed-batches';
import { type S3Bucket, startS3Bucket } from '../support/s3-bucket';

describe('failed batches in memory', () => {
  failedBatchStoreContract(async () => {
    const store = new MemoryFailedBatchStore();
    return { store, put: (key, text) => store.put(key, text) };
  });
});

describe('failed batches on S3', () => {
  let s3: S3Bucket;
  let client: S3Client;
  beforeAll(async () => {
    s3 = await startS3Bucket('caravela-notifyfailedbatches');
    client = new S3Client({
      endpoint: s3.url,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.close();
  });

  failedBatchStoreContract(async () => {
    s3.objects.clear();
    return { store: new S3FailedBatchStore(client, s3.bucket), put: (key, text) => s3.objects.set(key, text) };
  });

  it('lists a bucket of many objects page by page', async () => {
    s3.objects.clear();
    for (let i = 0; i < 7; i++) s3.objects.set(`aws/lambda/m/shardId-1/2026/11/27/2026-11-27T14.00.0${i}-x`, `${i}`);
    const before = s3.calls.ListObjectsV2 ?? 0;
    expect(await new S3FailedBatchStore(client, s3.bucket).keys()).toHaveLength(7);
    expect((s3.calls.ListObjectsV2 ?? 0) - before).toBe(4);
  });
});
