/**
 * Every worked example of the Goa rulebook with the rulebook's numbers: preparation,
 * auction markers, the flag and tile auctions, the six actions, expedition hand limits, founding
 * colonies, the complete example round, additional actions, first-to-reach and all-markers bonuses,
 * every tile, the expedition cards, part B, the 42-VP scoring example and bad input.
 * Where a picture carried what the text lost (which tile lies where, which card was drawn, what was
 * bid for the four tiles), `arrange`/`gameSetUp` put the table where the text's numbers say it was;
 * docs/games/goa.md says which numbers are reconstructed.
 */
import { describe, expect, it } from 'vitest';
import { CARDS, COLUMNS, DATA, TILES } from '../../domain/games/goa/data';
import type { GoaEvent } from '../../domain/games/goa/events';
import { finalScores, scoreOf } from '../../domain/games/goa/scoring';
import type { GoaState } from '../../domain/games/goa/types';
import { spec } from '../support/decider-spec';
import {
  A,
  B,
  BLUE,
  GREEN,
  RED,
  YELLOW,
  card,
  cardsWithSymbol,
  colony,
  deckTop,
  eventsOf,
  exampleSetUp,
  filled,
  game,
  gameSetUp,
  hand,
  inActions,
  legalOfType,
  openTileAuction,
  ownTile,
  plantation,
  play,
  playAll,
  rejected,
  rows,
  seatOf,
  situation,
  winTile,
} from './fixtures';

const goa = spec<GoaState, GoaEvent>(game);
const pos = (r: number, c: number) => ({ r, c });
const key = (p: { r: number; c: number }) => `${p.r},${p.c}`;
const keys = (ps: readonly { r: number; c: number }[]) => ps.map(key).sort();

// ————————————————————————————————————————————————————————————————————————————————
describe('Preparation', () => {
  it.each([2, 3, 4])('%i players: 4 ships, 2 colonists; the tiger-card player has the flag and 7 ducats, the others 10', (players) => {
    const events = game.setup({ players, options: {}, seed: 42 });
    const setup = events[0] as Extract<GoaEvent, { type: 'GameSetUp' }>;
    const s = situation(events);
    // The players turn cards in seat order until a tiger shows: that player starts.
    expect(CARDS[setup.discard.at(-1)!]!.symbol).toBe('tiger');
    expect(setup.discard.slice(0, -1).every((c) => CARDS[c]!.symbol !== 'tiger')).toBe(true);
    expect(setup.flag).toBe((setup.discard.length - 1) % players);
    s.seats.forEach((p, seat) => {
      expect(p).toMatchObject({ ships: 4, colonists: 2, extraActions: 0, hand: [], plantations: [], colonies: {}, tiles: [] });
      expect(p.ducats).toBe(seat === setup.flag ? 7 : 10);
      expect(Object.values(p.rows)).toEqual([0, 0, 0, 0, 0]); // 5 success markers in the top row
    });
    // 25 of the 27 A tiles on the grid, 2 back in the box unseen; the 27 B tiles wait.
    const grid = s.grid.flat();
    expect(grid).toHaveLength(25);
    expect(new Set(grid).size).toBe(25);
    expect(grid.every((id) => id!.startsWith('A-'))).toBe(true);
    expect([...s.tileDeck].sort()).toEqual(DATA.tilesB.value.map((t) => t.id).sort());
    // 30 expedition cards; 18 colony tiles face up; auction markers 1–3 / 1–4 / 1–5.
    expect(s.deck.length + s.discard.length).toBe(30);
    expect(s.colonyTiles).toHaveLength(18);
    expect(DATA.markersByPlayers.value[players]).toBe(players + 1);
    expect(game.activeSeats(s)).toEqual([setup.flag]);
    expect(s.stage).toBe('markers');
  });

  it('the tiles of part A: 3 plantations per spice (1 single, 2 double) and one each of the other tiles, 2 Ships/Colonists', () => {
    const kinds = DATA.tilesA.value.map((t) => (t.kind === 'plantation' ? `${t.spice}-${t.fields}` : t.kind)).sort();
    expect(DATA.tilesA.value).toHaveLength(27);
    expect(kinds.filter((k) => k.startsWith('clove'))).toEqual(['clove-1', 'clove-2', 'clove-2']);
    expect(kinds.filter((k) => k === 'shipsOrColonists')).toHaveLength(2);
    expect(DATA.tilesB.value).toHaveLength(27);
    expect(DATA.colonyTiles.value.map((t) => t.colony)).toEqual([
      ...Array(5).fill('quilon'),
      ...Array(4).fill('cochin'),
      ...Array(5).fill('madras'),
      ...Array(4).fill('calicut'),
    ]);
  });
});

// ————————————————————————————————————————————————————————————————————————————————
/** The example's grid: the colonists tile, the cloves and ginger plantations and the colonist tile along a trail from the top edge. */
const EXAMPLE_TILES = [
  { r: 0, c: 0, tile: A.colonists },
  { r: 1, c: 1, tile: A.double('clove') },
  { r: 2, c: 2, tile: A.single('ginger') },
  { r: 3, c: 3, tile: A.colonist },
];

describe('I. Place auction markers', () => {
  it('the flag goes on an edge space next to a tile (not diagonally: no corner), or on an empty space of the playing area', () => {
    const s = situation([exampleSetUp()]);
    const spaces = legalOfType(s, YELLOW, 'placeFlag');
    // A full grid: the 20 edge spaces beside the 5 × 5 area, no corner, no tile.
    expect(spaces).toHaveLength(20);
    expect(spaces.every((p) => p.r === -1 || p.r === 5 || p.c === -1 || p.c === 5)).toBe(true);
    expect(spaces.some((p) => (p.r === -1 || p.r === 5) && (p.c === -1 || p.c === 5))).toBe(false);
    goa
      .given([], s)
      .when(YELLOW, { type: 'placeFlag', r: 2, c: 2 })
      .thenRejects('ILLEGAL', /empty space or an edge space/);
    goa
      .given([], s)
      .when(YELLOW, { type: 'placeFlag', r: -1, c: -1 })
      .thenRejects('ILLEGAL', /not diagonally/);
    // A space emptied by an earlier auction may take the flag.
    const holed = situation([exampleSetUp()], (s) => void (s.grid[2]![2] = null));
    expect(keys(legalOfType(holed, YELLOW, 'placeFlag'))).toContain('2,2');
    // An empty space with no tile orthogonally beside it may not.
    const lonely = situation([exampleSetUp()], (s) => {
      for (const [r, c] of [
        [0, 0],
        [0, 1],
        [1, 0],
      ])
        s.grid[r!]![c!] = null;
    });
    expect(keys(legalOfType(lonely, YELLOW, 'placeFlag'))).not.toContain('0,0');
    expect(keys(legalOfType(lonely, YELLOW, 'placeFlag'))).toContain('0,1');
  });

  it('the example: Yellow places the flag on the edge, Red 2 diagonally on the colonists tile, Green 3, Blue 4, Yellow 5 — each next to or diagonal to the last', () => {
    let s = situation([exampleSetUp({ tiles: EXAMPLE_TILES })]);
    expect(game.activeSeats(s)).toEqual([YELLOW]);
    s = play(s, YELLOW, { type: 'placeFlag', r: -1, c: 1 }).state;
    expect(s.markers).toEqual([{ seat: YELLOW, number: 1, pos: pos(-1, 1) }]);
    // Marker 2: a tile next to or diagonal to the flag.
    expect(game.activeSeats(s)).toEqual([RED]);
    expect(keys(legalOfType(s, RED, 'placeMarker'))).toEqual(['0,0', '0,1', '0,2']);
    goa
      .given([], s)
      .when(RED, { type: 'placeMarker', r: 1, c: 1 })
      .thenRejects('ILLEGAL', /next to or diagonal to the last marker/);
    s = play(s, RED, { type: 'placeMarker', r: 0, c: 0 }).state;
    // Marker 3: next to marker 2, never on a marker.
    expect(game.activeSeats(s)).toEqual([GREEN]);
    expect(keys(legalOfType(s, GREEN, 'placeMarker'))).toEqual(['0,1', '1,0', '1,1']);
    s = play(s, GREEN, { type: 'placeMarker', r: 1, c: 1 }).state;
    expect(keys(legalOfType(s, BLUE, 'placeMarker'))).toEqual(['0,1', '0,2', '1,0', '1,2', '2,0', '2,1', '2,2']);
    goa.given([], s).when(BLUE, { type: 'placeMarker', r: 0, c: 0 }).thenRejects('ILLEGAL');
    s = play(s, BLUE, { type: 'placeMarker', r: 2, c: 2 }).state;
    // The starting player places the highest marker.
    expect(game.activeSeats(s)).toEqual([YELLOW]);
    const last = play(s, YELLOW, { type: 'placeMarker', r: 3, c: 3 });
    expect(eventsOf(last.events, 'MarkerPlaced')).toEqual([{ type: 'MarkerPlaced', seat: YELLOW, number: 5, pos: pos(3, 3) }]);
    // All five placed: the flag auction opens, Yellow auctioneer, bidding from her left.
    expect(eventsOf(last.events, 'AuctionOpened')).toEqual([
      { type: 'AuctionOpened', lot: 'flag', tile: null, auctioneer: YELLOW, toBid: [RED, GREEN, BLUE, YELLOW] },
    ]);
    expect(last.state.stage).toBe('auctions');
  });

  it.each([
    [2, [0, 1, 0]],
    [3, [0, 1, 2, 0]],
    [4, [0, 1, 2, 3, 0]],
  ] as const)(
    '%i players: the flag owner places the flag (marker 1), the others clockwise one marker each, the flag owner the last',
    (players, seats) => {
      let s = situation([gameSetUp(players)]);
      const placedBy: number[] = [];
      while (s.stage === 'markers') {
        const seat = game.activeSeats(s)[0]!;
        const c = game.legal(s, seat)[0]!;
        const r = play(s, seat, c);
        for (const e of r.events) if (e.type === 'FlagPlaced' || e.type === 'MarkerPlaced') placedBy.push(e.seat);
        s = r.state;
      }
      expect(placedBy).toEqual([...seats]);
    },
  );

  it('a broken trail: with no free tile next to the last marker, any free tile; the next player continues from there', () => {
    // Around the corner tile (0,0) every tile is gone: marker 2 has one place (placed for Red), marker 3 any free tile.
    let s = situation([exampleSetUp()], (s) => {
      s.grid[0]![1] = null;
      s.grid[1]![0] = null;
      s.grid[1]![1] = null;
    });
    const r = play(s, YELLOW, { type: 'placeFlag', r: -1, c: 0 });
    expect(eventsOf(r.events, 'MarkerPlaced')).toEqual([{ type: 'MarkerPlaced', seat: RED, number: 2, pos: pos(0, 0) }]);
    s = r.state;
    const free = legalOfType(s, GREEN, 'placeMarker');
    expect(free).toHaveLength(21); // 25 − 3 taken − the one under marker 2
    s = play(s, GREEN, { type: 'placeMarker', r: 4, c: 4 }).state;
    expect(keys(legalOfType(s, BLUE, 'placeMarker'))).toEqual(['3,3', '3,4', '4,3']);
  });
});

// ————————————————————————————————————————————————————————————————————————————————
/** The example table after the five markers are placed (the flag auction is open). */
function exampleAuctions(arrange?: (s: GoaState) => void): GoaState {
  let s = situation([exampleSetUp({ tiles: EXAMPLE_TILES })], arrange);
  s = playAll(s, [
    [YELLOW, { type: 'placeFlag', r: -1, c: 1 }],
    [RED, { type: 'placeMarker', r: 0, c: 0 }],
    [GREEN, { type: 'placeMarker', r: 1, c: 1 }],
    [BLUE, { type: 'placeMarker', r: 2, c: 2 }],
    [YELLOW, { type: 'placeMarker', r: 3, c: 3 }],
  ]).state;
  return s;
}

