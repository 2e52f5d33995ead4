/**
 * Automatic steps read only what every seat sees. A step's `settle` runs the game on by itself
 * (domain/engine/flow.ts), in the open: had it read something hidden — a seat's secret money, the
 * order of a deck — what it did, or that it ran at all, would tell the table. (Goa once passed a
 * seat that could not outbid inside the bidder's own command, showing everyone that its ducats did
 * not exceed the bid.)
 *
 * For every game with hidden information, random games are played; after each command, every
 * automatic step the engine ran in it is run again, on its own, in a copy of the state whose
 * hidden parts are drawn again (as a seat that cannot see them would imagine them; where a game
 * has several ways to draw them, one at random each time). Both runs must
 * stop or go on alike and emit the same events, up to an event that shows something hidden (a card
 * drawn, a tile turned face up: what the game lets no one take back) — which must come at the same
 * point and be of the same kind in both. Where the game then waits, and for what, must not depend on
 * the hidden parts either.
 *
 * Each game with hidden parts is listed in HIDDEN with the ways they are drawn again; every other
 * registered game must show each seat and spectator the whole state (a game that adds something
 * hidden without a way to redraw it here fails the last test).
 */
import { describe, expect, it } from 'vitest';
import type { AnyGameModule, Seat, Tagged } from '../../domain/engine/contract';
import { deepCopy, deepEqual } from '../../domain/engine/copy';
import { activeSeats, type At, type Emitter, type Flow, type Step, waitingFor } from '../../domain/engine/flow';
import { fold } from '../../domain/engine/projector';
import { Rng } from '../../domain/engine/rng';
import { Transaction } from '../../domain/engine/transaction';
import { GAMES } from '../../domain/games';
import { goa } from '../../domain/games/goa';
import { determinize as goaDeterminize } from '../../domain/games/goa/determinize';
import type { GoaEvent } from '../../domain/games/goa/events';
import { apply as goaApply } from '../../domain/games/goa/evolve';
import { goaFlow } from '../../domain/games/goa/flow';
import type { GoaState } from '../../domain/games/goa/types';
import { navegador } from '../../domain/games/navegador';
import { apply as navApply } from '../../domain/games/navegador/evolve';
import { flow as navFlow } from '../../domain/games/navegador/flow';
import { determinize as navDeterminize } from '../../domain/games/navegador/hidden';
import { vascoDaGama } from '../../domain/games/vasco-da-gama';
import { apply as vdgApply } from '../../domain/games/vasco-da-gama/evolve';
import { flow as vdgFlow } from '../../domain/games/vasco-da-gama/flow';
import { redrawHidden } from '../../domain/games/vasco-da-gama/hidden';
import { withOtherSecrets } from '../goa/fixtures';

/** One way to draw a game's hidden parts again, and the events that may show what was drawn. */
interface World<S, E> {
  readonly name: string;
  redraw(state: S, rng: Rng): S;
  shows(event: E): boolean;
}

interface HiddenGame<S, C extends Tagged, E extends Tagged, A extends At> {
  readonly game: AnyGameModule;
  readonly flow: Flow<S, C, E, A>;
  readonly apply: (state: S, event: E) => void;
  readonly worlds: readonly World<S, E>[];
  readonly players: readonly number[];
}

interface Tally {
  commands: number;
  /** Automatic steps run again in a redrawn world, and those of them that emitted events. */
  steps: number;
  moved: number;
}

const stepOf = <S, C extends Tagged, E, A extends At>(flow: Flow<S, C, E, A>, at: A) =>
  flow.steps[at.kind as A['kind']] as unknown as Step<S, C, E, A>;

/** Thrown by an emitter that met an event other than the one expected. */
const ELSEWHERE = new Error('not the events of the command');

/**
 * The states in which the engine asked an automatic step to settle while deciding a command: the
 * run of `settle` (engine/flow.ts) that reproduces the command's last events, from the earliest
 * state after one of its events where such a run does. (`perform`, the command's own part, is each
 * game's own: where it ends is found from the events.)
 */
