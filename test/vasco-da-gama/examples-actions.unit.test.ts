/**
 * The rulebook's worked examples for the four actions and launching, with its numbers:
 * Purchase Projects, launching, the four recruiting cases and the expedition example.
 */
import { describe, expect, it } from 'vitest';
import { describe as logLine } from '../../domain/games/vasco-da-gama/log';
import { projectName } from '../../domain/games/vasco-da-gama/names';
import { sailorCount } from '../../domain/games/vasco-da-gama/rules';
import { BLACK, BLUE, RED, YELLOW, game, limitOf, phase2, play, projectLike, legalOf } from './fixtures';

const NAMES = ['Yellow', 'Red', 'Black', 'Blue'];

describe('Purchase Projects example', () => {
  // Red, Yellow and Blue each act in Purchase Projects with a free number.
  const begin = () =>
    phase2(
      4,
      [
        [RED, 12, 'projects'],
        [YELLOW, 13, 'projects'],
        [BLUE, 14, 'projects'],
      ],
      {
        arrange: (s) => void (s.saoGabriel = projectLike({ crew: 3, limit: 6, reals: 1 })),
      },
    );

  it('costs 1 Real for one project, 4 for two, and the crew size for São Gabriel, which is launched at once', () => {
    let { state: s } = begin();
    const reals = s.seats.map((p) => p.reals);
    const [a, b, c] = [s.row[0]!, s.row[1]!, s.row[2]!];

    let r = play(s, RED, { type: 'purchase', spaces: [0] });
    expect(r.events).toContainEqual({ type: 'ProjectsPurchased', seat: RED, spaces: [0], projects: [a], price: 1 });
    s = r.state;
    expect(s.seats[RED]!.reals).toBe(reals[RED]! - 1);
    expect(s.seats[RED]!.projects).toEqual([a]);

    // Spaces given in any order mean the same purchase.
    r = play(s, YELLOW, { type: 'purchase', spaces: [2, 1] });
    expect(r.events).toContainEqual({ type: 'ProjectsPurchased', seat: YELLOW, spaces: [1, 2], projects: [b, c], price: 4 });
    s = r.state;
    expect(s.seats[YELLOW]!.reals).toBe(reals[YELLOW]! - 4);

    const gabriel = s.saoGabriel!;
    r = play(s, BLUE, { type: 'purchaseSaoGabriel' });
    expect(r.events).toContainEqual({ type: 'SaoGabrielPurchased', seat: BLUE, project: gabriel, price: 3 });
    expect(logLine({ type: 'SaoGabrielPurchased', seat: BLUE, project: gabriel, price: 3 }, NAMES)).toBe(
      `Blue buys the São Gabriel, ${projectName(gabriel)}, for 3 Reals; it is launched at once`,
    );
    s = r.state;
    expect(s.seats[BLUE]!.reals).toBe(reals[BLUE]! - 3);
    expect(s.seats[BLUE]!.ships).toEqual([gabriel]); // ship side up: launched without crew
    expect(s.seats[BLUE]!.projects).toEqual([]);
  });

  it('pays for the right to act separately from the purchase', () => {
    // Free number 8; Red's number 5 costs 3 for the right, then 4 for two projects.
    const { state } = phase2(4, [[RED, 5, 'projects']]);
    const before = state.seats[RED]!.reals;
    const r = play(state, RED, { type: 'purchase', spaces: [3, 4] });
    expect(r.state.seats[RED]!.reals).toBe(before - 3 - 4);
  });

  it('offers no purchase the player cannot afford', () => {
    const { state } = phase2(4, [[RED, 12, 'projects']], { arrange: (s) => void (s.seats[RED]!.reals = 3) });
    expect(legalOf(state, RED, 'purchase').every((c) => c.spaces.length === 1)).toBe(true);
    const r = game.decide(state, { type: 'purchase', spaces: [0, 1] }, RED);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.rejection.message).toMatch(/costs 4 Reals, and you have 3/);
  });
});