describe('II. Tile auctions', () => {
  it('ruling flagAllPass: when every other seat passes on the flag, its auctioneer takes it for nothing, with its additional action card', () => {
    let s = exampleAuctions();
    for (const seat of [RED, GREEN]) s = play(s, seat, { type: 'pass' }).state;
    // The last pass closes it: the auctioneer has no bid against himself to make.
    const r = play(s, BLUE, { type: 'pass' });
    expect(eventsOf(r.events, 'AuctionWon')).toEqual([
      { type: 'AuctionWon', seat: YELLOW, auctioneer: YELLOW, amount: 0, lot: 'flag', tile: null },
    ]);
    expect(eventsOf(r.events, 'Gained')).toEqual([{ type: 'Gained', seat: YELLOW, extraActions: 1, reason: 'the flag' }]);
    expect(r.state.flag).toBe(YELLOW);
    expect(seatOf(r.state, YELLOW).ducats).toBe(7);
  });

  it('the example: Yellow "0", Red 4, Green passes, Blue 6, Yellow passes — Blue pays Yellow 6, takes the flag and an additional action card', () => {
    let s = exampleAuctions();
    expect(s.auction).toMatchObject({ lot: 'flag', auctioneer: YELLOW, high: 0, highBidder: YELLOW });
    s = play(s, RED, { type: 'bid', amount: 4 }).state;
    s = play(s, GREEN, { type: 'pass' }).state;
    s = play(s, BLUE, { type: 'bid', amount: 6 }).state;
    const r = play(s, YELLOW, { type: 'pass' });
    expect(eventsOf(r.events, 'AuctionWon')).toEqual([
      { type: 'AuctionWon', seat: BLUE, auctioneer: YELLOW, amount: 6, lot: 'flag', tile: null },
    ]);
    expect(eventsOf(r.events, 'Gained')).toEqual([{ type: 'Gained', seat: BLUE, extraActions: 1, reason: 'the flag' }]);
    s = r.state;
    expect(seatOf(s, YELLOW).ducats).toBe(7 + 6);
    expect(seatOf(s, BLUE).ducats).toBe(10 - 6);
    expect(seatOf(s, RED).ducats).toBe(10);
    expect(s.flag).toBe(BLUE);
    expect(seatOf(s, BLUE).extraActions).toBe(1);
    // The number-1 marker is back; the next auction is the tile under Red's number-2 marker.
    expect(s.markers.map((m) => m.number)).toEqual([2, 3, 4, 5]);
    expect(s.auction).toMatchObject({ lot: pos(0, 0), auctioneer: RED, toBid: [GREEN, BLUE, YELLOW, RED], high: 0 });
    expect(game.activeSeats(s)).toEqual([GREEN]);
  });

  it('the auctioneer bidding highest keeps the flag, takes the card and pays the bank', () => {
    let s = exampleAuctions();
    s = playAll(s, [
      [RED, { type: 'bid', amount: 4 }],
      [GREEN, { type: 'pass' }],
      [BLUE, { type: 'pass' }],
    ]).state;
    const r = play(s, YELLOW, { type: 'bid', amount: 5 });
    expect(eventsOf(r.events, 'AuctionWon')[0]).toMatchObject({ seat: YELLOW, auctioneer: YELLOW, amount: 5 });
    expect(seatOf(r.state, YELLOW).ducats).toBe(7 - 5);
    expect(r.state.seats.map((p) => p.ducats)).toEqual([2, 10, 10, 10]); // nobody else gets the 5
    expect(r.state.flag).toBe(YELLOW);
    expect(seatOf(r.state, YELLOW).extraActions).toBe(1);
  });

  it('everyone passes: the auctioneer keeps the flag for free (and is not asked to bid against nobody)', () => {
    let s = exampleAuctions();
    s = playAll(s, [
      [RED, { type: 'pass' }],
      [GREEN, { type: 'pass' }],
    ]).state;
    const r = play(s, BLUE, { type: 'pass' });
    expect(eventsOf(r.events, 'AuctionWon')[0]).toMatchObject({ seat: YELLOW, auctioneer: YELLOW, amount: 0 });
    expect(r.state.seats.map((p) => p.ducats)).toEqual([7, 10, 10, 10]);
    expect(r.state.flag).toBe(YELLOW);
    // Read as "whoever ends with the flag takes the card" (the Flag tile: "The player, who buys the flag … takes an additional action card").
    expect(seatOf(r.state, YELLOW).extraActions).toBe(1);
    expect(r.state.auction!.auctioneer).toBe(RED);
  });

  it('each bid must be higher than the one before, and each player bids once, clockwise, the auctioneer last', () => {
    let s = exampleAuctions();
    expect(legalOfType(s, RED, 'bid').map((b) => b.amount)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1)); // 1 … his 10 ducats
    goa
      .given([], s)
      .when(RED, { type: 'bid', amount: 11 })
      .thenRejects('ILLEGAL', /cannot bid that much/);
    s = play(s, RED, { type: 'bid', amount: 4 }).state;
    goa
      .given([], s)
      .when(GREEN, { type: 'bid', amount: 4 })
      .thenRejects('ILLEGAL', /higher than 4/);
    goa
      .given([], s)
      .when(GREEN, { type: 'bid', amount: 3 })
      .thenRejects('ILLEGAL', /higher than 4/);
    expect(legalOfType(s, GREEN, 'bid')[0]!.amount).toBe(5);
    // Red has had his turn: no second bid.
    goa.given([], s).when(RED, { type: 'bid', amount: 7 }).thenRejects('NOT_YOUR_TURN');
    s = play(s, GREEN, { type: 'pass' }).state;
    s = play(s, BLUE, { type: 'pass' }).state;
    goa.given([], s).when(GREEN, { type: 'bid', amount: 9 }).thenRejects('NOT_YOUR_TURN');
    // The auctioneer (7 ducats) has the last chance.
    expect(game.activeSeats(s)).toEqual([YELLOW]);
    expect(legalOfType(s, YELLOW, 'bid').map((b) => b.amount)).toEqual([5, 6, 7]);
  });

  it('a player who cannot bid higher is asked all the same, and may only pass (the table does not learn that his money ran short)', () => {
    const s = exampleAuctions((s) => void (seatOf(s, GREEN).ducats = 3));
    const r = play(s, RED, { type: 'bid', amount: 4 });
    expect(r.events).toEqual([{ type: 'Bid', seat: RED, amount: 4 }]);
    expect(game.activeSeats(r.state)).toEqual([GREEN]);
    expect(game.legal(r.state, GREEN).filter((c) => c.type !== 'discardCard')).toEqual([{ type: 'pass' }]);
    expect(rejected(r.state, GREEN, { type: 'bid', amount: 5 }).message).toMatch(/cannot bid that much/);
    const passed = play(r.state, GREEN, { type: 'pass' });
    expect(passed.events).toEqual([{ type: 'Passed', seat: GREEN }]);
    expect(game.activeSeats(passed.state)).toEqual([BLUE]);
  });

  it('a tile auction: the highest bidder pays the auctioneer and takes the tile; the auctioneer highest pays the bank', () => {
    let s = inActions(3, (s) => openTileAuction(s, 1, A.ships));
    // Seat 1 auctions: seat 2, seat 0, then seat 1 bid.
    s = play(s, 2, { type: 'bid', amount: 2 }).state;
    let r = play(s, 0, { type: 'bid', amount: 3 });
    r = play(r.state, 1, { type: 'pass' });
    expect(eventsOf(r.events, 'AuctionWon')[0]).toMatchObject({ seat: 0, auctioneer: 1, amount: 3, tile: A.ships });
    expect(r.state.seats.map((p) => [p.ducats, p.ships])).toEqual([
      [7 - 3, 4 + 4],
      [13, 4],
      [10, 4],
    ]);
    expect(r.state.grid[0]![0]).toBeNull();
    // The same, the auctioneer outbidding: 4 to the bank.
    s = inActions(3, (s) => openTileAuction(s, 1, A.ships));
    s = playAll(s, [
      [2, { type: 'bid', amount: 2 }],
      [0, { type: 'bid', amount: 3 }],
    ]).state;
    r = play(s, 1, { type: 'bid', amount: 4 });
    expect(r.state.seats.map((p) => [p.ducats, p.ships])).toEqual([
      [7, 4],
      [6, 8],
      [10, 4],
    ]);
  });

  it('after the last auction the player actions begin with the flag owner', () => {
    let s = inActions(3, (s) => openTileAuction(s, 1, A.ships));
    s = playAll(s, [
      [2, { type: 'pass' }],
      [0, { type: 'pass' }],
    ]).state;
    expect(s).toMatchObject({ stage: 'actions', actionSet: 1, turn: 0 });
    expect(seatOf(s, 1).ships).toBe(8);
  });
});

// ————————————————————————————————————————————————————————————————————————————————
describe('III. Player actions: progress on the development board', () => {
  it('red moves his taxes marker from row 2 to row 3: 1 pepper, 1 cinnamon and 2 ships back to the supply', () => {
    const s = inActions(4, (s) => {
      s.turn = RED;
      rows(s, RED, { taxes: 1 });
      plantation(s, RED, A.single('pepper'));
      plantation(s, RED, A.double('cinnamon'));
    });
    const r = goa.given([], s).when(RED, { type: 'progress', column: 'taxes' }).accepted();
    expect(eventsOf(r.events, 'Progressed')).toEqual([
      { type: 'Progressed', seat: RED, column: 'taxes', row: 2, ships: 2, spices: ['cinnamon', 'pepper'], ducats: 0 },
    ]);
    expect(seatOf(r.state, RED).rows.taxes).toBe(2);
    expect(seatOf(r.state, RED).ships).toBe(2);
    expect(filled(r.state, RED)).toEqual({ [A.single('pepper')]: 0, [A.double('cinnamon')]: 1 });
    // Taxes now bring 6 instead of 5 (reconstructed row values 4-5-6-7-8).
    expect(DATA.rowValues.value.taxes[2]).toBe(6);
  });

  it('the example round: Yellow colonists 1→2 costs 1 clove and 1 ship, 2→3 costs 1 ginger, 1 clove and 2 ships', () => {
    const s = inActions(4, (s) => {
      plantation(s, YELLOW, A.double('clove'));
      colony(s, YELLOW, 'quilon-1', 'ginger');
    });
    let r = play(s, YELLOW, { type: 'progress', column: 'colonists' });
    expect(eventsOf(r.events, 'Progressed')[0]).toMatchObject({ row: 1, ships: 1, spices: ['clove'] });
    const next = inActions(4, (s) => {
      plantation(s, YELLOW, A.double('clove'), 1);
      colony(s, YELLOW, 'quilon-1', 'ginger');
      rows(s, YELLOW, { colonists: 1 });
      seatOf(s, YELLOW).ships = 3;
    });
    r = play(next, YELLOW, { type: 'progress', column: 'colonists' });
    expect(eventsOf(r.events, 'Progressed')[0]).toMatchObject({ row: 2, ships: 2, spices: ['clove', 'ginger'] });
    expect(seatOf(r.state, YELLOW)).toMatchObject({ ships: 1, rows: { colonists: 2 } });
    expect(filled(r.state, YELLOW)).toEqual({ [A.double('clove')]: 0, 'quilon-1': 0 });
  });

  it('the example round: Green ships 1→2 costs 1 ginger and 1 ship; 2→3 with the "only ships" card costs 2 ships and no spices', () => {
    let s = inActions(4, (s) => {
      s.turn = GREEN;
      plantation(s, GREEN, A.single('ginger'));
      hand(s, GREEN, [card('progressShips', 1)]);
    });
    let r = play(s, GREEN, { type: 'progress', column: 'ships' });
    expect(eventsOf(r.events, 'Progressed')[0]).toMatchObject({ seat: GREEN, column: 'ships', row: 1, ships: 1, spices: ['ginger'] });
    expect(seatOf(r.state, GREEN).ships).toBe(3);
    // Row 2 → 3 asks ginger and cinnamon, which Green lacks: only the card makes it possible.
    s = inActions(4, (s) => {
      s.turn = GREEN;
      rows(s, GREEN, { ships: 1 });
      seatOf(s, GREEN).ships = 3;
      hand(s, GREEN, [card('progressShips', 1)]);
    });
    expect(legalOfType(s, GREEN, 'progress')).toEqual([
      { type: 'progress', column: 'ships', card: card('progressShips', 1) },
      { type: 'progress', column: 'harvest', card: card('progressShips', 1) },
      { type: 'progress', column: 'taxes', card: card('progressShips', 1) },
      { type: 'progress', column: 'expedition', card: card('progressShips', 1) },
      { type: 'progress', column: 'colonists', card: card('progressShips', 1) },
    ]);
    goa
      .given([], s)
      .when(GREEN, { type: 'progress', column: 'ships' })
      .thenRejects('ILLEGAL', /needs ginger, cinnamon and as many ships/);
    r = play(s, GREEN, { type: 'progress', column: 'ships', card: card('progressShips', 1) });
    expect(eventsOf(r.events, 'Progressed')[0]).toMatchObject({ row: 2, ships: 2, spices: [], ducats: 0 });
    expect(eventsOf(r.events, 'CardPlayed')).toEqual([{ type: 'CardPlayed', seat: GREEN, card: card('progressShips', 1) }]);
    expect(seatOf(r.state, GREEN)).toMatchObject({ ships: 1, hand: [] });
    expect(r.state.discard).toContain(card('progressShips', 1));
  });

  it('without the ships (one per spice) there is no progress; a marker in the bottom row moves no more', () => {
    const s = inActions(2, (s) => {
      plantation(s, 0, A.single('ginger'));
      seatOf(s, 0).ships = 0;
      rows(s, 0, { harvest: 4 });
    });
    expect(legalOfType(s, 0, 'progress')).toEqual([]);
    goa.given([], s).when(0, { type: 'progress', column: 'ships' }).thenRejects('ILLEGAL');
    goa
      .given([], s)
      .when(0, { type: 'progress', column: 'harvest' })
      .thenRejects('ILLEGAL', /already in the last row/);
  });

  it('the progress costs grow by one spice (and one ship) a row', () => {
    for (const column of COLUMNS) {
      expect(DATA.progressCost.value[column].map((c) => c.length)).toEqual([1, 2, 3, 4]);
    }
  });
});

