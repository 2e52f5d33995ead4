/**
 * Property tests over random seeds and 2–4 players, with random bots (and a few heuristic games):
 * games end with an outcome, components are conserved after every command, `legal` and `decide`
 * agree exactly, rejections change nothing, replay is exact (also from a JSON snapshot), views never
 * show another seat's money or cards, the deck order or the generator, and every event has a log line.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { playGame, randomBot, type Bot } from '../../domain/engine/bots';
import { deepEqual } from '../../domain/engine/copy';
import { execute, fold, restore, takeSnapshot } from '../../domain/engine/projector';
import { heuristicBot } from '../../domain/games/goa/bots';
import type { GoaCommand } from '../../domain/games/goa/commands';
import { CARDS, COLONIES, COLONY_TILES, COLUMNS, DATA, SPICES, TILES } from '../../domain/games/goa/data';
import type { GoaEvent } from '../../domain/games/goa/events';
import { evolveAll, initialState } from '../../domain/games/goa/evolve';
import { lowestCommonRow, markerCount } from '../../domain/games/goa/rules';
import type { GoaState } from '../../domain/games/goa/types';
import { game } from './fixtures';

/** A generous bound: random games take about 170–400 commands. */
const MAX_COMMANDS = 3000;
const seen = { commands: 0, legal: 0, games: 0, ms: 0, heuristicMs: 0, heuristicGames: 0 };
afterAll(() =>
  console.log(
    `Goa random games: at most ${seen.commands} commands per game, at most ${seen.legal} legal commands in one list, ` +
      `${seen.games ? (seen.ms / seen.games).toFixed(1) : '?'} ms per random game (${seen.games} timed)` +
      (seen.heuristicGames ? `, ${(seen.heuristicMs / seen.heuristicGames).toFixed(0)} ms per heuristic game` : ''),
  ),
);

type Step = { seat: number; command: GoaCommand; events: GoaEvent[]; state: GoaState };

function botGame(seed: number, players: number, bots: readonly Bot[], onStep?: (step: Step) => void) {
  const t = performance.now();
  const g = playGame<GoaState, GoaEvent>(game, {
    players,
    seed,
    bots,
    maxCommands: MAX_COMMANDS,
    onCommand: ({ seat, command, events, state }) =>
      onStep?.({ seat, command: command as GoaCommand, events: events as GoaEvent[], state: state as GoaState }),
  });
  seen.commands = Math.max(seen.commands, g.commands);
  if (!onStep && bots.every((b) => b === randomBot)) {
    seen.ms += performance.now() - t;
    seen.games++;
  }
  return g;
}

const randomGame = (seed: number, players: number, onStep?: (step: Step) => void) =>
  botGame(seed, players, Array(players).fill(randomBot), onStep);

const seedAndPlayers = fc.tuple(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 2, max: 4 }));

const CARD_IDS = Object.keys(CARDS);
const TILE_IDS = Object.keys(TILES);
const COLONY_IDS = Object.keys(COLONY_TILES);

/** Commands of every shape, many of them nonsense. */
const anyCommand: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    { type: 'pass' },
    { type: 'endTurn' },
    { type: 'done' },
    { type: 'taxes' },
    { type: 'buildShips' },
    { type: 'expedition' },
    { type: 'harvest' },
    { type: 'drawCard' },
    { type: 'recruitColonists' },
    { type: 'abandonColony' },
    { type: 'extraAction' },
    { type: 'nonsense' },
    {},
    { type: 'bid' },
  ),
  fc.record({
    type: fc.constantFrom('placeFlag', 'placeMarker', 'swapWith'),
    r: fc.integer({ min: -2, max: 6 }),
    c: fc.integer({ min: -2, max: 6 }),
  }),
  fc.record({ type: fc.constant('bid'), amount: fc.integer({ min: -1, max: 60 }) }),
  fc.record({
    type: fc.constant('progress'),
    column: fc.constantFrom(...COLUMNS, 'sails'),
    card: fc.option(fc.constantFrom(...CARD_IDS), { nil: undefined }),
  }),
  fc.record({
    type: fc.constant('foundColony'),
    colony: fc.constantFrom(...COLONIES, 'goa'),
    card: fc.option(fc.constantFrom(...CARD_IDS), { nil: undefined }),
  }),
  fc.record({ type: fc.constantFrom('playCard', 'discardCard'), card: fc.constantFrom(...CARD_IDS, 'x-nope-9') }),
  fc.record({ type: fc.constant('useTile'), tile: fc.constantFrom(...TILE_IDS, 'A-nope-0') }),
  fc.record({
    type: fc.constantFrom('placeSpice', 'removeSpice', 'discardPlantation'),
    spot: fc.constantFrom(...TILE_IDS.slice(0, 15), ...COLONY_IDS),
  }),
  fc.record({ type: fc.constant('take'), what: fc.constantFrom('ships', 'colonists', 'spices', 'ducats') }),
  fc.record({ type: fc.constant('chooseColony'), tile: fc.constantFrom(...COLONY_IDS), spice: fc.constantFrom(...SPICES) }),
  fc.record({ type: fc.constant('chooseColumn'), column: fc.constantFrom(...COLUMNS) }),
  fc.record({
    type: fc.constant('spy'),
    seat: fc.integer({ min: -1, max: 4 }),
    column: fc.constantFrom('ships', 'harvest', 'taxes', 'colonists', 'expedition'),
  }),
);

