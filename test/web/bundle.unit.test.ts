/**
 * The browser bundle carries no bot code: the web client's game registry (web/src/games/registry.ts)
 * reads titles, seat counts, bot levels and options from the plain-data descriptors
 * (domain/games/meta.ts), never from domain/games/bots.ts. (test/web/new-game.test.ts checks that
 * the new-game screen offers what the domain has.)
 */
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { GAME_META } from '../../domain/games/meta';

const ROOT = path.join(__dirname, '../..');

/** The repository's source files an entry point pulls in when bundled for the browser. */
async function inputsOf(entry: string): Promise<Set<string>> {
  const result = await build({
    entryPoints: [path.join(ROOT, entry)],
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    metafile: true,
    logLevel: 'silent',
    outdir: path.join(ROOT, 'dist', 'registry-test'),
  });
  return new Set(Object.keys((result.metafile as Metafile).inputs).filter((f) => !f.startsWith('node_modules/')));
}

describe('the web bundle', () => {
  it('carries no bot code: the game registry reads plain-data descriptors', async () => {
    // What the client may carry: the rules and the engine's projector (it replays finished games).
    const [web, bots, rules, projector] = await Promise.all([
      inputsOf('web/src/main.ts'),
      inputsOf('domain/games/bots.ts'),
      inputsOf('domain/games/index.ts'),
      inputsOf('domain/engine/projector.ts'),
    ]);
    const botOnly = [...bots].filter((f) => !rules.has(f) && !projector.has(f));
    // The bots' own files: the game-independent search and each game's bots.
    expect(botOnly).toEqual(expect.arrayContaining(['domain/games/bots.ts', 'domain/engine/bots.ts', 'domain/games/goa/strong.ts']));
    expect(botOnly.filter((f) => web.has(f))).toEqual([]);
    expect(web).toContain('domain/games/meta.ts');
    for (const m of GAME_META) expect(web).toContain(`domain/games/${m.id}/meta.ts`);
  }, 60_000);
});