describe('III. Player actions: build ships, harvest, taxes', () => {
  it('build ships with the marker in the second row: 2 ships', () => {
    const s = inActions(2, (s) => rows(s, 0, { ships: 1 }));
    goa
      .given([], s)
      .when(0, { type: 'buildShips' })
      .thenIncludes([
        { type: 'ActionTaken', seat: 0, action: 'buildShips' },
        { type: 'Gained', seat: 0, ships: 2, reason: 'build ships' },
      ]);
  });

  it('harvest in the fourth row: 4 spices onto empty fields, one at a time where the player chooses', () => {
    let s = inActions(2, (s) => {
      rows(s, 0, { harvest: 3 });
      plantation(s, 0, A.double('clove'), 0);
      plantation(s, 0, A.double('pepper'), 0);
      plantation(s, 0, A.single('nutmeg'), 0);
    });
    const r = play(s, 0, { type: 'harvest' });
    expect(r.state.pending.at(-1)).toMatchObject({ kind: 'placeSpices', count: 4 });
    expect(legalOfType(r.state, 0, 'placeSpice').map((c) => c.spot)).toEqual([A.double('clove'), A.double('pepper'), A.single('nutmeg')]);
    s = r.state;
    for (const spot of [A.double('clove'), A.single('nutmeg'), A.double('clove')]) s = play(s, 0, { type: 'placeSpice', spot }).state;
    // One spice left, one plantation open: placed at once.
    expect(s.pending).toEqual([]);
    expect(filled(s, 0)).toEqual({ [A.double('clove')]: 2, [A.double('pepper')]: 1, [A.single('nutmeg')]: 1 });
  });

  it('harvest greater than the empty fields: only what there is room for', () => {
    const s = inActions(2, (s) => {
      rows(s, 0, { harvest: 3 });
      plantation(s, 0, A.double('clove'), 1);
      plantation(s, 0, A.single('nutmeg'), 0);
    });
    const r = play(s, 0, { type: 'harvest' });
    expect(eventsOf(r.events, 'SpicesPlaced').reduce((n, e) => n + e.count, 0)).toBe(2);
    expect(filled(r.state, 0)).toEqual({ [A.double('clove')]: 2, [A.single('nutmeg')]: 1 });
    // With every field full there is nothing to harvest.
    const full = inActions(2, (s) => plantation(s, 0, A.double('clove')));
    expect(legalOfType(full, 0, 'harvest')).toEqual([]);
  });

  it('taxes: 6 ducats in the third row; Blue takes 4 ducats in the first row', () => {
    const s = inActions(4, (s) => rows(s, 0, { taxes: 2 }));
    expect(eventsOf(play(s, 0, { type: 'taxes' }).events, 'Gained')[0]).toMatchObject({ ducats: 6 });
    const blue = inActions(4, (s) => void (s.turn = BLUE));
    const r = play(blue, BLUE, { type: 'taxes' });
    expect(eventsOf(r.events, 'Gained')[0]).toMatchObject({ seat: BLUE, ducats: 4 });
    expect(seatOf(r.state, BLUE).ducats).toBe(14);
  });

  it('one action a turn; using a tile or playing a card is no action', () => {
    let s = inActions(2, (s) => {
      ownTile(s, 0, A.ship);
      hand(s, 0, [card('ducats', 1)]);
    });
    s = play(s, 0, { type: 'useTile', tile: A.ship }).state;
    s = play(s, 0, { type: 'playCard', card: card('ducats', 1) }).state;
    expect(s.acted).toBe(false);
    expect(seatOf(s, 0)).toMatchObject({ ships: 5, ducats: 12 });
    const r = play(s, 0, { type: 'taxes' });
    // Nothing is left to do: the turn passes by itself.
    expect(eventsOf(r.events, 'TurnEnded')).toEqual([{ type: 'TurnEnded', seat: 0 }]);
    expect(r.state.turn).toBe(1);
    const t = inActions(2, (s) => hand(s, 0, [card('ducats', 1)]));
    const after = play(t, 0, { type: 'taxes' }).state;
    expect(after.turn).toBe(0); // the card could still be played
    goa
      .given([], after)
      .when(0, { type: 'buildShips' })
      .thenRejects('ILLEGAL', /already taken your action/);
  });
});

// ————————————————————————————————————————————————————————————————————————————————
describe('III. Player actions: expedition and the hand limit', () => {
  const X = [card('ships', 1), card('colonists', 1), card('ducats', 1), card('spices', 1), card('sellSpices', 1)];

  it('Example 1: 1 card in hand, marker in the 4th row: takes 2 cards (limit 4) and keeps all 3', () => {
    const s = inActions(2, (s) => {
      rows(s, 0, { expedition: 3 });
      hand(s, 0, [X[0]!]);
      deckTop(s, [X[1]!, X[2]!]);
    });
    const r = play(s, 0, { type: 'expedition' });
    expect(eventsOf(r.events, 'CardsDrawn')).toEqual([
      { type: 'CardsDrawn', seat: 0, cards: [X[1], X[2]], to: 'hand', reshuffled: null, rng: null, reason: 'expedition' },
    ]);
    expect(seatOf(r.state, 0).hand).toEqual([X[0], X[1], X[2]]);
    expect(game.view(r.state, 0).players[0]!.handLimit).toBe(4);
  });

  it('ruling emptyDeck: a deck that runs out is refilled from the discards; with both empty, no Expedition, but a colony attempt still', () => {
    const refill = inActions(2, (s) => {
      rows(s, 0, { expedition: 3 });
      s.discard = [...s.deck, ...s.discard];
      s.deck = [];
    });
    const drawn = eventsOf(play(refill, 0, { type: 'expedition' }).events, 'CardsDrawn')[0]!;
    expect(drawn.reshuffled).toHaveLength(refill.discard.length);
    expect(drawn.cards).toEqual(drawn.reshuffled!.slice(0, 2));

    const empty = inActions(2, (s) => {
      s.deck = [];
      s.discard = [];
    });
    expect(legalOfType(empty, 0, 'expedition')).toEqual([]);
    expect(legalOfType(empty, 0, 'foundColony').length).toBeGreaterThan(0);
  });

  it('Example 2: 3 cards, 4th row: may draw only 1 …', () => {
    const s = inActions(2, (s) => {
      rows(s, 0, { expedition: 3 });
      hand(s, 0, X.slice(0, 3));
      deckTop(s, [X[3]!, X[4]!]);
    });
    const open = play(s, 0, { type: 'expedition' }).state;
    expect(open.pending.at(-1)).toMatchObject({ kind: 'expedition', draws: 2 });
    expect(legalOfType(open, 0, 'drawCard')).toHaveLength(1);
    const r = play(open, 0, { type: 'drawCard' });
    expect(eventsOf(r.events, 'CardsDrawn')[0]!.cards).toEqual([X[3]]);
    expect(seatOf(r.state, 0).hand).toHaveLength(4);
  });

  it('… or discard 1 card first and then draw 2', () => {
    const s = inActions(2, (s) => {
      rows(s, 0, { expedition: 3 });
      hand(s, 0, X.slice(0, 3));
      deckTop(s, [X[3]!, X[4]!]);
    });
    const open = play(s, 0, { type: 'expedition' }).state;
    const r = play(open, 0, { type: 'discardCard', card: X[0]! });
    expect(eventsOf(r.events, 'CardsDrawn')[0]!.cards).toEqual([X[3], X[4]]);
    expect(seatOf(r.state, 0).hand).toEqual([X[1], X[2], X[3], X[4]]);
    expect(r.state.discard).toContain(X[0]);
  });

  it('… or play 1 card first (the 5 ducats) and then draw 2', () => {
    const s = inActions(2, (s) => {
      rows(s, 0, { expedition: 3 });
      hand(s, 0, X.slice(0, 3));
      deckTop(s, [X[3]!, X[4]!]);
    });
    const open = play(s, 0, { type: 'expedition' }).state;
    const r = play(open, 0, { type: 'playCard', card: X[2]! });
    expect(seatOf(r.state, 0)).toMatchObject({ ducats: 7 + 5, hand: [X[0], X[1], X[3], X[4]] });
  });

  it('cards over the limit from an Expeditions tile or a first-to-reach are kept; the next expedition must obey the limit', () => {
    // Limit 1 (first row), 1 card in hand: the Expeditions tile brings 2 more.
    let s = inActions(2, (s) => hand(s, 0, [X[0]!]));
    let r = winTile(s, 0, A.expeditions);
    expect(eventsOf(r.events, 'CardsDrawn')[0]).toMatchObject({ seat: 0, to: 'hand', reason: 'the Expeditions tile' });
    expect(seatOf(r.state, 0).hand).toHaveLength(3);
    // First to the 4th row: 1 card, even at the limit.
    s = inActions(2, (s) => {
      hand(s, 0, [X[0]!]);
      rows(s, 0, { ships: 2 });
      plantation(s, 0, A.double('ginger'));
      plantation(s, 0, A.double('cinnamon'));
      plantation(s, 0, A.double('pepper'));
    });
    r = play(s, 0, { type: 'progress', column: 'ships' });
    expect(eventsOf(r.events, 'FirstToReach')).toEqual([{ type: 'FirstToReach', seat: 0, column: 'ships', row: 3 }]);
    expect(seatOf(r.state, 0).hand).toHaveLength(2);
    // Over the limit, an expedition draws nothing until the hand is back at the limit.
    s = inActions(2, (s) => hand(s, 0, X.slice(0, 3)));
    const open = play(s, 0, { type: 'expedition' }).state;
    expect(legalOfType(open, 0, 'drawCard')).toEqual([]);
    let t = play(open, 0, { type: 'discardCard', card: X[0]! }).state;
    expect(legalOfType(t, 0, 'drawCard')).toEqual([]);
    t = play(t, 0, { type: 'discardCard', card: X[1]! }).state;
    // At the limit (1): drawing adds nothing.
    const drawn = play(t, 0, { type: 'drawCard' });
    expect(seatOf(drawn.state, 0).hand).toEqual([X[2]]);
    t = play(t, 0, { type: 'discardCard', card: X[2]! }).state;
    // Below it, the card is drawn at once.
    expect(seatOf(t, 0).hand).toHaveLength(1);
    expect(t.pending).toEqual([]);
  });
});

