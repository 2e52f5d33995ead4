/**
 * Every worked example of the Navegador rulebook (including the quick intro), with the
 * rulebook's numbers: the rondel, workers and ships, sailing and exploring, the game phases,
 * colonies, buildings, the market, privileges, the Navegador card, the end and the scoring.
 * Where a picture carried numbers the text lost (building prices, market rows), `arrange` puts
 * the board where the text's numbers say it was; docs/games/navegador.md says which numbers are reconstructed.
 */
import { describe, expect, it } from 'vitest';
import { DATA, type PrivilegeType, type RegionId } from '../../domain/games/navegador/data';
import type { NavEvent } from '../../domain/games/navegador/events';
import { finalScores } from '../../domain/games/navegador/scoring';
import type { NavState } from '../../domain/games/navegador/types';
import { spec } from '../support/decider-spec';
import {
  BLUE,
  BUILDINGS,
  COLONY,
  GREEN,
  MARKET,
  MARKET_2,
  PRIVILEGE,
  RED,
  SAILING,
  SHIPS,
  WORKERS,
  YELLOW,
  eventsOf,
  explored,
  exploredAllBut,
  game,
  gameSetUp,
  inAction,
  inPlay,
  legalOfType,
  passTurn,
  play,
  playAll,
  reveal,
  sails,
  shipsAt,
  situation,
  withStacks,
} from './fixtures';

const nav = spec<NavState, NavEvent>(game);
const atSea = (s: NavState, seat: number) => Object.values(s.ships).reduce((n, bySeat) => n + (bySeat[seat] ?? 0), 0);
const moveCosts = (s: NavState, seat: number) =>
  legalOfType(s, seat, 'move').map((m) => eventsOf(play(s, seat, m).events, 'Moved')[0]!.cost);

describe('Set up (summary and quick intro)', () => {
  it.each([2, 3, 4, 5])(
    '%i players: 2 ships in Portugal, 5 in supply, 3 workers, 200 Cruzados, a factory, a shipyard and a church',
    (players) => {
      const events = game.setup({ players, options: {}, seed: 42 });
      const setup = events[0] as Extract<NavEvent, { type: 'GameSetUp' }>;
      const s = situation(events);
      for (const p of s.seats) {
        expect(p).toMatchObject({
          cash: 200,
          workers: 3,
          supply: 5,
          wildcard: 1,
          shipyards: 1,
          churches: 1,
          position: null,
          colonies: [],
          explorers: [],
        });
      }
      expect(s.ships.portugal).toEqual(Array(players).fill(2));
      // The market starts in the fourth row; one privilege of each type in the gallery.
      expect(s.market).toEqual({ sugar: 3, gold: 3, spices: 3 });
      expect(s.gallery).toEqual({ colony: 1, factory: 1, explorer: 1, shipyard: 1, church: 1 });
      // 12 regions with an explorer; 30 of the 33 tokens in hidden stacks of one good, one of each good removed.
      expect(s.unexplored).toHaveLength(12);
      expect(Object.values(s.stacks).flat()).toHaveLength(30);
      expect(s.removedTokens).toHaveLength(3);
      // The last player (to the right of the start player) holds the Navegador.
      expect(setup.navegador).toBe((setup.startPlayer + players - 1) % players);
      expect(game.activeSeats(s)).toEqual([setup.startPlayer]);
      // The double-loss token: Nagasaki, and Macau too with 2 or 3 players.
      const doubleLoss = game
        .view(s, null)
        .regions.filter((r) => r.doubleLoss)
        .map((r) => r.id);
      expect(doubleLoss).toEqual(players <= 3 ? ['macau', 'nagasaki'] : ['nagasaki']);
    },
  );
});

