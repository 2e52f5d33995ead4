/**
 * Property tests over random seeds and 2–4 players, with random bots: games end, `legal` and
 * `decide` agree exactly, components are conserved, money never goes negative, replay is exact,
 * and views never show hidden information.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import { deepEqual } from '../../domain/engine/copy';
import { execute, fold, restore, takeSnapshot } from '../../domain/engine/projector';
import { AREAS, CHARACTERS, CREW_TYPES, DATA, LANDINGS, SAILOR_COLOURS } from '../../domain/games/vasco-da-gama/data';
import type { VdgEvent } from '../../domain/games/vasco-da-gama/events';
import { sailorCount } from '../../domain/games/vasco-da-gama/rules';
import type { VdgState } from '../../domain/games/vasco-da-gama/types';
import { game } from './fixtures';

type Step = { seat: number; state: VdgState };

function randomGame(seed: number, players: number, onStep?: (step: Step) => void) {
  return playGame<VdgState, VdgEvent>(game, {
    players,
    seed,
    bots: Array(players).fill(randomBot),
    onCommand: ({ seat, state }) => onStep?.({ seat, state: state as VdgState }),
  });
}

const seedAndPlayers = fc.tuple(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 2, max: 4 }));

const ALL_TILES = [
  ...DATA.projectTiles.value.map((t) => t.id),
  ...DATA.merchantTiles.value.map((t) => t.id),
  ...DATA.vdgTiles.value.map((t) => t.id),
];

/** Commands of every shape, many of them nonsense. */
const anyCommand: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ type: fc.constant('place'), number: fc.integer({ min: 0, max: 23 }), area: fc.constantFrom(...AREAS, 'market') }),
  fc.constantFrom(
    { type: 'giveUp' },
    { type: 'purchaseSaoGabriel' },
    { type: 'recruitCaptain' },
    { type: 'endExpedition' },
    { type: 'holdMerchant' },
    { type: 'drawSailor' },
    { type: 'finish' },
    { type: 'nonsense' },
  ),
  fc.record({ type: fc.constant('purchase'), spaces: fc.array(fc.integer({ min: -1, max: 6 }), { minLength: 0, maxLength: 3 }) }),
  fc.record({ type: fc.constant('recruitFrom'), section: fc.integer({ min: -1, max: 4 }) }),
  fc.record({
    type: fc.constant('recruit'),
    sailors: fc.record({ orange: fc.nat(6), turquoise: fc.nat(6), violet: fc.nat(6), grey: fc.nat(6) }),
    captain: fc.boolean(),
  }),
  fc.record({ type: fc.constant('expedition'), landing: fc.constantFrom(...LANDINGS, 'lisbon') }),
  fc.record({ type: fc.constant('sendShip'), ship: fc.constantFrom(...ALL_TILES), slot: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ type: fc.constant('takeMoney'), space: fc.integer({ min: -1, max: 2 }) }),
  fc.record({ type: fc.constant('host'), character: fc.constantFrom(...CHARACTERS) }),
  fc.record({ type: fc.constant('placeExtraDisc'), number: fc.integer({ min: 19, max: 23 }), area: fc.constantFrom(...AREAS) }),
  fc.record({ type: fc.constant('sendMerchant'), landing: fc.constantFrom(...LANDINGS), slot: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ type: fc.constant('takeProject'), space: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ type: fc.constant('takeSailor'), section: fc.integer({ min: 0, max: 4 }), colour: fc.constantFrom(...SAILOR_COLOURS) }),
  fc.record({
    type: fc.constant('launch'),
    project: fc.constantFrom(...ALL_TILES),
    crew: fc.uniqueArray(fc.constantFrom(...CREW_TYPES), { minLength: 1, maxLength: 5 }),
  }),
);

function checkConservation(s: VdgState): void {
  // 32 sailors: bag, sections, supplies.
  const sailors =
    sailorCount(s.bag) + s.sections.reduce((n, x) => n + sailorCount(x), 0) + s.seats.reduce((n, p) => n + sailorCount(p.sailors), 0);
  expect(sailors).toBe(32);
  for (const c of SAILOR_COLOURS) {
    const n = s.bag[c] + s.sections.reduce((k, x) => k + x[c], 0) + s.seats.reduce((k, p) => k + p.sailors[c], 0);
    expect(n).toBe(DATA.sailorsPerColour.value);
  }
  // 6 missionaries: Characters Area and supplies.
  expect(s.missionaries + s.seats.reduce((n, p) => n + p.missionaries, 0)).toBe(DATA.missionaries.value);
  // 7 captains per colour: supply, Recruiting Area, aboard ships at landings.
  s.seats.forEach((p, seat) => {
    const aboard = LANDINGS.reduce((n, l) => n + s.landings[l].filter((x) => x?.owner === seat).length, 0);
    expect(p.captains + p.captainsInRecruiting + aboard).toBe(7);
    expect(p.captains).toBeGreaterThanOrEqual(0);
    expect(p.reals).toBeGreaterThanOrEqual(0);
  });
  // Tiles: every project, merchant and VdG tile is in exactly one place.
  const places = [
    ...s.decks.flat(),
    ...s.row.filter((t): t is string => t !== null),
    ...(s.saoGabriel ? [s.saoGabriel] : []),
    ...s.seats.flatMap((p) => [...p.projects, ...p.ships]),
    ...LANDINGS.flatMap((l) => s.landings[l].flatMap((x) => (x ? [x.tile] : []))),
    ...s.removed,
    ...s.merchant.deck,
    ...(s.merchant.faceUp ? [s.merchant.faceUp] : []),
    ...(s.merchant.dealt ? [s.merchant.dealt] : []),
    ...s.vdg.deck,
    ...(s.vdg.faceUp ? [s.vdg.faceUp] : []),
    ...s.vdg.used,
  ];
  expect([...places].sort()).toEqual([...ALL_TILES].sort());
  expect(s.pending.length).toBeLessThanOrEqual(3);
}

