/**
 * Property tests over random seeds and 2–5 players, with random bots: games end, `legal` and
 * `decide` agree exactly, components are conserved, money never goes negative, replay is exact
 * (also from a JSON snapshot), views never show hidden information, and every event has a log line.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import { deepEqual } from '../../domain/engine/copy';
import { execute, fold, restore, takeSnapshot } from '../../domain/engine/projector';
import { BUILDINGS, DATA, FACTORY_GOOD, GOODS, PRIVILEGES, REGIONS, type RegionId } from '../../domain/games/navegador/data';
import type { NavCommand } from '../../domain/games/navegador/commands';
import type { NavEvent } from '../../domain/games/navegador/events';
import { rowSize, shipsAtSea } from '../../domain/games/navegador/rules';
import type { NavState } from '../../domain/games/navegador/types';
import { game } from './fixtures';

/** A generous bound: random games take about 1,000–2,700 commands. */
const MAX_COMMANDS = 6000;
const seen = { commands: 0, legal: 0 };
afterAll(() =>
  console.log(`Navegador random games: at most ${seen.commands} commands per game, at most ${seen.legal} legal commands in one list`),
);

type Step = { seat: number; command: NavCommand; state: NavState };

function randomGame(seed: number, players: number, onStep?: (step: Step) => void) {
  const g = playGame<NavState, NavEvent>(game, {
    players,
    seed,
    bots: Array(players).fill(randomBot),
    maxCommands: MAX_COMMANDS,
    onCommand: ({ seat, command, state }) => onStep?.({ seat, command: command as NavCommand, state: state as NavState }),
  });
  seen.commands = Math.max(seen.commands, g.commands);
  return g;
}

const seedAndPlayers = fc.tuple(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 2, max: 5 }));

const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Commands of every shape, many of them nonsense. */
const anyCommand: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom({ type: 'useNavegador' }, { type: 'done' }, { type: 'nonsense' }, {}, { type: 'move' }),
  fc.record({ type: fc.constant('move'), field: fc.integer({ min: -1, max: 8 }) }),
  fc.record({ type: fc.constant('payShip'), region: fc.constantFrom(...REGIONS, 'lisboa') }),
  fc.record({ type: fc.constantFrom('recruitWorkers', 'buildShips'), count: fc.integer({ min: -1, max: 12 }) }),
  fc.record({ type: fc.constant('moveShip'), from: fc.constantFrom(...REGIONS), to: fc.constantFrom(...REGIONS) }),
  fc.record({ type: fc.constant('foundColony'), region: fc.constantFrom(...REGIONS) }),
  fc.record({ type: fc.constant('build'), kind: fc.constantFrom(...BUILDINGS, 'castle') }),
  fc.record({
    type: fc.constant('trade'),
    good: fc.constantFrom(...GOODS),
    mode: fc.constantFrom('sell', 'process', 'steal'),
    units: fc.integer({ min: 0, max: 10 }),
  }),
  fc.record({ type: fc.constant('takePrivilege'), privilege: fc.constantFrom(...PRIVILEGES, 'king') }),
);

/** Near misses of a legal command: another field, region, count, good, mode or kind. */
function mutations(c: NavCommand): unknown[] {
  switch (c.type) {
    case 'move':
      return [1, 2, 4, 7].map((d) => ({ ...c, field: (c.field + d) % 8 }));
    case 'payShip':
    case 'foundColony':
      return REGIONS.filter((r) => r !== c.region)
        .slice(0, 4)
        .map((region) => ({ ...c, region }));
    case 'recruitWorkers':
    case 'buildShips':
      return [
        { ...c, count: c.count + 1 },
        { ...c, count: c.count + 3 },
        { ...c, count: 0 },
      ];
    case 'moveShip':
      return [{ ...c, from: c.to, to: c.from }, ...REGIONS.slice(0, 4).map((to) => ({ ...c, to })), { ...c, to: c.from }];
    case 'build':
      return BUILDINGS.filter((k) => k !== c.kind).map((kind) => ({ ...c, kind }));
    case 'trade':
      return [
        { ...c, units: c.units + 1 },
        { ...c, mode: c.mode === 'sell' ? 'process' : 'sell' },
        ...GOODS.filter((g) => g !== c.good).map((good) => ({ ...c, good })),
      ];
    case 'takePrivilege':
      return PRIVILEGES.filter((t) => t !== c.privilege).map((privilege) => ({ ...c, privilege }));
    case 'useNavegador':
    case 'done':
      return [{ type: c.type === 'done' ? 'useNavegador' : 'done' }];
  }
}

