/**
 * Builders for Vasco da Gama test situations. A situation is a list of events (folded by the
 * real `evolve`), optionally followed by an `arrange` step that edits a copy of the state for
 * the parts of a rulebook picture that no short event list reaches (ships already at landings…).
 */
import type { Seat } from '../../domain/engine/contract';
import { deepCopy } from '../../domain/engine/copy';
import { legal, settle } from '../../domain/engine/flow';
import { execute, fold } from '../../domain/engine/projector';
import { Transaction } from '../../domain/engine/transaction';
import { CHARACTERS, DATA, PROJECTS, VDG_TILES, type Area, type CharacterId } from '../../domain/games/vasco-da-gama/data';
import type { EventOf, VdgEvent } from '../../domain/games/vasco-da-gama/events';
import { vascoDaGama } from '../../domain/games/vasco-da-gama';
import type { CommandOf, CommandType } from '../../domain/games/vasco-da-gama/commands';
import { apply, initialState } from '../../domain/games/vasco-da-gama/evolve';
import { flow } from '../../domain/games/vasco-da-gama/flow';
import { setupEvents } from '../../domain/games/vasco-da-gama/setup';
import type { VdgState } from '../../domain/games/vasco-da-gama/types';

export const game = vascoDaGama;

/** The legal commands of one type for a seat, typed as that command. */
export function legalOf<T extends CommandType>(state: VdgState, seat: Seat, type: T): CommandOf<T>[] {
  return legal(flow, state, seat, type).filter((c): c is CommandOf<T> => c.type === type);
}

/** A transaction on the game's own `apply`, as `decide` builds one. */
export const transaction = (state: VdgState) => new Transaction<VdgState, VdgEvent>(state, apply);

/** Seat colours in order: yellow 0, red 1, black 2, blue 3. */
export const YELLOW = 0,
  RED = 1,
  BLACK = 2,
  BLUE = 3;

/**
 * A GameSetUp event with seat 0 first, the rulebook's character distribution, the 11-limit
 * merchant ship dealt to the Sernigi holder and the 7-limit one face up; then overrides.
 */
export function gameSetUp(players: number, overrides: Partial<EventOf<'GameSetUp'>> = {}): EventOf<'GameSetUp'> {
  const base = setupEvents(players, 1)[0] as EventOf<'GameSetUp'>;
  const holders = Object.fromEntries(CHARACTERS.map((c) => [c, null])) as Record<CharacterId, number | null>;
  DATA.characterDistribution.value[players]!.forEach((c, seat) => (holders[c] = seat));
  const merchant = { dealt: 'merchant-11', faceUp: 'merchant-7', deck: ['merchant-4', 'merchant-5', 'merchant-6', 'merchant-9'] };
  return { ...base, firstPlayer: 0, holders, merchant, ...overrides };
}

/** The VdG tile with this initial number, as an id. */
export const vdg = (initial: number) => {
  const id = `vdg-${initial}`;
  if (!VDG_TILES[id]) throw new Error(`no VdG tile ${initial}`);
  return id;
};

/** A project id with this crew/limit/reward, not among `exclude`. */
export function projectLike(spec: { crew?: number; limit: number; reals?: number; vp?: number }, exclude: string[] = []): string {
  const p = DATA.projectTiles.value.find(
    (t) =>
      !exclude.includes(t.id) &&
      (spec.crew === undefined || t.crew === spec.crew) &&
      t.limit === spec.limit &&
      t.reals === (spec.reals ?? 0) &&
      t.vp === (spec.vp ?? 0),
  );
  if (!p) throw new Error(`no project like ${JSON.stringify(spec)}`);
  exclude.push(p.id);
  return p.id;
}

export const limitOf = (id: string) => PROJECTS[id]!.limit;

/** Fold events into a state, then let `arrange` adjust a copy. */
export function situation(events: readonly VdgEvent[], arrange?: (s: VdgState) => void): VdgState {
  const s = deepCopy(fold<VdgState, VdgEvent>(game, events));
  arrange?.(s);
  return s;
}

