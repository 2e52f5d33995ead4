/**
 * Builders for Goa test situations. A situation is a GameSetUp event (with a chosen grid, deck
 * order, colours and flag) folded by the real `evolve`, followed by an `arrange` step that edits a
 * copy of the state for the parts of a rulebook picture no short event list reaches (rows on the
 * development board, plantations with spices, colonies, hands, tiles, stage and turn). Commands
 * then go through the real parse → decide → evolve path (`execute`).
 */
import { deepCopy } from '../../domain/engine/copy';
import { execute, fold } from '../../domain/engine/projector';
import type { Rng } from '../../domain/engine/rng';
import { goa } from '../../domain/games/goa';
import type { GoaCommand } from '../../domain/games/goa/commands';
import {
  CARDS,
  COLONY_TILES,
  DATA,
  TILES,
  type CardEffect,
  type ColonyName,
  type Column,
  type Spice,
  type Symbol as TileSymbol,
} from '../../domain/games/goa/data';
import type { GoaEvent } from '../../domain/games/goa/events';
import { biddingOrder } from '../../domain/games/goa/rules';
import { setupEvents } from '../../domain/games/goa/setup';
import type { GoaPlayer, GoaState, Pos } from '../../domain/games/goa/types';

export const game = goa;
export type SetUp = Extract<GoaEvent, { type: 'GameSetUp' }>;
export type EventOf<T extends GoaEvent['type']> = Extract<GoaEvent, { type: T }>;
export type CommandOf<T extends GoaCommand['type']> = Extract<GoaCommand, { type: T }>;

/**
 * The example round's table, clockwise: Yellow has the flag, then Red, Green, Blue.
 * (The seat order of a 4-player game built with `exampleSetUp`.)
 */
export const YELLOW = 0,
  RED = 1,
  GREEN = 2,
  BLUE = 3;
export const EXAMPLE_COLOURS = ['yellow', 'red', 'green', 'blue'];

/** Tile ids of part A (see data.ts: `A-<kind>-<index>`, plantations `A-<spice>-<fields><index>`). */
export const A = {
  ship: 'A-ship-0',
  ducats: 'A-ducats-1',
  colonist: 'A-colonist-2',
  spice: 'A-spice-3',
  duty: 'A-duty-4',
  extraActions: 'A-extraActions-5',
  expeditions: 'A-expeditions-6',
  ships: 'A-ships-7',
  colonists: 'A-colonists-8',
  settlement: 'A-settlement-9',
  shipsOrColonists: 'A-shipsOrColonists-10',
  shipsOrColonists2: 'A-shipsOrColonists-11',
  single: (spice: Spice) => `A-${spice}-10`,
  double: (spice: Spice, which: 1 | 2 = 1) => `A-${spice}-2${which}`,
} as const;

/** Tile ids of part B. */
export const B = {
  extraHarvest: 'B-extraHarvest-0',
  swap: 'B-swap-1',
  mission2: 'B-mission-2',
  mission3: 'B-mission-4',
  espionage: 'B-espionage-5',
  resupply: 'B-resupply-7',
  viceKing: 'B-viceKing-8',
  duty: 'B-duty-9',
  ships: 'B-ships-10',
  colonists: 'B-colonists-11',
  shipsOrColonists: 'B-shipsOrColonists-12',
  settlement: 'B-settlement-14',
  extraActions: 'B-extraActions-15',
  expeditions: 'B-expeditions-16',
  double: (spice: Spice) => `B-${spice}-20`,
  triple: (spice: Spice) => `B-${spice}-31`,
} as const;

/** An expedition card id: `x-<effect>-<colonists>`. */
export const card = (effect: CardEffect, colonists: 1 | 2 | 3): string => {
  const id = `x-${effect}-${colonists}`;
  if (!CARDS[id]) throw new Error(`no card ${id}`);
  return id;
};
/** Cards showing a symbol (for scoring examples). */
export const cardsWithSymbol = (symbol: TileSymbol): string[] =>
  Object.values(CARDS)
    .filter((c) => c.symbol === symbol)
    .map((c) => c.id);

/** The 5 × 5 grid with these tiles at these places: a tile already on the grid is swapped there, any other replaces what lay there. */
export function gridWith(grid: readonly (readonly string[])[], placed: readonly { r: number; c: number; tile: string }[]): string[][] {
  const g = grid.map((row) => [...row]);
  for (const { r, c, tile } of placed) {
    const from = g.flatMap((row, rr) => row.map((t, cc) => ({ t, rr, cc }))).find((x) => x.t === tile);
    if (from) g[from.rr]![from.cc] = g[r]![c]!;
    g[r]![c] = tile;
  }
  return g;
}

/**
 * A GameSetUp event from `setupEvents(players, seed)`, then overrides: `flag` (default seat 0),
 * `colours`, `tiles` placed on the grid, `top`: expedition cards put on top of the deck in this order
 * (taken out of the deck or the setup discards, so that all 30 stay in play).
 */