describe('Launch example', () => {
  it('Yellow recruits 1 orange, 1 grey, 2 turquoise, then launches the 3-crew project with orange, turquoise and a missionary', () => {
    const three = projectLike({ crew: 3, limit: 6, reals: 2 });
    const four = projectLike({ crew: 4, limit: 7, reals: 1 });
    let { state: s } = phase2(4, [[YELLOW, 12, 'recruiting']], {
      arrange: (s) => {
        const y = s.seats[YELLOW]!;
        y.projects = [three, four]; // bought without the crew
        y.missionaries = 1;
        y.sailors.violet = 1;
        s.missionaries -= 1;
        s.bag.violet -= 1;
        s.sections[1] = { orange: 1, turquoise: 2, violet: 0, grey: 2 };
      },
    });
    // Neither project can be launched yet.
    expect(legalOf(s, YELLOW, 'launch')).toEqual([]);
    s = play(s, YELLOW, { type: 'recruitFrom', section: 1 }).state;
    s = play(s, YELLOW, { type: 'recruit', sailors: { orange: 1, grey: 1, turquoise: 2 }, captain: false }).state;
    expect(s.seats[YELLOW]!.sailors).toEqual({ orange: 1, turquoise: 2, violet: 1, grey: 1 });

    const bag = { ...s.bag };
    const missionaries = s.missionaries;
    // The crew may be given in any order; all members must differ in colour.
    const r = play(s, YELLOW, { type: 'launch', project: three, crew: ['missionary', 'turquoise', 'orange'] });
    expect(r.events).toEqual([{ type: 'ShipLaunched', seat: YELLOW, project: three, crew: ['orange', 'turquoise', 'missionary'] }]);
    const y = r.state.seats[YELLOW]!;
    expect(y.ships).toEqual([three]);
    expect(y.projects).toEqual([four]);
    expect(y.sailors).toEqual({ orange: 0, turquoise: 1, violet: 1, grey: 1 });
    expect(y.missionaries).toBe(0);
    expect(r.state.bag).toEqual({ ...bag, orange: bag.orange + 1, turquoise: bag.turquoise + 1 });
    expect(r.state.missionaries).toBe(missionaries + 1); // back to the Characters Area
    // Two turquoise sailors may not crew one ship.
    const bad = game.commandSchema.safeParse({ type: 'launch', project: four, crew: ['turquoise', 'turquoise', 'violet', 'grey'] });
    expect(bad.success).toBe(false);
  });

  it('is allowed out of turn, and a captain is not needed to launch', () => {
    const ship = projectLike({ crew: 2, limit: 5, reals: 1 });
    const { state } = phase2(4, [[RED, 12, 'characters']], {
      arrange: (s) => {
        const b = s.seats[BLUE]!;
        b.projects = [ship];
        b.sailors.grey = 1;
        b.sailors.orange = 1;
        b.captains = 0;
      },
    });
    expect(game.activeSeats(state)).toEqual([RED]);
    const r = play(state, BLUE, { type: 'launch', project: ship, crew: ['grey', 'orange'] });
    expect(r.state.seats[BLUE]!.ships).toEqual([ship]);
    expect(r.state.call).toEqual(state.call); // nothing changed for anyone else
  });
});