// ————————————————————————————————————————————————————————————————————————————————
describe('III. Player actions: found colony', () => {
  it('the example: Madras, 3 colonists on the board, drawn cards with 2 and 3, 2 colonist cards from hand = 10: founded', () => {
    const s = inActions(2, (s) => {
      rows(s, 0, { colonists: 3 });
      seatOf(s, 0).colonists = 2;
      deckTop(s, [card('ducats', 2), card('ships', 3)]);
    });
    expect(DATA.rowValues.value.colonists[3]).toBe(3);
    let r = play(s, 0, { type: 'foundColony', colony: 'madras' });
    expect(eventsOf(r.events, 'CardsDrawn')[0]).toMatchObject({ cards: [card('ducats', 2), card('ships', 3)], to: 'table' });
    expect(r.state.pending.at(-1)).toEqual({ kind: 'colony', seat: 0, colony: 'madras', base: 8 });
    expect(r.state.table).toEqual([card('ducats', 2), card('ships', 3)]);
    r = play(r.state, 0, { type: 'recruitColonists' });
    expect(eventsOf(r.events, 'ColonistsRecruited')).toEqual([
      { type: 'ColonistsRecruited', seat: 0, colony: 'madras', counted: 8, paid: 2 },
    ]);
    expect(seatOf(r.state, 0).colonists).toBe(0);
    // The drawn cards go to the discards; the player picks one of the 5 Madras tiles and one of its 2 spices.
    expect(r.state.table).toEqual([]);
    expect(r.state.discard).toEqual(expect.arrayContaining([card('ducats', 2), card('ships', 3)]));
    const choices = legalOfType(r.state, 0, 'chooseColony');
    expect(choices).toHaveLength(10);
    expect(new Set(choices.map((c) => c.tile))).toEqual(new Set(['madras-0', 'madras-1', 'madras-2', 'madras-3', 'madras-4']));
    r = play(r.state, 0, { type: 'chooseColony', tile: 'madras-2', spice: 'ginger' });
    expect(eventsOf(r.events, 'ColonyFounded')).toEqual([
      { type: 'ColonyFounded', seat: 0, colony: 'madras', tile: 'madras-2', spice: 'ginger' },
    ]);
    expect(seatOf(r.state, 0).colonies.madras).toEqual({ tile: 'madras-2', spice: 'ginger', fields: 2, filled: 2 });
    expect(r.state.colonyTiles).not.toContain('madras-2');
  });

  it('the example: Quilon fails with 0 + 2 drawn + 3 in hand = 5 of 6; Blue keeps her 3 colonists, takes 1 more, the drawn cards are discarded', () => {
    const s = inActions(4, (s) => {
      s.turn = BLUE;
      seatOf(s, BLUE).colonists = 3;
      deckTop(s, [card('colonists', 1), card('spices', 1)]);
    });
    const open = play(s, BLUE, { type: 'foundColony', colony: 'quilon' }).state;
    expect(open.pending.at(-1)).toMatchObject({ kind: 'colony', base: 2 });
    expect(legalOfType(open, BLUE, 'recruitColonists')).toEqual([]);
    goa
      .given([], open)
      .when(BLUE, { type: 'recruitColonists' })
      .thenRejects('ILLEGAL', /not have enough colonists/);
    const r = play(open, BLUE, { type: 'abandonColony' });
    expect(eventsOf(r.events, 'ColonyFailed')).toEqual([{ type: 'ColonyFailed', seat: BLUE, colony: 'quilon', had: 5, needed: 6 }]);
    expect(eventsOf(r.events, 'Gained')).toEqual([{ type: 'Gained', seat: BLUE, colonists: 1, reason: 'a failed colony' }]);
    expect(seatOf(r.state, BLUE).colonists).toBe(4);
    expect(seatOf(r.state, BLUE).colonies).toEqual({});
    expect(r.state.table).toEqual([]);
    expect(r.state.discard.slice(-2)).toEqual([card('colonists', 1), card('spices', 1)]);
  });

  it('the example: Red names Cochin (8), draws 5, pays the difference 3 from his 6 colonists and chooses cinnamon among all 5 spices', () => {
    const s = inActions(4, (s) => {
      s.turn = RED;
      seatOf(s, RED).colonists = 6;
      deckTop(s, [card('harvestMix', 2), card('colonyCard', 3)]);
    });
    let r = play(s, RED, { type: 'foundColony', colony: 'cochin' });
    r = play(r.state, RED, { type: 'recruitColonists' });
    expect(eventsOf(r.events, 'ColonistsRecruited')[0]).toMatchObject({ counted: 5, paid: 3 });
    expect(seatOf(r.state, RED).colonists).toBe(3);
    // All Cochin tiles are alike: one tile, any of the 5 spices.
    expect(legalOfType(r.state, RED, 'chooseColony')).toEqual(
      ['clove', 'cinnamon', 'ginger', 'nutmeg', 'pepper'].map((spice) => ({ type: 'chooseColony', tile: 'cochin-0', spice })),
    );
    r = play(r.state, RED, { type: 'chooseColony', tile: 'cochin-0', spice: 'cinnamon' });
    expect(seatOf(r.state, RED).colonies.cochin).toEqual({ tile: 'cochin-0', spice: 'cinnamon', fields: 1, filled: 1 });
  });

  it('enough colonists without the hand: founded at once; with enough in hand the player may still decline and takes 1 colonist', () => {
    const s = inActions(2, (s) => {
      rows(s, 0, { colonists: 4 });
      deckTop(s, [card('ducats', 1), card('ships', 1)]);
    });
    const r = play(s, 0, { type: 'foundColony', colony: 'quilon' });
    expect(eventsOf(r.events, 'ColonistsRecruited')[0]).toMatchObject({ counted: 6, paid: 0 });
    expect(r.state.pending.at(-1)).toMatchObject({ kind: 'colonyTile', colony: 'quilon' });
    const declining = inActions(2, (s) => {
      seatOf(s, 0).colonists = 9;
      deckTop(s, [card('ducats', 1), card('ships', 1)]);
    });
    const open = play(declining, 0, { type: 'foundColony', colony: 'quilon' }).state;
    expect(legalOfType(open, 0, 'recruitColonists')).toHaveLength(1);
    const no = play(open, 0, { type: 'abandonColony' });
    expect(seatOf(no.state, 0).colonists).toBe(10);
  });

  it('a colony already founded cannot be named again; Quilon and Madras offer the tiles left and their 2 spices', () => {
    const s = inActions(2, (s) => {
      colony(s, 0, 'quilon-0', 'clove');
      colony(s, 1, 'quilon-1', 'ginger');
      seatOf(s, 1).colonists = 20;
      s.colonyTiles = s.colonyTiles.filter((id) => id !== 'madras-0' && id !== 'madras-4');
    });
    expect(legalOfType(s, 0, 'foundColony').map((c) => c.colony)).toEqual(['cochin', 'madras', 'calicut']);
    goa
      .given([], s)
      .when(0, { type: 'foundColony', colony: 'quilon' })
      .thenRejects('ILLEGAL', /already founded Quilon/);
    expect(legalOfType({ ...s, turn: 1 }, 1, 'foundColony').map((c) => c.colony)).not.toContain('quilon');
    // Madras: 3 tiles left × 2 spices.
    const one = { ...s, turn: 1 } as GoaState;
    let r = play(one, 1, { type: 'foundColony', colony: 'madras' });
    r = play(r.state, 1, { type: 'recruitColonists' });
    expect(legalOfType(r.state, 1, 'chooseColony').map((c) => `${c.tile}:${c.spice}`)).toEqual([
      'madras-1:clove',
      'madras-1:pepper',
      'madras-2:ginger',
      'madras-2:pepper',
      'madras-3:ginger',
      'madras-3:nutmeg',
    ]);
    goa.given([], r.state).when(1, { type: 'chooseColony', tile: 'madras-1', spice: 'ginger' }).thenRejects('ILLEGAL');
    goa.given([], r.state).when(1, { type: 'chooseColony', tile: 'madras-0', spice: 'clove' }).thenRejects('ILLEGAL');
    // Once every tile of a colony is taken, it cannot be named.
    const gone = inActions(2, (s) => void (s.colonyTiles = s.colonyTiles.filter((id) => !id.startsWith('calicut'))));
    expect(legalOfType(gone, 0, 'foundColony').map((c) => c.colony)).toEqual(['quilon', 'cochin', 'madras']);
  });

  it('Calicut (12) takes any of 5 spices on its 2 fields', () => {
    const s = inActions(2, (s) => {
      rows(s, 0, { colonists: 4 });
      seatOf(s, 0).colonists = 8;
      deckTop(s, [card('ducats', 1), card('ships', 1)]);
    });
    let r = play(s, 0, { type: 'foundColony', colony: 'calicut' });
    r = play(r.state, 0, { type: 'recruitColonists' });
    expect(eventsOf(r.events, 'ColonistsRecruited')[0]).toMatchObject({ counted: 6, paid: 6 });
    expect(legalOfType(r.state, 0, 'chooseColony')).toHaveLength(5);
    r = play(r.state, 0, { type: 'chooseColony', tile: 'calicut-0', spice: 'nutmeg' });
    expect(seatOf(r.state, 0).colonies.calicut).toMatchObject({ spice: 'nutmeg', fields: 2, filled: 2 });
  });

  it('the "found colony" card draws 1 extra card; the Colonist tile and a "2 colonists" card help while recruiting', () => {
    const s = inActions(2, (s) => {
      hand(s, 0, [card('colonyCard', 1)]);
      deckTop(s, [card('ducats', 1), card('ships', 1), card('spices', 3)]);
    });
    const r = play(s, 0, { type: 'foundColony', colony: 'cochin', card: card('colonyCard', 1) });
    expect(eventsOf(r.events, 'CardsDrawn')[0]!.cards).toHaveLength(3);
    expect(r.state.pending.at(-1)).toMatchObject({ base: 5 });
    // Tile and card during recruiting.
    let t = inActions(2, (s) => {
      seatOf(s, 0).colonists = 0;
      ownTile(s, 0, A.colonist);
      hand(s, 0, [card('colonists', 2)]);
      deckTop(s, [card('ducats', 1), card('ships', 1)]);
    });
    t = play(t, 0, { type: 'foundColony', colony: 'cochin' }).state;
    expect(game.legal(t, 0)).toEqual([
      { type: 'abandonColony' },
      { type: 'useTile', tile: A.colonist },
      { type: 'playCard', card: card('colonists', 2) },
      { type: 'discardCard', card: card('colonists', 2) }, // at any time
    ]);
    t = play(t, 0, { type: 'playCard', card: card('colonists', 2) }).state;
    t = play(t, 0, { type: 'useTile', tile: A.colonist }).state;
    expect(seatOf(t, 0).colonists).toBe(3);
    expect(legalOfType(t, 0, 'recruitColonists')).toHaveLength(0); // 2 + 3 = 5 < 8
  });
});

