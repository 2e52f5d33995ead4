/** Small pure rules shared by legal, decide, evolve, view, scoring and the bots. */
import type { Seat } from '../../engine/contract';
import {
  BUILDINGS,
  DATA,
  FIELDS,
  GOODS,
  NEIGHBOURS,
  PRIVILEGES,
  REGIONS,
  type BuildingKind,
  type PrivilegeType,
  type RegionId,
} from './data';
import type { NavPlayer, NavState } from './types';

export const shipsAtSea = (s: NavState, seat: Seat): number => REGIONS.reduce((n, r) => n + (s.ships[r][seat] ?? 0), 0);

/** Fields moved forward from one rondel position to another (staying put is a full lap: 8). */
export const distance = (from: number, to: number): number => (to - from + FIELDS.length) % FIELDS.length || FIELDS.length;

/** Ships to pay for a rondel move. The first placement is free. */
export const moveCost = (from: number | null, to: number): number =>
  from === null ? 0 : Math.max(0, distance(from, to) - DATA.freeRondelSteps.value);

export const rightOf = (s: NavState, seat: Seat): Seat => (seat - 1 + s.players) % s.players;

/** Whether the move from `from` to `to` enters or passes `field`. */
export function passes(from: number, to: number, field: number): boolean {
  const d = distance(from, to);
  for (let i = 1; i <= d; i++) if ((from + i) % FIELDS.length === field) return true;
  return false;
}

/** Regions a ship at `from` can reach within `range` borders: explored ones on the way, an unexplored one only as the end. */
export function reachable(s: NavState, from: RegionId, range: number): RegionId[] {
  const seen = new Map<RegionId, number>([[from, 0]]);
  const queue: RegionId[] = [from];
  while (queue.length) {
    const r = queue.shift()!;
    const d = seen.get(r)!;
    if (d === range || (r !== from && s.unexplored.includes(r))) continue;
    for (const n of NEIGHBOURS[r]) {
      if (!seen.has(n)) {
        seen.set(n, d + 1);
        queue.push(n);
      }
    }
  }
  seen.delete(from);
  return [...seen.keys()];
}

/** How many borders a ship may cross in one sailing action in the current phase. */
export const sailingRange = (s: NavState): number => DATA.sailingRange.value[s.phase - 1]!;

export const shipsLostExploring = (s: NavState, region: RegionId): number => (DATA.doubleLoss.value(s.players).includes(region) ? 2 : 1);

/** Workers (churches) or ships (shipyards): the price, and how many are real or sold at once. */
export function recruitTerms(s: NavState, p: NavPlayer, what: 'workers' | 'ships', count: number) {
  const buildings = what === 'workers' ? p.churches : p.shipyards;
  const room = what === 'workers' ? DATA.workerLimits.value.max - p.workers : p.supply;
  const cheap = Math.min(count, buildings);
  const paid = cheap * DATA.buildingPrice.value + (count - cheap) * DATA.extraPricePerPhase.value * s.phase;
  const real = Math.min(count, room);
  const virtual = count - real;
  return { paid, real, virtual, received: virtual * DATA.virtualSale.value, buildings, room };
}

/** The most that may be recruited: beyond the buildings, only real ones (virtual ones come from buildings). */
export function maxRecruit(p: NavPlayer, what: 'workers' | 'ships'): number {
  const buildings = what === 'workers' ? p.churches : p.shipyards;
  const room = what === 'workers' ? DATA.workerLimits.value.max - p.workers : p.supply;
  return Math.max(buildings, room);
}

export const rowSize = (s: NavState, kind: BuildingKind): number =>
  kind === 'shipyard' || kind === 'church' ? DATA.shipyardsAndChurchesOnBoard.value(s.players) : DATA.buildingPrices.value[kind].length;

/** The price of the next building of a kind on the board, or null when its row is empty. */
export function nextBuildingPrice(s: NavState, kind: BuildingKind): number | null {
  return s.built[kind] < rowSize(s, kind) ? DATA.buildingPrices.value[kind][s.built[kind]]! : null;
}

export const allBuildingsTaken = (s: NavState): boolean => BUILDINGS.every((k) => nextBuildingPrice(s, k) === null);

/** How many of an achievement a player has (the column a privilege multiplies). */
export function achievements(p: NavPlayer, type: PrivilegeType): number {
  switch (type) {
    case 'colony':
      return p.colonies.length;
    case 'factory':
      return GOODS.reduce((n, g) => n + p.factories[g], p.wildcard);
    case 'explorer':
      return p.explorers.length;
    case 'shipyard':
      return p.shipyards;
    case 'church':
      return p.churches;
  }
}

export const coloniesOf = (p: NavPlayer, good: string): number => p.colonies.filter((c) => c.good === good).length;

/** VP of one column at the end: (base + privileges) × achievements. */
export function columnVp(p: NavPlayer, type: PrivilegeType, king: PrivilegeType | null): number {
  const privileges = p.privileges[type] + (king === type ? 1 : 0);
  return (DATA.baseVp.value[type] + DATA.privilegeVp.value[type] * privileges) * achievements(p, type);
}

/** Where the King's privilege scores most (a free position; the leftmost of equal columns). */
export function bestKingColumn(p: NavPlayer): PrivilegeType | null {
  let best: PrivilegeType | null = null;
  let gain = -1;
  for (const type of PRIVILEGES) {
    if (p.privileges[type] >= DATA.maxPrivilegesPerType.value) continue;
    const g = DATA.privilegeVp.value[type] * achievements(p, type);
    if (g > gain) [best, gain] = [type, g];
  }
  return best;
}
