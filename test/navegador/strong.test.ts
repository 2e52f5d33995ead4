/**
 * The strong Navegador bot never reads what its seat cannot see: given two states that differ
 * only in the face-down colony stacks, the tokens removed at setup and the generator, its search
 * (with a reduced number of playouts) runs the same and picks the same move for every seed of
 * its own generator. A bot that looked at the hidden stacks would not (the control shows the
 * test can tell). And it finishes a game against the heuristic.
 */
import { describe, expect, it } from 'vitest';
import { playGame } from '../../domain/engine/bots';
import { deepEqual } from '../../domain/engine/copy';
import { Rng } from '../../domain/engine/rng';
import { search, type SearchSpec } from '../../domain/engine/search';
import { navegador, type NavCommand, type NavEvent, type NavState } from '../../domain/games/navegador';
import { heuristicBot } from '../../domain/games/navegador/bots';
import { determinize, unseenTokens } from '../../domain/games/navegador/hidden';
import { strongBot, strongSpec } from '../../domain/games/navegador/strong';
import { checked } from '../support/tournament';

const spec = strongSpec({ playouts: 12 });

/** The state at the first turn start after `turns` turns of a heuristic game (a decision the strong bot searches). */
function midGame(players: number, seed: number, turns: number): NavState {
  let found: NavState | null = null;
  playGame<NavState, NavEvent>(navegador, {
    players,
    seed,
    bots: Array(players).fill(heuristicBot),
    onCommand: ({ state }) => {
      const s = state as NavState;
      if (!found && s.status === 'playing' && !s.pending && s.turnsDone >= turns && navegador.legal(s, s.turn).length > 1) found = s;
    },
  });
  return found!;
}

/** The same state with its hidden parts dealt again (another arrangement a seat cannot tell apart). */
function otherHidden(s: NavState, seed: number): NavState {
  for (let k = 0; ; k++) {
    const other = determinize(s, new Rng(seed + k));
    if (!deepEqual(other.stacks, s.stacks) && other.rng !== s.rng) return other;
  }
}

/** Mid-game decisions; in the 4- and 5-player ones an exploration falls within the playouts. */
const CASES: [players: number, seed: number, turns: number][] = [
  [2, 11, 6],
  [2, 12, 20],
  [3, 13, 9],
  [4, 12, 8],
  [4, 15, 16],
  [5, 12, 4],
  [5, 14, 12],
];

const traceOf = (sp: SearchSpec<NavState, NavCommand, NavEvent>, s: NavState, botSeed: number) => {
  const seat = s.turn;
  return search(sp, s, seat, navegador.legal(s, seat), new Rng(botSeed));
};

describe('the strong Navegador bot', () => {
  it('sees only what its seat sees: hidden stacks, removed tokens and generator redealt, the search and the move stay the same', () => {
    for (const [players, seed, turns] of CASES) {
      const a = midGame(players, seed, turns);
      const b = otherHidden(a, seed);
      // The two states really differ, and only where no seat can look.
      expect(deepEqual(a.stacks, b.stacks) && deepEqual(a.removedTokens, b.removedTokens)).toBe(false);
      expect(a.rng).not.toBe(b.rng);
      for (let seat = 0; seat < players; seat++) expect(navegador.view(b, seat)).toEqual(navegador.view(a, seat));
      for (const good of ['sugar', 'gold', 'spices'] as const) expect(unseenTokens(b, good)).toEqual(unseenTokens(a, good));
      for (let botSeed = 1; botSeed <= 3; botSeed++) {
        const ta = traceOf(spec, a, botSeed);
        const tb = traceOf(spec, b, botSeed);
        expect(tb.candidates).toEqual(ta.candidates);
        expect(tb.visits).toEqual(ta.visits);
        expect(tb.meanReward).toEqual(ta.meanReward);
        const bot = strongBot({ playouts: 12 });
        expect(bot.choose(b, b.turn, navegador.legal(b, b.turn), new Rng(botSeed))).toEqual(
          bot.choose(a, a.turn, navegador.legal(a, a.turn), new Rng(botSeed)),
        );
      }
    }
  });

  it('would be caught reading the hidden stacks: a search in the real world differs between the two states', () => {
    const peeking: SearchSpec<NavState, NavCommand, NavEvent> = { ...spec, determinize: (state) => state };
    let differs = false;
    for (const [players, seed, turns] of CASES) {
      const a = midGame(players, seed, turns);
      const b = otherHidden(a, seed);
      for (let botSeed = 1; botSeed <= 3 && !differs; botSeed++) {
        differs = !deepEqual(traceOf(peeking, a, botSeed).meanReward, traceOf(peeking, b, botSeed).meanReward);
      }
    }
    expect(differs).toBe(true);
  });

  it('finishes a game against the heuristic, choosing only legal commands', () => {
    const played = playGame<NavState, NavEvent>(navegador, {
      players: 2,
      seed: 3,
      bots: [checked(strongBot({ playouts: 6 })), heuristicBot],
    });
    expect(played.state.status).toBe('over');
    expect(played.outcome!.winners.length).toBeGreaterThan(0);
  });
});
