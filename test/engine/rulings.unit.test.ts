/**
 * Every ruling a game module plays by is shown to players (its view's `about`) and written in the
 * game's page, docs/games/<game>.md.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulings, type Sourced } from '../../domain/engine/sourced';
import { DATA as GOA } from '../../domain/games/goa/data';
import { GAMES } from '../../domain/games';
import { DATA as NAV } from '../../domain/games/navegador/data';
import { DATA as VDG } from '../../domain/games/vasco-da-gama/data';

const tables: [string, Record<string, Sourced<unknown>>][] = [
  ['navegador', NAV as never],
  ['goa', GOA as never],
  ['vasco-da-gama', VDG as never],
];

describe('rulings', () => {
  it.each(tables)("of %s are listed in its docs page word for word and in the view's about list", (id, table) => {
    const docs = readFileSync(path.join(__dirname, `../../docs/games/${id}.md`), 'utf8');
    const game = GAMES.find((g) => g.id === id)!;
    const state = game.setup({ players: 2, seed: 1, options: {} }).reduce((s: unknown, e) => game.evolve(s, e), game.initialState());
    const about = (game.view(state, null) as { about: string[] }).about;
    expect(rulings(table).length).toBeGreaterThan(0);
    for (const r of rulings(table)) {
      expect(docs).toContain(`- **${r.name}** — ${r.note}`);
      expect(about).toContain(`Ruling: ${r.note}`);
    }
  });
});