export function gameSetUp(
  players: number,
  opts: { seed?: number; flag?: number; colours?: string[]; tiles?: { r: number; c: number; tile: string }[]; top?: string[] } = {},
): SetUp {
  const base = setupEvents(players, opts.seed ?? 1)[0] as SetUp;
  const top = opts.top ?? [];
  return {
    ...base,
    flag: opts.flag ?? 0,
    colours: opts.colours ?? base.colours,
    grid: gridWith(base.grid, opts.tiles ?? []),
    deck: [...top, ...base.deck.filter((c) => !top.includes(c))],
    discard: base.discard.filter((c) => !top.includes(c)),
  };
}

/** The example round's table: 4 players, Yellow (seat 0) with the flag, then Red, Green, Blue. */
export const exampleSetUp = (opts: Parameters<typeof gameSetUp>[1] = {}): SetUp =>
  gameSetUp(4, { colours: EXAMPLE_COLOURS, flag: YELLOW, ...opts });

/** Fold events into a state, then let `arrange` adjust a copy. */
export function situation(events: readonly GoaEvent[], arrange?: (s: GoaState) => void): GoaState {
  const s = deepCopy(fold<GoaState, GoaEvent>(game, events));
  arrange?.(s);
  return s;
}

/**
 * The same table with other secrets for `seat`: other ducats (at least a bid it leads, which it must
 * be able to pay) and other cards in its hand, as many, swapped with cards of the discards, which no
 * seat sees either. Nothing another seat sees changes; the discards show again only when they are
 * shuffled into a new deck (a `CardsDrawn` with `reshuffled`).
 */
export function withOtherSecrets(s: GoaState, seat: number, rng: Rng): GoaState {
  const other = deepCopy(s);
  const p = seatOf(other, seat);
  const leads = other.auction && other.auction.highBidder === seat && other.auction.auctioneer !== seat ? other.auction.high : 0;
  p.ducats = Math.max(leads, rng.int(31));
  for (let i = 0; i < p.hand.length && other.discard.length > 0; i++) {
    const j = rng.int(other.discard.length);
    [p.hand[i], other.discard[j]] = [other.discard[j]!, p.hand[i]!];
  }
  return other;
}

/**
 * The player actions of round 1 (part A) have begun: no markers, action set 1, the flag owner to
 * act (unless `arrange` says otherwise).
 */
export function inActions(players: number, arrange?: (s: GoaState) => void, opts: { setup?: SetUp } = {}): GoaState {
  const setup = opts.setup ?? gameSetUp(players);
  return situation([setup], (s) => {
    s.stage = 'actions';
    s.actionSet = 1;
    s.turn = s.flag;
    s.markers = [];
    arrange?.(s);
  });
}

// ——— arranging a seat ———

export const seatOf = (s: GoaState, seat: number): GoaPlayer => s.seats[seat]!;

export function rows(s: GoaState, seat: number, r: Partial<Record<Column, number>>): void {
  Object.assign(seatOf(s, seat).rows, r);
}

/** Take a tile out of wherever it lies (grid) so it is in one place only. */
function takeFromGrid(s: GoaState, tile: string): void {
  for (const row of s.grid) for (let c = 0; c < row.length; c++) if (row[c] === tile) row[c] = null;
}

/** Put a plantation tile on the seat's supply board with `filled` spices (default: full). */
export function plantation(s: GoaState, seat: number, tile: string, filled?: number): void {
  const t = TILES[tile]!;
  if (t.kind !== 'plantation') throw new Error(`${tile} is no plantation`);
  takeFromGrid(s, tile);
  seatOf(s, seat).plantations.push({ tile, spice: t.spice!, fields: t.fields!, filled: filled ?? t.fields! });
}

/** A founded colony on the seat's supply board (the tile leaves the stack). */
export function colony(s: GoaState, seat: number, tile: string, spice: Spice, filled?: number): void {
  const t = COLONY_TILES[tile]!;
  s.colonyTiles = s.colonyTiles.filter((id) => id !== tile);
  seatOf(s, seat).colonies[t.colony as ColonyName] = { tile, spice, fields: t.fields, filled: filled ?? t.fields };
}

/** A usable tile in the seat's play area. */
export function ownTile(s: GoaState, seat: number, tile: string, used = false): void {
  takeFromGrid(s, tile);
  seatOf(s, seat).tiles.push({ id: tile, kind: TILES[tile]!.kind, used });
}

/** Move cards out of the deck / discard into the seat's hand. */
export function hand(s: GoaState, seat: number, cards: readonly string[]): void {
  for (const c of cards) {
    if (!s.deck.includes(c) && !s.discard.includes(c)) throw new Error(`${c} is not in the deck or the discards`);
    s.deck = s.deck.filter((x) => x !== c);
    s.discard = s.discard.filter((x) => x !== c);
  }
  seatOf(s, seat).hand.push(...cards);
}

