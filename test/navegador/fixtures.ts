/**
 * Builders for Navegador test situations. A situation is a GameSetUp event (with a chosen start
 * player and chosen colony stacks) folded by the real `evolve`, followed by an `arrange` step that
 * edits a copy of the state for the parts of a rulebook picture that no short event list reaches
 * (ships already at sea, regions explored, buildings taken, market rows…). Commands then go
 * through the real parse → decide → evolve path (`execute`).
 */
import { deepCopy } from '../../domain/engine/copy';
import { execute, fold } from '../../domain/engine/projector';
import { navegador } from '../../domain/games/navegador';
import { DATA, GOODS, REGIONS, type Good, type RegionId } from '../../domain/games/navegador/data';
import type { NavCommand } from '../../domain/games/navegador/commands';
import type { NavEvent } from '../../domain/games/navegador/events';
import { shipsAtSea } from '../../domain/games/navegador/rules';
import { setupEvents } from '../../domain/games/navegador/setup';
import type { NavState } from '../../domain/games/navegador/types';

export const game = navegador;
export type SetUp = Extract<NavEvent, { type: 'GameSetUp' }>;
export type EventOf<T extends NavEvent['type']> = Extract<NavEvent, { type: T }>;

/** Seat colours in order: red 0, yellow 1, green 2, blue 3, black 4. */
export const RED = 0,
  YELLOW = 1,
  GREEN = 2,
  BLUE = 3,
  BLACK = 4;

/** Rondel fields, clockwise from Sailing (Market is there twice). */
export const SAILING = 0,
  WORKERS = 1,
  MARKET = 2,
  COLONY = 3,
  PRIVILEGE = 4,
  SHIPS = 5,
  MARKET_2 = 6,
  BUILDINGS = 7;

/** Which good a region's colony stack holds. */
export const goodOf = (region: RegionId): Good => DATA.colonyStacks.value[region]![0];

/**
 * Put exactly these tokens into these regions' stacks by swapping them with where they lie now
 * (another stack of the same good, or the token removed unseen), so that all 33 tokens stay in play.
 */
export function withStacks(setup: SetUp, wanted: Partial<Record<RegionId, number[]>>): SetUp {
  const stacks = deepCopy(setup.stacks);
  const removed = [...setup.removedTokens];
  type Place = { get(): number; set(v: number): void; key: string };
  const places = (good: Good): Place[] => [
    ...REGIONS.filter((r) => DATA.colonyStacks.value[r]?.[0] === good).flatMap((r) =>
      stacks[r]!.map((_, i): Place => ({ get: () => stacks[r]![i]!, set: (v) => void (stacks[r]![i] = v), key: `${r}:${i}` })),
    ),
    { get: () => removed[GOODS.indexOf(good)]!, set: (v) => void (removed[GOODS.indexOf(good)] = v), key: 'removed' },
  ];
  for (const [region, tokens] of Object.entries(wanted) as [RegionId, number[]][]) {
    const good = goodOf(region);
    if (tokens.length !== stacks[region]!.length) throw new Error(`${region} holds ${stacks[region]!.length} tokens, not ${tokens.length}`);
    const fixed = new Set<string>();
    tokens.forEach((t, i) => {
      const all = places(good);
      const target = all.find((p) => p.key === `${region}:${i}`)!;
      const source = all.find((p) => p.get() === t && !fixed.has(p.key));
      if (!source) throw new Error(`no ${good} token ${t} left to put in ${region}`);
      const old = target.get();
      target.set(t);
      source.set(old);
      fixed.add(target.key);
    });
  }
  return { ...setup, stacks, removedTokens: removed };
}

/** A GameSetUp event: Red (seat 0) starts unless told otherwise, the last player holds the Navegador; then overrides. */
export function gameSetUp(players: number, overrides: Partial<SetUp> & { seed?: number } = {}): SetUp {
  const { seed = 1, ...rest } = overrides;
  const base = setupEvents(players, seed)[0] as SetUp;
  const startPlayer = rest.startPlayer ?? RED;
  return { ...base, startPlayer, navegador: (startPlayer - 1 + players) % players, ...rest };
}

/** Fold events into a state, then let `arrange` adjust a copy. */
export function situation(events: readonly NavEvent[], arrange?: (s: NavState) => void): NavState {
  const s = deepCopy(fold<NavState, NavEvent>(game, events));
  arrange?.(s);
  return s;
}

/**
 * After the first round: every stone is on `position` (Buildings unless told), the start player
 * is to move, the Navegador's holder (the last player) has its marker under its stone. Then
 * `arrange` edits the copy.
 */
