/** Small pure rules shared by legal, decide, evolve, view, scoring and the bots. */
import type { Seat } from '../../engine/contract';
import { CARDS, COLUMNS, DATA, type Column, type Spice } from './data';
import type { GoaPlayer, GoaState, Pos, Spot } from './types';

/** A seat's player board; a seat that is not in the game is a bug. */
export function playerOf(s: GoaState, seat: Seat): GoaPlayer {
  const p = s.seats[seat];
  if (!p) throw new Error(`goa: no seat ${seat}`);
  return p;
}

export const spotsOf = (p: GoaPlayer): Spot[] => [...p.plantations, ...Object.values(p.colonies).filter((s): s is Spot => Boolean(s))];
export const spiceCount = (p: GoaPlayer, spice: Spice): number => spotsOf(p).reduce((n, s) => n + (s.spice === spice ? s.filled : 0), 0);
export const totalSpices = (p: GoaPlayer): number => spotsOf(p).reduce((n, s) => n + s.filled, 0);
export const emptyFields = (p: GoaPlayer): number => spotsOf(p).reduce((n, s) => n + s.fields - s.filled, 0);
export const rowValue = (p: GoaPlayer, column: Column): number => DATA.rowValues.value[column][p.rows[column]]!;
export const handLimit = (p: GoaPlayer): number => DATA.handLimits.value[p.rows.expedition]!;

export const inGrid = (pos: Pos, size = DATA.gridSize.value) => pos.r >= 0 && pos.r < size && pos.c >= 0 && pos.c < size;
export const tileAt = (s: GoaState, pos: Pos): string | null => (inGrid(pos) ? (s.grid[pos.r]![pos.c] ?? null) : null);
export const samePos = (a: Pos, b: Pos) => a.r === b.r && a.c === b.c;
export const markerAt = (s: GoaState, pos: Pos) => s.markers.some((m) => samePos(m.pos, pos));

export const markerCount = (s: GoaState): number => DATA.markersByPlayers.value[s.players]!;
/** Marker number m (1 = the flag) is placed by this seat: the flag owner first and last. */
export const markerSeat = (s: GoaState, number: number): Seat => (s.flag + number - 1) % s.players;

/** Spaces where the flag may go: an empty space of the playing area or an edge space, next to a tile (orthogonally). */
export function flagSpaces(s: GoaState): Pos[] {
  const size = DATA.gridSize.value;
  const out: Pos[] = [];
  for (let r = -1; r <= size; r++) {
    for (let c = -1; c <= size; c++) {
      const pos = { r, c };
      const edge = !inGrid(pos);
      if (edge && (r < 0 || r >= size) && (c < 0 || c >= size)) continue; // corners touch nothing orthogonally
      if (!edge && tileAt(s, pos) !== null) continue;
      const next = [
        { r: r - 1, c },
        { r: r + 1, c },
        { r, c: c - 1 },
        { r, c: c + 1 },
      ];
      if (next.some((n) => tileAt(s, n) !== null)) out.push(pos);
    }
  }
  return out;
}

/** Tiles where the next auction marker may go: next to the last one (diagonals too), else any free tile. */
export function markerSpaces(s: GoaState): Pos[] {
  const size = DATA.gridSize.value;
  const free: Pos[] = [];
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) if (s.grid[r]![c] && !markerAt(s, { r, c })) free.push({ r, c });
  const last = s.markers.at(-1)!.pos;
  const near = free.filter((p) => Math.abs(p.r - last.r) <= 1 && Math.abs(p.c - last.c) <= 1);
  return near.length ? near : free;
}

/** Seats in bidding order for an auction: from the auctioneer's left, the auctioneer last. */
export const biddingOrder = (s: GoaState, auctioneer: Seat): Seat[] =>
  Array.from({ length: s.players }, (_, i) => (auctioneer + 1 + i) % s.players);

