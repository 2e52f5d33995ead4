/** The committed JSON Schemas (docs/schemas) match the zod schemas the server parses with. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaFiles } from '../../scripts/schemas';

describe('docs/schemas', () => {
  it.each(Object.entries(schemaFiles()))('%s is up to date (npm run schemas)', (name, body) => {
    expect(readFileSync(path.join(__dirname, '../../docs/schemas', name), 'utf8')).toBe(body);
  });
});
