/** What the rulebook leaves to the players, and the printed components: where spices for progress come from, discards at any time, the supply of additional action cards, the rule variant. */
import { describe, expect, it } from 'vitest';
import {
  A,
  card,
  colony,
  eventsOf,
  game,
  hand,
  inActions,
  legalOfType,
  openTileAuction,
  plantation,
  play,
  rejected,
  seatOf,
  situation,
  winTile,
} from './fixtures';

describe('spices paid for progress', () => {
  // "The player takes the required spices from his plantations and/or colonies."
  const table = () =>
    inActions(2, (s) => {
      plantation(s, s.flag, A.single('pepper'), 1);
      colony(s, s.flag, 'quilon-3', 'pepper', 1);
    });

  it('come from the plantation or the colony, as the player chooses', () => {
    const s = table();
    const seat = s.flag;
    // Harvest 1 → 2 costs 1 pepper and 1 ship: two ways to pay it.
    expect(legalOfType(s, seat, 'progress').filter((c) => c.column === 'harvest' && !c.card)).toEqual([
      { type: 'progress', column: 'harvest', from: [A.single('pepper')] },
      { type: 'progress', column: 'harvest', from: ['quilon-3'] },
    ]);
    const r = play(s, seat, { type: 'progress', column: 'harvest', from: ['quilon-3'] });
    expect(r.events).toContainEqual({
      type: 'SpicesRemoved',
      seat,
      spots: [{ spot: 'quilon-3', count: 1 }],
      reason: 'progress in harvest',
    });
    expect(seatOf(r.state, seat).colonies.quilon!.filled).toBe(0);
    expect(seatOf(r.state, seat).plantations[0]!.filled).toBe(1);
    expect(game.describe(r.events.find((e) => e.type === 'SpicesRemoved')!, ['Ana', 'Bruno'])).toMatch(/Quilon/);
  });

  it('must be chosen when there is a choice, and only from spots that hold them', () => {
    const s = table();
    expect(rejected(s, s.flag, { type: 'progress', column: 'harvest' }).message).toMatch(
      /^Your spices lie in more than one place: choose where each one comes from/,
    );
    expect(rejected(s, s.flag, { type: 'progress', column: 'harvest', from: ['quilon-1'] }).message).toMatch(/do not hold the pepper/);
  });

  it('need no choice when they lie in one place', () => {
    const s = inActions(2, (s) => plantation(s, s.flag, A.single('pepper'), 1));
    expect(legalOfType(s, s.flag, 'progress').filter((c) => c.column === 'harvest')).toEqual([{ type: 'progress', column: 'harvest' }]);
  });
});

describe('additional action cards', () => {
  // Components: "10 additional action cards"; "The players put the additional action cards they use back in the supply."
  it('come from a supply of 10: a gain beyond it is cut short, and says so', () => {
    const s = inActions(3, (s) => {
      seatOf(s, 1).extraActions = 5;
      seatOf(s, 2).extraActions = 4;
    });
    // The Additional actions tile gives 2; one card is left in the supply.
    const r = winTile(s, 0, A.extraActions);
    const gained = eventsOf(r.events, 'Gained').find((e) => e.reason.includes('Additional actions'))!;
    expect(gained).toMatchObject({ extraActions: 1, short: 1 });
    expect(seatOf(r.state, 0).extraActions).toBe(1);
    expect(game.describe(gained, ['Ana', 'Bruno', 'Carla'])).toMatch(
      /takes 1 additional action card and finds no more additional action card in the supply/,
    );
    expect(game.view(r.state, 1).extraSupply).toBe(0);
  });

  it('go back to the supply when used', () => {
    let s = inActions(2, (s) => {
      s.stage = 'extra';
      s.passed = [false, false];
      seatOf(s, s.flag).extraActions = 2;
    });
    expect(game.view(s, null).extraSupply).toBe(8);
    s = play(s, s.flag, { type: 'extraAction' }).state;
    expect(game.view(s, null).extraSupply).toBe(9);
  });
});

