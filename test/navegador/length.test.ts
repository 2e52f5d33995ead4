/**
 * Every Navegador bot finishes its games, at the pace of a person's game.
 *
 * Expected length, in rondel turns per player (the unit a player feels; the final turn counts):
 * - The game ends when the last building is taken (or Nagasaki is explored, which needs the
 *   frontier pushed 8 regions from Portugal, one exploration per Sailing action; in practice
 *   the buildings usually run out first). The board holds B(n) = 18 factories + 2 × (10 − n)
 *   shipyards and churches: 34, 32, 30, 28 buildings for 2–5 players.
 * - A stone moves 1–3 fields a turn for free, so a lap of the 8 rondel fields takes about 4
 *   turns, and the Buildings field comes once a lap.
 * - A Buildings visit takes about one building: the workers would carry up to three factories
 *   (3 workers each, at most 9 workers), but the cash of a lap — its one or two Market visits,
 *   150–270 Cruzados in the rulebook's examples — pays for about one at the average price of the
 *   board (6,870 / 34 ≈ 200 with 2 players down to 4,320 / 28 ≈ 150 with 5), the rest going to
 *   colonies, workers and ships.
 * - Shipyards and churches need 4 and 5 workers and a player starts with 3, so one lap goes to the
 *   Workers field rather than the Buildings field: 4 turns more.
 * - So each player takes about one building every 4 turns, plus the lap of recruiting:
 *   E(n) = 4 · B(n) / n + 4 + 1 final turn = 73, 47.7, 35, 27.4 turns per player for 2–5 players.
 * A game may last at most 1.5 × E(n). The uniformly random bot is no player in this sense: it
 * takes about one building a game and explores next to nothing, so with k seats that play the
 * others' pace applies, E = 4 · B(n) / k + 5, and an all-random game need only end.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { playGame, type Bot } from '../../domain/engine/bots';
import { findBot } from '../../domain/games/bots';
import { navegador, type NavEvent, type NavState } from '../../domain/games/navegador';
import { DATA } from '../../domain/games/navegador/data';

const GAMES = 50;

/** Buildings on the board for a player count. */
const buildings = (n: number) =>
  DATA.buildingPrices.value.sugarFactory.length +
  DATA.buildingPrices.value.goldFactory.length +
  DATA.buildingPrices.value.spiceFactory.length +
  2 * DATA.shipyardsAndChurchesOnBoard.value(n);
/** Expected turns per player with `k` seats playing toward the end. */
const expected = (n: number, k: number) => (4 * buildings(n)) / k + 4 + 1;

const bot = (name: string): Bot => findBot('navegador', name)!;
const MIXES: Record<string, (seat: number) => string> = {
  'all safe': () => 'safe',
  'all random': () => 'random',
  'all heuristic': () => 'heuristic',
  'heuristic/random': (seat) => (seat % 2 ? 'random' : 'heuristic'),
  'heuristic/safe': (seat) => (seat % 2 ? 'safe' : 'heuristic'),
};

const lines: string[] = [];
afterAll(() =>
  console.log(`Navegador game lengths, turns per player over ${GAMES} seeds (min / p50 / p90 / max; bound)\n${lines.join('\n')}`),
);

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const fmt = (x: number) => (Math.round(x * 10) / 10).toString();

describe('Navegador game length with every mix of the non-searching bots', () => {
  for (const players of [2, 3, 4, 5]) {
    for (const [mix, nameOf] of Object.entries(MIXES)) {
      const names = Array.from({ length: players }, (_, seat) => nameOf(seat));
      const playing = names.filter((n) => n !== 'random').length;
      const bound = playing ? 1.5 * expected(players, playing) : Infinity;
      it(`${players} players, ${mix}: every game ends${playing ? ` within ${fmt(bound)} turns per player` : ''}`, () => {
        const lengths: number[] = [];
        for (let seed = 1; seed <= GAMES; seed++) {
          const played = playGame<NavState, NavEvent>(navegador, { players, seed, bots: names.map(bot), maxCommands: 60_000 });
          expect(played.state.status).toBe('over');
          lengths.push(played.state.turnsDone / players);
        }
        lengths.sort((a, b) => a - b);
        lines.push(
          `${players} players, ${mix.padEnd(16)} ${[0, 0.5, 0.9, 1].map((q) => fmt(at(lengths, q))).join(' / ')}; bound ${playing ? fmt(bound) : 'none'}`,
        );
        expect(lengths.at(-1)!).toBeLessThanOrEqual(bound);
      });
    }
  }
});