// ————————————————————————————————————————————————————————————————————————————————
describe('Example for the play of a complete round', () => {
  /**
   * The cards the example's pictures showed, in drawing order (chosen to give the text's totals):
   * Blue's failed Quilon 1 + 1; Red's Cochin 2 + 3; Green's expedition the "only ships" card; Blue's
   * Quilon 1 + 1; Yellow's Quilon 1 + 2; Red's expedition the "2 ships" card.
   */
  const DRAWS = [
    card('colonists', 1),
    card('spices', 1),
    card('harvestMix', 2),
    card('colonyCard', 3),
    card('progressShips', 1),
    card('sellSpices', 1),
    card('ducats', 1),
    card('progressSpices', 1),
    card('colonyCard', 2),
    card('ships', 2),
  ];

  it('flag, auctions, three action sets from the flag owner, Blue keeps her additional action card, the next round begins with Blue', () => {
    // Red's taxes marker is in row 2 and he holds a pepper plantation: his third action is "done as described before".
    let s = situation([exampleSetUp({ tiles: EXAMPLE_TILES, top: DRAWS })], (s) => {
      rows(s, RED, { taxes: 1 });
      plantation(s, RED, A.single('pepper'));
    });
    const turns: number[] = [];
    const step = (seat: number, command: Parameters<typeof play>[2]) => {
      const r = play(s, seat, command);
      for (const e of r.events) if (e.type === 'TurnEnded') turns.push(e.seat);
      s = r.state;
      return r;
    };

    // I. Markers: flag on the edge, Red 2 diagonally on the colonists tile, Green 3 cloves, Blue 4 ginger, Yellow 5 colonist.
    step(YELLOW, { type: 'placeFlag', r: -1, c: 1 });
    step(RED, { type: 'placeMarker', r: 0, c: 0 });
    step(GREEN, { type: 'placeMarker', r: 1, c: 1 });
    step(BLUE, { type: 'placeMarker', r: 2, c: 2 });
    step(YELLOW, { type: 'placeMarker', r: 3, c: 3 });

    // II. The flag: Yellow "0", Red 4, Green passes, Blue 6, Yellow passes.
    step(RED, { type: 'bid', amount: 4 });
    step(GREEN, { type: 'pass' });
    step(BLUE, { type: 'bid', amount: 6 });
    step(YELLOW, { type: 'pass' });
    expect(s.flag).toBe(BLUE);
    // The other four tiles (the bids are not in the text; these give each tile to its buyer in the example):
    // Red's colonists tile — nobody bids, Red keeps it and takes 4 colonists at once.
    step(GREEN, { type: 'pass' });
    step(BLUE, { type: 'pass' });
    step(YELLOW, { type: 'pass' });
    expect(seatOf(s, RED).colonists).toBe(6);
    // Green's cloves plantation — Yellow 3.
    step(BLUE, { type: 'pass' });
    step(YELLOW, { type: 'bid', amount: 3 });
    step(RED, { type: 'pass' });
    step(GREEN, { type: 'pass' });
    expect(seatOf(s, YELLOW).plantations).toEqual([{ tile: A.double('clove'), spice: 'clove', fields: 2, filled: 2 }]);
    // Blue's ginger plantation — Green 2.
    step(YELLOW, { type: 'pass' });
    step(RED, { type: 'pass' });
    step(GREEN, { type: 'bid', amount: 2 });
    step(BLUE, { type: 'pass' });
    expect(seatOf(s, GREEN).plantations).toEqual([{ tile: A.single('ginger'), spice: 'ginger', fields: 1, filled: 1 }]);
    // Yellow's colonist tile — Blue 1.
    step(RED, { type: 'pass' });
    step(GREEN, { type: 'pass' });
    step(BLUE, { type: 'bid', amount: 1 });
    step(YELLOW, { type: 'pass' });
    expect(seatOf(s, BLUE).tiles).toEqual([{ id: A.colonist, kind: 'colonist', used: false }]);
    expect(s.seats.map((p) => p.ducats)).toEqual([7 + 6 - 3 + 1, 10, 10 + 3 - 2, 10 - 6 + 2 - 1]);

    // III. Blue, as owner of the flag, begins.
    expect(s).toMatchObject({ stage: 'actions', actionSet: 1, turn: BLUE });
    // Blue: the colonist tile (once this round), then found colony: Quilon, 0 + 2 drawn + 3 in hand = 5 < 6.
    step(BLUE, { type: 'useTile', tile: A.colonist });
    expect(seatOf(s, BLUE).colonists).toBe(3);
    expect(legalOfType(s, BLUE, 'useTile')).toEqual([]);
    step(BLUE, { type: 'foundColony', colony: 'quilon' });
    expect(s.pending.at(-1)).toMatchObject({ kind: 'colony', base: 2 });
    let r = step(BLUE, { type: 'abandonColony' });
    expect(eventsOf(r.events, 'ColonyFailed')[0]).toMatchObject({ had: 5, needed: 6 });
    expect(seatOf(s, BLUE).colonists).toBe(4);
    // Yellow: colonists 1 → 2 for 1 clove and 1 ship.
    r = step(YELLOW, { type: 'progress', column: 'colonists' });
    expect(eventsOf(r.events, 'Progressed')[0]).toMatchObject({ ships: 1, spices: ['clove'] });
    // Red: Cochin, 0 + 2 drawn (5 colonists) + gives up 3 of his 6: founded, cinnamon.
    step(RED, { type: 'foundColony', colony: 'cochin' });
    r = step(RED, { type: 'recruitColonists' });
    expect(eventsOf(r.events, 'ColonistsRecruited')[0]).toMatchObject({ counted: 5, paid: 3 });
    step(RED, { type: 'chooseColony', tile: 'cochin-0', spice: 'cinnamon' });
    // Green: expedition — 1 card, hand limit 1.
    r = step(GREEN, { type: 'expedition' });
    expect(eventsOf(r.events, 'CardsDrawn')[0]!.cards).toEqual([card('progressShips', 1)]);
    // With a card in hand the turn never ends by itself (that would tell the table whether it is playable now).
    expect(s).toMatchObject({ actionSet: 1, turn: GREEN });
    step(GREEN, { type: 'endTurn' });
    expect(s).toMatchObject({ actionSet: 2, turn: BLUE });

    // 2nd action: Blue founds Quilon (pepper/nutmeg, places 1 nutmeg); her colonist tile is used for this round.
    expect(legalOfType(s, BLUE, 'useTile')).toEqual([]);
    step(BLUE, { type: 'foundColony', colony: 'quilon' });
    r = step(BLUE, { type: 'recruitColonists' });
    expect(eventsOf(r.events, 'ColonistsRecruited')[0]).toMatchObject({ counted: 2, paid: 4 });
    step(BLUE, { type: 'chooseColony', tile: 'quilon-3', spice: 'nutmeg' });
    expect(seatOf(s, BLUE).colonies.quilon).toEqual({ tile: 'quilon-3', spice: 'nutmeg', fields: 1, filled: 1 });
    // Yellow founds Quilon (ginger/cinnamon, places 1 ginger): 1 on her board + 3 drawn + 2 from hand.
    step(YELLOW, { type: 'foundColony', colony: 'quilon' });
    expect(legalOfType(s, YELLOW, 'recruitColonists')).toHaveLength(1);
    step(YELLOW, { type: 'recruitColonists' });
    expect(legalOfType(s, YELLOW, 'chooseColony')).toHaveLength(8); // Blue took one of the 5 Quilon tiles
    step(YELLOW, { type: 'chooseColony', tile: 'quilon-1', spice: 'ginger' });
    // Red: expedition — 1 card (the "2 ships" card); he keeps it for later and ends his turn.
    r = step(RED, { type: 'expedition' });
    expect(eventsOf(r.events, 'CardsDrawn')[0]!.cards).toEqual([card('ships', 2)]);
    step(RED, { type: 'endTurn' });
    // Green: ships 1 → 2 for 1 ginger and 1 ship.
    r = step(GREEN, { type: 'progress', column: 'ships' });
    expect(eventsOf(r.events, 'Progressed')[0]).toMatchObject({ row: 1, ships: 1, spices: ['ginger'] });
    step(GREEN, { type: 'endTurn' });
    expect(s).toMatchObject({ actionSet: 3, turn: BLUE });

    // 3rd action: Blue taxes, 4 ducats.
    r = step(BLUE, { type: 'taxes' });
    expect(eventsOf(r.events, 'Gained')[0]).toMatchObject({ ducats: 4 });
    // Yellow: colonists 2 → 3 for 1 ginger, 1 clove and 2 ships.
    r = step(YELLOW, { type: 'progress', column: 'colonists' });
    expect(eventsOf(r.events, 'Progressed')[0]).toMatchObject({ row: 2, ships: 2, spices: ['clove', 'ginger'] });
    // Red: taxes 2 → 3, and plays the card: 2 ships.
    r = step(RED, { type: 'progress', column: 'taxes' });
    expect(eventsOf(r.events, 'Progressed')[0]).toMatchObject({ row: 2, ships: 2, spices: ['cinnamon', 'pepper'] });
    r = step(RED, { type: 'playCard', card: card('ships', 2) });
    expect(eventsOf(r.events, 'Gained')[0]).toMatchObject({ seat: RED, ships: 2 });
    // Green: ships 2 → 3 with the card: only the 2 ships.
    r = step(GREEN, { type: 'progress', column: 'ships', card: card('progressShips', 1) });
    expect(eventsOf(r.events, 'Progressed')[0]).toMatchObject({ row: 2, ships: 2, spices: [] });

    // Every player has taken 3 actions, the flag owner first in each set.
    expect(turns).toEqual([BLUE, YELLOW, RED, GREEN, BLUE, YELLOW, RED, GREEN, BLUE, YELLOW, RED, GREEN]);
    // Additional actions: Blue holds 1 and may keep it; the others hold none.
    expect(s).toMatchObject({ stage: 'extra', turn: BLUE });
    expect(game.legal(s, BLUE)).toEqual([{ type: 'extraAction' }, { type: 'pass' }]);
    r = step(BLUE, { type: 'pass' });
    expect(r.events.map((e) => e.type)).toEqual(['ExtraPassed', 'ExtraPassed', 'ExtraPassed', 'ExtraPassed', 'RoundEnded']);
    expect(eventsOf(r.events, 'RoundEnded')).toEqual([{ type: 'RoundEnded', round: 1, part: 'A' }]);

    // The round is over; the next one begins with Blue placing the flag and her number-1 marker.
    expect(s).toMatchObject({ round: 2, stage: 'markers', flag: BLUE, markers: [] });
    expect(game.activeSeats(s)).toEqual([BLUE]);
    expect(legalOfType(s, BLUE, 'placeFlag').length).toBeGreaterThan(0);
    expect(seatOf(s, BLUE).extraActions).toBe(1);
    expect(seatOf(s, BLUE).tiles).toEqual([{ id: A.colonist, kind: 'colonist', used: false }]); // face up again
    // Where everyone stands.
    expect(s.seats.map((p) => ({ ducats: p.ducats, ships: p.ships, colonists: p.colonists, hand: p.hand.length }))).toEqual([
      { ducats: 11, ships: 1, colonists: 0, hand: 0 }, // Yellow
      { ducats: 10, ships: 4, colonists: 3, hand: 0 }, // Red
      { ducats: 11, ships: 1, colonists: 2, hand: 0 }, // Green
      { ducats: 9, ships: 4, colonists: 0, hand: 0 }, // Blue
    ]);
    expect(s.seats.map((p) => p.rows)).toEqual([
      { ships: 0, harvest: 0, taxes: 0, expedition: 0, colonists: 2 },
      { ships: 0, harvest: 0, taxes: 2, expedition: 0, colonists: 0 },
      { ships: 2, harvest: 0, taxes: 0, expedition: 0, colonists: 0 },
      { ships: 0, harvest: 0, taxes: 0, expedition: 0, colonists: 0 },
    ]);
    // All 30 cards are back in deck and discards.
    expect(s.deck.length + s.discard.length).toBe(30);
  });
});

// ————————————————————————————————————————————————————————————————————————————————
describe('End of a round: additional action cards', () => {
  /** 3 players after their three actions: seat 0 (flag) holds 3 cards, seat 1 holds 1, seat 2 none. */
  const atExtras = () =>
    inActions(3, (s) => {
      s.actionSet = 3;
      s.turn = 2;
      seatOf(s, 0).extraActions = 3;
      seatOf(s, 1).extraActions = 1;
    });

  it('beginning with the starting player; more than 1 card: must play all but 1; pass is final for the round', () => {
    let s = atExtras();
    let r = play(s, 2, { type: 'taxes' });
    expect(r.state).toMatchObject({ stage: 'extra', turn: 0, extraTurn: false });
    s = r.state;
    // Seat 0 holds 3: only an additional action.
    expect(game.legal(s, 0)).toEqual([{ type: 'extraAction' }]);
    goa.given([], s).when(0, { type: 'pass' }).thenRejects('ILLEGAL');
    s = play(s, 0, { type: 'extraAction' }).state;
    expect(s).toMatchObject({ extraTurn: true, turn: 0 });
    expect(seatOf(s, 0).extraActions).toBe(2);
    r = play(s, 0, { type: 'buildShips' });
    expect(eventsOf(r.events, 'TurnEnded')).toEqual([{ type: 'TurnEnded', seat: 0 }]);
    // Seat 1 (1 card) passes and keeps it; seat 2 has none and passes by itself.
    s = r.state;
    expect(game.activeSeats(s)).toEqual([1]);
    expect(game.legal(s, 1)).toEqual([{ type: 'extraAction' }, { type: 'pass' }]);
    r = play(s, 1, { type: 'pass' });
    expect(r.events.map((e) => e.type)).toEqual(['ExtraPassed', 'ExtraPassed']);
    s = r.state;
    // Seat 0 again, 2 cards: must play.
    expect(game.legal(s, 0)).toEqual([{ type: 'extraAction' }]);
    s = play(s, 0, { type: 'extraAction' }).state;
    s = play(s, 0, { type: 'taxes' }).state;
    // Seats 1 and 2 passed for good: seat 0 again, now with 1 card, may pass.
    expect(game.activeSeats(s)).toEqual([0]);
    expect(game.legal(s, 0)).toEqual([{ type: 'extraAction' }, { type: 'pass' }]);
    r = play(s, 0, { type: 'pass' });
    expect(eventsOf(r.events, 'RoundEnded')).toHaveLength(1);
    expect(r.state.seats.map((p) => p.extraActions)).toEqual([1, 1, 0]);
    expect(r.state).toMatchObject({ round: 2, stage: 'markers' });
  });

  it('an additional action may use a card and tiles like any action turn', () => {
    let s = atExtras();
    s = play(s, 2, { type: 'taxes' }).state;
    s = play(s, 0, { type: 'extraAction' }).state;
    s.seats[0]!.hand.push(s.deck.shift()!);
    expect(legalOfType(s, 0, 'discardCard')).toHaveLength(1);
    expect(legalOfType(s, 0, 'taxes')).toHaveLength(1);
  });
});