/** Near misses of a legal command: another place, amount, column, colony, card, tile, spot or choice. */
function mutations(c: GoaCommand, s: GoaState, seat: number): unknown[] {
  const notHeld = CARD_IDS.filter((id) => !s.seats[seat]!.hand.includes(id)).slice(0, 2);
  switch (c.type) {
    case 'placeFlag':
    case 'placeMarker':
    case 'swapWith':
      return [
        { ...c, r: c.r + 1 },
        { ...c, c: c.c - 1 },
        { ...c, r: c.r + 2, c: c.c + 2 },
        { ...c, type: c.type === 'placeFlag' ? 'placeMarker' : 'placeFlag' },
      ];
    case 'bid':
      return [
        { ...c, amount: c.amount + 500 },
        { ...c, amount: s.auction?.high ?? 0 },
        { ...c, amount: 0 },
      ];
    case 'progress':
      return [...COLUMNS.filter((x) => x !== c.column).map((column) => ({ ...c, column })), ...notHeld.map((card) => ({ ...c, card }))];
    case 'foundColony':
      return [...COLONIES.filter((x) => x !== c.colony).map((colony) => ({ ...c, colony })), ...notHeld.map((card) => ({ ...c, card }))];
    case 'harvest':
      return notHeld.map((card) => ({ ...c, card }));
    case 'playCard':
    case 'discardCard':
      return notHeld.map((card) => ({ ...c, card }));
    case 'useTile':
      return [A_TILE_NOT_HELD(s, seat), { ...c, tile: 'B-mission-2' }].filter(Boolean).map((tile) => ({ ...c, tile }));
    case 'placeSpice':
    case 'removeSpice':
    case 'discardPlantation':
      return [
        { ...c, spot: 'A-clove-10' },
        { ...c, spot: 'quilon-0' },
        { ...c, spot: 'B-pepper-31' },
      ];
    case 'take':
      return (['ships', 'colonists', 'spices'] as const).filter((w) => w !== c.what).map((what) => ({ ...c, what }));
    case 'chooseColony':
      return [
        { ...c, tile: 'calicut-3' },
        { ...c, tile: 'madras-4', spice: 'clove' },
        { ...c, spice: SPICES.find((x) => x !== c.spice) },
      ];
    case 'chooseColumn':
      return COLUMNS.filter((x) => x !== c.column).map((column) => ({ ...c, column }));
    case 'spy':
      return [
        { ...c, seat },
        { ...c, seat: (c.seat + 1) % 4 },
        { ...c, column: 'colonists' },
      ];
    default:
      return [{ type: c.type === 'pass' ? 'extraAction' : 'pass' }, { type: 'endTurn' }, { type: 'done' }];
  }
}
const A_TILE_NOT_HELD = (s: GoaState, seat: number) => TILE_IDS.find((id) => !s.seats[seat]!.tiles.some((t) => t.id === id));

/** Tile auctions won in the current part (to account for the tiles that left the grid). */
interface Books {
  wonThisPart: number;
}

