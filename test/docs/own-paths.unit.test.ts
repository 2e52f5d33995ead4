/**
 * The repository documents itself: no comment or doc in it names a path outside it — the shared
 * design notes the project started from, or the plain-text rulebooks it was built from. Rulebooks
 * are cited by title and section; the protocol is docs/protocol.md; each game's data and rulings
 * are docs/games/<game>.md. (The names below are put together from pieces so that this file does
 * not name them either.)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(__dirname, '../..');

const md = (name: string) => `${name}.md`;
/** Outside paths, each as a pattern that matches how a comment or doc would name it. */
const OUTSIDE: [string, RegExp][] = [
  ['a path into the sibling shared folder', new RegExp(['\\.\\.', 'shared'].join('/'))],
  ['the machine-specific work folder', new RegExp(['', 'work', ''].join('/'))],
  ['the shared game-data notes', new RegExp(md(['GAME', 'DATA'].join('-')).replace('.', '\\.'))],
  ['the shared protocol notes (the repository has docs/protocol.md)', new RegExp(md(['PROTO', 'COL'].join('')).replace('.', '\\.'))],
  ['the shared architecture notes', new RegExp(md(['ARCHI', 'TECTURE'].join('')).replace('.', '\\.'))],
  ['the rulebook texts folder', new RegExp(['seeds', '0'].join('/'))],
  ...[
    ['a8bc86ff', '0ac71825'],
    ['48228eda', '3ed3d817'],
    ['219a8ecefd', '8476aa'],
    ['1f3a6e1e', '95526cff'],
    ['b8c69529', '0ae65dcf'],
  ].map(([head, tail], i): [string, RegExp] => [`rulebook text ${i + 1}`, new RegExp(`${head}${tail}`)]),
];

/** The repository's own files (tracked and new, not ignored) that hold text. */
function ownTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter(Boolean)
    .filter((file) => {
      try {
        return !readFileSync(path.join(ROOT, file)).includes(0);
      } catch {
        return false; // deleted in the working tree, or not a file (the node_modules link)
      }
    });
}

describe('the repository', () => {
  it('names no path outside it in any comment or doc', () => {
    const files = ownTextFiles();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/protocol.md', 'domain/games/vasco-da-gama/data.ts']));
    const found: string[] = [];
    for (const file of files) {
      const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const [what, pattern] of OUTSIDE) if (pattern.test(line)) found.push(`${file}:${i + 1} names ${what}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('would notice one', () => {
    const named = [
      `see ${md(['GAME', 'DATA'].join('-'))}`,
      `Rules: ${['..', 'shared', 'seeds', '001'].join('/')}`,
      `the frames (${md(['PROTO', 'COL'].join(''))})`,
      `cf. ${md(['ARCHI', 'TECTURE'].join(''))}`,
      `${['seeds', '002_'].join('/')}${['219a8ecefd', '8476aa'].join('')}.txt`,
    ];
    for (const line of named)
      expect(
        OUTSIDE.some(([, pattern]) => pattern.test(line)),
        line,
      ).toBe(true);
    for (const line of ['docs/protocol.md', 'docs/games/goa.md', 'npm run simulate -- --seed 7']) {
      expect(
        OUTSIDE.some(([, pattern]) => pattern.test(line)),
        line,
      ).toBe(false);
    }
  });
});