describe('Two special cases regarding movement of success markers', () => {
  const ready = (players: number, arrange?: (s: GoaState) => void) =>
    inActions(players, (s) => {
      for (const p of s.seats) {
        p.ships = 20;
        p.ducats = 50;
      }
      arrange?.(s);
    });

  it('the first to the second-to-last row of a column draws 1 card; the next one there does not; another column is a new first', () => {
    let s = ready(2, (s) => {
      rows(s, 0, { ships: 2 });
      rows(s, 1, { ships: 2, harvest: 2 });
      hand(s, 0, [card('progressDucats', 3)]);
      hand(s, 1, [card('progressDucats', 1), card('progressDucats', 2)]);
    });
    // Red (seat 0) first to row 4 in ships.
    let r = play(s, 0, { type: 'progress', column: 'ships', card: card('progressDucats', 3) });
    expect(eventsOf(r.events, 'FirstToReach')).toEqual([{ type: 'FirstToReach', seat: 0, column: 'ships', row: 3 }]);
    expect(eventsOf(r.events, 'CardsDrawn')[0]).toMatchObject({ seat: 0, to: 'hand', reason: 'first to reach the row' });
    expect(eventsOf(r.events, 'Progressed')[0]).toMatchObject({ ducats: 10, ships: 0, spices: [] });
    s = r.state;
    // Seat 1 reaches the same row of ships second: nothing.
    r = play(s, 1, { type: 'progress', column: 'ships', card: card('progressDucats', 1) });
    expect(eventsOf(r.events, 'FirstToReach')).toEqual([]);
    expect(seatOf(r.state, 1).hand).toHaveLength(1);
    // … but first in the harvest column.
    s = { ...r.state, turn: 1, acted: false, cardPlayed: false };
    r = play(s, 1, { type: 'progress', column: 'harvest', card: card('progressDucats', 2) });
    expect(eventsOf(r.events, 'FirstToReach')).toEqual([{ type: 'FirstToReach', seat: 1, column: 'harvest', row: 3 }]);
  });

  it('the first to the last row draws 1 card too; rows above the second-to-last never do', () => {
    const s = ready(2, (s) => {
      rows(s, 0, { harvest: 3, taxes: 1 });
      hand(s, 0, [card('progressDucats', 1)]);
      s.firstReached.harvest = [true, false];
    });
    const r = play(s, 0, { type: 'progress', column: 'harvest', card: card('progressDucats', 1) });
    expect(eventsOf(r.events, 'FirstToReach')).toEqual([{ type: 'FirstToReach', seat: 0, column: 'harvest', row: 4 }]);
    expect(r.state.firstReached.harvest).toEqual([true, true]);
    const low = ready(2, (s) => hand(s, 0, [card('progressDucats', 1)]));
    expect(eventsOf(play(low, 0, { type: 'progress', column: 'taxes', card: card('progressDucats', 1) }).events, 'FirstToReach')).toEqual(
      [],
    );
  });

  it('red moves his harvest marker and has all 5 markers in the 2nd row or lower: 1 additional action card; the same for rows 3, 4 and 5, once each', () => {
    let s = ready(2, (s) => {
      rows(s, 0, { ships: 1, taxes: 2, expedition: 1, colonists: 1 });
      plantation(s, 0, A.single('pepper'));
    });
    let r = play(s, 0, { type: 'progress', column: 'harvest' });
    expect(eventsOf(r.events, 'AllRowsReached')).toEqual([{ type: 'AllRowsReached', seat: 0, row: 1 }]);
    expect(eventsOf(r.events, 'Gained')).toEqual([{ type: 'Gained', seat: 0, extraActions: 1, reason: 'all markers in a row' }]);
    expect(seatOf(r.state, 0).extraActions).toBe(1);
    // Moving another marker further does not give the row-2 card again.
    s = { ...r.state, turn: 0, acted: false };
    s.seats[0]!.plantations = [];
    plantation(s, 0, A.double('nutmeg'));
    plantation(s, 0, A.double('clove'));
    r = play(s, 0, { type: 'progress', column: 'expedition' });
    expect(eventsOf(r.events, 'AllRowsReached')).toEqual([]);
    // Row 5 everywhere (by the Vice-king's free step): the row-5 card.
    const last = ready(2, (s) => {
      rows(s, 0, { ships: 4, harvest: 4, taxes: 4, expedition: 4, colonists: 3 });
      seatOf(s, 0).allRowsBonus = 3;
      ownTile(s, 0, B.viceKing);
    });
    r = play(last, 0, { type: 'useTile', tile: B.viceKing });
    expect(eventsOf(r.events, 'AllRowsReached')).toEqual([{ type: 'AllRowsReached', seat: 0, row: 4 }]);
    expect(eventsOf(r.events, 'FirstToReach')).toEqual([{ type: 'FirstToReach', seat: 0, column: 'colonists', row: 4 }]);
  });
});