/** Play one command that must be accepted; returns the events and the new state. */
export function play(state: VdgState, seat: number, command: unknown): { events: VdgEvent[]; state: VdgState } {
  const r = execute<VdgState, VdgEvent>(game, state, command, seat);
  if (!r.ok) throw new Error(`rejected ${JSON.stringify(command)} from seat ${seat}: ${r.rejection.message}`);
  return { events: r.events, state: r.state };
}

/** Play a sequence of [seat, command] pairs; returns every event and the final state. */
export function playAll(state: VdgState, moves: readonly [number, unknown][]): { events: VdgEvent[]; state: VdgState } {
  const events: VdgEvent[] = [];
  for (const [seat, command] of moves) {
    const r = play(state, seat, command);
    events.push(...r.events);
    state = r.state;
  }
  return { events, state };
}

/** A game started from a chosen GameSetUp: the automatic steps run (the merchant ship falls due). */
export function begin(setup: EventOf<'GameSetUp'>): { events: VdgEvent[]; state: VdgState } {
  const tx = transaction(initialState());
  tx.emit(setup);
  settle(flow, tx);
  return { events: tx.events, state: tx.state };
}

/**
 * Round 1, Phase 1 open: the Sernigi holder has sent the setup merchant ship to Calicut's
 * first slot (no bonus there).
 */
export function round1(players: number, overrides: Partial<EventOf<'GameSetUp'>> = {}): VdgState {
  const setup = gameSetUp(players, overrides);
  return play(begin(setup).state, setup.holders.sernigi!, { type: 'sendMerchant', landing: 'calicut', slot: 0 }).state;
}

export const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Run the game's automatic steps from a state (as `decide` does after every command). */
export function auto(state: VdgState): { events: VdgEvent[]; state: VdgState } {
  const tx = transaction(state);
  settle(flow, tx);
  return { events: tx.events, state: tx.state };
}

export type DiscSpec = readonly [seat: number, number: number, area: Area];

/** The rulebook's Phase 1 example (2 players, initial number 11): who holds the characters, and the discs as placed. */
export const PHASE1_EXAMPLE = {
  holders: { dias: YELLOW, sernigi: RED, alvares: null, manuel: RED },
  discs: [
    [YELLOW, 8, 'characters'],
    [RED, 15, 'characters'],
    [YELLOW, 7, 'recruiting'],
    [RED, 6, 'characters'],
    [YELLOW, 11, 'navigation'],
    [RED, 13, 'projects'],
    [YELLOW, 9, 'projects'],
    [RED, 21, 'navigation'],
    [RED, 5, 'recruiting'],
  ],
} as const satisfies { holders: EventOf<'GameSetUp'>['holders']; discs: readonly DiscSpec[] };

/**
 * Phase 2 of a round whose Phase 1 put exactly these discs on the board: the tile with
 * `initial` set the round, the tile with `next` gives the variation. `arrange` adjusts the
 * state before Phase 2 begins (supplies, ships, sections…). The first number is called.
 */
export function phase2(
  players: number,
  discs: readonly DiscSpec[],
  opts: { initial?: number; next?: number; setup?: Partial<EventOf<'GameSetUp'>>; arrange?: (s: VdgState) => void } = {},
): { events: VdgEvent[]; state: VdgState } {
  const initial = opts.initial ?? 11;
  const next = opts.next ?? 8;
  const others = DATA.vdgTiles.value.map((t) => t.id).filter((id) => id !== vdg(initial) && id !== vdg(next));
  const s = deepCopy(round1(players, { vdg: { faceUp: vdg(initial), deck: [vdg(next), ...others] }, ...opts.setup }));
  for (const [seat, number, area] of discs) {
    const slot = s.slots[area].indexOf(null);
    if (slot < 0) throw new Error(`no room in ${area}`);
    s.slots[area][slot] = { seat, number };
  }
  for (const p of s.seats) {
    p.discsToPlace = 0;
    p.extraToPlace = false;
  }
  s.turn = null;
  opts.arrange?.(s);
  return auto(s);
}
