/**
 * The strong bot never reads what its seat cannot see: on mid-game states and on twins of them
 * that differ only in the hidden parts (another order of the face-down Vasco da Gama tiles, the
 * merchant ships and the project decks, another generator state), its search spends every
 * playout the same way and picks the same move, for several bot seeds. A search that keeps the
 * true hidden parts fails the same check, so the check can fail. Playouts are reduced to keep
 * the test quick.
 */
import { describe, expect, it } from 'vitest';
import { playGame } from '../../domain/engine/bots';
import { deepCopy, deepEqual } from '../../domain/engine/copy';
import { Rng } from '../../domain/engine/rng';
import { search, searchBot, type SearchTrace } from '../../domain/engine/search';
import { heuristicBot } from '../../domain/games/vasco-da-gama/bot';
import type { VdgCommand } from '../../domain/games/vasco-da-gama/commands';
import type { VdgEvent } from '../../domain/games/vasco-da-gama/events';
import { bagFromTable, redrawHidden } from '../../domain/games/vasco-da-gama/hidden';
import { strongSpec } from '../../domain/games/vasco-da-gama/strong-bot';
import type { VdgState } from '../../domain/games/vasco-da-gama/types';
import { game } from './fixtures';

const quick = strongSpec({ playouts: 10, budget: 400, width: 4 });

interface Decision {
  state: VdgState;
  seat: number;
}

/** Decisions with a real choice along heuristic games: one in Phase 1 and one in Phase 2 of each round from 2 to 4. */
function decisions(players: number, seed: number): Decision[] {
  const out: Decision[] = [];
  const taken = new Set<string>();
  playGame<VdgState, VdgEvent>(game, {
    players,
    seed,
    bots: Array(players).fill(heuristicBot),
    onCommand: ({ state }) => {
      const s = state as VdgState;
      const seat = game.activeSeats(s)[0];
      const key = `${s.round}:${s.phase}`;
      if (seat === undefined || s.round < 2 || s.round > 4 || taken.has(key)) return;
      if (s.phase !== 'placement' && s.phase !== 'actions') return;
      if (game.legal(s, seat).filter((c) => c.type !== 'launch').length < 3) return;
      taken.add(key);
      out.push({ state: s, seat });
    },
  });
  return out;
}

/** A twin of `s` that differs only in what no seat can see. */
function twin(s: VdgState, seed: number): VdgState {
  const rng = new Rng(seed);
  const t = deepCopy(s);
  const reorder = (list: string[]) => {
    if (list.length < 2) return list;
    for (;;) {
      const out = rng.shuffle(list);
      if (!deepEqual(out, list)) return out;
    }
  };
  t.vdg.deck = reorder(t.vdg.deck);
  t.merchant.deck = reorder(t.merchant.deck);
  t.decks = t.decks.map(reorder) as VdgState['decks'];
  t.rng = (s.rng ^ 0x9e3779b9) >>> 0;
  return t;
}

const same = (a: SearchTrace<VdgCommand>, b: SearchTrace<VdgCommand>) => deepEqual(a, b);

describe('the Vasco da Gama strong bot', () => {
  const cases = [2, 3, 4].flatMap((players) => decisions(players, 40 + players));

  it('finds mid-game decisions in both phases for every player count', () => {
    expect(cases.length).toBeGreaterThanOrEqual(12);
    expect(cases.some((d) => d.state.phase === 'placement')).toBe(true);
    expect(cases.some((d) => d.state.phase === 'actions')).toBe(true);
  });

  it('re-draws the hidden parts as other arrangements of the same unseen tiles and the same bag', () => {
    for (const { state } of cases) {
      const drawn = redrawHidden(state, new Rng(7));
      const sorted = (l: readonly string[]) => [...l].sort();
      expect(sorted(drawn.vdg.deck)).toEqual(sorted(state.vdg.deck));
      expect(sorted(drawn.merchant.deck)).toEqual(sorted(state.merchant.deck));
      drawn.decks.forEach((deck, i) => expect(sorted(deck)).toEqual(sorted(state.decks[i]!)));
      expect(drawn.bag).toEqual(state.bag);
      expect(bagFromTable(state)).toEqual(state.bag);
      expect(game.view(drawn, 0)).toEqual(game.view(state, 0));
    }
  });

  it('decides the same on states that differ only in hidden parts, for several bot seeds', () => {
    for (const [i, { state, seat }] of cases.entries()) {
      const other = twin(state, 100 + i);
      // The twins really differ, and the seat cannot tell them apart.
      expect(deepEqual(other, state)).toBe(false);
      expect(other.rng).not.toBe(state.rng);
      expect(game.view(other, seat)).toEqual(game.view(state, seat));
      const legal = game.legal(state, seat);
      expect(game.legal(other, seat)).toEqual(legal);
      for (const botSeed of [1, 2, 3]) {
        const a = search(quick, state, seat, legal, new Rng(botSeed));
        const b = search(quick, other, seat, legal, new Rng(botSeed));
        expect(same(a, b), `case ${i}, bot seed ${botSeed}`).toBe(true);
      }
    }
  });

  it('tells apart a search that reads the hidden parts: the same check fails for it', () => {
    const peeking = { ...quick, determinize: (s: VdgState) => s };
    const differing = cases.filter(({ state, seat }, i) => {
      const legal = game.legal(state, seat);
      const other = twin(state, 100 + i);
      return !same(search(peeking, state, seat, legal, new Rng(1)), search(peeking, other, seat, legal, new Rng(1)));
    });
    expect(differing.length).toBeGreaterThanOrEqual(3);
  });

  it('plays a complete game against the heuristic to its end', () => {
    const strong = searchBot(strongSpec({ playouts: 6, budget: 200, width: 3 }));
    const played = playGame<VdgState, VdgEvent>(game, { players: 2, seed: 9, bots: [strong, heuristicBot] });
    expect(played.state.phase).toBe('over');
    expect(played.outcome!.results).toHaveLength(2);
  });
});