// ————————————————————————————————————————————————————————————————————————————————
describe('Description of the tiles', () => {
  /** The last action of round 1 (2 players, seat 1 to act): taxes end the round. */
  const lastTurn = (arrange?: (s: GoaState) => void) =>
    inActions(2, (s) => {
      s.actionSet = 3;
      s.turn = 1;
      arrange?.(s);
    });

  it.each([
    ['Ship', A.ship, { ships: 5 }],
    ['Colonist', A.colonist, { colonists: 3 }],
    ['Ducats', A.ducats, { ducats: 10 + 4 }],
  ] as const)('%s: once per round, turned face up when the round ends', (_name, tile, after) => {
    let s = lastTurn((s) => ownTile(s, 1, tile));
    const r = play(s, 1, { type: 'useTile', tile });
    expect(seatOf(r.state, 1)).toMatchObject(after);
    expect(seatOf(r.state, 1).tiles).toEqual([{ id: tile, kind: TILES[tile]!.kind, used: true }]);
    expect(legalOfType(r.state, 1, 'useTile')).toEqual([]);
    goa
      .given([], r.state)
      .when(1, { type: 'useTile', tile })
      .thenRejects('ILLEGAL', /cannot be used now/);
    s = play(r.state, 1, { type: 'taxes' }).state;
    expect(s.round).toBe(2);
    expect(seatOf(s, 1).tiles).toEqual([{ id: tile, kind: TILES[tile]!.kind, used: false }]);
  });

  it("Spice: 1 spice of the player's choice onto an empty field; not usable without one", () => {
    let s = inActions(2, (s) => {
      ownTile(s, 0, A.spice);
      plantation(s, 0, A.double('clove'), 1);
      plantation(s, 0, A.single('pepper'), 0);
    });
    s = play(s, 0, { type: 'useTile', tile: A.spice }).state;
    expect(legalOfType(s, 0, 'placeSpice').map((c) => c.spot)).toEqual([A.double('clove'), A.single('pepper')]);
    s = play(s, 0, { type: 'placeSpice', spot: A.single('pepper') }).state;
    expect(filled(s, 0)).toEqual({ [A.double('clove')]: 1, [A.single('pepper')]: 1 });
    const full = inActions(2, (s) => {
      ownTile(s, 0, A.spice);
      plantation(s, 0, A.double('clove'));
    });
    expect(legalOfType(full, 0, 'useTile')).toEqual([]);
  });

  it('Duty: any 6 spices back to the supply for 4 VP, once; the tile stays face down', () => {
    let s = inActions(2, (s) => {
      ownTile(s, 0, A.duty);
      plantation(s, 0, A.double('clove'));
      plantation(s, 0, A.double('pepper'));
      plantation(s, 0, A.double('ginger'));
      plantation(s, 0, A.single('nutmeg'));
    });
    s = play(s, 0, { type: 'useTile', tile: A.duty }).state;
    expect(s.pending.at(-1)).toMatchObject({ kind: 'removeSpices', count: 6, reason: 'duty' });
    // 7 spices: the player chooses which 6 (one at a time until only a forced choice is left).
    for (const spot of [A.double('clove'), A.double('clove'), A.double('pepper')]) s = play(s, 0, { type: 'removeSpice', spot }).state;
    s = play(s, 0, { type: 'removeSpice', spot: A.single('nutmeg') }).state;
    const r = play(s, 0, { type: 'removeSpice', spot: A.double('pepper') });
    expect(eventsOf(r.events, 'DutyDone')).toEqual([{ type: 'DutyDone', seat: 0, tile: A.duty }]);
    expect(filled(r.state, 0)).toEqual({
      [A.double('clove')]: 0,
      [A.double('pepper')]: 0,
      [A.double('ginger')]: 1,
      [A.single('nutmeg')]: 0,
    });
    expect(seatOf(r.state, 0).tiles).toEqual([{ id: A.duty, kind: 'duty', used: true }]);
    expect(scoreOf(seatOf(r.state, 0), 0, false).duty).toBe(4);
    // Five spices are not enough.
    const short = inActions(2, (s) => {
      ownTile(s, 0, A.duty);
      plantation(s, 0, A.double('clove'));
      plantation(s, 0, A.double('pepper'));
      plantation(s, 0, A.single('nutmeg'));
    });
    expect(legalOfType(short, 0, 'useTile')).toEqual([]);
  });

  it('Vice-king: the highest marker one row down for free; with a tie the player chooses which one', () => {
    const single = inActions(2, (s) => {
      ownTile(s, 0, B.viceKing);
      rows(s, 0, { ships: 1, harvest: 1, taxes: 1, expedition: 1 });
    });
    let r = play(single, 0, { type: 'useTile', tile: B.viceKing });
    expect(eventsOf(r.events, 'Progressed')).toEqual([
      { type: 'Progressed', seat: 0, column: 'colonists', row: 1, ships: 0, spices: [], ducats: 0 },
    ]);
    expect(seatOf(r.state, 0).tiles).toEqual([]); // once a game: discarded
    const tied = inActions(2, (s) => {
      ownTile(s, 0, B.viceKing);
      rows(s, 0, { ships: 2, harvest: 1, taxes: 1, expedition: 2, colonists: 2 });
    });
    r = play(tied, 0, { type: 'useTile', tile: B.viceKing });
    expect(game.legal(r.state, 0)).toEqual([
      { type: 'chooseColumn', column: 'harvest' },
      { type: 'chooseColumn', column: 'taxes' },
    ]);
    r = play(r.state, 0, { type: 'chooseColumn', column: 'taxes' });
    expect(seatOf(r.state, 0).rows).toMatchObject({ harvest: 1, taxes: 2 });
  });

  it("Espionage: an opponent's column gives ships, ducats or spices; colonists only while founding; no expedition cards", () => {
    const s = inActions(3, (s) => {
      ownTile(s, 0, B.espionage);
      rows(s, 1, { ships: 3, taxes: 4, colonists: 4 });
      rows(s, 2, { harvest: 2 });
      plantation(s, 0, B.triple('clove'), 0);
    });
    let r = play(s, 0, { type: 'useTile', tile: B.espionage });
    const spies = legalOfType(r.state, 0, 'spy');
    expect(spies.map((c) => `${c.seat}:${c.column}`)).toEqual(['1:ships', '1:taxes', '1:harvest', '2:ships', '2:taxes', '2:harvest']);
    expect(play(r.state, 0, { type: 'spy', seat: 1, column: 'ships' }).state.seats[0]!.ships).toBe(4 + 4);
    expect(play(r.state, 0, { type: 'spy', seat: 1, column: 'taxes' }).state.seats[0]!.ducats).toBe(7 + 8);
    expect(filled(play(r.state, 0, { type: 'spy', seat: 2, column: 'harvest' }).state, 0)).toEqual({ [B.triple('clove')]: 3 });
    goa.given([], r.state).when(0, { type: 'spy', seat: 1, column: 'colonists' }).thenRejects('ILLEGAL');
    goa.given([], r.state).when(0, { type: 'spy', seat: 0, column: 'ships' }).thenRejects('ILLEGAL');
    expect(seatOf(r.state, 0).tiles).toEqual([]);
    // While founding: colonists too, counted for the colony.
    const founding = inActions(3, (s) => {
      ownTile(s, 0, B.espionage);
      rows(s, 1, { colonists: 4 });
      deckTop(s, [card('ducats', 1), card('ships', 1)]);
    });
    r = play(founding, 0, { type: 'foundColony', colony: 'quilon' });
    r = play(r.state, 0, { type: 'useTile', tile: B.espionage });
    expect(legalOfType(r.state, 0, 'spy').map((c) => `${c.seat}:${c.column}`)).toContain('1:colonists');
    r = play(r.state, 0, { type: 'spy', seat: 1, column: 'colonists' });
    // 2 drawn + 4 spied ≥ 6: founded without paying colonists.
    expect(eventsOf(r.events, 'ColonistsRecruited')[0]).toMatchObject({ counted: 6, paid: 0 });
  });

  it('Extra harvest: fills up to 3 plantations/colonies completely', () => {
    let s = inActions(2, (s) => {
      ownTile(s, 0, B.extraHarvest);
      plantation(s, 0, B.triple('clove'), 0);
      plantation(s, 0, B.triple('pepper'), 1);
      plantation(s, 0, A.single('ginger'), 0);
      plantation(s, 0, A.double('nutmeg'), 0);
    });
    s = play(s, 0, { type: 'useTile', tile: B.extraHarvest }).state;
    expect(legalOfType(s, 0, 'placeSpice')).toHaveLength(4);
    s = play(s, 0, { type: 'placeSpice', spot: B.triple('clove') }).state;
    s = play(s, 0, { type: 'placeSpice', spot: B.triple('pepper') }).state;
    s = play(s, 0, { type: 'placeSpice', spot: A.double('nutmeg') }).state;
    expect(s.pending).toEqual([]);
    expect(filled(s, 0)).toEqual({ [B.triple('clove')]: 3, [B.triple('pepper')]: 3, [A.single('ginger')]: 0, [A.double('nutmeg')]: 2 });
    // "Up to": the player may stop earlier.
    const early = play(
      inActions(2, (s) => {
        ownTile(s, 0, B.extraHarvest);
        for (const x of ['clove', 'pepper', 'ginger', 'nutmeg'] as const) plantation(s, 0, B.double(x), 0);
      }),
      0,
      { type: 'useTile', tile: B.extraHarvest },
    ).state;
    expect(legalOfType(early, 0, 'done')).toHaveLength(1);
  });

  it.each([
    ['ships', { ships: 4 + 4 }],
    ['colonists', { colonists: 2 + 4 }],
    ['spices', null],
  ] as const)('Re-supply: 2 cards drawn (1 + 3 = 4 colonists shown), taken as %s, the cards discarded', (what, after) => {
    let s = inActions(2, (s) => {
      ownTile(s, 0, B.resupply);
      plantation(s, 0, B.triple('clove'), 0);
      plantation(s, 0, B.double('pepper'), 0);
      deckTop(s, [card('ducats', 1), card('ships', 3)]);
    });
    s = play(s, 0, { type: 'useTile', tile: B.resupply }).state;
    expect(s.table).toEqual([card('ducats', 1), card('ships', 3)]);
    expect(s.pending.at(-1)).toMatchObject({ kind: 'resupply', amount: 4 });
    expect(game.legal(s, 0)).toEqual([
      { type: 'take', what: 'ships' },
      { type: 'take', what: 'colonists' },
      { type: 'take', what: 'spices' },
    ]);
    s = play(s, 0, { type: 'take', what }).state;
    expect(s.table).toEqual([]);
    expect(s.discard.slice(-2)).toEqual([card('ducats', 1), card('ships', 3)]);
    if (after) expect(seatOf(s, 0)).toMatchObject(after);
    else {
      expect(s.pending.at(-1)).toMatchObject({ kind: 'placeSpices', count: 4 });
      for (let i = 0; i < 3; i++) s = play(s, 0, { type: 'placeSpice', spot: B.triple('clove') }).state;
      expect(filled(s, 0)).toEqual({ [B.triple('clove')]: 3, [B.double('pepper')]: 1 });
    }
  });

  it('Swap: later, takes any tile of the playing area and leaves the Swap tile in its place; the tile taken acts at once', () => {
    let s = inActions(2, (s) => {
      ownTile(s, 0, B.swap);
      s.grid[2]![3] = B.ships;
    });
    s = play(s, 0, { type: 'useTile', tile: B.swap }).state;
    expect(legalOfType(s, 0, 'swapWith').length).toBe(s.grid.flat().filter(Boolean).length);
    const r = play(s, 0, { type: 'swapWith', r: 2, c: 3 });
    expect(eventsOf(r.events, 'Swapped')).toEqual([{ type: 'Swapped', seat: 0, tile: B.ships, pos: pos(2, 3), swap: B.swap }]);
    expect(r.state.grid[2]![3]).toBe(B.swap);
    expect(seatOf(r.state, 0)).toMatchObject({ ships: 8, tiles: [] });
    // The Swap tile may be auctioned again later.
    expect(r.state.acted).toBe(false);
  });

  it.each([
    ['Ships', A.ships, { ships: 8, colonists: 2, extraActions: 0 }],
    ['Colonists', A.colonists, { ships: 4, colonists: 6, extraActions: 0 }],
    ['Settlement', A.settlement, { ships: 5, colonists: 3, extraActions: 1 }],
    ['Additional actions', A.extraActions, { ships: 4, colonists: 2, extraActions: 2 }],
  ] as const)('%s: taken at once, the tile discarded', (_name, tile, after) => {
    const r = winTile(inActions(2), 0, tile);
    expect(seatOf(r.state, 0)).toMatchObject({ ...after, tiles: [] });
  });

  it('Ships/colonists: 3 colonists or 3 ships, not a mixture', () => {
    const r = winTile(inActions(2), 0, A.shipsOrColonists);
    expect(game.legal(r.state, 0)).toEqual([
      { type: 'take', what: 'ships' },
      { type: 'take', what: 'colonists' },
    ]);
    expect(seatOf(play(r.state, 0, { type: 'take', what: 'ships' }).state, 0)).toMatchObject({ ships: 7, colonists: 2 });
    expect(seatOf(play(r.state, 0, { type: 'take', what: 'colonists' }).state, 0)).toMatchObject({ ships: 4, colonists: 5 });
  });

  it('Expeditions: 2 cards (A) or 3 cards (B)', () => {
    expect(seatOf(winTile(inActions(2), 0, A.expeditions).state, 0).hand).toHaveLength(2);
    expect(seatOf(winTile(inActions(2), 0, B.expeditions).state, 0).hand).toHaveLength(3);
  });

  it('Mission: face down, 2 or 3 VP at the end; the value is hidden from the others', () => {
    let s = winTile(inActions(2), 0, B.mission3).state;
    s = winTile(s, 0, B.mission2).state;
    expect(seatOf(s, 0).tiles.map((t) => t.kind)).toEqual(['mission', 'mission']);
    expect(scoreOf(seatOf(s, 0), 0, false).missions).toBe(5);
    expect(game.view(s, 1).players[0]!.tiles).toEqual([
      { id: null, kind: 'mission', used: false },
      { id: null, kind: 'mission', used: false },
    ]);
    expect(game.view(s, 0).players[0]!.tiles.map((t) => t.amount)).toEqual([3, 2]);
  });

  it('Plantation: placed filled; a 5th makes the player discard one of the 4 first; a discarded single plantation is kept face down for 1 VP', () => {
    let s = inActions(2, (s) => {
      plantation(s, 0, A.single('clove'), 1);
      plantation(s, 0, A.double('pepper'), 0);
      plantation(s, 0, A.double('ginger'), 2);
      plantation(s, 0, A.double('nutmeg'), 1);
    });
    const r = winTile(s, 0, A.double('cinnamon'));
    expect(r.state.pending.at(-1)).toEqual({ kind: 'discardPlantation', seat: 0, tile: A.double('cinnamon') });
    expect(legalOfType(r.state, 0, 'discardPlantation').map((c) => c.spot)).toEqual([
      A.single('clove'),
      A.double('pepper'),
      A.double('ginger'),
      A.double('nutmeg'),
    ]);
    s = play(r.state, 0, { type: 'discardPlantation', spot: A.single('clove') }).state;
    expect(seatOf(s, 0).plantations.map((x) => x.tile)).toEqual([
      A.double('pepper'),
      A.double('ginger'),
      A.double('nutmeg'),
      A.double('cinnamon'),
    ]);
    expect(filled(s, 0)[A.double('cinnamon')]).toBe(2);
    expect(seatOf(s, 0).keptSingles).toBe(1);
    expect(scoreOf(seatOf(s, 0), 0, false).plantations).toBe(1);
    // A double one discarded is gone, spices and all.
    const d = play(r.state, 0, { type: 'discardPlantation', spot: A.double('ginger') }).state;
    expect(seatOf(d, 0).keptSingles).toBe(0);
    expect(scoreOf(seatOf(d, 0), 0, false).plantations).toBe(1); // the single clove still on the board
  });
});