describe('Recruiting examples', () => {
  const begin = () =>
    phase2(
      4,
      [
        [YELLOW, 12, 'recruiting'],
        [RED, 13, 'recruiting'],
        [BLUE, 14, 'recruiting'],
        [BLACK, 15, 'recruiting'],
      ],
      {
        arrange: (s) => {
          s.sections[0] = { orange: 0, turquoise: 1, violet: 3, grey: 1 };
          s.sections[2] = { orange: 1, turquoise: 2, violet: 1, grey: 1 };
          s.sections[3] = { orange: 1, turquoise: 3, violet: 0, grey: 1 };
        },
      },
    );

  it('runs the four cases with the rulebook costs', () => {
    let { state: s } = begin();
    const reals = s.seats.map((p) => p.reals);

    // Yellow: section 4, 3 Reals for two colours: 1 orange and 3 turquoise.
    s = play(s, YELLOW, { type: 'recruitFrom', section: 3 }).state;
    let r = play(s, YELLOW, { type: 'recruit', sailors: { orange: 1, turquoise: 3 }, captain: false });
    const recruited = r.events.find((e) => e.type === 'SailorsRecruited')!;
    expect(recruited).toMatchObject({ cost: 3, captain: false, captainCost: 0 });
    expect(logLine(recruited, NAMES)).toBe('Yellow recruits 1 orange and 3 turquoise sailors for 3 Reals');
    s = r.state;
    expect(s.seats[YELLOW]!.reals).toBe(reals[YELLOW]! - 3);
    expect(s.sections[3]).toEqual({ orange: 0, turquoise: 0, violet: 0, grey: 1 });

    // Red: section 3, 6 Reals for three colours (4 sailors), and 4 Reals for a captain.
    s = play(s, RED, { type: 'recruitFrom', section: 2 }).state;
    r = play(s, RED, { type: 'recruit', sailors: { orange: 1, turquoise: 2, violet: 1 }, captain: true });
    expect(r.events.find((e) => e.type === 'SailorsRecruited')).toMatchObject({ cost: 6, captain: true, captainCost: 4 });
    s = r.state;
    expect(s.seats[RED]!.reals).toBe(reals[RED]! - 10);
    expect(s.seats[RED]!.captains).toBe(2);
    expect(s.seats[RED]!.captainsInRecruiting).toBe(5);

    // Blue: section 1, 1 Real for 3 violet sailors.
    s = play(s, BLUE, { type: 'recruitFrom', section: 0 }).state;
    r = play(s, BLUE, { type: 'recruit', sailors: { violet: 3 }, captain: false });
    expect(r.events.find((e) => e.type === 'SailorsRecruited')).toMatchObject({ cost: 1 });
    s = r.state;
    expect(s.seats[BLUE]!.reals).toBe(reals[BLUE]! - 1);

    // Black: only a captain, for free.
    r = play(s, BLACK, { type: 'recruitCaptain' });
    expect(r.events).toContainEqual({ type: 'CaptainRecruited', seat: BLACK });
    expect(r.state.seats[BLACK]!.reals).toBe(reals[BLACK]!);
    expect(r.state.seats[BLACK]!.captains).toBe(2);
  });

  it('takes sailors from the chosen section only, and never more than it holds', () => {
    let { state: s } = begin();
    s = play(s, YELLOW, { type: 'recruitFrom', section: 3 }).state;
    const r = game.decide(s, { type: 'recruit', sailors: { violet: 1, orange: 0, turquoise: 0, grey: 0 }, captain: false }, YELLOW);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.rejection.message).toMatch(/only 0 violet/);
    // Every offered choice stays within section 4 and within Yellow's money.
    for (const c of legalOf(s, YELLOW, 'recruit')) {
      expect(c.sailors.orange).toBeLessThanOrEqual(1);
      expect(c.sailors.turquoise).toBeLessThanOrEqual(3);
      expect(c.sailors.violet).toBe(0);
      expect(sailorCount(c.sailors)).toBeGreaterThan(0);
    }
  });
});