function settledIn<S, C extends Tagged, E, A extends At>(
  flow: Flow<S, C, E, A>,
  apply: (state: S, event: E) => void,
  before: S,
  events: readonly E[],
): S[] {
  /** The run from `state` (changed by it), and whether it gives events[from..]; `asked` collects where it settled. */
  const run = (state: S, from: number, asked?: S[]): boolean => {
    let next = from;
    const emitter: Emitter<S, E> = {
      state,
      emit(e) {
        if (!deepEqual(e, events[next])) throw ELSEWHERE;
        next++;
        apply(state, e);
      },
    };
    try {
      for (;;) {
        if (flow.over(state)) break;
        const at = flow.at(state);
        const step = stepOf(flow, at);
        if (!step.settle) break;
        asked?.push(deepCopy(state));
        if (!step.settle(emitter, at)) break;
      }
    } catch (e) {
      if (e === ELSEWHERE) return false;
      throw e;
    }
    return next === events.length;
  };
  const tx = new Transaction(before, apply);
  for (let from = 0; from <= events.length; from++) {
    // A step that cannot settle ends the run before it emits anything: it gives the events only at their end.
    const settles = !!stepOf(flow, flow.at(tx.state)).settle && !flow.over(tx.state);
    if ((settles || from === events.length) && run(deepCopy(tx.state), from)) {
      const asked: S[] = [];
      run(deepCopy(tx.state), from, asked);
      return asked;
    }
    if (from < events.length) tx.emit(events[from]!);
  }
  throw new Error('no run of the automatic steps gives the events of the command');
}

/** One automatic step, on its own. */
function settleOnce<S, C extends Tagged, E, A extends At>(flow: Flow<S, C, E, A>, apply: (state: S, event: E) => void, state: S) {
  const at = flow.at(state);
  const tx = new Transaction(state, apply);
  const settled = stepOf(flow, at).settle?.(tx, at) ?? false;
  return { step: at.kind, settled, events: tx.events };
}

/**
 * Why two runs of one automatic step differ before anything hidden is shown, or null: the same
 * step, the same events up to one that shows something (both showing it at the same point, with
 * the same kind of event), and the same answer to whether the step ran.
 */
function difference<E extends Tagged>(
  a: { step: string; settled: boolean; events: E[] },
  b: { step: string; settled: boolean; events: E[] },
  shows: (e: E) => boolean,
): string | null {
  if (a.step !== b.step) return `the game is in step ${a.step} in one world, ${b.step} in the other`;
  for (let i = 0; i < Math.max(a.events.length, b.events.length); i++) {
    const [x, y] = [a.events[i], b.events[i]];
    if ((x && shows(x)) || (y && shows(y))) return x?.type === y?.type ? null : `event ${i}: ${x?.type} against ${y?.type}`;
    if (!deepEqual(x, y)) return `event ${i}: ${JSON.stringify(x)} against ${JSON.stringify(y)}`;
  }
  return a.settled === b.settled ? null : `the step ${a.settled ? 'ran' : 'waited'} in one world only`;
}

/** Plays one random game, checking every automatic step of every command in a redrawn world. */
function check<S, C extends Tagged, E extends Tagged, A extends At>(
  g: HiddenGame<S, C, E, A>,
  seed: number,
  players: number,
  tally: Tally,
) {
  const { game, flow, apply } = g;
  const rng = new Rng(seed ^ 0x3c6ef372);
  const where = (world: World<S, E>) => `${game.id}, seed ${seed}, ${players} players, ${world.name}`;
  let state = fold<S, E>(game, game.setup({ players, seed, options: game.optionsSchema.parse({}) }));
  for (let n = 0; n < 5000; n++) {
    const active: Seat[] = game.activeSeats(state);
    if (active.length === 0) return;
    const seat = active[rng.int(active.length)]!;
    const legal: C[] = game.legal(state, seat);
    const command = legal[rng.int(legal.length)]!;
    const d = game.decide(state, command, seat);
    if (!d.ok) throw new Error(`${game.id}: ${JSON.stringify(command)} refused: ${d.rejection.message}`);
    const events = d.events as E[];
    tally.commands++;
    for (const asked of settledIn(flow, apply, state, events)) {
      const here = settleOnce(flow, apply, asked);
      tally.steps++;
      if (here.events.length > 0) tally.moved++;
      const world = g.worlds[rng.int(g.worlds.length)]!;
      const why = difference(here, settleOnce(flow, apply, world.redraw(asked, rng)), world.shows);
      if (why) expect.fail(`${where(world)}: step ${here.step} after ${JSON.stringify(command)}: ${why}`);
    }
    state = fold<S, E>(game, events, state);
    // Where the game rests: whom it waits for, and for what, is public too.
    const world = g.worlds[rng.int(g.worlds.length)]!;
    const other = world.redraw(state, rng);
    const [seen, imagined] = [state, other].map((s) => ({ active: activeSeats(flow, s), prompt: waitingFor(flow, s) }));
    if (!deepEqual(seen, imagined)) expect.fail(`${where(world)}: after ${JSON.stringify(command)} ${JSON.stringify([seen, imagined])}`);
  }
  throw new Error(`${game.id}: no end after 5000 commands`);
}