/** Every broken invariant, as a sentence (plain checks: this runs after every command). */
function conservationProblems(s: NavState): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, what: () => string) => void (ok || problems.push(what()));
  // 7 ships per player: supply + at sea.
  s.seats.forEach((p, seat) => {
    check(p.supply >= 0 && REGIONS.every((r) => s.ships[r][seat]! >= 0), () => `${p.colour}: a negative ship count`);
    check(
      p.supply + shipsAtSea(s, seat) === DATA.shipsPerPlayer.value,
      () => `${p.colour}: ${p.supply} in supply + ${shipsAtSea(s, seat)} at sea`,
    );
    // Workers stay within Lisboa's track; cash never negative; at most 3 privileges per type.
    check(p.workers >= 2 && p.workers <= 9, () => `${p.colour}: ${p.workers} workers`);
    check(p.cash >= 0, () => `${p.colour}: ${p.cash} Cruzados`);
    check(
      PRIVILEGES.every((t) => p.privileges[t] <= DATA.maxPrivilegesPerType.value),
      () => `${p.colour}: more than 3 privileges of a type`,
    );
  });
  // 33 colony tokens: hidden stacks + revealed + owned + removed, per good.
  for (const good of GOODS) {
    const regions = REGIONS.filter((r) => DATA.colonyStacks.value[r]?.[0] === good);
    const all = [
      ...regions.flatMap((r) => s.stacks[r] ?? []),
      ...regions.flatMap((r) => s.revealed[r] ?? []),
      ...s.seats.flatMap((p) => p.colonies.filter((c) => c.good === good).map((c) => c.value)),
      s.removedTokens[GOODS.indexOf(good)]!,
    ];
    check(deepEqual(sorted(all), sorted(DATA.colonyTokens.value[good])), () => `${good} tokens: ${sorted(all)}`);
  }
  // A stack is hidden exactly while its region is unexplored.
  for (const r of REGIONS)
    check((s.stacks[r] !== undefined) === (s.unexplored.includes(r) && DATA.colonyStacks.value[r] !== undefined), () => `stack of ${r}`);
  // 12 explorer disks: on the board or on a player sheet.
  check(s.unexplored.length + sum(s.seats.map((p) => p.explorers.length)) === 12, () => 'explorer disks');
  // Buildings: taken by players + left on the board = the board's rows.
  for (const kind of BUILDINGS) {
    const good = FACTORY_GOOD[kind];
    const taken = sum(s.seats.map((p) => (good ? p.factories[good] : kind === 'shipyard' ? p.shipyards - 1 : p.churches - 1)));
    check(
      taken === s.built[kind] && s.built[kind] <= rowSize(s, kind),
      () => `${kind}: ${taken} taken, ${s.built[kind]} off a row of ${rowSize(s, kind)}`,
    );
  }
  // Privileges: gallery + supply + taken = 6 per type.
  for (const t of PRIVILEGES) {
    const total = s.gallery[t] + s.privilegeSupply[t] + sum(s.seats.map((p) => p.privileges[t]));
    check(s.gallery[t] >= 0 && s.privilegeSupply[t] >= 0 && total === DATA.privilegeTokensPerType.value, () => `${t} privileges: ${total}`);
  }
  // Market rows stay on the board.
  for (const g of GOODS) check(s.market[g] >= 0 && s.market[g] <= 9, () => `${g} market row ${s.market[g]}`);
  return problems;
}