describe('Expedition example', () => {
  const ids: string[] = [];
  const blue9 = projectLike({ limit: 9, vp: 1, crew: 5 }, ids);
  const blue7 = projectLike({ limit: 7, reals: 1, crew: 4 }, ids);
  const blue4 = projectLike({ limit: 4, reals: 2 }, ids);
  const red7a = projectLike({ limit: 7, vp: 1 }, ids);
  const red7b = projectLike({ limit: 7, reals: 2, crew: 4 }, ids);
  const yellow6 = projectLike({ limit: 6 }, ids);
  const black11 = projectLike({ limit: 11 }, ids);
  const black7a = projectLike({ limit: 7 }, ids);
  const black7b = projectLike({ limit: 7, vp: 2, crew: 5 }, ids);

  const begin = () =>
    phase2(
      4,
      [
        [BLUE, 10, 'navigation'],
        [RED, 11, 'navigation'],
        [YELLOW, 12, 'navigation'],
        [BLACK, 13, 'navigation'],
      ],
      {
        arrange: (s) => {
          s.seats[BLUE]!.ships = [blue9, blue7, blue4];
          s.seats[BLUE]!.captains = 3;
          s.seats[RED]!.ships = [red7a, red7b];
          s.seats[RED]!.captains = 2;
          s.seats[YELLOW]!.ships = [yellow6];
          s.seats[BLACK]!.ships = [black11, black7a, black7b];
          s.seats[BLACK]!.captains = 3;
          s.landings.calicut[0] = null; // the test setup's merchant ship is out of the way
        },
      },
    );

  it('plays the four expeditions with the rulebook numbers', () => {
    let { state: s } = begin();
    const vp = () => s.seats.map((p) => p.vp);
    const reals = () => s.seats.map((p) => p.reals);
    let vp0 = vp();
    let reals0 = reals();

    // Blue: 9- and 7-limit ships to the leftmost Malindi slots worth 9 and 7: 16 VP and 2 Reals.
    s = play(s, BLUE, { type: 'expedition', landing: 'malindi' }).state;
    s = play(s, BLUE, { type: 'sendShip', ship: blue9, slot: 0 }).state;
    // The 4-limit ship fits nowhere in Malindi.
    expect(legalOf(s, BLUE, 'sendShip').some((c) => c.ship === blue4)).toBe(false);
    let r = play(s, BLUE, { type: 'sendShip', ship: blue7, slot: 2 });
    s = r.state;
    // Nothing else can go; the landing's bonus (1 Real a ship) comes with the end of the expedition.
    expect(r.events).toContainEqual({ type: 'ExpeditionEnded', seat: BLUE, landing: 'malindi', ships: 2, reals: 2 });
    expect(vp()[BLUE]! - vp0[BLUE]!).toBe(16);
    expect(reals()[BLUE]! - reals0[BLUE]!).toBe(2);
    expect(s.seats[BLUE]!.ships).toEqual([blue4]);
    expect(s.seats[BLUE]!.captains).toBe(1); // the unused captain stays in supply

    // Red: two 7-limit ships to Mozambique, slots worth 6 and 5 (his choice): 11 VP and 2 captains.
    vp0 = vp();
    const captains = s.seats[RED]!.captains;
    s = play(s, RED, { type: 'expedition', landing: 'mozambique' }).state;
    expect(
      legalOf(s, RED, 'sendShip')
        .filter((c) => c.ship === red7a)
        .map((c) => c.slot),
    ).toEqual([0, 1, 2]);
    s = play(s, RED, { type: 'sendShip', ship: red7a, slot: 0 }).state;
    // With both ships sent, the expedition ends by itself.
    r = play(s, RED, { type: 'sendShip', ship: red7b, slot: 1 });
    s = r.state;
    expect(r.events).toContainEqual({ type: 'ExpeditionEnded', seat: RED, landing: 'mozambique', ships: 2, captains: 2 });
    expect(s.pending).toEqual([]);
    expect(vp()[RED]! - vp0[RED]!).toBe(11);
    expect(s.seats[RED]!.captains).toBe(captains - 2 + 2);

    // Yellow: a 6-limit ship to Terra de Boa Gente: 5 VP and a sailor, drawn from the bag.
    vp0 = vp();
    const bag = sailorCount(s.bag);
    s = play(s, YELLOW, { type: 'expedition', landing: 'terraDeBoaGente' }).state;
    s = play(s, YELLOW, { type: 'sendShip', ship: yellow6, slot: 0 }).state;
    expect(s.pending.at(-1)).toEqual({ kind: 'sailorBonus', seat: YELLOW });
    r = play(s, YELLOW, { type: 'drawSailor' });
    s = r.state;
    expect(vp()[YELLOW]! - vp0[YELLOW]!).toBe(5);
    expect(sailorCount(s.seats[YELLOW]!.sailors)).toBe(1);
    expect(sailorCount(s.bag)).toBe(bag - 1);

    // Black: 11-, 7- and 7-limit ships to the remaining Malindi slots (9, 7, 6): 22 VP and 3 Reals.
    vp0 = vp();
    reals0 = reals();
    s = play(s, BLACK, { type: 'expedition', landing: 'malindi' }).state;
    s = play(s, BLACK, { type: 'sendShip', ship: black11, slot: 1 }).state;
    s = play(s, BLACK, { type: 'sendShip', ship: black7a, slot: 3 }).state;
    r = play(s, BLACK, { type: 'sendShip', ship: black7b, slot: 4 });
    s = r.state;
    expect(vp()[BLACK]! - vp0[BLACK]!).toBe(22);
    expect(reals()[BLACK]! - reals0[BLACK]!).toBe(3);
    expect(s.landings.malindi.every((x) => x !== null)).toBe(true); // Malindi is complete
    expect(limitOf(black7b)).toBe(7);
  });

  it('needs a captain for every ship sent', () => {
    const { state } = phase2(4, [[BLUE, 10, 'navigation']], {
      arrange: (s) => {
        s.seats[BLUE]!.ships = [blue9];
        s.seats[BLUE]!.captains = 0;
      },
    });
    // No captain: the expedition cannot start, and with nothing to launch the action is given up.
    expect(state.call).toBeNull();
    expect(state.seats[BLUE]!.ships).toEqual([blue9]);
  });
});
