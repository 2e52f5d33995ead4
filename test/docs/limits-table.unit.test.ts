/**
 * The protocol's table of limits says what the server does: every limit the server has is in it
 * once, with its variable and its default, and the table names no limit the server lacks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMIT_DEFAULTS, type LimitName } from '../../functions/adapters/limit-values';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The rows of the table under "### Limits": each variable with the default written beside it. */
function tableDefaults(): Map<string, number> {
  const doc = readFileSync(path.join(ROOT, 'docs/protocol.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### Limits'), doc.indexOf('### `error`'));
  const rows = section.split('\n').filter((l) => l.startsWith('| ') && l.includes('`LIMIT_'));
  const found = new Map<string, number>();
  for (const row of rows) {
    const [, shown = '', variables = ''] = row.split(' | ');
    const names = [...variables.matchAll(/`LIMIT_([A-Z_]+)`/g)].map((m) => m[1]!);
    const unit = /MiB/.test(shown) ? 1024 * 1024 : 1;
    const values = [...shown.matchAll(/\d+/g)].map((m) => Number(m[0]) * unit);
    expect(values, row).toHaveLength(names.length);
    names.forEach((name, i) => {
      expect(found.has(name), `${name} twice`).toBe(false);
      found.set(name, values[i]!);
    });
  }
  return found;
}

describe("docs/protocol.md's limits", () => {
  it('list every limit of the server once, with its default, and no other', () => {
    const documented = tableDefaults();
    const server = new Map(Object.entries(LIMIT_DEFAULTS) as [LimitName, number][]);
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(server));
  });
});