describe('Navegador properties (random bots)', () => {
  it('every game ends with an outcome within a bound on commands; components are conserved; cash is never negative', () => {
    fc.assert(
      fc.property(seedAndPlayers, ([seed, players]) => {
        const problems = new Set<string>();
        const g = randomGame(seed, players, ({ state }) => conservationProblems(state).forEach((p) => problems.add(p)));
        expect([...problems]).toEqual([]);
        expect(g.commands).toBeLessThan(MAX_COMMANDS);
        expect(g.state.status).toBe('over');
        expect(g.state.endTrigger).not.toBeNull();
        expect(g.state.finalTurns).toBe(0);
        const outcome = game.outcome(g.state)!;
        expect(outcome.results).toHaveLength(players);
        expect(outcome.winners).toHaveLength(1); // the tie-break always decides
        expect(sorted(outcome.results.map((r) => r.rank))).toEqual(Array.from({ length: players }, (_, i) => i + 1));
        expect(game.activeSeats(g.state)).toEqual([]);
        for (let seat = 0; seat < players; seat++) expect(game.legal(g.state, seat)).toEqual([]);
        // After the end was triggered, every player took exactly one more turn.
        const trigger = g.events.findIndex((e) => e.type === 'EndTriggered');
        const after = g.events.slice(trigger).filter((e) => e.type === 'TurnEnded');
        expect(after).toHaveLength(players + 1);
      }),
      { numRuns: 20 },
    );
  });

  it('never leaves ships in unknown waters once a sailing action has ended', () => {
    fc.assert(
      fc.property(seedAndPlayers, ([seed, players]) => {
        const stranded = new Set<string>();
        randomGame(seed, players, ({ state }) => {
          const sailing = state.pending?.kind === 'sailing' ? state.pending.seat : null;
          for (const r of state.unexplored) {
            state.ships[r].forEach((n, seat) => {
              if (seat !== sailing && n > 0) stranded.add(`${state.seats[seat]!.colour} ships in unexplored ${r}`);
            });
          }
        });
        expect([...stranded]).toEqual([]);
      }),
      { numRuns: 10 },
    );
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
            expect(legal.length).toBeLessThan(150);
            if (!active.includes(seat)) {
              expect(legal).toEqual([]);
              if (step % 7 === 0) {
                const r = execute(game, state, junk[step % 30], seat);
                expect(r.ok).toBe(false);
              }
              continue;
            }
            // Every listed command is accepted (checked on every fourth state to keep the run short).
            if (step % 4 === 0) for (const c of legal) expect(execute(game, state, c, seat).ok, JSON.stringify(c)).toBe(true);
            // Anything else — random shapes and near misses of legal commands — is rejected with a sentence.
            const tries = [
              ...junk.slice((step * 3) % 30, ((step * 3) % 30) + 3),
              ...(step % 2 === 0 ? mutations(legal[step % legal.length]!) : []),
            ];
            for (const c of tries) {
              const parsed = game.commandSchema.safeParse(c);
              if (parsed.success && legal.some((l) => deepEqual(l, parsed.data))) continue;
              const r = execute(game, state, c, seat);
              expect(r.ok, JSON.stringify(c)).toBe(false);
              if (!r.ok) expect(r.rejection.message.length).toBeGreaterThan(10);
            }
          }
          expect(JSON.stringify(state)).toBe(frozen);
        });
      }),
      { numRuns: 8 },
    );
  });

  it('replays the events to the same state, also from a JSON snapshot at a random cut', () => {
    fc.assert(
      fc.property(seedAndPlayers, fc.double({ min: 0, max: 1, noNaN: true }), ([seed, players], cut) => {
        const g = randomGame(seed, players);
        expect(fold(game, g.events)).toEqual(g.state);
        expect(g.events.reduce<NavState>((s, e) => game.evolve(s, e), game.initialState())).toEqual(g.state);
        const at = Math.floor(cut * g.events.length);
        const snapshot = JSON.parse(JSON.stringify(takeSnapshot(game, fold(game, g.events.slice(0, at)), at)));
        expect(restore(game, snapshot, g.events.slice(at))).toEqual(g.state);
      }),
      { numRuns: 15 },
    );
  });

  it('never shows a hidden stack price, the removed tokens or the generator in any view', () => {
    fc.assert(
      fc.property(seedAndPlayers, ([seed, players]) => {
        let step = 0;
        randomGame(seed, players, ({ state }) => {
          if (step++ % 9 !== 0) return;
          // The same table with other hidden prices, other removed tokens and another generator.
          const other = structuredClone(state);
          for (const r of Object.keys(other.stacks) as RegionId[]) other.stacks[r] = other.stacks[r]!.map((_, i) => 1000 + i);
          other.removedTokens = [991, 992, 993];
          other.rng = state.rng ^ 0x5a5a5a5a;
          for (const seat of [null, ...state.seats.keys()]) {
            const view = game.view(state, seat);
            const json = JSON.stringify(view);
            if (/"rng"|"stacks"|"removedTokens"/.test(json)) expect(json).not.toMatch(/"rng"|"stacks"|"removedTokens"/);
            if (!deepEqual(game.view(other, seat), view)) expect(game.view(other, seat)).toEqual(view);
            for (const region of view.regions) if (!region.explored && region.colonies.length) expect(region.colonies).toEqual([]);
          }
        });
      }),
      { numRuns: 6 },
    );
  });

  it('gives every event a log line that names the seat', () => {
    const names = ['Ana', 'Bruno', 'Carla', 'Duarte', 'Eva'];
    const types = new Set<string>();
    for (const [seed, players] of [
      [7, 5],
      [8, 3],
      [9, 2],
    ] as const) {
      const g = randomGame(seed, players);
      for (const e of g.events) {
        types.add(e.type);
        const line = game.describe(e, names);
        expect(line).toMatch(/\w/);
        if (e.type === 'TurnEnded') expect(line).toContain(names[e.next]!);
        else if ('seat' in e && e.type !== 'EndTriggered') expect(line).toContain(names[e.seat]!);
      }
    }
    expect(types.size).toBeGreaterThanOrEqual(15);
  });
});