/** Ids of hidden tiles: the face-down VdG tiles, merchant ships below the face-up one, the project decks. */
const hiddenIds = (s: VdgState) => [...s.vdg.deck, ...s.merchant.deck, ...s.decks.flat()];

describe('Vasco da Gama properties (random bots)', () => {
  it('every game ends after round 5 with an outcome; components are conserved; money is never negative', () => {
    fc.assert(
      fc.property(seedAndPlayers, ([seed, players]) => {
        let rounds = 0;
        const g = randomGame(seed, players, ({ state }) => {
          checkConservation(state);
          rounds = Math.max(rounds, state.round);
        });
        expect(g.state.phase).toBe('over');
        expect(rounds).toBe(5);
        const outcome = game.outcome(g.state)!;
        expect(outcome.results).toHaveLength(players);
        expect(outcome.winners.length).toBeGreaterThan(0);
        expect(game.activeSeats(g.state)).toEqual([]);
        for (let seat = 0; seat < players; seat++) expect(game.legal(g.state, seat)).toEqual([]);
        // 6 VdG tiles are used: one at setup and one per round.
        expect(g.state.vdg.used.length + (g.state.vdg.faceUp ? 1 : 0)).toBe(6);
      }),
      { numRuns: 40 },
    );
  });

  it('accepts every legal command, rejects every other command, and rejection changes nothing', () => {
    fc.assert(
      fc.property(seedAndPlayers, fc.array(anyCommand, { minLength: 20, maxLength: 20 }), ([seed, players], junk) => {
        let step = 0;
        randomGame(seed, players, ({ state }) => {
          step++;
          const frozen = JSON.stringify(state);
          for (let seat = 0; seat < players; seat++) {
            const legal = game.legal(state, seat);
            expect(legal.length).toBeLessThan(150);
            // Every listed command is accepted (checked on every third state to keep the run short).
            if (step % 3 === 0) for (const c of legal) expect(execute(game, state, c, seat).ok).toBe(true);
            // Anything else is rejected with a sentence.
            for (const c of junk.slice((step * 3) % 20, ((step * 3) % 20) + 3)) {
              const parsed = game.commandSchema.safeParse(c);
              if (parsed.success && legal.some((l) => deepEqual(l, parsed.data))) continue;
              const r = execute(game, state, c, seat);
              expect(r.ok).toBe(false);
              if (!r.ok) expect(r.rejection.message.length).toBeGreaterThan(10);
            }
          }
          expect(JSON.stringify(state)).toBe(frozen);
        });
      }),
      { numRuns: 12 },
    );
  });

  it('replays the events to the same state, also from a snapshot', () => {
    fc.assert(
      fc.property(seedAndPlayers, fc.double({ min: 0, max: 1, noNaN: true }), ([seed, players], cut) => {
        const g = randomGame(seed, players);
        expect(fold(game, g.events)).toEqual(g.state);
        const at = Math.floor(cut * g.events.length);
        const snapshot = JSON.parse(JSON.stringify(takeSnapshot(game, fold(game, g.events.slice(0, at)), at)));
        expect(restore(game, snapshot, g.events.slice(at))).toEqual(g.state);
      }),
      { numRuns: 25 },
    );
  });

  it('never shows a hidden tile, the bag order or the generator in any view', () => {
    fc.assert(
      fc.property(seedAndPlayers, ([seed, players]) => {
        randomGame(seed, players, ({ state }) => {
          const hidden = hiddenIds(state);
          for (const seat of [null, ...state.seats.keys()]) {
            const json = JSON.stringify(game.view(state, seat));
            for (const id of hidden) expect(json).not.toContain(`"${id}"`);
            expect(json).not.toMatch(/"rng"|"deck":\[|"bag":\{/);
          }
        });
      }),
      { numRuns: 15 },
    );
  });

  it('gives every event a log line but the bookkeeping of a free action starting and ending', () => {
    const g = randomGame(7, 4);
    const names = ['Ana', 'Bruno', 'Carla', 'Duarte'];
    const silent = (e: (typeof g.events)[number]) => e.type === 'ActionCompleted' || (e.type === 'ActionStarted' && !e.paid);
    for (const e of g.events) expect(game.describe(e, names)).toMatch(silent(e) ? /^$/ : /\w/);
    expect(g.events.some(silent)).toBe(true);
    expect(new Set(g.events.map((e) => e.type)).size).toBeGreaterThan(25);
  });
});
