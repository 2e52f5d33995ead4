/**
 * What a seat or spectator sees. Hidden: other seats' ducats and expedition cards (their count
 * shows), the order of the expedition deck, the tiles of part B still to come, the value of
 * other seats' face-down Mission tiles, and the generator.
 */
import type { Seat } from '../../engine/contract';
import { reconstructedNotes } from '../../engine/sourced';
import { CARDS, COLONY_TILES, COLUMNS, DATA, TILES, type ColonyTile, type Column, type ExpeditionCard, type Tile } from './data';
import { activeSeats } from './flow';
import { extraSupply, handLimit, rowValue } from './rules';
import type { Auction, GoaPlayer, GoaScore, GoaState, Pending, Pos } from './types';

export interface GoaPlayerView extends Omit<GoaPlayer, 'ducats' | 'hand' | 'tiles'> {
  seat: Seat;
  /** Only the seat's own; null for the others. */
  ducats: number | null;
  /** Only the seat's own cards; the others show their count. */
  hand: ExpeditionCard[] | null;
  handSize: number;
  handLimit: number;
  /** What each column yields now (ships, spices, ducats, cards, colonists). */
  yields: Record<Column, number>;
  /** A Mission tile of another seat shows no value. */
  tiles: { id: string | null; kind: string; used: boolean; amount?: number }[];
}

export interface GoaView {
  part: 'A' | 'B';
  round: number;
  rounds: number;
  stage: GoaState['stage'];
  flag: Seat;
  turn: Seat;
  actionSet: number;
  activeSeats: Seat[];
  acted: boolean;
  cardPlayed: boolean;
  extraTurn: boolean;
  /** The playing area: a tile where one lies. */
  grid: (Tile | null)[][];
  markers: { seat: Seat; number: number; pos: Pos }[];
  auction: (Auction & { tile: Tile | null }) | null;
  deckSize: number;
  discardSize: number;
  /** Additional action cards left in the supply. */
  extraSupply: number;
  /** Cards drawn face up to count colonists. */
  table: ExpeditionCard[];
  colonyTiles: ColonyTile[];
  firstReached: GoaState['firstReached'];
  /** B tiles still to come (count only). */
  tilesToCome: number;
  players: GoaPlayerView[];
  pending: Pending | null;
  final: GoaScore[] | null;
  about: string[];
}

function playerView(s: GoaState, p: GoaPlayer, seat: Seat, viewer: Seat | null): GoaPlayerView {
  const own = seat === viewer || s.status === 'over';
  return {
    ...p,
    seat,
    ducats: own ? p.ducats : null,
    hand: own ? p.hand.map((id) => CARDS[id]!) : null,
    handSize: p.hand.length,
    handLimit: handLimit(p),
    yields: Object.fromEntries(COLUMNS.map((c) => [c, rowValue(p, c)])) as Record<Column, number>,
    tiles: p.tiles.map((t) =>
      t.kind === 'mission' && !own
        ? { id: null, kind: t.kind, used: t.used }
        : { ...t, ...(TILES[t.id]!.amount ? { amount: TILES[t.id]!.amount } : {}) },
    ),
    plantations: p.plantations.map((x) => ({ ...x })),
    colonies: { ...p.colonies },
    rows: { ...p.rows },
  };
}

export function view(s: GoaState, seat: Seat | null): GoaView {
  return {
    part: s.part,
    round: s.round,
    rounds: DATA.rounds.value,
    stage: s.stage,
    flag: s.flag,
    turn: s.turn,
    actionSet: s.actionSet,
    activeSeats: activeSeats(s),
    acted: s.acted,
    cardPlayed: s.cardPlayed,
    extraTurn: s.extraTurn,
    grid: s.grid.map((row) => row.map((id) => (id ? TILES[id]! : null))),
    markers: s.markers.map((m) => ({ ...m, pos: { ...m.pos } })),
    auction: s.auction && {
      ...s.auction,
      toBid: [...s.auction.toBid],
      tile: s.auction.lot === 'flag' ? null : TILES[s.grid[s.auction.lot.r]![s.auction.lot.c]!]!,
    },
    deckSize: s.deck.length,
    extraSupply: extraSupply(s),
    discardSize: s.discard.length,
    table: s.table.map((id) => CARDS[id]!),
    colonyTiles: s.colonyTiles.map((id) => COLONY_TILES[id]!),
    firstReached: Object.fromEntries(COLUMNS.map((c) => [c, [...s.firstReached[c]]])) as GoaState['firstReached'],
    tilesToCome: s.part === 'A' ? DATA.gridSize.value ** 2 : 0,
    players: s.seats.map((p, i) => playerView(s, p, i, seat)),
    pending: s.pending.at(-1) ?? null,
    final: s.final,
    about: reconstructedNotes(DATA),
  };
}
