/**
 * What a seat or spectator sees: everything on the table. Hidden: the prices in the colony
 * stacks of unexplored regions (their count and good are printed on the board), the tokens
 * removed at setup, and the generator.
 */
import type { Seat } from '../../engine/contract';
import { reconstructedNotes } from '../../engine/sourced';
import {
  BUILDINGS,
  DATA,
  FIELDS,
  GOODS,
  REGIONS,
  REGION_NAMES,
  type Action,
  type BuildingKind,
  type Good,
  type PrivilegeType,
  type RegionId,
} from './data';
import { activeSeats } from './flow';
import { nextBuildingPrice, rowSize, shipsAtSea } from './rules';
import type { NavPlayer, NavScore, NavState, Pending } from './types';

export interface NavView {
  phase: 1 | 2 | 3;
  turn: Seat;
  activeSeats: Seat[];
  rondel: Action[];
  regions: {
    id: RegionId;
    name: string;
    explored: boolean;
    /** Ships at sea per seat. */
    ships: number[];
    /** Unexplored: the stack's good and size (prices hidden). Explored: the colonies left to found. */
    stack: { good: Good; size: number } | null;
    colonies: number[];
    /** The seats that founded a colony here, one entry a colony. */
    founded: Seat[];
    doubleLoss: boolean;
  }[];
  market: Record<Good, { row: number; price: number; revenue: number }>;
  buildings: Record<BuildingKind, { next: number | null; left: number }>;
  gallery: Record<PrivilegeType, number>;
  navegador: { holder: Seat; marker: number | null };
  endTrigger: NavState['endTrigger'];
  finalTurns: number | null;
  players: (NavPlayer & { seat: Seat; shipsAtSea: number })[];
  pending: Pending | null;
  final: NavScore[] | null;
  about: string[];
}

export function view(s: NavState, _seat: Seat | null): NavView {
  const doubleLoss = DATA.doubleLoss.value(s.players);
  return {
    phase: s.phase,
    turn: s.turn,
    activeSeats: activeSeats(s),
    rondel: [...FIELDS],
    regions: REGIONS.map((id) => {
      const stack = DATA.colonyStacks.value[id];
      return {
        id,
        name: REGION_NAMES[id],
        explored: !s.unexplored.includes(id),
        ships: [...s.ships[id]],
        stack: stack && s.unexplored.includes(id) ? { good: stack[0], size: s.stacks[id]?.length ?? 0 } : null,
        colonies: [...(s.revealed[id] ?? [])],
        founded: s.seats.flatMap((p, seat) => p.colonies.filter((c) => c.region === id).map(() => seat)),
        doubleLoss: doubleLoss.includes(id) && s.unexplored.includes(id),
      };
    }),
    market: Object.fromEntries(
      GOODS.map((g) => [
        g,
        { row: s.market[g], price: DATA.marketPrices.value[g][s.market[g]]!, revenue: DATA.factoryRevenue.value[s.market[g]]! },
      ]),
    ) as NavView['market'],
    buildings: Object.fromEntries(
      BUILDINGS.map((k) => [k, { next: nextBuildingPrice(s, k), left: rowSize(s, k) - s.built[k] }]),
    ) as NavView['buildings'],
    gallery: { ...s.gallery },
    navegador: { ...s.navegador },
    endTrigger: s.endTrigger,
    finalTurns: s.finalTurns,
    players: s.seats.map((p, seat) => ({ ...structuredClone(p), seat, shipsAtSea: shipsAtSea(s, seat) })),
    pending: s.pending ? structuredClone(s.pending) : null,
    final: s.final,
    about: reconstructedNotes(DATA),
  };
}
