/**
 * The state of a Goa game: plain JSON folded from events. Hidden: every player's ducats and
 * expedition cards from the others, the expedition deck, unused and future tiles, the generator.
 */
import type { Seat } from '../../engine/contract';
import type { ColonyName, Column, Spice, TileKind } from './data';

/** A place on the supply board that holds spices: a plantation, or a founded colony. */
export interface Spot {
  /** A plantation tile id, or a colony tile id. */
  tile: string;
  spice: Spice;
  fields: number;
  filled: number;
}

export interface GoaPlayer {
  colour: string;
  ducats: number;
  ships: number;
  colonists: number;
  extraActions: number;
  /** Expedition cards in hand (ids). */
  hand: string[];
  /** Success marker row per column (0 = top row … 4 = bottom row). */
  rows: Record<Column, number>;
  plantations: Spot[];
  colonies: Partial<Record<ColonyName, Spot>>;
  /** Single-field plantations discarded but kept face down (1 VP each). */
  keptSingles: number;
  /** Usable and scoring tiles held (ids), with whether they were used (this round for the round ones). */
  tiles: { id: string; kind: TileKind; used: boolean }[];
  dutyDone: number;
  /** All-markers bonuses already taken (rows 2–5 reached by every column). */
  allRowsBonus: number;
}

/** A grid position: row and column, −1 or 5 for the edge spaces around the 5 × 5 playing area. */
export interface Pos {
  r: number;
  c: number;
}

export interface Auction {
  /** What is auctioned: the flag, or the tile at a position. */
  lot: 'flag' | Pos;
  auctioneer: Seat;
  /** Seats still to bid, in order (the auctioneer last). */
  toBid: Seat[];
  high: number;
  highBidder: Seat | null;
}

/** A choice in progress, on a stack: the top one is the next to resolve. */
export type Pending =
  /** Put spices one at a time onto empty fields; `optional`: may stop early (a card's "up to"). */
  | { kind: 'placeSpices'; seat: Seat; count: number; optional: boolean; reason: string }
  /** Return spices one at a time: the Duty's 6 (`tile`: the Duty tile used), or any number sold for 3 ducats each. */
  | { kind: 'removeSpices'; seat: Seat; count: number; reason: 'duty'; tile: string }
  | { kind: 'removeSpices'; seat: Seat; count: number; reason: 'sell' }
  /** A fifth plantation arrives: one of the four goes first. */
  | { kind: 'discardPlantation'; seat: Seat; tile: string }
  | { kind: 'shipsOrColonists'; seat: Seat; amount: number }
  /** Recruiting for a colony: colonists counted so far without the seat's own colonist cards. */
  | { kind: 'colony'; seat: Seat; colony: ColonyName; base: number }
  | { kind: 'colonyTile'; seat: Seat; colony: ColonyName }
  /** A harvest taken as a mixture, one item at a time. */
  | { kind: 'harvestMix'; seat: Seat; count: number }
  /** An expedition that would break the hand limit: discard or play first, then draw. */
  | { kind: 'expedition'; seat: Seat; draws: number }
  | { kind: 'viceKing'; seat: Seat; columns: Column[] }
  | { kind: 'resupply'; seat: Seat; amount: number }
  | { kind: 'espionage'; seat: Seat }
  | { kind: 'swap'; seat: Seat; tile: string }
  | { kind: 'extraHarvest'; seat: Seat; left: number }
  /** The rule variant, before the game begins: 2 success markers to row 2, or 10 ducats. */
  | { kind: 'variant'; seat: Seat };

export interface GoaState {
  status: 'new' | 'playing' | 'over';
  players: number;
  seats: GoaPlayer[];
  rng: number;
  part: 'A' | 'B';
  round: number;
  stage: 'markers' | 'auctions' | 'actions' | 'extra' | 'over';
  /** Who holds the flag (starting player and first auctioneer). */
  flag: Seat;
  /** The 5 × 5 playing area: tile ids, null where a tile was taken. */
  grid: (string | null)[][];
  /** Tiles of the coming part and unused ones; hidden. */
  tileDeck: string[];
  /** Where the flag and each auction marker lie this round, in placement order. */
  markers: { seat: Seat; number: number; pos: Pos }[];
  auction: Auction | null;
  /** Action turns: the set (1–3) and whose turn it is. */
  actionSet: number;
  turn: Seat;
  /** The seat has taken its action this turn (it may still play a card or a tile). */
  acted: boolean;
  /** In the additional actions: the seat whose turn it is is taking one (not choosing whether to). */
  extraTurn: boolean;
  /** An expedition card was played this turn (one per action turn). */
  cardPlayed: boolean;
  /** Additional actions at the end of the round: seats that passed. */
  passed: boolean[];
  deck: string[];
  discard: string[];
  /** Expedition cards drawn face up to count colonists (founding, re-supply), discarded afterwards. */
  table: string[];
  colonyTiles: string[];
  /** First-to-reach bonuses taken: per column, rows 3 and 4 (0-based). */
  firstReached: Record<Column, boolean[]>;
  pending: Pending[];
  final: GoaScore[] | null;
}

export interface GoaScore {
  seat: Seat;
  total: number;
  rows: number;
  colonies: number;
  symbols: number;
  money: number;
  plantations: number;
  duty: number;
  missions: number;
  ducats: number;
  rank: number;
}