// ————————————————————————————————————————————————————————————————————————————————
describe('The expedition cards', () => {
  it('exactly one card per action turn; the use of a card is no action', () => {
    let s = inActions(2, (s) => hand(s, 0, [card('ships', 1), card('ducats', 1), card('progressShips', 2)]));
    s = play(s, 0, { type: 'playCard', card: card('ships', 1) }).state;
    expect(seatOf(s, 0).ships).toBe(6);
    expect(legalOfType(s, 0, 'playCard')).toEqual([]);
    goa
      .given([], s)
      .when(0, { type: 'playCard', card: card('ducats', 1) })
      .thenRejects('ILLEGAL', /already played an expedition card this turn/);
    // The action card counts too: no progress with it after another card.
    expect(legalOfType(s, 0, 'progress').filter((c) => c.card)).toEqual([]);
    // The next turn may play one again.
    // After the action nothing is left but discarding: the turn passes by itself.
    s = play(s, 0, { type: 'taxes' }).state;
    expect(s.turn).toBe(1);
    s = play(s, 1, { type: 'taxes' }).state;
    expect(s.turn).toBe(0);
    expect(legalOfType(s, 0, 'playCard')).toEqual([{ type: 'playCard', card: card('ducats', 1) }]);
    // An "A" card played with its action is the turn's one card: nothing else may be played, the turn ends.
    const a = inActions(2, (s) => hand(s, 0, [card('progressDucats', 1), card('ducats', 1)]));
    const r = play(a, 0, { type: 'progress', column: 'taxes', card: card('progressDucats', 1) });
    expect(r.state.turn).toBe(1);
    expect(seatOf(r.state, 0)).toMatchObject({ ducats: 7 - 6, hand: [card('ducats', 1)] });
  });

  it('"A" cards only with their action', () => {
    const s = inActions(2, (s) => {
      hand(s, 0, [card('progressShips', 1), card('harvestMix', 1), card('colonyCard', 1)]);
      plantation(s, 0, A.single('clove'), 0);
    });
    expect(legalOfType(s, 0, 'playCard')).toEqual([]);
    goa
      .given([], s)
      .when(0, { type: 'playCard', card: card('progressShips', 1) })
      .thenRejects('ILLEGAL', /cannot be played now/);
    expect(legalOfType(s, 0, 'harvest')).toEqual([{ type: 'harvest' }, { type: 'harvest', card: card('harvestMix', 1) }]);
    expect(legalOfType(s, 0, 'foundColony').filter((c) => c.card)).toHaveLength(4);
    // A card not in hand is not accepted.
    goa
      .given([], s)
      .when(0, { type: 'harvest', card: card('harvestMix', 2) })
      .thenRejects('ILLEGAL');
  });

  it('2 ships, 2 colonists, 5 ducats, up to 2 spices of choice', () => {
    const s = inActions(2, (s) => {
      hand(s, 0, [card('ships', 1), card('colonists', 1), card('ducats', 1), card('spices', 1)]);
      plantation(s, 0, A.double('clove'), 0);
      plantation(s, 0, A.single('pepper'), 0);
    });
    expect(seatOf(play(s, 0, { type: 'playCard', card: card('ships', 1) }).state, 0).ships).toBe(6);
    expect(seatOf(play(s, 0, { type: 'playCard', card: card('colonists', 1) }).state, 0).colonists).toBe(4);
    expect(seatOf(play(s, 0, { type: 'playCard', card: card('ducats', 1) }).state, 0).ducats).toBe(12);
    let t = play(s, 0, { type: 'playCard', card: card('spices', 1) }).state;
    expect(t.pending.at(-1)).toMatchObject({ kind: 'placeSpices', count: 2, optional: true });
    t = play(t, 0, { type: 'placeSpice', spot: A.single('pepper') }).state;
    // "Up to": stop after one, or place the second.
    expect(play(t, 0, { type: 'done' }).state.pending).toEqual([]);
    t = play(t, 0, { type: 'placeSpice', spot: A.double('clove') }).state;
    expect(filled(t, 0)).toEqual({ [A.double('clove')]: 1, [A.single('pepper')]: 1 });
  });

  it('sell spices: any number returned, 3 ducats each', () => {
    let s = inActions(2, (s) => {
      hand(s, 0, [card('sellSpices', 1)]);
      plantation(s, 0, A.double('clove'));
      plantation(s, 0, A.single('pepper'));
    });
    s = play(s, 0, { type: 'playCard', card: card('sellSpices', 1) }).state;
    s = play(s, 0, { type: 'removeSpice', spot: A.double('clove') }).state;
    s = play(s, 0, { type: 'removeSpice', spot: A.single('pepper') }).state;
    s = play(s, 0, { type: 'done' }).state;
    expect(seatOf(s, 0).ducats).toBe(7 + 6);
    expect(filled(s, 0)).toEqual({ [A.double('clove')]: 1, [A.single('pepper')]: 0 });
  });

  it('pay ducats instead: 6, 8 or 10 ducats move one marker one row, no ships, no spices', () => {
    for (const [colonists, price] of [
      [1, 6],
      [2, 8],
      [3, 10],
    ] as const) {
      const s = inActions(2, (s) => {
        hand(s, 0, [card('progressDucats', colonists)]);
        seatOf(s, 0).ducats = 10;
      });
      const r = play(s, 0, { type: 'progress', column: 'expedition', card: card('progressDucats', colonists) });
      expect(eventsOf(r.events, 'Progressed')[0]).toMatchObject({ row: 1, ships: 0, spices: [], ducats: price });
      expect(seatOf(r.state, 0)).toMatchObject({ ducats: 10 - price, ships: 4 });
    }
    const poor = inActions(2, (s) => {
      hand(s, 0, [card('progressDucats', 3)]);
      seatOf(s, 0).ducats = 9;
    });
    expect(legalOfType(poor, 0, 'progress')).toEqual([]);
  });

  it('only spices: the spices are paid, no ships', () => {
    const s = inActions(2, (s) => {
      hand(s, 0, [card('progressSpices', 1)]);
      plantation(s, 0, A.single('nutmeg'));
      seatOf(s, 0).ships = 0;
    });
    const r = play(s, 0, { type: 'progress', column: 'expedition', card: card('progressSpices', 1) });
    expect(eventsOf(r.events, 'Progressed')[0]).toMatchObject({ ships: 0, spices: ['nutmeg'] });
  });

  it('harvest as a mixture of ships, colonists and spices (one item per harvest point)', () => {
    let s = inActions(2, (s) => {
      rows(s, 0, { harvest: 2 });
      hand(s, 0, [card('harvestMix', 1)]);
      plantation(s, 0, A.double('clove'), 0);
    });
    s = play(s, 0, { type: 'harvest', card: card('harvestMix', 1) }).state;
    expect(s.pending.at(-1)).toMatchObject({ kind: 'harvestMix', count: 3 });
    s = play(s, 0, { type: 'take', what: 'ships' }).state;
    s = play(s, 0, { type: 'take', what: 'colonists' }).state;
    s = play(s, 0, { type: 'take', what: 'spices' }).state;
    expect(s.pending).toEqual([]);
    expect(seatOf(s, 0)).toMatchObject({ ships: 5, colonists: 3 });
    expect(filled(s, 0)).toEqual({ [A.double('clove')]: 1 });
  });

  it("cards may be discarded (on the player's turn) and score their symbols at the end", () => {
    const s = inActions(2, (s) => hand(s, 0, [card('ships', 1)]));
    const r = play(s, 0, { type: 'discardCard', card: card('ships', 1) });
    expect(seatOf(r.state, 0).hand).toEqual([]);
    expect(r.state.discard.at(-1)).toBe(card('ships', 1));
    // 5 symbols × 6 cards.
    for (const symbol of ['tiger', 'fish', 'palm', 'shell', 'statue'] as const) expect(cardsWithSymbol(symbol)).toHaveLength(6);
  });
});

// ————————————————————————————————————————————————————————————————————————————————
describe('Playing the game: part A, part B, game end', () => {
  it('after round 4 of part A the playing area holds 25 B tiles; the game ends after round 4 of part B', () => {
    // Seats that only ever take the cheapest step (pass, taxes, first option) reach the end quickly.
    let s = situation([gameSetUp(2, { seed: 5 })]);
    const events: GoaEvent[] = [];
    for (let i = 0; i < 5000 && s.status === 'playing'; i++) {
      const seat = game.activeSeats(s)[0]!;
      const legal = game.legal(s, seat);
      const c = legal.find((x) => x.type === 'pass') ?? legal.find((x) => x.type === 'taxes') ?? legal[0]!;
      const r = play(s, seat, c);
      events.push(...r.events);
      s = r.state;
    }
    const ends = eventsOf(events, 'RoundEnded').map((e) => `${e.part}${e.round}`);
    expect(ends).toEqual(['A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4']);
    const parts = eventsOf(events, 'PartStarted');
    expect(parts).toHaveLength(1);
    const grid = parts[0]!.grid.flat();
    expect(grid).toHaveLength(25);
    expect(new Set(grid).size).toBe(25);
    expect(grid.every((id) => id.startsWith('B-'))).toBe(true);
    // Part B starts right after A's 4th round, before the game ends.
    const types = events.map((e) => e.type);
    const fourthEnd = types.flatMap((t, i) => (t === 'RoundEnded' ? [i] : []))[3]!;
    expect(types.indexOf('PartStarted')).toBe(fourthEnd + 1);
    expect(events[fourthEnd]).toEqual({ type: 'RoundEnded', round: 4, part: 'A' });
    expect(types.at(-1)).toBe('GameEnded');
    expect(s).toMatchObject({ status: 'over', stage: 'over', part: 'B' });
    expect(game.activeSeats(s)).toEqual([]);
    expect(game.outcome(s)!.results).toHaveLength(2);
    goa.given([], s).when(0, { type: 'pass' }).thenRejects('GAME_OVER');
  });
});

// ————————————————————————————————————————————————————————————————————————————————
describe('The scoring', () => {
  /** Red's board in the scoring example. */
  const red = (s: GoaState, seat: number) => {
    rows(s, seat, { ships: 3, harvest: 4, taxes: 2, expedition: 3, colonists: 3 });
    colony(s, seat, 'quilon-0', 'clove');
    colony(s, seat, 'cochin-0', 'pepper');
    hand(s, seat, [cardsWithSymbol('tiger')[0]!, ...cardsWithSymbol('palm').slice(0, 2)]);
    plantation(s, seat, A.single('clove'));
    plantation(s, seat, A.double('pepper'));
    seatOf(s, seat).ducats = 30;
  };

  it('the example: 6 + 10 + 3 + 6 + 6 = 31 for the markers, 3 for 2 colonies, 1 tiger + 2 palms = 4, most money 3, one single plantation 1: 42 VP', () => {
    const s = inActions(3, (s) => red(s, RED));
    const [score] = finalScores(s).filter((x) => x.seat === RED);
    expect(score).toEqual({
      seat: RED,
      total: 42,
      rows: 31,
      colonies: 3,
      symbols: 4,
      money: 3,
      plantations: 1,
      duty: 0,
      missions: 0,
      ducats: 30,
      rank: 1,
    });
  });

  it('VP tables: rows 0/1/3/6/10, colonies 1/3/6/10, like symbols 1/3/6/10/15/20', () => {
    expect(DATA.rowVp.value).toEqual([0, 1, 3, 6, 10]);
    expect(DATA.colonyVp.value).toEqual([0, 1, 3, 6, 10]);
    expect(DATA.symbolVp.value).toEqual([0, 1, 3, 6, 10, 15, 20]);
    const s = inActions(2, (s) => hand(s, 0, cardsWithSymbol('shell')));
    expect(scoreOf(seatOf(s, 0), 0, false).symbols).toBe(20);
  });

  it('all tied richest players get 3 VP; equal VP: the one with more money wins; equal in both: shared rank', () => {
    const s = inActions(3, (s) => {
      s.seats.forEach((p) => (p.ducats = 12));
    });
    expect(finalScores(s).map((x) => [x.money, x.total, x.rank])).toEqual([
      [3, 3, 1],
      [3, 3, 1],
      [3, 3, 1],
    ]);
    const t = inActions(3, (s) => {
      s.seats.forEach((p) => (p.ducats = 12));
      seatOf(s, 2).ducats = 11;
      rows(s, 2, { ships: 2 }); // 3 VP: as much as the richest
    });
    const scores = finalScores(t);
    expect(scores.map((x) => [x.total, x.ducats, x.rank])).toEqual([
      [3, 12, 1],
      [3, 12, 1],
      [3, 11, 3],
    ]);
  });
});

// ————————————————————————————————————————————————————————————————————————————————
describe('Bad input', () => {
  it('commands out of turn are NOT_YOUR_TURN, illegal ones ILLEGAL with a sentence, malformed ones BAD_REQUEST; the state is unchanged', () => {
    const s = inActions(3, (s) => plantation(s, 0, A.single('clove'), 1));
    const frozen = JSON.stringify(s);
    const notYours = rejected(s, 1, { type: 'taxes' });
    expect(notYours.code).toBe('NOT_YOUR_TURN');
    expect(notYours.message).toBe('It is not your turn: waiting for red to take an action.');
    for (const c of [
      { type: 'harvest' },
      { type: 'bid', amount: 3 },
      { type: 'placeFlag', r: -1, c: 0 },
      { type: 'endTurn' },
      { type: 'useTile', tile: A.ship },
      { type: 'playCard', card: card('ships', 1) },
      { type: 'chooseColony', tile: 'quilon-0', spice: 'clove' },
    ]) {
      const r = rejected(s, 0, c);
      expect(r.code, JSON.stringify(c)).toBe('ILLEGAL');
      expect(r.message).toMatch(/^[A-Z].{10,}\.$/);
    }
    expect(rejected(s, 0, { type: 'fly' }).code).toBe('BAD_REQUEST');
    expect(rejected(s, 0, { type: 'bid', amount: -3 }).code).toBe('BAD_REQUEST');
    expect(rejected(s, 7, { type: 'taxes' }).code).toBe('BAD_REQUEST');
    expect(JSON.stringify(s)).toBe(frozen);
  });
});