/** Every broken invariant, as a sentence (plain checks: this runs after every command). */
function invariantProblems(s: GoaState, books: Books): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, what: () => string) => void (ok || problems.push(what()));
  s.seats.forEach((p, seat) => {
    const who = `${p.colour} (seat ${seat})`;
    check(
      p.ducats >= 0 && p.ships >= 0 && p.colonists >= 0 && p.extraActions >= 0 && p.keptSingles >= 0,
      () => `${who}: negative ducats/ships/colonists/cards: ${p.ducats}/${p.ships}/${p.colonists}/${p.extraActions}`,
    );
    check(p.plantations.length <= DATA.maxPlantations.value, () => `${who}: ${p.plantations.length} plantations`);
    for (const x of [...p.plantations, ...Object.values(p.colonies)]) {
      check(x !== undefined && x.filled >= 0 && x.filled <= x.fields, () => `${who}: ${x?.tile} holds ${x?.filled} of ${x?.fields}`);
    }
    for (const c of COLUMNS) check(Number.isInteger(p.rows[c]) && p.rows[c] >= 0 && p.rows[c] <= 4, () => `${who}: ${c} row ${p.rows[c]}`);
    check(p.allRowsBonus === lowestCommonRow(p), () => `${who}: all-rows bonus ${p.allRowsBonus} for lowest row ${lowestCommonRow(p)}`);
    for (const [name, col] of Object.entries(p.colonies))
      check(COLONY_TILES[col!.tile]?.colony === name, () => `${who}: colony ${name} on tile ${col!.tile}`);
  });
  // 30 expedition cards, each exactly once: hands, deck, discards, table.
  const cards = [...s.seats.flatMap((p) => p.hand), ...s.deck, ...s.discard, ...s.table];
  check(
    cards.length === 30 && deepEqual([...cards].sort(), [...CARD_IDS].sort()),
    () => `expedition cards: ${cards.length}, ${new Set(cards).size} distinct`,
  );
  // The table only holds cards while a colony or a re-supply is being counted.
  check(
    s.table.length === 0 || s.pending.some((q) => q.kind === 'colony' || q.kind === 'resupply'),
    () => `${s.table.length} cards left on the table`,
  );
  // 18 colony tiles: in the stack or founded.
  const colonies = [...s.colonyTiles, ...s.seats.flatMap((p) => Object.values(p.colonies).map((x) => x!.tile))];
  check(deepEqual([...colonies].sort(), [...COLONY_IDS].sort()), () => `colony tiles: ${colonies.length}`);
  // Tiles: each in one place at most (grid, a play area, a supply board); the grid lost exactly the tiles won this part.
  const grid = s.grid.flat().filter((t): t is string => t !== null);
  const owned = [...s.seats.flatMap((p) => p.tiles.map((t) => t.id)), ...s.seats.flatMap((p) => p.plantations.map((x) => x.tile))];
  const all = [...grid, ...owned];
  check(
    new Set(all).size === all.length && all.every((id) => TILES[id]),
    () => `tiles: ${all.length} placed, ${new Set(all).size} distinct`,
  );
  check(
    grid.every((id) => id.startsWith(`${s.part}-`)),
    () => `a tile of the other part on the ${s.part} grid`,
  );
  check(
    grid.length === DATA.gridSize.value ** 2 - books.wonThisPart,
    () => `grid holds ${grid.length} tiles after ${books.wonThisPart} auctions this part`,
  );
  check(
    s.seats.every((p) => p.tiles.every((t) => t.kind === TILES[t.id]!.kind && t.kind !== 'plantation')),
    () => 'a tile kept under the wrong kind',
  );
  // First-to-reach flags exactly where someone reached the row.
  for (const c of COLUMNS) {
    for (const k of [0, 1]) {
      const reached = s.seats.some((p) => p.rows[c] >= k + 3);
      check(s.firstReached[c][k] === reached, () => `first-to-reach ${c} row ${k + 4}: flag ${s.firstReached[c][k]}, reached ${reached}`);
    }
  }
  // Stage bookkeeping.
  check(s.markers.length <= markerCount(s), () => `${s.markers.length} markers`);
  check(s.pending.length <= 3, () => `${s.pending.length} pending choices`);
  check(s.stage !== 'actions' || (s.actionSet >= 1 && s.actionSet <= 3), () => `action set ${s.actionSet}`);
  check(s.round >= 1 && s.round <= DATA.rounds.value + (s.status === 'over' ? 1 : 0), () => `round ${s.round}`);
  if (s.status === 'playing') check(game.activeSeats(s).length === 1, () => `active seats ${game.activeSeats(s)}`);
  return problems;
}

/** Plays a game, checking the invariants after every command; returns the problems seen (deduplicated) and the game. */
function checkedGame(seed: number, players: number, bots: readonly Bot[]) {
  const problems = new Set<string>();
  const books: Books = { wonThisPart: 0 };
  let rounds = 0;
  const g = botGame(seed, players, bots, ({ events, state }) => {
    for (const e of events) {
      if (e.type === 'PartStarted') books.wonThisPart = 0;
      if (e.type === 'AuctionWon' && e.tile) books.wonThisPart++;
      if (e.type === 'RoundEnded') rounds++;
    }
    invariantProblems(state, books).forEach((p) => problems.add(p));
  });
  return { g, problems: [...problems], rounds };
}

