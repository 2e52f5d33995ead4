/**
 * Builds the browser client into dist/web: app-HASH.js + app-HASH.css (from web/src/main.ts and
 * the CSS it imports; the name carries a hash of the content, so a browser may keep them for
 * good), sw.js (the service worker, served from the root so it controls the whole app), and
 * index.html, which names this build's app files and carries the favicon inline. A visit then
 * asks CloudFront only for what can change under the same name: index.html, config.json, sw.js.
 * `npm start` builds it before serving; `npm run build:web` alone for deploys.
 */
import { readdirSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_OUT = path.join(ROOT, 'dist', 'web');

/** The files whose names carry their content's hash (and their source maps): never revalidated (infra/stack.ts). */
export const HASHED_FILES = 'app-*';
export const isHashedFile = (name: string) => /^app-[A-Z0-9]+\.(js|css)(\.map)?$/.test(name);

export async function buildWeb(outDir = WEB_OUT): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const common = {
    bundle: true,
    minify: true,
    sourcemap: true,
    target: 'es2022',
    logLevel: 'warning' as const,
    legalComments: 'none' as const,
  };
  const [app] = await Promise.all([
    build({
      ...common,
      entryPoints: { app: path.join(ROOT, 'web/src/main.ts') },
      entryNames: '[name]-[hash]',
      outdir: outDir,
      format: 'esm',
      platform: 'browser',
      metafile: true,
    }),
    build({ ...common, entryPoints: { sw: path.join(ROOT, 'web/sw/sw.ts') }, outdir: outDir, format: 'iife', platform: 'browser' }),
  ]);
  const built = Object.keys(app.metafile.outputs).map((file) => path.basename(file));
  const js = built.find((f) => f.endsWith('.js'))!;
  const css = built.find((f) => f.endsWith('.css'))!;
  // An earlier build's app files go (a build of the same code makes the same names).
  for (const f of readdirSync(outDir)) if (isHashedFile(f) && !built.includes(f)) rmSync(path.join(outDir, f), { force: true });
  const favicon = `data:image/svg+xml,${encodeURIComponent(readFileSync(path.join(ROOT, 'web/favicon.svg'), 'utf8').trim())}`;
  const html = readFileSync(path.join(ROOT, 'web/index.html'), 'utf8')
    .replace('href="favicon.svg"', `href="${favicon}"`)
    .replace('href="app.css"', `href="${css}"`)
    .replace('src="app.js"', `src="${js}"`);
  writeFileSync(path.join(outDir, 'index.html'), html);
  rmSync(path.join(outDir, 'favicon.svg'), { force: true });
  return outDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`built ${await buildWeb()}`);
}
