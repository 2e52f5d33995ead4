/**
 * No module of the application keeps mutable state: everything that lives between requests
 * belongs to an app, built by the composition root (functions/app/), so two apps in one process
 * share nothing and a test file cannot leave state behind for the next. This reads every source
 * file under functions/ for what holds state at module level: a `let` or `var`, or a collection
 * made at load (`new Map(…)`, `new Set(…)`, a cache). The two allowed hold nothing a caller can
 * tell: a constant set, and a memo of formatters (the same input always gives the same output).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '../../functions');

const ALLOWED = new Map([
  ['core/protocol/text.ts: const JOINERS = new Set', 'a constant: the zero-width joiners, never changed'],
  ['core/quiet.ts: const formats = new Map', 'a memo of Intl.DateTimeFormat per time zone: each gives the same answers as a new one'],
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

/** Module-level lines that keep state: `let`/`var`, or a collection or cache made when the module loads. */
const STATEFUL = /^(export )?(let|var) |^(export )?const \w+\s*(:[^=]+)?=\s*new (Map|Set|WeakMap|WeakSet|LRUCache|Array)\b/;

describe('the application keeps no state in its modules', () => {
  it('has no module-level let, var, or collection made at load, but the two allowed', () => {
    const found = sources(ROOT).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => STATEFUL.test(line))
        .map((line) => `${path.relative(ROOT, file)}: ${line.replace(/\s*(:[^=]+)?=\s*new (\w+).*/, ' = new $2')}`),
    );
    expect(found.sort()).toEqual([...ALLOWED.keys()].sort());
  });

  it('finds what it looks for (a check that finds nothing proves nothing)', () => {
    for (const line of [
      'let x = 1;',
      'export let clock = () => new Date();',
      'const cache = new Map<string, number>();',
      'const seen: Set<string> = new Set();',
    ])
      expect(line).toMatch(STATEFUL);
    for (const line of ['  let inner = 0;', 'const LIMIT = 5;', 'export const part = (app: App) => new Map();'])
      expect(line).not.toMatch(STATEFUL);
  });
});