const hidden = <S, C extends Tagged, E extends Tagged, A extends At>(g: HiddenGame<S, C, E, A>) => ({
  id: g.game.id,
  players: g.players,
  play: (seed: number, players: number, tally: Tally) => check(g, seed, players, tally),
});

/** Something no one may take back shows something hidden (or might). */
const showsBy =
  (game: AnyGameModule) =>
  (e: Tagged): boolean =>
    !game.canUndo?.([e]);

/**
 * The games with hidden parts. Goa: each seat's ducats, expedition cards and Mission values, and
 * the deck, the B tiles and the generator. Vasco da Gama and Navegador hide nothing from one seat
 * that another sees: only what no one sees (face-down tiles, the order of decks and of the bag,
 * the colony prices of unexplored regions, the generator).
 */
const HIDDEN = [
  hidden({
    game: goa,
    flow: goaFlow,
    apply: goaApply,
    players: [2, 4],
    worlds: [
      {
        // Exactly one seat's secrets differ: everything automatic must be the same to the letter, but for
        // the end (which shows everything) and the discards shuffled into a new deck (which they differ in).
        name: "another seat's ducats and hand",
        redraw: (s: GoaState, rng: Rng) => withOtherSecrets(s, rng.int(s.players), rng),
        shows: (e: GoaEvent) => e.type === 'GameEnded' || (e.type === 'CardsDrawn' && e.reshuffled !== null),
      },
      {
        name: 'all a seat cannot see, drawn again',
        redraw: (s: GoaState, rng: Rng) => goaDeterminize(s, rng.int(s.players), rng),
        shows: showsBy(goa),
      },
    ],
  }),
  hidden({
    game: vascoDaGama,
    flow: vdgFlow,
    apply: vdgApply,
    players: [2, 4],
    worlds: [{ name: 'face-down tiles, decks and bag drawn again', redraw: redrawHidden, shows: showsBy(vascoDaGama) }],
  }),
  hidden({
    game: navegador,
    flow: navFlow,
    apply: navApply,
    players: [3],
    worlds: [{ name: 'colony prices dealt again', redraw: navDeterminize, shows: showsBy(navegador) }],
  }),
];

describe('automatic steps read nothing hidden', () => {
  for (const g of HIDDEN) {
    it(`${g.id}: every automatic step of random games settles alike (or waits alike) whatever the hidden parts`, () => {
      const tally: Tally = { commands: 0, steps: 0, moved: 0 };
      for (const [i, players] of g.players.entries()) g.play(0x51ed + 7919 * i, players, tally);
      console.log(`${g.id}: ${tally.commands} commands, ${tally.steps} automatic steps run again (${tally.moved} of them emitting events)`);
      expect(tally.moved).toBeGreaterThan(10);
    });
  }

  it('every other game hides nothing: each seat and the spectators see the whole state', () => {
    const ids = new Set(HIDDEN.map((g) => g.id));
    const open = GAMES.filter((game) => !ids.has(game.id));
    expect(open.map((g) => g.id).sort()).toEqual(['connect-four', 'tic-tac-toe']);
    for (const game of open) {
      const rng = new Rng(0x9e37);
      let state = fold<unknown, Tagged>(game, game.setup({ players: game.minPlayers, seed: 7, options: game.optionsSchema.parse({}) }));
      for (let n = 0; n < 200 && game.activeSeats(state).length > 0; n++) {
        for (const seat of [...Array.from({ length: game.minPlayers }, (_, i) => i), null]) expect(game.view(state, seat)).toEqual(state);
        const seat = game.activeSeats(state)[0]!;
        const legal = game.legal(state, seat);
        const d = game.decide(state, legal[rng.int(legal.length)], seat);
        if (!d.ok) throw new Error(d.rejection.message);
        state = fold(game, d.events, state);
      }
    }
  });
});
