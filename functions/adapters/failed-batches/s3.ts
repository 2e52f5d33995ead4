/**
 * Failed batches in the S3 bucket a stream mapping writes them to (FailedBatchStore). Lambda names
 * each object aws/lambda/<mapping UUID>/<shard>/YYYY/MM/DD/YYYY-MM-DDTHH.MM.SS-<UUID>, so listing
 * the bucket in key order lists a shard's batches oldest first.
 */
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, type S3Client } from '@aws-sdk/client-s3';
import type { FailedBatchStore } from '../../stores/failed-batches';

export class S3FailedBatchStore implements FailedBatchStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async keys(): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  async read(key: string): Promise<string | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return (await object.Body?.transformToString('utf8')) ?? null;
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