function expectFinished(g: ReturnType<typeof randomGame>, players: number, rounds: number) {
  expect(g.commands).toBeLessThan(MAX_COMMANDS);
  expect(g.state.status).toBe('over');
  expect(rounds).toBe(2 * DATA.rounds.value);
  expect(g.state.part).toBe('B');
  const outcome = game.outcome(g.state)!;
  expect(outcome.results).toHaveLength(players);
  expect(outcome.winners.length).toBeGreaterThan(0);
  // Winners: the most VP, then the most money.
  const best = [...g.state.final!].sort((a, b) => b.total - a.total || b.ducats - a.ducats)[0]!;
  expect(outcome.winners).toContain(best.seat);
  for (const r of g.state.final!) expect(r.money === 3).toBe(r.ducats === Math.max(...g.state.seats.map((p) => p.ducats)));
  expect(game.activeSeats(g.state)).toEqual([]);
  for (let seat = 0; seat < players; seat++) expect(game.legal(g.state, seat)).toEqual([]);
}

describe('Goa properties (random bots)', () => {
  it('every game ends after 4 + 4 rounds with an outcome; the invariants hold after every command', () => {
    fc.assert(
      fc.property(seedAndPlayers, ([seed, players]) => {
        const { g, problems, rounds } = checkedGame(seed, players, Array(players).fill(randomBot));
        expect(problems).toEqual([]);
        expectFinished(g, players, rounds);
      }),
      { numRuns: 30 },
    );
  });

  it('heuristic games (2, 3 and 4 players) end too, with the same invariants', () => {
    for (const [seed, players] of [
      [11, 2],
      [12, 3],
      [13, 4],
    ] as const) {
      const t = performance.now();
      const { g, problems, rounds } = checkedGame(seed, players, Array(players).fill(heuristicBot));
      seen.heuristicMs += performance.now() - t;
      seen.heuristicGames++;
      expect(problems).toEqual([]);
      expectFinished(g, players, rounds);
    }
  });

  it('accepts every legal command, rejects every other command with a sentence, and rejection changes nothing', () => {
    fc.assert(
      fc.property(seedAndPlayers, fc.array(anyCommand, { minLength: 30, maxLength: 30 }), ([seed, players], junk) => {
        let step = 0;
        randomGame(seed, players, ({ state }) => {
          step++;
          const frozen = JSON.stringify(state);
          const active = game.activeSeats(state);
          for (let seat = 0; seat < players; seat++) {
            const legal = game.legal(state, seat);
            seen.legal = Math.max(seen.legal, legal.length);
            expect(legal.length).toBeLessThan(200);
            if (!active.includes(seat)) {
              // Out of turn a seat may only discard expedition cards ("at any time in the game").
              expect(legal).toEqual(
                state.status === 'playing' ? state.seats[seat]!.hand.map((card) => ({ type: 'discardCard', card })) : [],
              );
              if (step % 3 === 0) for (const c of legal) expect(execute(game, state, c, seat).ok).toBe(true);
              if (step % 5 === 0 && !legal.some((l) => deepEqual(l, junk[step % 30]))) {
                const r = execute(game, state, junk[step % 30], seat);
                expect(r.ok).toBe(false);
                if (!r.ok) expect(r.rejection.message.length).toBeGreaterThan(10);
              }
              continue;
            }
            // No command is listed twice.
            expect(new Set(legal.map((c) => JSON.stringify(c))).size).toBe(legal.length);
            // Every listed command is parsed to itself and accepted (on every third state, to keep the run short).
            for (const c of legal) expect(game.commandSchema.parse(c)).toEqual(c);
            if (step % 3 === 0) for (const c of legal) expect(execute(game, state, c, seat).ok, JSON.stringify(c)).toBe(true);
            // Anything else — random shapes and near misses of legal commands — is rejected with a sentence.
            const tries = [...junk.slice((step * 3) % 30, ((step * 3) % 30) + 3), ...mutations(legal[step % legal.length]!, state, seat)];
            for (const c of tries) {
              const parsed = game.commandSchema.safeParse(c);
              if (parsed.success && legal.some((l) => deepEqual(l, parsed.data))) continue;
              const r = execute(game, state, c, seat);
              expect(r.ok, JSON.stringify(c)).toBe(false);
              if (!r.ok) expect(r.rejection.message).toMatch(/^[A-Z].{10,}/);
            }
          }
          expect(JSON.stringify(state)).toBe(frozen);
        });
      }),
      { numRuns: 8 },
    );
  });

  it('replays the events to the same state: fold, evolve one by one, evolveAll, and from a JSON snapshot at a random cut', () => {
    fc.assert(
      fc.property(seedAndPlayers, fc.double({ min: 0, max: 1, noNaN: true }), ([seed, players], cut) => {
        const g = randomGame(seed, players);
        expect(fold(game, g.events)).toEqual(g.state);
        expect(g.events.reduce<GoaState>((s, e) => game.evolve(s, e), game.initialState())).toEqual(g.state);
        expect(evolveAll(initialState(), g.events)).toEqual(g.events.reduce<GoaState>((s, e) => game.evolve(s, e), initialState()));
        const at = Math.floor(cut * g.events.length);
        const snapshot = JSON.parse(JSON.stringify(takeSnapshot(game, fold(game, g.events.slice(0, at)), at)));
        expect(restore(game, snapshot, g.events.slice(at))).toEqual(g.state);
        // Events are plain JSON.
        expect(JSON.parse(JSON.stringify(g.events))).toEqual(g.events);
      }),
      { numRuns: 12 },
    );
  });

  it('the same seed and bots give the same game', () => {
    const a = randomGame(99, 3);
    const b = randomGame(99, 3);
    expect(b.events).toEqual(a.events);
  });

  it("no view shows another seat's ducats or cards, the deck order, the B tiles or the generator, while the game runs", () => {
    fc.assert(
      fc.property(seedAndPlayers, ([seed, players]) => {
        let step = 0;
        randomGame(seed, players, ({ state }) => {
          if (state.status !== 'playing' || step++ % 5 !== 0) return;
          for (const viewer of [null, ...state.seats.keys()]) {
            const view = game.view(state, viewer);
            const json = JSON.stringify(view);
            expect(json).not.toMatch(/"rng"|"deck"|"tileDeck"/);
            for (const id of state.deck) expect(json).not.toContain(`"${id}"`);
            if (state.part === 'A') for (const id of state.tileDeck) expect(json).not.toContain(`"${id}"`);
            view.players.forEach((p, seat) => {
              if (seat === viewer) {
                expect(p.ducats).toBe(state.seats[seat]!.ducats);
                expect(p.hand!.map((c) => c.id)).toEqual(state.seats[seat]!.hand);
              } else {
                expect(p.ducats).toBeNull();
                expect(p.hand).toBeNull();
                for (const id of state.seats[seat]!.hand) expect(json).not.toContain(`"${id}"`);
              }
              expect(p.handSize).toBe(state.seats[seat]!.hand.length);
            });
            // The same table with other money and other cards for everyone else, another deck order, other B tiles and generator.
            const other = structuredClone(state);
            other.deck.reverse();
            other.tileDeck.reverse();
            other.rng = state.rng ^ 0x5a5a5a5a;
            other.seats.forEach((p, seat) => {
              if (seat === viewer) return;
              p.ducats += 17 + seat;
              // Swap the hand for cards of the same count from the deck.
              const n = Math.min(p.hand.length, other.deck.length);
              const fromDeck = other.deck.splice(0, n);
              other.deck.push(...p.hand.splice(0, n));
              p.hand.unshift(...fromDeck);
            });
            const otherJson = JSON.stringify(game.view(other, viewer));
            if (otherJson !== json) expect(game.view(other, viewer)).toEqual(view);
          }
        });
      }),
      { numRuns: 8 },
    );
  });

  it('gives every event a log line; only bookkeeping events are blank; drawn cards are counted, never named', () => {
    const names = ['Ana', 'Bruno', 'Carla', 'Duarte'];
    const types = new Set<string>();
    const blank = new Set<string>();
    for (const [seed, players] of [
      [7, 4],
      [8, 3],
      [9, 2],
      [10, 4],
    ] as const) {
      const g = randomGame(seed, players);
      for (const e of g.events) {
        types.add(e.type);
        const line = game.describe(e, names);
        expect(typeof line).toBe('string');
        if (line === '') {
          blank.add(e.type === 'CardDiscarded' ? `CardDiscarded from ${e.from}` : e.type);
          continue;
        }
        expect(line).toMatch(/\w/);
        expect(line).not.toMatch(/undefined|NaN|\[object/);
        if ('seat' in e) expect(line).toContain(names[e.seat]!);
        if (e.type === 'CardsDrawn') for (const id of CARD_IDS) expect(line).not.toContain(id);
      }
    }
    // Blank lines only for bookkeeping: the pending choices, and the counted cards leaving the table
    // after a founding or a re-supply (their drawing face up was logged).
    expect([...blank].filter((t) => !t.startsWith('Pending') && t !== 'CardDiscarded from table')).toEqual([]);
    expect(types.size).toBeGreaterThanOrEqual(25);
  });
});