/** Put these cards on top of the deck, in this order (from the deck or the discards). */
export function deckTop(s: GoaState, cards: readonly string[]): void {
  for (const c of cards) if (!s.deck.includes(c) && !s.discard.includes(c)) throw new Error(`${c} is not in the deck or the discards`);
  s.discard = s.discard.filter((x) => !cards.includes(x));
  s.deck = [...cards, ...s.deck.filter((x) => !cards.includes(x))];
}

/**
 * An auction of the tile at `pos` (the tile `tile` is put there), opened by `auctioneer` as the
 * only lot left of the round: the seats bid in order from the auctioneer's left.
 */
export function openTileAuction(s: GoaState, auctioneer: number, tile: string, pos: Pos = { r: 0, c: 0 }): void {
  const grid = gridWith(
    s.grid.map((row) => row.map((t) => t ?? '')),
    [{ ...pos, tile }],
  );
  s.grid = grid.map((row) => row.map((t) => (t === '' ? null : t)));
  s.stage = 'auctions';
  s.markers = [{ seat: auctioneer, number: 2, pos }];
  s.auction = { lot: pos, auctioneer, toBid: biddingOrder(s, auctioneer), high: 0, highBidder: auctioneer };
}

/** The seat wins `tile` in an auction it opened that nobody bids in (the others pass). */
export function winTile(s: GoaState, seat: number, tile: string): { events: GoaEvent[]; state: GoaState } {
  const st = deepCopy(s);
  openTileAuction(st, seat, tile);
  const events: GoaEvent[] = [];
  let state = st;
  while (state.auction && state.auction.toBid[0] !== seat) {
    const r = play(state, state.auction.toBid[0]!, { type: 'pass' });
    events.push(...r.events);
    state = r.state;
  }
  return { events, state };
}

// ——— playing ———

/** Play one command that must be accepted; returns the events and the new state. */
export function play(
  state: GoaState,
  seat: number,
  command: GoaCommand | Record<string, unknown>,
): { events: GoaEvent[]; state: GoaState } {
  // A player who acted and keeps cards in hand ends the turn (it never ends by itself then) before the next one acts.
  const waiting = state.turn;
  if (waiting !== seat && state.acted && state.pending.length === 0 && game.legal(state, waiting).some((c) => c.type === 'endTurn')) {
    const ended = play(state, waiting, { type: 'endTurn' });
    const r = play(ended.state, seat, command);
    return { events: [...ended.events, ...r.events], state: r.state };
  }
  const r = execute<GoaState, GoaEvent>(game, state, command, seat);
  if (!r.ok) throw new Error(`rejected ${JSON.stringify(command)} from seat ${seat}: ${r.rejection.code} ${r.rejection.message}`);
  return { events: r.events, state: r.state };
}

/** Play a sequence of [seat, command] pairs; returns every event and the final state. */
export function playAll(state: GoaState, moves: readonly (readonly [number, GoaCommand])[]): { events: GoaEvent[]; state: GoaState } {
  const events: GoaEvent[] = [];
  for (const [seat, command] of moves) {
    const r = play(state, seat, command);
    events.push(...r.events);
    state = r.state;
  }
  return { events, state };
}

/** The command is rejected; returns the rejection. */
export function rejected(state: GoaState, seat: number, command: unknown) {
  const r = execute<GoaState, GoaEvent>(game, state, command, seat);
  if (r.ok) throw new Error(`expected a rejection of ${JSON.stringify(command)}, got ${JSON.stringify(r.events)}`);
  return r.rejection;
}

/** Legal commands of one type. */
export const legalOfType = <T extends GoaCommand['type']>(s: GoaState, seat: number, type: T): CommandOf<T>[] =>
  game.legal(s, seat).filter((c): c is CommandOf<T> => c.type === type);

/** Events of one type. */
export const eventsOf = <T extends GoaEvent['type']>(events: readonly GoaEvent[], type: T): EventOf<T>[] =>
  events.filter((e): e is EventOf<T> => e.type === type);

/** Spices on a seat's spots, by tile id. */
export const filled = (s: GoaState, seat: number): Record<string, number> =>
  Object.fromEntries([...seatOf(s, seat).plantations, ...Object.values(seatOf(s, seat).colonies)].map((x) => [x!.tile, x!.filled]));

/** Resolve a pending choice of the active seat by always taking the first option (e.g. forced spice placement). */
export function resolveFirst(state: GoaState, seat: number): { events: GoaEvent[]; state: GoaState } {
  const events: GoaEvent[] = [];
  while (state.pending.at(-1)?.seat === seat) {
    const r = play(state, seat, game.legal(state, seat)[0]!);
    events.push(...r.events);
    state = r.state;
  }
  return { events, state };
}

export { DATA };