describe('expedition cards', () => {
  // "A player may discard any number of expedition cards at any time in the game!"
  it("may be discarded out of turn, during auctions and others' turns, and only by their holder", () => {
    const other = (s: ReturnType<typeof inActions>) => (s.flag + 1) % 2;
    let s = inActions(2, (s) => hand(s, (s.flag + 1) % 2, [card('ships', 1), card('ducats', 2)]));
    const seat = other(s);
    expect(game.activeSeats(s)).toEqual([s.flag]);
    expect(game.legal(s, seat)).toEqual([
      { type: 'discardCard', card: card('ships', 1) },
      { type: 'discardCard', card: card('ducats', 2) },
    ]);
    const r = play(s, seat, { type: 'discardCard', card: card('ships', 1) });
    expect(r.events).toEqual([{ type: 'CardDiscarded', seat, card: card('ships', 1), from: 'hand' }]);
    s = r.state;
    expect(seatOf(s, seat).hand).toEqual([card('ducats', 2)]);
    expect(game.activeSeats(s)).toEqual([s.flag]); // nothing else moved
    // Anything else out of turn is still refused; a card it no longer holds too (discarding is allowed, that card is not).
    expect(rejected(s, seat, { type: 'taxes' }).code).toBe('NOT_YOUR_TURN');
    expect(rejected(s, seat, { type: 'discardCard', card: card('ships', 1) })).toEqual({
      code: 'ILLEGAL',
      message: 'You do not hold that card (allowed now: discardCard).',
    });
    // During an auction too.
    const auction = inActions(3, (s) => {
      openTileAuction(s, 1, A.ships);
      hand(s, 0, [card('spices', 1)]);
    });
    expect(game.activeSeats(auction)).toEqual([2]);
    expect(play(auction, 0, { type: 'discardCard', card: card('spices', 1) }).state.seats[0]!.hand).toEqual([]);
  });
});

describe('the rule variant (a game option)', () => {
  // "After preparation and before beginning the game, each player, starting with the starting player and
  // continuing clockwise around the table, moves 2 of his success markers to the second row on his
  // development board or takes 10 ducats from the bank."
  const start = (variant: boolean) => situation(game.setup({ players: 3, seed: 42, options: { variant } }));

  it('lets each player, the starting player first, take 10 ducats or move 2 markers to row 2', () => {
    let s = start(true);
    const [first, second, third] = [s.flag, (s.flag + 1) % 3, (s.flag + 2) % 3];
    expect(game.activeSeats(s)).toEqual([first]);
    expect(game.legal(s, first)).toHaveLength(1 + 10); // 10 ducats, or any 2 of the 5 columns
    const ducats = seatOf(s, first).ducats;
    s = play(s, first, { type: 'startWithDucats' }).state;
    expect(seatOf(s, first).ducats).toBe(ducats + 10);
    expect(game.activeSeats(s)).toEqual([second]);
    const r = play(s, second, { type: 'startWithRows', columns: ['ships', 'taxes'] });
    expect(eventsOf(r.events, 'Progressed').map((e) => [e.column, e.row])).toEqual([
      ['ships', 1],
      ['taxes', 1],
    ]);
    expect(game.describe(eventsOf(r.events, 'Progressed')[0]!, ['A', 'B', 'C'])).toMatch(/moves the ships marker to row 2 for free/);
    s = r.state;
    expect(seatOf(s, second).rows).toMatchObject({ ships: 1, taxes: 1, harvest: 0, expedition: 0, colonists: 0 });
    expect(rejected(s, third, { type: 'startWithRows', columns: ['taxes', 'ships'] }).message).toMatch(/in the board's order/);
    expect(rejected(s, third, { type: 'startWithRows', columns: ['ships', 'ships'] }).message).toMatch(/two different columns/);
    s = play(s, third, { type: 'startWithDucats' }).state;
    // Then the game begins: the starting player places the flag.
    expect(s.stage).toBe('markers');
    expect(game.activeSeats(s)).toEqual([first]);
    expect(legalOfType(s, first, 'placeFlag').length).toBeGreaterThan(0);
  });

  it('is off unless chosen', () => {
    const s = start(false);
    expect(s.pending).toEqual([]);
    expect(legalOfType(s, s.flag, 'placeFlag').length).toBeGreaterThan(0);
    expect(game.optionsSchema.safeParse({ variant: 'yes' }).success).toBe(false);
  });
});

describe('grid spaces in the log', () => {
  it('are counted from 1, and an edge space is named by the row or column it lies beside', () => {
    const names = ['Ana', 'Bruno'];
    expect(game.describe({ type: 'FlagPlaced', seat: 0, pos: { r: 1, c: -1 } } as never, names)).toBe(
      'Ana places the flag at the left edge beside row 2',
    );
    expect(game.describe({ type: 'MarkerPlaced', seat: 1, number: 2, pos: { r: 0, c: 2 } } as never, names)).toBe(
      'Bruno places auction marker 2 at row 1, column 3',
    );
    expect(game.describe({ type: 'FlagPlaced', seat: 1, pos: { r: 5, c: 4 } } as never, names)).toBe(
      'Bruno places the flag at the bottom edge below column 5',
    );
  });
});
