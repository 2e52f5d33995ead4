/**
 * Builds the browser client into dist/web: app.js + app.css (from web/src/main.ts and the CSS
 * it imports), sw.js (the service worker, served from the root so it controls the whole app),
 * and index.html. `npm start` builds it before serving; `npm run build:web` alone for deploys.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_OUT = path.join(ROOT, 'dist', 'web');

export async function buildWeb(outDir = WEB_OUT): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const common = { bundle: true, minify: true, sourcemap: true, target: 'es2022', logLevel: 'warning' as const, legalComments: 'none' as const };
  await Promise.all([
    build({ ...common, entryPoints: { app: path.join(ROOT, 'web/src/main.ts') }, outdir: outDir, format: 'esm', platform: 'browser' }),
    build({ ...common, entryPoints: { sw: path.join(ROOT, 'web/sw/sw.ts') }, outdir: outDir, format: 'iife', platform: 'browser' }),
  ]);
  copyFileSync(path.join(ROOT, 'web/index.html'), path.join(outDir, 'index.html'));
  copyFileSync(path.join(ROOT, 'web/favicon.svg'), path.join(outDir, 'favicon.svg'));
  return outDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`built ${await buildWeb()}`);
}