/** The lowest row reached by every column (0-based). */
export const lowestCommonRow = (p: GoaPlayer): number => Math.min(...COLUMNS.map((c) => p.rows[c]));

/** The player whose turn it is to play an additional action next (or null: everyone passed). */
export function nextExtra(s: GoaState, from: Seat): Seat | null {
  for (let i = 0; i < s.players; i++) {
    const seat = (from + i) % s.players;
    if (!s.passed[seat]) return seat;
  }
  return null;
}

/** Whether the seat holds these spices (with repeats). */
export function hasSpices(p: GoaPlayer, spices: readonly Spice[]): boolean {
  const need = new Map<Spice, number>();
  for (const x of spices) need.set(x, (need.get(x) ?? 0) + 1);
  return [...need].every(([x, n]) => spiceCount(p, x) >= n);
}

/** Where spices to pay are taken from: plantations first (they may be discarded later), then colonies. */
export function pickSpices(p: GoaPlayer, spices: readonly Spice[]): { spot: string; count: number }[] {
  const left = new Map(spotsOf(p).map((s) => [s.tile, s.filled]));
  const out = new Map<string, number>();
  for (const x of spices) {
    const from = spotsOf(p).find((s) => s.spice === x && left.get(s.tile)! > 0)!;
    left.set(from.tile, left.get(from.tile)! - 1);
    out.set(from.tile, (out.get(from.tile) ?? 0) + 1);
  }
  return [...out].map(([spot, count]) => ({ spot, count }));
}

export const progressCost = (p: GoaPlayer, column: Column): readonly Spice[] => DATA.progressCost.value[column][p.rows[column]] ?? [];
export const lastRow = DATA.rowVp.value.length - 1;

/** The columns whose success marker is highest on the board (the Vice-king moves one of them). */
export function highestColumns(p: GoaPlayer): Column[] {
  const top = lowestCommonRow(p);
  return top >= lastRow ? [] : COLUMNS.filter((c) => p.rows[c] === top);
}

/** Colonists shown on the cards drawn face up. */
export const tableColonists = (s: GoaState): number => s.table.reduce((n, id) => n + CARDS[id]!.colonists, 0);
export const cardsLeft = (s: GoaState): number => s.deck.length + s.discard.length;
export const hasGridTile = (s: GoaState): boolean => s.grid.some((row) => row.some((t) => t !== null));

/**
 * Every way to take these spices from the seat's plantations and colonies ("the player takes the
 * required spices from his plantations and/or colonies"): for each spice of the list, in its order,
 * the spot it comes from. Repeats of one spice take spots in board order, so each way is listed once.
 */
export function spiceSources(p: GoaPlayer, spices: readonly Spice[]): string[][] {
  const spots = spotsOf(p);
  const left = spots.map((x) => x.filled);
  const out: string[][] = [];
  const from: number[] = [];
  const walk = (i: number) => {
    if (i === spices.length) return void out.push(from.map((j) => spots[j]!.tile));
    const previous = i > 0 ? spices.lastIndexOf(spices[i]!, i - 1) : -1;
    for (let j = previous >= 0 ? from[previous]! : 0; j < spots.length; j++) {
      if (spots[j]!.spice !== spices[i] || left[j] === 0) continue;
      left[j]!--;
      from.push(j);
      walk(i + 1);
      from.pop();
      left[j]!++;
    }
  };
  walk(0);
  return out;
}

/** The spots of `spiceSources` as counts per spot, for SpicesRemoved. */
export function countSpots(from: readonly string[]): { spot: string; count: number }[] {
  const out = new Map<string, number>();
  for (const spot of from) out.set(spot, (out.get(spot) ?? 0) + 1);
  return [...out].map(([spot, count]) => ({ spot, count }));
}

/** Additional action cards left in the supply: 10 in all, less those the players hold. */
export const extraSupply = (s: GoaState): number => DATA.additionalActionCards.value - s.seats.reduce((n, p) => n + p.extraActions, 0);
