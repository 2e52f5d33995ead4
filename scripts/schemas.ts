/**
 * JSON Schemas of the wire protocol, generated from the zod schemas the server parses with:
 * the client frames, and each game's commands. `npm run schemas` writes them to docs/schemas;
 * a test fails when the committed files are out of date.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { GAMES } from '../domain/games';
import { clientFrames } from '../functions/core/protocol/frames';

export function schemaFiles(): Record<string, string> {
  const json = (schema: z.ZodType, title: string) =>
    `${JSON.stringify({ title, ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) }, null, 2)}\n`;
  const files: Record<string, string> = {
    'client-frames.json': json(
      z.union(Object.values(clientFrames) as unknown as [z.ZodType, z.ZodType]),
      'Caravela client frame (protocol version 1)',
    ),
  };
  for (const game of GAMES) {
    files[`${game.id}.commands.json`] = json(game.commandSchema, `${game.title} command (rules version ${game.rulesVersion})`);
    files[`${game.id}.options.json`] = json(game.optionsSchema, `${game.title} createGame options`);
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'schemas');
  mkdirSync(dir, { recursive: true });
  for (const [name, body] of Object.entries(schemaFiles())) writeFileSync(path.join(dir, name), body);
  console.log(`wrote ${Object.keys(schemaFiles()).length} schemas to docs/schemas`);
}
