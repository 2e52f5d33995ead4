/**
 * A loopback stand-in for the part of Amazon S3 `npm run redrive` uses, speaking its REST wire
 * protocol (path-style) so the S3 client talks to it unchanged: ListObjectsV2 (in pages of
 * `pageSize`, to exercise continuation), GetObject (NoSuchKey when absent) and DeleteObject.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Bucket {
  url: string;
  bucket: string;
  objects: Map<string, string>;
  /** Requests answered, by operation (ListObjectsV2, GetObject, DeleteObject). */
  calls: Record<string, number>;
  close(): Promise<void>;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startS3Bucket(bucket: string, pageSize = 2): Promise<S3Bucket> {
  const objects = new Map<string, string>();
  const calls: Record<string, number> = {};
  const count = (op: string) => (calls[op] = (calls[op] ?? 0) + 1);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const [, name, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const xml = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
    };
    if (name !== bucket) return xml(404, '<Error><Code>NoSuchBucket</Code><Message>no such bucket</Message></Error>');
    if (req.method === 'GET' && !key && url.searchParams.get('list-type') === '2') {
      count('ListObjectsV2');
      const keys = [...objects.keys()].sort();
      const from = Number(url.searchParams.get('continuation-token') ?? 0);
      const page = keys.slice(from, from + pageSize);
      const truncated = from + pageSize < keys.length;
      return xml(
        200,
        `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><KeyCount>${page.length}</KeyCount>` +
          `<MaxKeys>${pageSize}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
          page.map((k) => `<Contents><Key>${escapeXml(k)}</Key><Size>${Buffer.byteLength(objects.get(k)!)}</Size></Contents>`).join('') +
          (truncated ? `<NextContinuationToken>${from + pageSize}</NextContinuationToken>` : '') +
          '</ListBucketResult>',
      );
    }
    if (req.method === 'GET' && key) {
      count('GetObject');
      const text = objects.get(key);
      if (text === undefined)
        return xml(
          404,
          `<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${escapeXml(key)}</Key></Error>`,
        );
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': Buffer.byteLength(text) });
      return res.end(text);
    }
    if (req.method === 'DELETE' && key) {
      count('DeleteObject');
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    xml(400, `<Error><Code>NotImplemented</Code><Message>${req.method} ${escapeXml(req.url ?? '')}</Message></Error>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bucket,
    objects,
    calls,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
