/**
 * What the web client costs on CloudFront per visit: the files `npm run build:web` puts in
 * dist/web and, for each, what a browser asks for on a first visit and on
 * every later one, given how the stack serves them (infra/stack.ts WEB_CACHE_CONTROL and
 * WEB_HASHED_CACHE_CONTROL). Bytes are
 * each file compressed as CloudFront sends it (gzip here; brotli is a little smaller) plus
 * response headers.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, isHashedFile } from '../scripts/build-web';
import { withInlineConfig } from '../infra/stack';
import type { WebLoad } from './model';

/**
 * Response headers of one answer as sent: status, dates, validators, cache-control, CloudFront's
 * own (via, x-cache, x-amz-cf-pop, x-amz-cf-id) and the response headers policy's (the
 * Content-Security-Policy alone is about 350 bytes), HTTP/2 header compression left aside.
 */
export const RESPONSE_HEADER_BYTES = 900;

/**
 * How a later visit asks for each file. The content-hashed app files are immutable (a year in the
 * browser's cache, never asked again); the others are served `max-age=0, must-revalidate`, so the
 * browser revalidates each one it loads (a 304 without body). At each page load the browser
 * checks the service worker for an update; registered with `updateViaCache: 'all'` and served
 * fresh for a day (infra/stack.ts WEB_WORKER_CACHE_CONTROL), sw.js is then asked for once a day at
 * most (counted in full).
 * Source maps are only fetched by open developer tools.
 */
export function repeatRequest(file: string): WebLoad['files'][number]['repeat'] {
  if (file.endsWith('.map') || isHashedFile(file)) return 'none';
  if (file === 'sw.js') return 'daily';
  return 'revalidate (304)';
}

/** What a visit of the web client loads, built now from web/ (as `npm run build:web` builds it) into a scratch directory. */
export async function webLoad(): Promise<WebLoad> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'caravela-web-'));
  try {
    return load(await buildWeb(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function load(dir: string): WebLoad {
  const files: WebLoad['files'] = readdirSync(dir)
    .filter((f) => !f.endsWith('.map'))
    .sort()
    .map((f) => {
      const body = readFileSync(path.join(dir, f));
      return { path: f, bytes: body.byteLength, compressedBytes: gzipSync(body).byteLength, repeat: repeatRequest(f) };
    });
  // The deployment (infra/stack.ts) puts the config inline in index.html (two URLs and the public
  // URL); config.json is deployed too, but the client asks for it only if the inline block is missing.
  const config = JSON.stringify({
    httpUrl: 'https://abcdefghij.execute-api.us-east-1.amazonaws.com',
    wsUrl: 'wss://abcdefghij.execute-api.us-east-1.amazonaws.com/prod',
    publicUrl: 'https://d111111abcdef8.cloudfront.net',
  });
  const index = files.find((f) => f.path === 'index.html')!;
  const html = withInlineConfig(readFileSync(path.join(dir, 'index.html'), 'utf8'), config);
  Object.assign(index, { bytes: Buffer.byteLength(html), compressedBytes: gzipSync(html).byteLength });
  const visit = (asked: WebLoad['files']) => ({
    requests: asked.length,
    bytes: asked.reduce((s, f) => s + (f.repeat === 'revalidate (304)' ? 0 : f.compressedBytes) + RESPONSE_HEADER_BYTES, 0),
  });
  return {
    firstVisit: { requests: files.length, bytes: files.reduce((s, f) => s + f.compressedBytes + RESPONSE_HEADER_BYTES, 0) },
    repeatVisit: visit(files.filter((f) => f.repeat === 'revalidate (304)' || f.repeat === 'full')),
    dailyVisit: visit(files.filter((f) => f.repeat === 'daily')),
    files,
  };
}
