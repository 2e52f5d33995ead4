/** The state of a Navegador game: plain JSON folded from events. Hidden: unexplored colony stacks, removed tokens, the generator. */
import type { Seat } from '../../engine/contract';
import type { Action, BuildingKind, Good, PrivilegeType, RegionId } from './data';

export interface NavPlayer {
  colour: string;
  cash: number;
  /** Workers in Lisboa (2–9). */
  workers: number;
  /** Ships in the personal supply (not on the board). */
  supply: number;
  /** Rondel field index (0–7), null before the first turn. */
  position: number | null;
  /** Colony tokens owned: the good and the price printed on it. */
  /** The region is recorded since colony owners are shown on the map (older states' colonies lack it). */
  colonies: { good: Good; value: number; region?: RegionId }[];
  /** Factories by good; `wildcard` is the starting (orange) factory. */
  factories: Record<Good, number>;
  wildcard: number;
  shipyards: number;
  churches: number;
  /** Regions whose explorer disk this player took. */
  explorers: RegionId[];
  /** Privileges taken per column (0–3). */
  privileges: Record<PrivilegeType, number>;
  /** Where the King's privilege went at the end, once placed. */
  king: PrivilegeType | null;
}

/** Extra rondel steps are paid with ships taken from the board. */
export interface PayShips {
  kind: 'payShips';
  seat: Seat;
  remaining: number;
  action: Action;
}

/** Moving ships; `moved` counts ships per (from → to) already moved this action. */
export interface Sailing {
  kind: 'sailing';
  seat: Seat;
  navegador: boolean;
  moved: { from: RegionId; to: RegionId }[];
  exploring: RegionId | null;
}

/**
 * The choice a seat is in the middle of: ships to pay, then its action's parts one at a time.
 * One member per kind, so a step of the flow reads its own pending entry by its kind alone.
 */
export type Pending =
  | PayShips
  | Sailing
  | { kind: 'colony'; seat: Seat; founded: RegionId[] }
  | { kind: 'buildings'; seat: Seat; built: BuildingKind[] }
  | { kind: 'market'; seat: Seat; traded: Good[]; wildcardUsed: boolean }
  | { kind: 'workers'; seat: Seat }
  | { kind: 'ships'; seat: Seat }
  | { kind: 'privilege'; seat: Seat };

/** The pending entry of a kind (or kinds). */
export type PendingOf<K extends Pending['kind']> = Extract<Pending, { kind: K }>;

export interface NavState {
  status: 'new' | 'playing' | 'over';
  players: number;
  rng: number;
  /** Game phase I–III (sailing range, prices, privilege refills). */
  phase: 1 | 2 | 3;
  startPlayer: Seat;
  turn: Seat;
  /** Turns completed; the first round is `turnsDone < players`. */
  turnsDone: number;
  /** The seat may still use the Navegador before its rondel move this turn. */
  beforeMove: boolean;
  seats: NavPlayer[];
  /** Ships at sea per region, per seat. */
  ships: Record<RegionId, number[]>;
  /** Explorer still on the region (unexplored). */
  unexplored: RegionId[];
  /** Hidden colony stacks of unexplored regions (prices); hidden. */
  stacks: Partial<Record<RegionId, number[]>>;
  /** Revealed colony tokens still to be founded, per region (prices). */
  revealed: Partial<Record<RegionId, number[]>>;
  /** Tokens removed unseen at setup; hidden. */
  removedTokens: number[];
  market: Record<Good, number>;
  /** Buildings already taken from each row of the board. */
  built: Record<BuildingKind, number>;
  gallery: Record<PrivilegeType, number>;
  /** Privilege tokens not yet in the gallery. */
  privilegeSupply: Record<PrivilegeType, number>;
  navegador: { holder: Seat; marker: number | null };
  /** Set when Nagasaki is explored or the last building is taken. */
  endTrigger: 'nagasaki' | 'buildings' | null;
  /** Final turns still to play once the end is triggered (null before). */
  finalTurns: number | null;
  /** A phase that starts once the current sailing action ends. */
  nextPhase: 2 | 3 | null;
  pending: Pending | null;
  final: NavScore[] | null;
}

export interface NavScore {
  seat: Seat;
  total: number;
  workers: number;
  ships: number;
  cash: number;
  columns: Record<PrivilegeType, number>;
  king: PrivilegeType | null;
  rank: number;
}
