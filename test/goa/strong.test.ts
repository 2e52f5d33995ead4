/**
 * The strong Goa bot searches with the real rules but never reads what its seat cannot see: two
 * states that differ only in hidden parts (other seats' ducats, their cards, the deck and
 * discard order, their Mission values, the B tiles to come, the generator) give the same
 * re-drawn worlds and the same decisions. And it plays a whole game to the end.
 */
import { describe, expect, it } from 'vitest';
import { playGame } from '../../domain/engine/bots';
import { Rng } from '../../domain/engine/rng';
import { searchBot } from '../../domain/engine/search';
import { goa, type GoaEvent, type GoaState } from '../../domain/games/goa';
import { heuristicBot } from '../../domain/games/goa/bots';
import { TILES } from '../../domain/games/goa/data';
import { determinize } from '../../domain/games/goa/determinize';
import { strongSpec } from '../../domain/games/goa/strong';
import { checked } from '../support/tournament';

/** Few playouts: the decisions need not be good here, only blind to what is hidden. */
const quickStrong = checked(searchBot(strongSpec({ playouts: 24, horizon: 12 })));

/** The same table as `seat` sees it, with every hidden part arranged another way. */
function otherArrangement(s: GoaState, seat: number, rng: Rng): GoaState {
  const t = structuredClone(s);
  const others = t.seats.map((_, i) => i).filter((i) => i !== seat);
  // Other hands, the deck and the discards: one pool of unseen cards, dealt again in the same sizes.
  const pool = rng.shuffle([...others.flatMap((i) => t.seats[i]!.hand), ...t.deck, ...t.discard]);
  for (const i of others) t.seats[i]!.hand = pool.splice(0, t.seats[i]!.hand.length);
  t.discard = pool.splice(0, t.discard.length);
  t.deck = pool;
  // Other seats' money, at least what each has bid in the running auction.
  for (const i of others) {
    const a = t.auction;
    const floor = a && a.highBidder === i && a.auctioneer !== i ? a.high : 0;
    t.seats[i]!.ducats = floor + 1 + ((t.seats[i]!.ducats + 1 + rng.int(20)) % 37);
  }
  // Mission values the seat has not seen (neither its own nor on the grid).
  const seen = new Set([...t.seats[seat]!.tiles.map((x) => x.id), ...t.grid.flat()]);
  const held = others.flatMap((i) => t.seats[i]!.tiles.filter((x) => x.kind === 'mission'));
  const unseen = Object.values(TILES)
    .filter((x) => x.kind === 'mission' && !seen.has(x.id))
    .map((x) => x.id);
  const dealt = rng.shuffle(unseen);
  held.forEach((x, k) => (x.id = dealt[k]!));
  if (t.part === 'A') t.tileDeck = rng.shuffle(t.tileDeck);
  t.rng = (t.rng ^ 0x9e3779b9) >>> 0;
  return t;
}

/** Decision points from heuristic games: an auction, an action turn and a marker placement per game. */
function decisionStates(): { state: GoaState; seat: number; label: string }[] {
  const out: { state: GoaState; seat: number; label: string }[] = [];
  for (const [seed, players] of [
    [21, 2],
    [22, 3],
    [23, 4],
    [24, 2],
  ] as const) {
    const wanted = new Map<string, number>([
      ['auctions', 30],
      ['actions', 90],
      ['markers', 150],
    ]);
    playGame<GoaState, GoaEvent>(goa, {
      players,
      seed,
      bots: Array(players).fill(heuristicBot),
      onCommand: ({ state }) => {
        const s = state as GoaState;
        const seat = goa.activeSeats(s)[0];
        const after = wanted.get(s.stage);
        if (seat === undefined || after === undefined || s.pending.length || goa.legal(s, seat).length < 2) return;
        if ((s.round + (s.part === 'B' ? 4 : 0)) * 30 < after) return;
        wanted.delete(s.stage);
        out.push({ state: s, seat, label: `seed ${seed}, ${players} players, ${s.stage} in ${s.part}${s.round}` });
      },
    });
  }
  return out;
}

describe('Goa strong bot', () => {
  const points = decisionStates();

  it('finds decision points of every kind to test on', () => {
    expect(new Set(points.map((p) => p.state.stage))).toEqual(new Set(['auctions', 'actions', 'markers']));
    expect(points.length).toBeGreaterThanOrEqual(10);
  });

  it('the other arrangement looks the same to the seat but really differs in its hidden parts', () => {
    for (const { state, seat, label } of points) {
      const other = otherArrangement(state, seat, new Rng(5));
      expect(goa.view(other, seat), label).toEqual(goa.view(state, seat));
      expect(goa.legal(other, seat), label).toEqual(goa.legal(state, seat));
      expect(JSON.stringify(other), label).not.toEqual(JSON.stringify(state));
      for (const i of state.seats.keys()) if (i !== seat) expect(other.seats[i]!.ducats, label).not.toBe(state.seats[i]!.ducats);
    }
  });

  it('re-draws the same world from both arrangements, and the world looks the same to the seat', () => {
    for (const { state, seat, label } of points) {
      const other = otherArrangement(state, seat, new Rng(6));
      for (const k of [1, 2, 3]) {
        const world = determinize(state, seat, new Rng(k));
        expect(determinize(other, seat, new Rng(k)), label).toEqual(world);
        expect(goa.view(world, seat), label).toEqual(goa.view(state, seat));
      }
    }
  });

  it('makes the same decision in both arrangements, for several generator seeds', () => {
    let differentChoices = 0;
    for (const { state, seat, label } of points) {
      const other = otherArrangement(state, seat, new Rng(7));
      const legal = goa.legal(state, seat);
      const choices = new Set<string>();
      for (const k of [11, 12, 13]) {
        const a = quickStrong.choose(state, seat, legal, new Rng(k));
        const b = quickStrong.choose(other, seat, goa.legal(other, seat), new Rng(k));
        expect(b, `${label}, generator ${k}`).toEqual(a);
        choices.add(JSON.stringify(a));
      }
      if (choices.size > 1) differentChoices++;
    }
    console.log(`Goa strong bot: ${points.length} decision points, ${differentChoices} with more than one choice over 3 generator seeds`);
  }, 60_000);

  it('plays a whole 2-player game against the heuristic to the end', () => {
    const played = playGame<GoaState, GoaEvent>(goa, { players: 2, seed: 31, bots: [quickStrong, checked(heuristicBot)] });
    expect(played.state.status).toBe('over');
    expect(played.outcome!.results).toHaveLength(2);
  }, 60_000);
});
