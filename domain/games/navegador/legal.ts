/**
 * Every command a seat may send now, exactly — the one definition of what is allowed; `decide`
 * accepts precisely these. Choices are steps: the rondel move, then ships to pay, then the
 * action's parts one at a time (a ship, a colony, a building, a good), then `done`.
 */
import type { Seat } from '../../engine/contract';
import { BUILDINGS, DATA, FIELDS, GOODS, PRIVILEGES, REGIONS, type RegionId } from './data';
import type { NavCommand } from './commands';
import { coloniesOf, maxRecruit, nextBuildingPrice, reachable, recruitTerms, shipsAtSea, shipsLostExploring, moveCost } from './rules';
import type { NavState, Pending } from './types';

export function activeSeats(s: NavState): Seat[] {
  if (s.status !== 'playing') return [];
  return [s.pending?.seat ?? s.turn];
}

export function legal(s: NavState, seat: Seat): NavCommand[] {
  if (!activeSeats(s).includes(seat)) return [];
  return s.pending ? pendingOptions(s, s.pending) : turnOptions(s, seat);
}

export function navegadorUsable(s: NavState, seat: Seat): boolean {
  // Never in the very first round.
  if (!(s.beforeMove && s.navegador.holder === seat && s.turnsDone >= s.players && shipsAtSea(s, seat) > 0)) return false;
  // Only when some ship could actually sail: the card is not spent for nothing.
  return sailingOptions(s, { kind: 'sailing', seat, navegador: true, moved: [], exploring: null }).some((c) => c.type === 'moveShip');
}

function turnOptions(s: NavState, seat: Seat): NavCommand[] {
  const out: NavCommand[] = [];
  if (navegadorUsable(s, seat)) out.push({ type: 'useNavegador' });
  const from = s.seats[seat]!.position;
  const ships = shipsAtSea(s, seat);
  FIELDS.forEach((_, field) => moveCost(from, field) <= ships && out.push({ type: 'move', field }));
  return out;
}

/** Ships of a seat that may still move this sailing action, per region (those that arrived have moved). */
export function movable(s: NavState, p: Extract<Pending, { kind: 'sailing' }>, region: RegionId): number {
  return (s.ships[region][p.seat] ?? 0) - p.moved.filter((m) => m.to === region).length;
}

export const sailingRange = (s: NavState) => DATA.sailingRange.value[s.phase - 1]!;

/** Ships already sent into the region being explored this action. */
const committed = (p: Extract<Pending, { kind: 'sailing' }>, region: RegionId) => p.moved.filter((m) => m.to === region).length;

export function sailingOptions(s: NavState, p: Extract<Pending, { kind: 'sailing' }>): NavCommand[] {
  const out: NavCommand[] = [];
  const range = sailingRange(s);
  const reach = new Map(REGIONS.filter((r) => movable(s, p, r) > 0).map((r) => [r, reachable(s, r, range)] as const));
  /** Ships still free to move that could reach a region. */
  const able = (region: RegionId) => [...reach].reduce((n, [r, t]) => n + (t.includes(region) ? movable(s, p, r) : 0), 0);
  const needed = (region: RegionId) => shipsLostExploring(s, region) + 1 - committed(p, region);
  // Once ships head for unknown waters, enough others must stay able to join them.
  const short = p.exploring !== null ? Math.max(0, needed(p.exploring)) : 0;
  for (const [from, targets] of reach) {
    for (const to of targets) {
      if (s.unexplored.includes(to)) {
        if (p.exploring !== null && p.exploring !== to) continue; // one exploration per action
        // Enough ships must be able to get there together, or none should start.
        if (able(to) < needed(to)) continue;
      } else if (short > 0 && targets.includes(p.exploring!) && able(p.exploring!) - 1 < short) continue;
      out.push({ type: 'moveShip', from, to });
    }
  }
  if (p.exploring === null || committed(p, p.exploring) > shipsLostExploring(s, p.exploring)) out.push({ type: 'done' });
  return out;
}

function pendingOptions(s: NavState, p: Pending): NavCommand[] {
  const player = s.seats[p.seat]!;
  const done: NavCommand = { type: 'done' };
  switch (p.kind) {
    case 'payShips':
      return REGIONS.filter((r) => (s.ships[r][p.seat] ?? 0) > 0).map((region) => ({ type: 'payShip', region }));
    case 'sailing':
      return sailingOptions(s, p);
    case 'workers':
    case 'ships': {
      const out: NavCommand[] = [];
      for (let count = 1; count <= maxRecruit(player, p.kind); count++) {
        if (recruitTerms(s, player, p.kind, count).paid > player.cash) break;
        out.push(p.kind === 'workers' ? { type: 'recruitWorkers', count } : { type: 'buildShips', count });
      }
      return [...out, done];
    }
    case 'colony': {
      const out: NavCommand[] = [];
      if (player.workers >= DATA.workersPerColony.value * (p.founded.length + 1)) {
        for (const region of REGIONS) {
          const tokens = s.revealed[region] ?? [];
          const shipsFree = (s.ships[region][p.seat] ?? 0) - p.founded.filter((r) => r === region).length;
          if (tokens.length && shipsFree > 0 && tokens[0]! <= player.cash) out.push({ type: 'foundColony', region });
        }
      }
      return [...out, done];
    }
    case 'buildings': {
      const used = p.built.reduce((n, k) => n + DATA.workersPerBuilding.value[k], 0);
      const out: NavCommand[] = BUILDINGS.filter((kind) => {
        const price = nextBuildingPrice(s, kind);
        return price !== null && price <= player.cash && used + DATA.workersPerBuilding.value[kind] <= player.workers;
      }).map((kind) => ({ type: 'build', kind }));
      return [...out, done];
    }
    case 'market': {
      const out: NavCommand[] = [];
      for (const good of GOODS) {
        if (p.traded.includes(good)) continue;
        for (let units = 1; units <= coloniesOf(player, good); units++) out.push({ type: 'trade', good, mode: 'sell', units });
        const factories = player.factories[good] + (player.wildcard > 0 && !p.wildcardUsed ? 1 : 0);
        for (let units = 1; units <= factories; units++) out.push({ type: 'trade', good, mode: 'process', units });
      }
      return [...out, done];
    }
    case 'privilege': {
      const canPay = player.workers > DATA.workerLimits.value.min;
      const out: NavCommand[] = PRIVILEGES.filter(
        (t) => canPay && s.gallery[t] > 0 && player.privileges[t] < DATA.maxPrivilegesPerType.value,
      ).map((privilege) => ({ type: 'takePrivilege', privilege }));
      return [...out, done];
    }
  }
}