export function inPlay(players: number, arrange?: (s: NavState) => void, opts: { setup?: SetUp; position?: number } = {}): NavState {
  const setup = opts.setup ?? gameSetUp(players);
  return situation([setup], (s) => {
    for (const p of s.seats) p.position = opts.position ?? BUILDINGS;
    s.turnsDone = players;
    s.turn = setup.startPlayer;
    s.beforeMove = true;
    s.navegador = { holder: setup.navegador, marker: s.seats[setup.navegador]!.position };
    arrange?.(s);
  });
}

/** Set a seat's ships at sea exactly (every other region 0); the rest of its 7 go to its supply. */
export function shipsAt(s: NavState, seat: number, layout: Partial<Record<RegionId, number>>): void {
  for (const r of REGIONS) s.ships[r][seat] = layout[r] ?? 0;
  s.seats[seat]!.supply = DATA.shipsPerPlayer.value - shipsAtSea(s, seat);
}

/** Mark regions as explored without anyone taking the explorer: their stacks are turned face up. */
export function explored(s: NavState, ...regions: RegionId[]): void {
  for (const r of regions) {
    if (!s.unexplored.includes(r)) continue;
    s.unexplored = s.unexplored.filter((u) => u !== r);
    s.revealed[r] = [...(s.stacks[r] ?? [])].sort((a, b) => a - b);
    delete s.stacks[r];
  }
}

/** Every region explored except these. */
export function exploredAllBut(s: NavState, ...keep: RegionId[]): void {
  explored(s, ...REGIONS.filter((r) => r !== 'portugal' && !keep.includes(r)));
}

/** The colony tokens lying face up at an explored region (cheapest first). */
export function reveal(s: NavState, region: RegionId, tokens: number[]): void {
  s.revealed[region] = [...tokens].sort((a, b) => a - b);
}

/** Play one command that must be accepted; returns the events and the new state. */
export function play(
  state: NavState,
  seat: number,
  command: NavCommand | Record<string, unknown>,
): { events: NavEvent[]; state: NavState } {
  const r = execute<NavState, NavEvent>(game, state, command, seat);
  if (!r.ok) throw new Error(`rejected ${JSON.stringify(command)} from seat ${seat}: ${r.rejection.message}`);
  return { events: r.events, state: r.state };
}

/** Play a sequence of [seat, command] pairs; returns every event and the final state. */
export function playAll(state: NavState, moves: readonly (readonly [number, NavCommand])[]): { events: NavEvent[]; state: NavState } {
  const events: NavEvent[] = [];
  for (const [seat, command] of moves) {
    const r = play(state, seat, command);
    events.push(...r.events);
    state = r.state;
  }
  return { events, state };
}

/** The seat's stone moves to `field`, one field ahead of where `arrange` (or this) put it: the action is open. */
export function inAction(
  players: number,
  seat: number,
  field: number,
  arrange?: (s: NavState) => void,
  opts: { setup?: SetUp } = {},
): NavState {
  const s = inPlay(
    players,
    (s) => {
      s.turn = seat;
      s.seats[seat]!.position = (field + 7) % 8;
      arrange?.(s);
    },
    opts,
  );
  return play(s, seat, { type: 'move', field }).state;
}

/**
 * The active seat takes a quiet turn: its stone moves one field on (or to Workers on a first
 * placement) and every action it opens is ended at once. Returns every event.
 */
export function passTurn(state: NavState): { events: NavEvent[]; state: NavState; seat: number } {
  const seat = game.activeSeats(state)[0]!;
  const events: NavEvent[] = [];
  const from = state.seats[seat]!.position;
  let r = play(state, seat, { type: 'move', field: from === null ? WORKERS : (from + 1) % 8 });
  events.push(...r.events);
  while (r.state.status === 'playing' && r.state.pending?.seat === seat) {
    r = play(r.state, seat, { type: 'done' });
    events.push(...r.events);
  }
  return { events, state: r.state, seat };
}

/** The `moveShip` options as "from>to" strings. */
export const sails = (s: NavState, seat: number): string[] =>
  game.legal(s, seat).flatMap((c) => (c.type === 'moveShip' ? [`${c.from}>${c.to}`] : []));

/** Legal commands of one type. */
export const legalOfType = <T extends NavCommand['type']>(s: NavState, seat: number, type: T): Extract<NavCommand, { type: T }>[] =>
  game.legal(s, seat).filter((c): c is Extract<NavCommand, { type: T }> => c.type === type);

/** Events of one type. */
export const eventsOf = <T extends NavEvent['type']>(events: readonly NavEvent[], type: T): EventOf<T>[] =>
  events.filter((e): e is EventOf<T> => e.type === type);