describe('Action selection on the rondel', () => {
  it('from Sailing: Workers, Market and Colony are free, Privilege costs 1 ship, Ships 2, and each further field 1 more', () => {
    const s = inPlay(4, (s) => {
      s.seats[RED]!.position = SAILING;
      shipsAt(s, RED, { portugal: 7 });
    });
    const cost = (field: number) => eventsOf(play(s, RED, { type: 'move', field }).events, 'Moved')[0]!.cost;
    expect([WORKERS, MARKET, COLONY, PRIVILEGE, SHIPS, MARKET_2, BUILDINGS].map(cost)).toEqual([0, 0, 0, 1, 2, 3, 4]);
  });

  it('the same action twice in a row means moving 8 fields and paying 5 ships', () => {
    const s = inPlay(4, (s) => {
      s.seats[RED]!.position = SAILING;
      shipsAt(s, RED, { portugal: 5 });
    });
    expect(play(s, RED, { type: 'move', field: SAILING }).events[0]).toEqual({
      type: 'Moved',
      seat: RED,
      from: SAILING,
      to: SAILING,
      action: 'sailing',
      cost: 5,
    });
    // With only 4 ships on the board it cannot be paid.
    const four = inPlay(4, (s) => {
      s.seats[RED]!.position = SAILING;
      shipsAt(s, RED, { portugal: 4 });
    });
    expect(legalOfType(four, RED, 'move').map((m) => m.field)).not.toContain(SAILING);
    nav
      .given([], four)
      .when(RED, { type: 'move', field: SAILING })
      .thenRejects('ILLEGAL', /costs more ships than you have at sea/);
  });

  it('with a single ship on the board the stone reaches at most one field beyond the free three', () => {
    const s = inPlay(4, (s) => {
      s.seats[RED]!.position = SAILING;
      shipsAt(s, RED, { portugal: 1 });
    });
    expect(legalOfType(s, RED, 'move').map((m) => m.field)).toEqual([WORKERS, MARKET, COLONY, PRIVILEGE]);
  });

  it('the first position on the rondel is chosen freely', () => {
    const s = situation([gameSetUp(3)]);
    expect(game.activeSeats(s)).toEqual([RED]);
    expect(legalOfType(s, RED, 'move').map((m) => m.field)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(moveCosts(s, RED)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('the ships paid are taken from the board, from regions the player chooses, back into the supply', () => {
    const s = inPlay(4, (s) => {
      s.seats[RED]!.position = SAILING;
      explored(s, 'guine', 'bahia');
      shipsAt(s, RED, { portugal: 1, guine: 1, bahia: 1 });
    });
    let r = play(s, RED, { type: 'move', field: SHIPS });
    expect(r.state.pending).toEqual({ kind: 'payShips', seat: RED, remaining: 2, action: 'ships' });
    expect(legalOfType(r.state, RED, 'payShip').map((c) => c.region)).toEqual(['portugal', 'guine', 'bahia']);
    nav.given([], r.state).when(RED, { type: 'payShip', region: 'rio' }).thenRejects('ILLEGAL');
    r = playAll(r.state, [
      [RED, { type: 'payShip', region: 'guine' }],
      [RED, { type: 'payShip', region: 'bahia' }],
    ]);
    expect(r.events.slice(0, 2)).toEqual([
      { type: 'ShipPaid', seat: RED, region: 'guine' },
      { type: 'ShipPaid', seat: RED, region: 'bahia' },
    ]);
    expect(r.state.ships.guine[RED]).toBe(0);
    expect(r.state.ships.bahia[RED]).toBe(0);
    expect(r.state.ships.portugal[RED]).toBe(1);
    expect(r.state.seats[RED]!.supply).toBe(6);
    // Then the Ships action is performed.
    expect(r.state.pending).toEqual({ kind: 'ships', seat: RED });
  });

  it('several stones in the same field do not affect each other', () => {
    const s = inPlay(4, (s) => {
      for (const p of s.seats) p.position = SAILING;
    });
    expect(moveCosts(s, RED).slice(0, 3)).toEqual([0, 0, 0]);
  });
});

describe('What the game waits for, as a refused command says it', () => {
  it('out of turn: whom the game waits for and what that seat must do, at each step of a turn', () => {
    // Every stone on Buildings: Sailing is a free step ahead, Privilege costs 2 ships.
    const s = inPlay(4, (s) => {
      explored(s, 'guine');
      shipsAt(s, RED, { portugal: 1, guine: 2 });
    });
    nav
      .given([], s)
      .when(YELLOW, { type: 'move', field: WORKERS })
      .thenRejects('NOT_YOUR_TURN', /^It is not your turn: waiting for red to move on the rondel\.$/);
    const paying = play(s, RED, { type: 'move', field: PRIVILEGE }).state;
    nav
      .given([], paying)
      .when(YELLOW, { type: 'payShip', region: 'portugal' })
      .thenRejects('NOT_YOUR_TURN', /^It is not your turn: waiting for red to pay 2 ships from the sea for the extra rondel fields\.$/);
    const sailing = play(s, RED, { type: 'move', field: SAILING }).state;
    const underway = play(sailing, RED, { type: 'moveShip', from: 'guine', to: 'angola' }).state;
    nav
      .given([], underway)
      .when(GREEN, { type: 'done' })
      .thenRejects('NOT_YOUR_TURN', /^It is not your turn: waiting for red to sail 1 more ship into Angola to explore it\.$/);
  });

  it('in turn: what the step asks for, with the kinds of command allowed, when no more particular reason applies', () => {
    // Every stone on Buildings: Sailing is a free step ahead, Privilege costs 2 ships.
    const s = inPlay(4, (s) => {
      explored(s, 'guine');
      shipsAt(s, RED, { portugal: 1, guine: 2 });
    });
    const paying = play(s, RED, { type: 'move', field: PRIVILEGE }).state;
    nav
      .given([], paying)
      .when(RED, { type: 'done' })
      .thenRejects('ILLEGAL', /^Now you must pay 2 ships from the sea for the extra rondel fields \(allowed now: payShip\)\.$/);
    // Ships heading for unknown waters must be joined before the sailing may end.
    const sailing = play(s, RED, { type: 'move', field: SAILING }).state;
    const underway = play(sailing, RED, { type: 'moveShip', from: 'guine', to: 'angola' }).state;
    nav
      .given([], underway)
      .when(RED, { type: 'done' })
      .thenRejects('ILLEGAL', /^Now you must sail 1 more ship into Angola to explore it \(allowed now: moveShip\)\.$/);
    // A rondel move in the middle of an action is refused for what it is, not for its cost.
    const market = inAction(4, RED, MARKET);
    nav
      .given([], market)
      .when(RED, { type: 'move', field: WORKERS })
      .thenRejects('ILLEGAL', /^Now you must sell or process a good, or end the Market action \(allowed now: .*done\)\.$/);
  });
});

describe('Workers', () => {
  it('2 churches: 2 new workers for 50 each, 100 in all; the marker in Lisboa moves 2 columns (3 → 5)', () => {
    const s = inAction(4, RED, WORKERS, (s) => void (s.seats[RED]!.churches = 2));
    const r = play(s, RED, { type: 'recruitWorkers', count: 2 });
    expect(r.events[0]).toEqual({ type: 'WorkersRecruited', seat: RED, count: 2, real: 2, virtual: 0, paid: 100, received: 0 });
    expect(r.state.seats[RED]!.workers).toBe(5);
    expect(r.state.seats[RED]!.cash).toBe(100);
  });

  it('3 new workers in phase II with 2 churches cost 300 (2×50 + 200)', () => {
    const s = inAction(4, RED, WORKERS, (s) => {
      s.phase = 2;
      s.seats[RED]!.churches = 2;
      s.seats[RED]!.cash = 300;
    });
    const r = play(s, RED, { type: 'recruitWorkers', count: 3 });
    expect(r.events[0]).toMatchObject({ type: 'WorkersRecruited', count: 3, real: 3, paid: 300 });
    expect(r.state.seats[RED]!.cash).toBe(0);
    expect(r.state.seats[RED]!.workers).toBe(6);
  });

  it('additional workers cost 100 per phase: 100 in phase I, 300 in phase III', () => {
    const one = inAction(4, RED, WORKERS, (s) => void (s.seats[RED]!.cash = 1000));
    expect(play(one, RED, { type: 'recruitWorkers', count: 2 }).events[0]).toMatchObject({ paid: 50 + 100 });
    const three = inAction(4, RED, WORKERS, (s) => {
      s.phase = 3;
      s.seats[RED]!.cash = 1000;
    });
    expect(play(three, RED, { type: 'recruitWorkers', count: 2 }).events[0]).toMatchObject({ paid: 50 + 300 });
  });

  it('8 workers and 3 churches: 150 for 3 workers, the marker goes to 9, and the 2 virtual workers are sold for 200', () => {
    const s = inAction(4, RED, WORKERS, (s) => {
      s.seats[RED]!.workers = 8;
      s.seats[RED]!.churches = 3;
    });
    // Only the churches can recruit beyond 9: at most 3.
    expect(legalOfType(s, RED, 'recruitWorkers').map((c) => c.count)).toEqual([1, 2, 3]);
    const r = play(s, RED, { type: 'recruitWorkers', count: 3 });
    expect(r.events[0]).toEqual({ type: 'WorkersRecruited', seat: RED, count: 3, real: 1, virtual: 2, paid: 150, received: 200 });
    expect(r.state.seats[RED]!.workers).toBe(9);
    expect(r.state.seats[RED]!.cash).toBe(200 - 150 + 200);
  });

  it('with 9 workers only virtual workers, and the 50 per worker in church must be paid beforehand', () => {
    const s = inAction(4, RED, WORKERS, (s) => {
      s.seats[RED]!.workers = 9;
      s.seats[RED]!.churches = 3;
      s.seats[RED]!.cash = 100;
    });
    // 3 would earn 150 net, but 150 must be paid first.
    expect(legalOfType(s, RED, 'recruitWorkers').map((c) => c.count)).toEqual([1, 2]);
    const r = play(s, RED, { type: 'recruitWorkers', count: 2 });
    expect(r.events[0]).toMatchObject({ real: 0, virtual: 2, paid: 100, received: 200 });
    expect(r.state.seats[RED]!.workers).toBe(9);
    expect(r.state.seats[RED]!.cash).toBe(200);
  });
});

describe('Ships', () => {
  it('quick intro: 1 shipyard, 50 Cruzados, the new ship is placed in Portugal', () => {
    const s = inAction(4, RED, SHIPS, (s) => shipsAt(s, RED, { guine: 2 }));
    const r = play(s, RED, { type: 'buildShips', count: 1 });
    expect(r.events[0]).toEqual({ type: 'ShipsBuilt', seat: RED, count: 1, real: 1, virtual: 0, paid: 50, received: 0 });
    expect(r.state.ships.portugal[RED]).toBe(1);
    expect(r.state.seats[RED]!.supply).toBe(4);
    expect(r.state.seats[RED]!.cash).toBe(150);
  });

  it('more ships than shipyards cost 100 / 200 / 300 each by phase', () => {
    for (const [phase, extra] of [
      [1, 100],
      [2, 200],
      [3, 300],
    ] as const) {
      const s = inAction(4, RED, SHIPS, (s) => {
        s.phase = phase;
        s.seats[RED]!.cash = 1000;
      });
      const r = play(s, RED, { type: 'buildShips', count: 3 });
      expect(r.events[0]).toMatchObject({ real: 3, paid: 50 + 2 * extra });
      expect(r.state.ships.portugal[RED]).toBe(5);
    }
  });

  it('with all 7 ships on the board, the shipyard builds a virtual ship for 50 and sells it for 100', () => {
    const s = inAction(4, RED, SHIPS, (s) => shipsAt(s, RED, { portugal: 4, guine: 3 }));
    expect(legalOfType(s, RED, 'buildShips').map((c) => c.count)).toEqual([1]);
    const r = play(s, RED, { type: 'buildShips', count: 1 });
    expect(r.events[0]).toEqual({ type: 'ShipsBuilt', seat: RED, count: 1, real: 0, virtual: 1, paid: 50, received: 100 });
    expect(r.state.seats[RED]!.cash).toBe(250);
    expect(atSea(r.state, RED)).toBe(7);
    expect(r.state.seats[RED]!.supply).toBe(0);
  });
});

describe('Sailing', () => {
  it('phase II example: the ship from Guiné reaches Cabo (only it can), 2 ships sail from Portugal to Angola and 1 to Bahia', () => {
    const s = inAction(4, RED, SAILING, (s) => {
      s.phase = 2;
      explored(s, 'guine', 'bahia', 'angola', 'cabo');
      shipsAt(s, RED, { portugal: 3, guine: 1 });
    });
    const options = sails(s, RED);
    expect(options).toContain('guine>cabo');
    expect(options).not.toContain('portugal>cabo'); // 3 borders
    expect(options).toEqual(expect.arrayContaining(['portugal>angola', 'portugal>bahia', 'portugal>guine']));
    const r = playAll(s, [
      [RED, { type: 'moveShip', from: 'guine', to: 'cabo' }],
      [RED, { type: 'moveShip', from: 'portugal', to: 'angola' }],
      [RED, { type: 'moveShip', from: 'portugal', to: 'angola' }],
      [RED, { type: 'moveShip', from: 'portugal', to: 'bahia' }],
    ]);
    const where = (...regions: RegionId[]) => Object.fromEntries(regions.map((x) => [x, r.state.ships[x][RED]]));
    expect(where('portugal', 'guine', 'cabo', 'angola', 'bahia')).toEqual({
      portugal: 0,
      guine: 0,
      cabo: 1,
      angola: 2,
      bahia: 1,
    });
    // Every ship has sailed once: the action is over.
    expect(r.state.pending).toBeNull();
    expect(r.state.turn).toBe(YELLOW);
  });

  it('in phase I a ship crosses one border; a ship that arrived does not sail on', () => {
    const s = inAction(4, RED, SAILING, (s) => {
      explored(s, 'guine', 'bahia', 'angola');
      shipsAt(s, RED, { portugal: 1, guine: 1 });
    });
    expect(sails(s, RED).filter((m) => m.startsWith('portugal'))).toEqual(['portugal>guine']);
    const r = play(s, RED, { type: 'moveShip', from: 'portugal', to: 'guine' });
    // One ship in Guiné may still sail (the one that was there), not both.
    const next = play(r.state, RED, { type: 'moveShip', from: 'guine', to: 'bahia' });
    expect(next.state.ships.guine[RED]).toBe(1);
    expect(next.state.pending).toBeNull();
  });

  it('Red sails from Guiné and Rio de Janeiro into Angola: 1 ship lost, the explorer taken, the colonies revealed, a bonus of 70', () => {
    const setup = withStacks(gameSetUp(4), { angola: [90, 70, 120] });
    const s = inAction(
      4,
      RED,
      SAILING,
      (s) => {
        explored(s, 'guine', 'bahia', 'rio');
        shipsAt(s, RED, { guine: 1, rio: 1 });
      },
      { setup },
    );
    expect(sails(s, RED)).toEqual(expect.arrayContaining(['guine>angola', 'rio>angola']));
    // Both ships sail in; with no ship left to move, the sailing ends and Angola is explored.
    const r = playAll(s, [
      [RED, { type: 'moveShip', from: 'guine', to: 'angola' }],
      [RED, { type: 'moveShip', from: 'rio', to: 'angola' }],
    ]);
    expect(r.events).toContainEqual({ type: 'Explored', seat: RED, region: 'angola', lost: 1, tokens: [90, 70, 120], bonus: 70 });
    // The first ship's move revealed nothing and could be taken back; the one that explored cannot.
    const first = play(s, RED, { type: 'moveShip', from: 'guine', to: 'angola' });
    expect(game.canUndo!(first.events)).toBe(true);
    expect(game.canUndo!(play(first.state, RED, { type: 'moveShip', from: 'rio', to: 'angola' }).events)).toBe(false);
    const red = r.state.seats[RED]!;
    expect(r.state.ships.angola[RED]).toBe(1);
    expect(red.supply).toBe(6);
    expect(red.explorers).toEqual(['angola']);
    expect(red.cash).toBe(270);
    expect(r.state.unexplored).not.toContain('angola');
    expect(r.state.revealed.angola).toEqual([70, 90, 120]);
    expect(r.state.stacks.angola).toBeUndefined();
  });

  it('the same exploration when Red ends the sailing himself (a ship is left in Portugal)', () => {
    const setup = withStacks(gameSetUp(4), { angola: [90, 70, 120] });
    const s = inAction(
      4,
      RED,
      SAILING,
      (s) => {
        explored(s, 'guine', 'bahia', 'rio');
        shipsAt(s, RED, { guine: 1, rio: 1, portugal: 1 });
      },
      { setup },
    );
    let r = playAll(s, [
      [RED, { type: 'moveShip', from: 'guine', to: 'angola' }],
      [RED, { type: 'moveShip', from: 'rio', to: 'angola' }],
    ]);
    // Nothing is revealed before the sailing ends.
    expect(r.state.unexplored).toContain('angola');
    r = play(r.state, RED, { type: 'done' });
    expect(r.events[0]).toEqual({ type: 'Explored', seat: RED, region: 'angola', lost: 1, tokens: [90, 70, 120], bonus: 70 });
    expect(r.state.seats[RED]!.explorers).toEqual(['angola']);
    expect(r.state.seats[RED]!.cash).toBe(270);
    expect(r.state.revealed.angola).toEqual([70, 90, 120]);
  });

  it('a single ship cannot enter unknown waters', () => {
    const s = inAction(4, RED, SAILING, (s) => {
      explored(s, 'guine');
      shipsAt(s, RED, { guine: 1, portugal: 2 });
    });
    expect(sails(s, RED)).not.toContain('guine>angola');
    nav
      .given([], s)
      .when(RED, { type: 'moveShip', from: 'guine', to: 'angola' })
      .thenRejects('ILLEGAL', /No ship of yours can sail from Guiné to Angola/);
  });

  it('a ship sent towards unknown waters must be joined: the others cannot sail off and leave it alone', () => {
    const s = inAction(4, RED, SAILING, (s) => {
      explored(s, 'guine', 'bahia');
      shipsAt(s, RED, { guine: 2 });
    });
    const r = play(s, RED, { type: 'moveShip', from: 'guine', to: 'angola' });
    expect(game.legal(r.state, RED)).toEqual([{ type: 'moveShip', from: 'guine', to: 'angola' }]);
  });

  it('Nagasaki needs 3 ships and 2 of them are lost', () => {
    const base = (macau: number, extra = 0) =>
      inAction(4, RED, SAILING, (s) => {
        exploredAllBut(s, 'nagasaki');
        shipsAt(s, RED, { macau, portugal: extra });
      });
    expect(sails(base(2, 1), RED)).not.toContain('macau>nagasaki');
    const s = base(3, 1);
    expect(sails(s, RED)).toContain('macau>nagasaki');
    const move = { type: 'moveShip', from: 'macau', to: 'nagasaki' } as const;
    let r = playAll(s, [
      [RED, move],
      [RED, move],
    ]);
    // 2 ships are not enough to end the sailing there.
    expect(legalOfType(r.state, RED, 'done')).toEqual([]);
    r = playAll(r.state, [
      [RED, move],
      [RED, { type: 'done' }],
    ]);
    expect(eventsOf(r.events, 'Explored')[0]).toMatchObject({ region: 'nagasaki', lost: 2 });
    expect(r.state.ships.nagasaki[RED]).toBe(1);
    expect(r.state.seats[RED]!.supply).toBe(7 - 4 + 2);
  });

  it('with 2 or 3 players Macau needs 3 ships and loses 2; with 4 or 5 players it is an ordinary region', () => {
    const at = (players: number, malaca: number) =>
      inAction(players, RED, SAILING, (s) => {
        exploredAllBut(s, 'macau', 'nagasaki');
        shipsAt(s, RED, { malaca, portugal: 1 });
      });
    expect(sails(at(3, 2), RED)).not.toContain('malaca>macau');
    expect(sails(at(2, 2), RED)).not.toContain('malaca>macau');
    const three = playAll(at(3, 3), [
      [RED, { type: 'moveShip', from: 'malaca', to: 'macau' }],
      [RED, { type: 'moveShip', from: 'malaca', to: 'macau' }],
      [RED, { type: 'moveShip', from: 'malaca', to: 'macau' }],
      [RED, { type: 'done' }],
    ]);
    expect(eventsOf(three.events, 'Explored')[0]).toMatchObject({ region: 'macau', lost: 2 });
    const four = playAll(at(4, 2), [
      [RED, { type: 'moveShip', from: 'malaca', to: 'macau' }],
      [RED, { type: 'moveShip', from: 'malaca', to: 'macau' }],
      [RED, { type: 'done' }],
    ]);
    expect(eventsOf(four.events, 'Explored')[0]).toMatchObject({ region: 'macau', lost: 1 });
  });

  it('only one new sea region can be explored per sailing action', () => {
    const s = inAction(4, RED, SAILING, (s) => {
      explored(s, 'guine', 'bahia');
      shipsAt(s, RED, { guine: 2, bahia: 2 });
    });
    expect(sails(s, RED)).toEqual(expect.arrayContaining(['guine>angola', 'bahia>rio']));
    let r = playAll(s, [
      [RED, { type: 'moveShip', from: 'guine', to: 'angola' }],
      [RED, { type: 'moveShip', from: 'guine', to: 'angola' }],
    ]);
    expect(sails(r.state, RED)).not.toContain('bahia>rio');
    expect(sails(r.state, RED)).toContain('bahia>guine');
    nav.given([], r.state).when(RED, { type: 'moveShip', from: 'bahia', to: 'rio' }).thenRejects('ILLEGAL');
    r = play(r.state, RED, { type: 'done' });
    expect(eventsOf(r.events, 'Explored').map((e) => e.region)).toEqual(['angola']);
    expect(r.state.unexplored).toContain('rio');
  });

  it('the bonus is the cheapest colony revealed, and the cheapest is the one founded later', () => {
    const setup = withStacks(gameSetUp(4), { bahia: [110, 60, 90, 40] });
    const s = inAction(
      4,
      RED,
      SAILING,
      (s) => {
        explored(s, 'guine');
        shipsAt(s, RED, { guine: 2, portugal: 1 });
      },
      { setup },
    );
    let r = playAll(s, [
      [RED, { type: 'moveShip', from: 'guine', to: 'bahia' }],
      [RED, { type: 'moveShip', from: 'guine', to: 'bahia' }],
      [RED, { type: 'done' }],
    ]);
    expect(eventsOf(r.events, 'Explored')[0]).toMatchObject({ region: 'bahia', tokens: [110, 60, 90, 40], bonus: 40 });
    expect(r.state.revealed.bahia).toEqual([40, 60, 90, 110]);
    // Later, a colony in Bahia is always the 40 one.
    const later = structuredClone(r.state);
    later.turn = RED;
    later.seats[RED]!.position = MARKET;
    r = play(later, RED, { type: 'move', field: COLONY });
    r = play(r.state, RED, { type: 'foundColony', region: 'bahia' });
    expect(r.events[0]).toEqual({ type: 'ColonyFounded', seat: RED, region: 'bahia', good: 'sugar', value: 40 });
  });
});

describe('Game phases', () => {
  it('exploring Cabo da Boa Esperança starts phase II once the sailing ends: range 2 and extra workers at 200 from the next turn', () => {
    const setup = withStacks(gameSetUp(4), { cabo: [90] });
    const s = inAction(
      4,
      RED,
      SAILING,
      (s) => {
        explored(s, 'guine', 'angola');
        shipsAt(s, RED, { angola: 2, portugal: 2 });
        s.seats[YELLOW]!.cash = 300;
      },
      { setup },
    );
    let r = play(s, RED, { type: 'moveShip', from: 'angola', to: 'cabo' });
    r = play(r.state, RED, { type: 'moveShip', from: 'angola', to: 'cabo' });
    // Still phase I in this turn: Portugal reaches only Guiné.
    expect(sails(r.state, RED)).toEqual(['portugal>guine']);
    r = play(r.state, RED, { type: 'done' });
    expect(r.events.map((e) => e.type)).toEqual(['Explored', 'ActionEnded', 'PhaseStarted', 'TurnEnded']);
    expect(r.events[0]).toMatchObject({ region: 'cabo', lost: 1, bonus: 90 });
    expect(r.events[2]).toEqual({
      type: 'PhaseStarted',
      phase: 2,
      gallery: { colony: 2, factory: 2, explorer: 2, shipyard: 2, church: 2 },
    });
    expect(r.state.phase).toBe(2);
    // Yellow's turn: 2 workers with 1 church cost 50 + 200.
    const workers = play(r.state, YELLOW, { type: 'move', field: WORKERS });
    expect(legalOfType(workers.state, YELLOW, 'recruitWorkers').map((c) => c.count)).toEqual([1, 2]);
    expect(play(workers.state, YELLOW, { type: 'recruitWorkers', count: 2 }).events[0]).toMatchObject({ paid: 250 });
    // Or Yellow sails: from Portugal through Guiné to Angola (2 borders).
    const sailing = play(r.state, YELLOW, { type: 'move', field: SAILING });
    expect(sails(sailing.state, YELLOW)).toEqual(expect.arrayContaining(['portugal>guine', 'portugal>angola']));
  });

  it('privileges are replenished per player count: 2 players 1 of each type at every new phase', () => {
    const s = inAction(2, RED, SAILING, (s) => {
      explored(s, 'guine', 'angola');
      shipsAt(s, RED, { angola: 2, portugal: 1 });
      s.gallery.colony = 0;
      s.seats[YELLOW]!.privileges.colony = 1;
    });
    const r = playAll(s, [
      [RED, { type: 'moveShip', from: 'angola', to: 'cabo' }],
      [RED, { type: 'moveShip', from: 'angola', to: 'cabo' }],
      [RED, { type: 'done' }],
    ]);
    expect(eventsOf(r.events, 'PhaseStarted')[0]!.gallery).toEqual({ colony: 1, factory: 1, explorer: 1, shipyard: 1, church: 1 });
    expect(r.state.privilegeSupply.colony).toBe(4);
  });

  it('5 players: phase II starts with 2 privileges of each type, and exploring Malaca starts phase III with 3 (extra workers 300, range 3)', () => {
    let s = inAction(5, RED, SAILING, (s) => {
      explored(s, 'guine', 'angola');
      shipsAt(s, RED, { angola: 2, portugal: 1 });
    });
    let r = playAll(s, [
      [RED, { type: 'moveShip', from: 'angola', to: 'cabo' }],
      [RED, { type: 'moveShip', from: 'angola', to: 'cabo' }],
      [RED, { type: 'done' }],
    ]);
    expect(eventsOf(r.events, 'PhaseStarted')[0]).toMatchObject({
      phase: 2,
      gallery: { colony: 2, factory: 2, explorer: 2, shipyard: 2, church: 2 },
    });

    s = inAction(5, RED, SAILING, (s) => {
      s.phase = 2;
      for (const t of Object.keys(s.gallery) as PrivilegeType[]) [s.gallery[t], s.privilegeSupply[t]] = [2, 4];
      exploredAllBut(s, 'malaca', 'timor', 'macau', 'nagasaki');
      shipsAt(s, RED, { india: 2, portugal: 1 });
      s.seats[YELLOW]!.cash = 1000;
    });
    r = playAll(s, [
      [RED, { type: 'moveShip', from: 'india', to: 'malaca' }],
      [RED, { type: 'moveShip', from: 'india', to: 'malaca' }],
      [RED, { type: 'done' }],
    ]);
    expect(eventsOf(r.events, 'PhaseStarted')[0]).toEqual({
      type: 'PhaseStarted',
      phase: 3,
      gallery: { colony: 3, factory: 3, explorer: 3, shipyard: 3, church: 3 },
    });
    const workers = play(r.state, YELLOW, { type: 'move', field: WORKERS });
    expect(play(workers.state, YELLOW, { type: 'recruitWorkers', count: 2 }).events[0]).toMatchObject({ paid: 50 + 300 });
    // Portugal → Guiné → Angola → Cabo: 3 borders.
    const sailing = play(r.state, YELLOW, { type: 'move', field: SAILING });
    expect(sails(sailing.state, YELLOW)).toContain('portugal>cabo');
  });
});

describe('Colony', () => {
  // Red has 6 workers, 2 ships in Bahia and 1 in Guiné; Guiné shows 80 (and more), Bahia 100, Rio has colonies but no ship of Red.
  const picture = (guine: number) =>
    inAction(4, RED, COLONY, (s) => {
      explored(s, 'guine', 'bahia', 'rio');
      reveal(s, 'guine', [80, 90]);
      reveal(s, 'bahia', [100]);
      reveal(s, 'rio', [50, 60]);
      shipsAt(s, RED, { bahia: 2, guine });
      s.seats[RED]!.workers = 6;
      s.seats[RED]!.cash = 500;
    });

  it('6 workers, 2 ships in Bahia and 1 in Guiné: only 2 colonies, Guiné 80 + Bahia 100 = 180; none in Rio without a ship', () => {
    const s = picture(1);
    expect(legalOfType(s, RED, 'foundColony').map((c) => c.region)).toEqual(['guine', 'bahia']);
    nav
      .given([], s)
      .when(RED, { type: 'foundColony', region: 'rio' })
      .thenRejects('ILLEGAL', /Rio de Janeiro/);
    const r = playAll(s, [
      [RED, { type: 'foundColony', region: 'guine' }],
      [RED, { type: 'foundColony', region: 'bahia' }],
    ]);
    expect(eventsOf(r.events, 'ColonyFounded')).toEqual([
      { type: 'ColonyFounded', seat: RED, region: 'guine', good: 'gold', value: 80 },
      { type: 'ColonyFounded', seat: RED, region: 'bahia', good: 'sugar', value: 100 },
    ]);
    expect(r.state.seats[RED]!.cash).toBe(500 - 180);
    expect(r.state.seats[RED]!.colonies).toEqual([
      { good: 'gold', value: 80, region: 'guine' },
      { good: 'sugar', value: 100, region: 'bahia' },
    ]);
    // The map shows whose colonies a region holds.
    const view = game.view(r.state, RED);
    expect(view.regions.find((x) => x.id === 'guine')!.founded).toEqual([RED]);
    expect(view.regions.find((x) => x.id === 'rio')!.founded).toEqual([]);
    // Nothing else can be founded: the action is over. Ships and workers stay.
    expect(r.state.pending).toBeNull();
    expect(r.state.seats[RED]!.workers).toBe(6);
    expect(r.state.ships.bahia[RED]).toBe(2);
  });

  it('with 2 ships in Guiné he could found 3 colonies, if he can afford them', () => {
    const r = playAll(picture(2), [
      [RED, { type: 'foundColony', region: 'guine' }],
      [RED, { type: 'foundColony', region: 'guine' }],
      [RED, { type: 'foundColony', region: 'bahia' }],
    ]);
    expect(eventsOf(r.events, 'ColonyFounded').map((e) => e.value)).toEqual([80, 90, 100]);
    expect(r.state.seats[RED]!.cash).toBe(500 - 270);
    // ... but not if he cannot: with 170 he pays 80 + 90 and the 100 is out of reach.
    const poor = picture(2);
    poor.seats[RED]!.cash = 170;
    const p = playAll(poor, [
      [RED, { type: 'foundColony', region: 'guine' }],
      [RED, { type: 'foundColony', region: 'guine' }],
    ]);
    expect(p.state.pending).toBeNull();
    expect(p.state.seats[RED]!.cash).toBe(0);
  });

  it('with only 3 workers he could found only 1 colony', () => {
    const s = picture(1);
    s.seats[RED]!.workers = 3;
    const r = play(s, RED, { type: 'foundColony', region: 'bahia' });
    expect(r.state.pending).toBeNull();
    expect(eventsOf(r.events, 'ActionEnded')).toHaveLength(1);
  });

  it('quick intro: Red has 6 workers, founds 1 colony in Guiné and 1 in Angola for 230; a third needs another ship in Guiné', () => {
    const s = inAction(4, RED, COLONY, (s) => {
      explored(s, 'guine', 'angola');
      reveal(s, 'guine', [100, 110]);
      reveal(s, 'angola', [130]);
      shipsAt(s, RED, { guine: 1, angola: 1 });
      s.seats[RED]!.workers = 6;
      s.seats[RED]!.cash = 400;
    });
    const r = playAll(s, [
      [RED, { type: 'foundColony', region: 'guine' }],
      [RED, { type: 'foundColony', region: 'angola' }],
    ]);
    expect(eventsOf(r.events, 'ColonyFounded').reduce((n, e) => n + e.value, 0)).toBe(230);
    expect(r.state.seats[RED]!.cash).toBe(170);
    expect(r.state.revealed.guine).toEqual([110]); // still there: no free ship in Guiné
    expect(r.state.pending).toBeNull();
  });
});

describe('Buildings', () => {
  // The board as in the picture: gold factory 70, spice factory 100, sugar factory 100, shipyard 150, church 250.
  const board = (workers: number) =>
    inAction(4, RED, BUILDINGS, (s) => {
      Object.assign(s.built, { goldFactory: 1, spiceFactory: 2, sugarFactory: 2, shipyard: 1, church: 2 });
      s.seats[RED]!.workers = workers;
      s.seats[RED]!.cash = 600;
    });
  const builds = (s: NavState) => legalOfType(s, RED, 'build').map((c) => c.kind);

  it('shows the prices of the picture', () => {
    const v = game.view(board(7), RED).buildings;
    expect([v.goldFactory.next, v.spiceFactory.next, v.sugarFactory.next, v.shipyard.next, v.church.next]).toEqual([
      70, 100, 100, 150, 250,
    ]);
  });

  it('7 workers: 1 gold factory and 1 shipyard for 220 (70 + 150)', () => {
    const r = playAll(board(7), [
      [RED, { type: 'build', kind: 'goldFactory' }],
      [RED, { type: 'build', kind: 'shipyard' }],
    ]);
    expect(eventsOf(r.events, 'Built')).toEqual([
      { type: 'Built', seat: RED, kind: 'goldFactory', price: 70 },
      { type: 'Built', seat: RED, kind: 'shipyard', price: 150 },
    ]);
    expect(r.state.seats[RED]!.cash).toBe(600 - 220);
    expect(r.state.seats[RED]!.factories.gold).toBe(1);
    expect(r.state.seats[RED]!.shipyards).toBe(2);
    expect(r.state.seats[RED]!.workers).toBe(7); // building costs no workers
    expect(r.state.pending).toBeNull();
  });

  it('7 workers: 2 gold factories, or 1 gold and 1 spice factory, for 170', () => {
    const two = playAll(board(7), [
      [RED, { type: 'build', kind: 'goldFactory' }],
      [RED, { type: 'build', kind: 'goldFactory' }],
    ]);
    expect(eventsOf(two.events, 'Built').map((e) => e.price)).toEqual([70, 100]);
    expect(two.state.seats[RED]!.cash).toBe(600 - 170);
    const mixed = playAll(board(7), [
      [RED, { type: 'build', kind: 'goldFactory' }],
      [RED, { type: 'build', kind: 'spiceFactory' }],
    ]);
    expect(eventsOf(mixed.events, 'Built').map((e) => e.price)).toEqual([70, 100]);
    expect(mixed.state.seats[RED]!.cash).toBe(600 - 170);
  });

  it('7 workers: not 2 shipyards (4 + 4 = 8), and a church leaves no room for a second building', () => {
    const s = board(7);
    expect(builds(s)).toEqual(['sugarFactory', 'goldFactory', 'spiceFactory', 'shipyard', 'church']);
    const yard = play(s, RED, { type: 'build', kind: 'shipyard' });
    expect(builds(yard.state)).toEqual(['sugarFactory', 'goldFactory', 'spiceFactory']);
    nav
      .given([], yard.state)
      .when(RED, { type: 'build', kind: 'shipyard' })
      .thenRejects('ILLEGAL', /cannot build a shipyard/);
    const church = play(s, RED, { type: 'build', kind: 'church' });
    expect(church.events).toContainEqual({ type: 'Built', seat: RED, kind: 'church', price: 250 });
    expect(church.state.pending).toBeNull(); // nothing else fits: the action ended
  });

  it('quick intro: 8 workers build a church (250) and a sugar factory (100) for 350; not a church and a shipyard', () => {
    const s = board(8);
    const church = play(s, RED, { type: 'build', kind: 'church' });
    expect(builds(church.state)).toEqual(['sugarFactory', 'goldFactory', 'spiceFactory']);
    const r = play(church.state, RED, { type: 'build', kind: 'sugarFactory' });
    expect(r.events[0]).toEqual({ type: 'Built', seat: RED, kind: 'sugarFactory', price: 100 });
    expect(r.state.seats[RED]!.cash).toBe(600 - 350);
    expect(r.state.seats[RED]!.churches).toBe(2);
    expect(r.state.seats[RED]!.factories.sugar).toBe(1);
  });

  it('with more than 2 players the most expensive shipyards and churches are left off the board', () => {
    for (const players of [2, 3, 4, 5]) {
      const v = game.view(situation([gameSetUp(players)]), null).buildings;
      expect(v.shipyard.left).toBe(10 - players);
      expect(v.church.left).toBe(10 - players);
      expect(v.sugarFactory.left).toBe(6);
    }
  });
});

describe('Market', () => {
  const market = (arrange: (s: NavState) => void, players = 4) => inAction(players, RED, MARKET, arrange);
  const colonies = (...goods: ('sugar' | 'gold' | 'spices')[]) => goods.map((good) => ({ good, value: 100 }));

  it('3 gold colonies sell at 50: 150 Cruzados, and the marker moves down onto the upper 30', () => {
    const s = market((s) => {
      s.market.gold = 5; // the lower 50, covered by the marker
      s.seats[RED]!.colonies = colonies('gold', 'gold', 'gold');
    });
    expect(game.view(s, RED).market.gold.price).toBe(50);
    const r = play(s, RED, { type: 'trade', good: 'gold', mode: 'sell', units: 3 });
    expect(r.events[0]).toEqual({ type: 'Traded', seat: RED, good: 'gold', mode: 'sell', units: 3, perUnit: 50, wildcard: false, row: 8 });
    expect(r.state.seats[RED]!.cash).toBe(350);
    // Row 8 is the upper of the two 30s.
    expect(DATA.marketPrices.value.gold.slice(7, 10)).toEqual([40, 30, 30]);
  });

  it('5 gold colonies: 250 Cruzados, the marker reaches the bottom line, and the next seller gets only 30', () => {
    const s = market((s) => {
      s.market.gold = 5;
      s.seats[RED]!.colonies = colonies('gold', 'gold', 'gold', 'gold', 'gold');
      s.seats[YELLOW]!.colonies = colonies('gold');
    });
    let r = play(s, RED, { type: 'trade', good: 'gold', mode: 'sell', units: 5 });
    expect(r.events[0]).toMatchObject({ perUnit: 50, units: 5, row: 9 });
    expect(r.state.seats[RED]!.cash).toBe(450);
    r = play(r.state, RED, { type: 'done' });
    r = play(r.state, YELLOW, { type: 'move', field: MARKET });
    r = play(r.state, YELLOW, { type: 'trade', good: 'gold', mode: 'sell', units: 1 });
    // Sales stay possible at the bottom; the marker stays there.
    expect(r.events[0]).toMatchObject({ perUnit: 30, row: 9 });
    expect(r.state.seats[YELLOW]!.cash).toBe(230);
  });

  it('spices at 60: a factory earns 40 per processed unit, and the marker moves up', () => {
    const s = market((s) => {
      s.market.spices = 4;
      s.seats[RED]!.factories.spices = 1;
    });
    expect(game.view(s, RED).market.spices).toEqual({ row: 4, price: 60, revenue: 40 });
    // The spice factory and the wildcard: up to 2 units.
    expect(
      legalOfType(s, RED, 'trade')
        .filter((c) => c.good === 'spices')
        .map((c) => c.units),
    ).toEqual([1, 2]);
    const r = play(s, RED, { type: 'trade', good: 'spices', mode: 'process', units: 1 });
    expect(r.events[0]).toEqual({
      type: 'Traded',
      seat: RED,
      good: 'spices',
      mode: 'process',
      units: 1,
      perUnit: 40,
      wildcard: false,
      row: 3,
    });
    expect(r.state.seats[RED]!.cash).toBe(240);
  });

  it('the combined example: 2 gold sold for 100, 1 spice for 80, 3 sugar processed for 90 with the wildcard: 270', () => {
    // 4 colonies (2 gold, 1 spices, 1 sugar), 4 factories (wildcard, 2 sugar, 1 spices).
    const s = market((s) => {
      Object.assign(s.market, { sugar: 3, gold: 4, spices: 1 });
      s.seats[RED]!.colonies = colonies('gold', 'gold', 'spices', 'sugar');
      s.seats[RED]!.factories = { sugar: 2, gold: 0, spices: 1 };
    });
    let r = playAll(s, [
      [RED, { type: 'trade', good: 'gold', mode: 'sell', units: 2 }],
      [RED, { type: 'trade', good: 'spices', mode: 'sell', units: 1 }],
    ]);
    expect(eventsOf(r.events, 'Traded').map((e) => e.units * e.perUnit)).toEqual([100, 80]);
    // Gold and spices cannot also be processed this turn: the spice factory is idle, the wildcard only does sugar.
    const left = legalOfType(r.state, RED, 'trade');
    expect(left.every((c) => c.good === 'sugar')).toBe(true);
    expect(left.filter((c) => c.mode === 'process').map((c) => c.units)).toEqual([1, 2, 3]);
    nav.given([], r.state).when(RED, { type: 'trade', good: 'spices', mode: 'process', units: 1 }).thenRejects('ILLEGAL');
    r = play(r.state, RED, { type: 'trade', good: 'sugar', mode: 'process', units: 3 });
    expect(r.events[0]).toMatchObject({ good: 'sugar', mode: 'process', units: 3, perUnit: 30, wildcard: true });
    expect(r.state.seats[RED]!.cash).toBe(200 + 270);
    // The new prices: gold 2 rows down, spices 1 down, sugar 3 up.
    expect(r.state.market).toEqual({ sugar: 0, gold: 6, spices: 2 });
    expect(r.state.pending).toBeNull();

    // The alternative: sell 1 sugar instead of processing: 40 Cruzados less.
    const alt = playAll(s, [
      [RED, { type: 'trade', good: 'gold', mode: 'sell', units: 2 }],
      [RED, { type: 'trade', good: 'spices', mode: 'sell', units: 1 }],
      [RED, { type: 'trade', good: 'sugar', mode: 'sell', units: 1 }],
    ]);
    expect(alt.state.seats[RED]!.cash).toBe(200 + 270 - 40);
    expect(alt.state.market.sugar).toBe(4);
  });

  it('quick intro: 2 sugar processed at 50 each and 2 gold sold at 70 each: 240', () => {
    const s = market((s) => {
      Object.assign(s.market, { sugar: 6, gold: 1 });
      s.seats[RED]!.colonies = colonies('sugar', 'gold', 'gold');
      s.seats[RED]!.factories.sugar = 1;
    });
    const r = playAll(s, [
      [RED, { type: 'trade', good: 'sugar', mode: 'process', units: 2 }],
      [RED, { type: 'trade', good: 'gold', mode: 'sell', units: 2 }],
    ]);
    expect(eventsOf(r.events, 'Traded').map((e) => [e.perUnit, e.units])).toEqual([
      [50, 2],
      [70, 2],
    ]);
    expect(r.state.seats[RED]!.cash).toBe(200 + 240);
  });

  it('processing stops moving the marker at the top line; selling at the bottom line', () => {
    const s = market((s) => {
      Object.assign(s.market, { sugar: 1, gold: 8 });
      s.seats[RED]!.factories.sugar = 2;
      s.seats[RED]!.colonies = colonies('gold', 'gold', 'gold');
    });
    const r = playAll(s, [
      [RED, { type: 'trade', good: 'sugar', mode: 'process', units: 3 }],
      [RED, { type: 'trade', good: 'gold', mode: 'sell', units: 3 }],
    ]);
    expect(eventsOf(r.events, 'Traded').map((e) => [e.perUnit, e.row])).toEqual([
      [20, 0],
      [30, 9],
    ]);
    expect(r.state.seats[RED]!.cash).toBe(200 + 60 + 90);
  });

  it('a good is either sold or processed in one turn, not both', () => {
    const s = market((s) => {
      s.seats[RED]!.colonies = colonies('sugar', 'sugar');
      s.seats[RED]!.factories.sugar = 1;
    });
    const r = play(s, RED, { type: 'trade', good: 'sugar', mode: 'sell', units: 1 });
    expect(legalOfType(r.state, RED, 'trade').filter((c) => c.good === 'sugar')).toEqual([]);
    nav.given([], r.state).when(RED, { type: 'trade', good: 'sugar', mode: 'process', units: 1 }).thenRejects('ILLEGAL');
    nav.given([], r.state).when(RED, { type: 'trade', good: 'sugar', mode: 'sell', units: 1 }).thenRejects('ILLEGAL');
  });
});

describe('Privilege', () => {
  // The picture: 2 churches, 5 explorers, 1 shipyard, 2 colonies, 2 factories; one church, explorer and factory privilege taken.
  const gallery = (arrange?: (s: NavState) => void) =>
    inAction(4, RED, PRIVILEGE, (s) => {
      const red = s.seats[RED]!;
      red.churches = 2;
      red.explorers = ['guine', 'bahia', 'rio', 'angola', 'cabo'];
      red.colonies = [
        { good: 'gold', value: 80 },
        { good: 'sugar', value: 40 },
      ];
      red.factories.sugar = 1;
      red.privileges = { colony: 0, factory: 1, explorer: 1, shipyard: 0, church: 1 };
      red.workers = 4;
      arrange?.(s);
    });

  it.each([
    ['church', 1, 80], // 40 × 2 churches, second position
    ['explorer', 1, 100], // 20 × 5 explorers
    ['shipyard', 0, 50], // 50 × 1 shipyard
    ['colony', 0, 60], // 30 per colony
    ['factory', 1, 40], // 20 per factory
  ] as const)('the %s privilege goes to position %i (0 = top) and pays %i; it costs a worker', (privilege, position, bonus) => {
    const s = gallery();
    const r = play(s, RED, { type: 'takePrivilege', privilege });
    expect(r.events[0]).toEqual({ type: 'PrivilegeTaken', seat: RED, privilege, position, bonus });
    const red = r.state.seats[RED]!;
    expect(red.cash).toBe(200 + bonus);
    expect(red.workers).toBe(3);
    expect(red.privileges[privilege]).toBe(position + 1);
    expect(r.state.gallery[privilege]).toBe(0);
  });

  it('quick intro: 3 explorers × 30 = 90; for the shipyard privilege 1 × 50', () => {
    const s = inAction(4, RED, PRIVILEGE, (s) => void (s.seats[RED]!.explorers = ['guine', 'angola', 'bahia']));
    expect(play(s, RED, { type: 'takePrivilege', privilege: 'explorer' }).events[0]).toMatchObject({ position: 0, bonus: 90 });
    expect(play(s, RED, { type: 'takePrivilege', privilege: 'shipyard' }).events[0]).toMatchObject({ position: 0, bonus: 50 });
  });

  it('at most 3 privileges of a type per player', () => {
    const s = gallery((s) => void (s.seats[RED]!.privileges.church = 3));
    expect(legalOfType(s, RED, 'takePrivilege').map((c) => c.privilege)).toEqual(['colony', 'factory', 'explorer', 'shipyard']);
    nav
      .given([], s)
      .when(RED, { type: 'takePrivilege', privilege: 'church' })
      .thenRejects('ILLEGAL', /not available/);
  });

  it('only privileges in the gallery can be taken', () => {
    const s = gallery((s) => void (s.gallery.colony = 0));
    expect(legalOfType(s, RED, 'takePrivilege').map((c) => c.privilege)).not.toContain('colony');
  });

  it('never below 2 workers: with 2 workers no privilege can be taken', () => {
    const s = inPlay(4, (s) => {
      s.seats[RED]!.position = COLONY;
      s.seats[RED]!.workers = 2;
    });
    const r = play(s, RED, { type: 'move', field: PRIVILEGE });
    expect(r.events.map((e) => e.type)).toEqual(['Moved', 'ActionEnded', 'TurnEnded']);
    const pending = structuredClone(s);
    pending.pending = { kind: 'privilege', seat: RED };
    pending.beforeMove = false;
    expect(game.legal(pending, RED)).toEqual([{ type: 'done' }]);
    nav
      .given([], pending)
      .when(RED, { type: 'takePrivilege', privilege: 'church' })
      .thenRejects('ILLEGAL', /keep two/);
  });

  it('one privilege per turn: taking it ends the action', () => {
    const r = play(gallery(), RED, { type: 'takePrivilege', privilege: 'colony' });
    expect(r.events.map((e) => e.type)).toEqual(['PrivilegeTaken', 'TurnEnded']);
    expect(game.activeSeats(r.state)).toEqual([YELLOW]);
    nav.given([], r.state).when(RED, { type: 'takePrivilege', privilege: 'church' }).thenRejects('NOT_YOUR_TURN');
  });
});

describe('The Navegador card', () => {
  it('goes to the last player and cannot be used in the first round; afterwards before the holder’s rondel move', () => {
    let s = situation([gameSetUp(3)], (s) => shipsAt(s, GREEN, { portugal: 2 }));
    expect(s.navegador.holder).toBe(GREEN); // to the right of Red, the start player
    s = passTurn(s).state;
    s = passTurn(s).state;
    expect(game.activeSeats(s)).toEqual([GREEN]);
    expect(legalOfType(s, GREEN, 'useNavegador')).toEqual([]);
    nav
      .given([], s)
      .when(GREEN, { type: 'useNavegador' })
      .thenRejects('ILLEGAL', /not in the first round/);
    s = passTurn(s).state; // the marker goes under Green's stone
    expect(s.navegador).toEqual({ holder: GREEN, marker: WORKERS });
    // Ruling navegadorBeforeOwnTurn: never before another player's turn.
    expect(game.activeSeats(s)).not.toContain(GREEN);
    expect(legalOfType(s, GREEN, 'useNavegador')).toEqual([]);
    nav.given([], s).when(GREEN, { type: 'useNavegador' }).thenRejects('NOT_YOUR_TURN');
    s = passTurn(s).state;
    s = passTurn(s).state;
    expect(legalOfType(s, GREEN, 'useNavegador')).toHaveLength(1);
    // Others do not hold it.
    nav.given([], s).when(RED, { type: 'useNavegador' }).thenRejects('NOT_YOUR_TURN');
  });

  it('is not offered when no ship of the holder could sail (one ship in Portugal, Guiné unexplored)', () => {
    const s = inPlay(4, (s) => {
      s.turn = s.navegador.holder;
      shipsAt(s, s.navegador.holder, { portugal: 1 });
    });
    expect(legalOfType(s, s.navegador.holder, 'useNavegador')).toEqual([]);
    nav
      .given([], s)
      .when(s.navegador.holder, { type: 'useNavegador' })
      .thenRejects('ILLEGAL', /^None of your ships could sail with the Navegador now \(allowed now: move\)\.$/);
    const two = inPlay(4, (s) => {
      s.turn = s.navegador.holder;
      shipsAt(s, s.navegador.holder, { portugal: 2 });
    });
    expect(legalOfType(two, two.navegador.holder, 'useNavegador')).toHaveLength(1);
  });

  it('an extra sailing before the move, then the card passes to the right with its marker under that player’s stone', () => {
    let s = inPlay(4, (s) => {
      s.turn = BLUE;
      explored(s, 'guine', 'angola');
      shipsAt(s, BLUE, { portugal: 2, guine: 1 });
      s.seats[GREEN]!.position = COLONY;
    });
    expect(s.navegador.holder).toBe(BLUE);
    nav.given([], s).when(RED, { type: 'useNavegador' }).thenRejects('NOT_YOUR_TURN');
    let r = play(s, BLUE, { type: 'useNavegador' });
    expect(r.state.pending).toMatchObject({ kind: 'sailing', seat: BLUE, navegador: true });
    r = playAll(r.state, [
      [BLUE, { type: 'moveShip', from: 'guine', to: 'angola' }],
      [BLUE, { type: 'done' }],
    ]);
    expect(r.events.slice(-2)).toEqual([
      { type: 'ActionEnded', seat: BLUE, action: 'navegador' },
      { type: 'NavegadorPassed', from: BLUE, to: GREEN, marker: COLONY, reason: 'used' },
    ]);
    s = r.state;
    // Blue now takes the regular turn; the card is gone.
    expect(game.activeSeats(s)).toEqual([BLUE]);
    expect(game.legal(s, BLUE).every((c) => c.type === 'move')).toBe(true);
    const sailing = play(s, BLUE, { type: 'move', field: SAILING });
    expect(sails(sailing.state, BLUE)).toContain('portugal>guine');
  });

  it('is no longer usable once the holder’s stone has moved', () => {
    const s = inPlay(4, (s) => void (s.turn = BLUE));
    expect(legalOfType(s, BLUE, 'useNavegador')).toHaveLength(1);
    const r = play(s, BLUE, { type: 'move', field: SAILING });
    expect(r.state.navegador.holder).toBe(BLUE);
    expect(r.state.pending).toMatchObject({ kind: 'sailing', seat: BLUE, navegador: false });
    expect(legalOfType(r.state, BLUE, 'useNavegador')).toEqual([]);
    nav
      .given([], r.state)
      .when(BLUE, { type: 'useNavegador' })
      .thenRejects('ILLEGAL', /only before your rondel move/);
  });

  it('expires when the holder’s stone enters or passes the marked field without using it', () => {
    // Blue received the card with its stone on Market; it is now on Buildings.
    const s = inPlay(4, (s) => {
      s.turn = BLUE;
      s.navegador = { holder: BLUE, marker: MARKET };
      s.seats[GREEN]!.position = SHIPS;
    });
    const passed = (field: number) => eventsOf(play(s, BLUE, { type: 'move', field }).events, 'NavegadorPassed');
    expect(passed(SAILING)).toEqual([]);
    expect(passed(WORKERS)).toEqual([]);
    expect(passed(MARKET)).toEqual([{ type: 'NavegadorPassed', from: BLUE, to: GREEN, marker: SHIPS, reason: 'expired' }]);
    expect(passed(COLONY)).toEqual([{ type: 'NavegadorPassed', from: BLUE, to: GREEN, marker: SHIPS, reason: 'expired' }]);
  });

  it('"yellow should use his card before his turn": with the marker right ahead, every move expires it', () => {
    const s = inPlay(4, (s) => {
      s.turn = YELLOW;
      s.navegador = { holder: YELLOW, marker: SAILING };
      s.seats[YELLOW]!.position = BUILDINGS;
    });
    expect(legalOfType(s, YELLOW, 'useNavegador')).toHaveLength(1);
    for (const m of legalOfType(s, YELLOW, 'move')) {
      const r = play(s, YELLOW, m);
      expect(r.state.navegador).toEqual({ holder: RED, marker: BUILDINGS });
    }
  });

  it('the first holder keeps it for one lap of its stone after its first placement', () => {
    let s = situation([gameSetUp(2)]);
    // Red starts, Yellow holds the card.
    const lap: number[] = [];
    for (let turn = 0; turn < 30 && s.navegador.holder === YELLOW; turn++) {
      const seat = game.activeSeats(s)[0]!;
      s = passTurn(s).state; // one field per turn
      if (seat === YELLOW) lap.push(s.seats[YELLOW]!.position!);
    }
    // Placed on Workers (the marker), then 7 one-field moves; the 8th enters Workers again.
    expect(lap).toEqual([1, 2, 3, 4, 5, 6, 7, 0, 1]);
    expect(s.navegador).toEqual({ holder: RED, marker: s.seats[RED]!.position });
  });

  it('a phase started by the Navegador is already in effect for the regular turn', () => {
    const s = inPlay(4, (s) => {
      s.turn = BLUE;
      explored(s, 'guine', 'angola');
      shipsAt(s, BLUE, { angola: 2, portugal: 1 });
      s.seats[BLUE]!.position = SAILING;
      s.seats[BLUE]!.cash = 500;
    });
    let r = playAll(s, [
      [BLUE, { type: 'useNavegador' }],
      [BLUE, { type: 'moveShip', from: 'angola', to: 'cabo' }],
      [BLUE, { type: 'moveShip', from: 'angola', to: 'cabo' }],
      [BLUE, { type: 'done' }],
    ]);
    expect(r.events.map((e) => e.type)).toEqual([
      'NavegadorUsed',
      'ShipMoved',
      'ShipMoved',
      'Explored',
      'ActionEnded',
      'NavegadorPassed',
      'PhaseStarted',
    ]);
    expect(r.state.phase).toBe(2);
    r = play(r.state, BLUE, { type: 'move', field: WORKERS });
    expect(play(r.state, BLUE, { type: 'recruitWorkers', count: 2 }).events[0]).toMatchObject({ paid: 250 });
  });

  it('with a regular sailing after it, two explorers can be taken before the next player’s turn', () => {
    const s = inPlay(4, (s) => {
      s.turn = BLUE;
      explored(s, 'guine', 'angola');
      shipsAt(s, BLUE, { guine: 2, angola: 2, portugal: 1 });
    });
    const r = playAll(s, [
      [BLUE, { type: 'useNavegador' }],
      [BLUE, { type: 'moveShip', from: 'guine', to: 'bahia' }],
      [BLUE, { type: 'moveShip', from: 'guine', to: 'bahia' }],
      [BLUE, { type: 'done' }],
      [BLUE, { type: 'move', field: SAILING }],
      [BLUE, { type: 'moveShip', from: 'angola', to: 'rio' }],
      [BLUE, { type: 'moveShip', from: 'angola', to: 'rio' }],
      [BLUE, { type: 'done' }],
    ]);
    expect(eventsOf(r.events, 'Explored').map((e) => e.region)).toEqual(['bahia', 'rio']);
    expect(r.state.seats[BLUE]!.explorers).toEqual(['bahia', 'rio']);
    expect(game.activeSeats(r.state)).toEqual([RED]);
  });
});

describe('End of the game', () => {
  /** Quiet turns until the game is over; the seats that took them. */
  const finish = (s: NavState, limit = 12) => {
    const seats: number[] = [];
    const events: NavEvent[] = [];
    while (s.status === 'playing' && seats.length < limit) {
      const r = passTurn(s);
      seats.push(r.seat);
      events.push(...r.events);
      s = r.state;
    }
    return { seats, state: s, events };
  };

  it('Nagasaki explored: one final turn each, the trigger included, then the game ends', () => {
    const s = inAction(4, GREEN, SAILING, (s) => {
      exploredAllBut(s, 'nagasaki');
      shipsAt(s, GREEN, { macau: 3, portugal: 1 });
    });
    const r = playAll(s, [
      [GREEN, { type: 'moveShip', from: 'macau', to: 'nagasaki' }],
      [GREEN, { type: 'moveShip', from: 'macau', to: 'nagasaki' }],
      [GREEN, { type: 'moveShip', from: 'macau', to: 'nagasaki' }],
      [GREEN, { type: 'done' }],
    ]);
    expect(r.events.map((e) => e.type).slice(-4)).toEqual(['Explored', 'ActionEnded', 'EndTriggered', 'TurnEnded']);
    expect(r.events).toContainEqual({ type: 'EndTriggered', seat: GREEN, reason: 'nagasaki' });
    expect(r.state.finalTurns).toBe(4);
    const end = finish(r.state);
    expect(end.seats).toEqual([BLUE, RED, YELLOW, GREEN]);
    expect(end.state.status).toBe('over');
    expect(end.events.at(-1)!.type).toBe('GameEnded');
    expect(game.outcome(end.state)!.results).toHaveLength(4);
    expect(game.activeSeats(end.state)).toEqual([]);
    nav.given([], end.state).when(RED, { type: 'move', field: SAILING }).thenRejects('GAME_OVER');
  });

  it('Nagasaki explored when the last ships reach it: the exploration and the end are not lost', () => {
    const s = inAction(4, GREEN, SAILING, (s) => {
      exploredAllBut(s, 'nagasaki');
      shipsAt(s, GREEN, { macau: 3 });
    });
    const r = playAll(s, [
      [GREEN, { type: 'moveShip', from: 'macau', to: 'nagasaki' }],
      [GREEN, { type: 'moveShip', from: 'macau', to: 'nagasaki' }],
      [GREEN, { type: 'moveShip', from: 'macau', to: 'nagasaki' }],
    ]);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'Explored', region: 'nagasaki', lost: 2 }));
    expect(r.events).toContainEqual({ type: 'EndTriggered', seat: GREEN, reason: 'nagasaki' });
  });

  it('the last building taken: one final turn each, the trigger included', () => {
    const s = inAction(3, YELLOW, BUILDINGS, (s) => {
      Object.assign(s.built, { sugarFactory: 6, goldFactory: 6, spiceFactory: 5, shipyard: 7, church: 7 });
      s.seats[YELLOW]!.cash = 500;
    });
    expect(legalOfType(s, YELLOW, 'build').map((c) => c.kind)).toEqual(['spiceFactory']);
    const r = play(s, YELLOW, { type: 'build', kind: 'spiceFactory' });
    expect(r.events).toEqual([
      { type: 'Built', seat: YELLOW, kind: 'spiceFactory', price: 190 },
      { type: 'ActionEnded', seat: YELLOW, action: 'buildings' },
      { type: 'EndTriggered', seat: YELLOW, reason: 'buildings' },
      { type: 'TurnEnded', seat: YELLOW, next: GREEN },
    ]);
    const end = finish(r.state);
    expect(end.seats).toEqual([GREEN, RED, YELLOW]);
    expect(end.state.status).toBe('over');
  });

  it('Nagasaki explored with the Navegador: the regular turn first, then one final turn each, him included', () => {
    const s = inPlay(4, (s) => {
      s.turn = BLUE;
      exploredAllBut(s, 'nagasaki');
      shipsAt(s, BLUE, { macau: 3, portugal: 1 });
    });
    const r = playAll(s, [
      [BLUE, { type: 'useNavegador' }],
      [BLUE, { type: 'moveShip', from: 'macau', to: 'nagasaki' }],
      [BLUE, { type: 'moveShip', from: 'macau', to: 'nagasaki' }],
      [BLUE, { type: 'moveShip', from: 'macau', to: 'nagasaki' }],
      [BLUE, { type: 'done' }],
    ]);
    expect(r.events).toContainEqual({ type: 'EndTriggered', seat: BLUE, reason: 'nagasaki' });
    expect(game.activeSeats(r.state)).toEqual([BLUE]);
    expect(r.state.finalTurns).toBeNull(); // the regular turn is not a final turn
    const end = finish(r.state);
    expect(end.seats).toEqual([BLUE, RED, YELLOW, GREEN, BLUE]);
    expect(end.state.status).toBe('over');
  });

  // The scoring example: 3 ships, 5 workers, 400–599 Cruzados, and the sheet below.
  const scoringExample = (cash: number) =>
    inPlay(4, (s) => {
      const red = s.seats[RED]!;
      shipsAt(s, RED, { portugal: 1, guine: 2 });
      red.workers = 5;
      red.cash = cash;
      red.colonies = [
        { good: 'sugar', value: 40 },
        { good: 'gold', value: 50 },
        { good: 'gold', value: 60 },
        { good: 'spices', value: 70 },
      ];
      red.factories = { sugar: 2, gold: 2, spices: 2 }; // with the wildcard: 7
      red.explorers = ['guine', 'bahia', 'rio', 'angola', 'cabo'];
      red.shipyards = 1;
      red.churches = 2;
      red.privileges = { colony: 0, factory: 2, explorer: 2, shipyard: 0, church: 1 };
    });

  it('the 97-VP scoring example, with the King’s privilege where it scores most (the third factory privilege)', () => {
    const score = finalScores(scoringExample(450))[RED]!;
    expect(score).toMatchObject({
      ships: 3,
      workers: 5,
      cash: 2,
      columns: { colony: 1 * 4, factory: 5 * 7, explorer: 7 * 5, shipyard: 3 * 1, church: 5 * 2 },
      king: 'factory',
      total: 97,
    });
    for (const [cash, vp] of [
      [400, 97],
      [599, 97],
      [399, 96],
      [600, 98],
    ] as const)
      expect(finalScores(scoringExample(cash))[RED]!.total).toBe(vp);
  });

  it('the King’s privilege pays no cash and goes only to a column with a free position', () => {
    const s = scoringExample(450);
    s.seats[RED]!.privileges.factory = 3;
    const score = finalScores(s)[RED]!;
    // Factories are full (5 VP each); explorers gain most: 8 × 5.
    expect(score.king).toBe('explorer');
    expect(score.columns).toMatchObject({ factory: 35, explorer: 40 });
    const g = game.evolve(s, { type: 'GameEnded', scores: finalScores(s) });
    expect(g.seats[RED]!.cash).toBe(450);
    expect(g.seats[RED]!.king).toBe('explorer');
  });

  it('a tie is won by the Navegador’s holder, else by the next player who would receive it (to the holder’s right)', () => {
    // Everyone equal: the holder first, then to its right.
    const equal = inPlay(3, (s) => void (s.navegador = { holder: GREEN, marker: null }));
    const ranks = (s: NavState) => finalScores(s).map((x) => x.rank);
    expect(new Set(finalScores(equal).map((x) => x.total)).size).toBe(1);
    expect(ranks(equal)).toEqual([3, 2, 1]); // Green, then Yellow, then Red
    // Red and Yellow tie for first; Green (the holder) is behind: Yellow would receive the card next.
    const tie = inPlay(3, (s) => {
      s.navegador = { holder: GREEN, marker: null };
      s.seats[GREEN]!.workers = 2;
    });
    expect(ranks(tie)).toEqual([2, 1, 3]);
    // The holder Red wins the tie with Yellow.
    const red = inPlay(3, (s) => {
      s.navegador = { holder: RED, marker: null };
      s.seats[GREEN]!.workers = 2;
    });
    expect(ranks(red)).toEqual([1, 2, 3]);
    const outcome = game.outcome(game.evolve(red, { type: 'GameEnded', scores: finalScores(red) }))!;
    expect(outcome.winners).toEqual([RED]);
  });
});
