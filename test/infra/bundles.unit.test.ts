/**
 * Each function ships its own bundle with only what it imports, none above MAX_BUNDLE_BYTES minified
 * (the AWS SDK comes with the Lambda runtime). The sizes are printed for the record.
 */
import { describe, expect, it } from 'vitest';
import { MAX_BUNDLE_BYTES, measureBundles } from '../../infra/bundles';

describe("the functions' bundles", () => {
  it('are each below the budget minified, and the WebSocket $connect bundle carries no game rules', () => {
    const report = measureBundles();
    console.log(
      JSON.stringify(
        Object.fromEntries(
          Object.entries(report).map(([name, r]) => [name, `${Math.round(r.bytes / 1024)} KB (${Math.round(r.gzipBytes / 1024)} KB gzip)`]),
        ),
      ),
    );
    expect(Object.keys(report).sort()).toEqual([
      'bots',
      'connect',
      'disconnect',
      'http',
      'message',
      'notify',
      'passkey',
      'sesEvents',
      'sweep',
    ]);
    for (const [name, r] of Object.entries(report)) expect(r.bytes, name).toBeLessThan(MAX_BUNDLE_BYTES);
    // $connect only checks a token and records the connection: far smaller than a function that plays games.
    expect(report.connect.bytes).toBeLessThan(report.message.bytes / 2);
  }, 120_000);
});
