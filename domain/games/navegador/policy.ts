/**
 * A quick rule-based policy: no look-ahead, only sums over what the seat sees. On the rondel it
 * takes the free field whose action is worth most now (explore, found, build, trade, recruit,
 * take a privilege), then plays that action the same way. The safe bot plays it for an absent
 * seat, and the strong bot's playouts use it to play the game on.
 */
import type { Bot } from '../../engine/bots';
import type { Seat } from '../../engine/contract';
import {
  BUILDINGS,
  DATA,
  FACTORY_GOOD,
  FIELDS,
  GOODS,
  NEIGHBOURS,
  PRIVILEGES,
  REGIONS,
  type Action,
  type BuildingKind,
  type Good,
  type RegionId,
} from './data';
import type { NavCommand } from './commands';
import { buildingVp, cashRate, planning, pressure, shipNeed, turnsLeft, workerNeed } from './estimate';
import { sailingOptions } from './flow';
import {
  achievements,
  coloniesOf,
  distance,
  maxRecruit,
  moveCost,
  nextBuildingPrice,
  recruitTerms,
  shipsAtSea,
  shipsLostExploring,
} from './rules';
import type { NavPlayer, NavState, Sailing } from './types';

/** The seat's view of the time left: turns, and what a Cruzado is worth now and on average. */
interface Outlook {
  left: number;
  rate: number;
  later: number;
}

const outlook = (s: NavState, seat: Seat): Outlook => {
  const left = turnsLeft(s, seat);
  const p = s.seats[seat]!;
  return { left, rate: cashRate(s, p, left), later: cashRate(s, p, left / 2) };
};

/** The colony token a region would sell next (cheapest first), if any. */
const nextToken = (s: NavState, r: RegionId) => s.revealed[r]?.[0];

const goodOf = (r: RegionId): Good => DATA.colonyStacks.value[r]![0];

/** A new colony of a good: its VP, and its sales for the turns left, less its price. */
function colonyValue(s: NavState, p: NavPlayer, good: Good, price: number, o: Outlook): number {
  const sale = DATA.marketPrices.value[good][Math.min(9, s.market[good] + coloniesOf(p, good))]!;
  return 1 + p.privileges.colony + (sale / 3) * o.left * o.later - price * o.rate;
}

/** A new building: its VP, what it brings in for the turns left, less its price. */
function buildingValue(s: NavState, p: NavPlayer, kind: BuildingKind, o: Outlook): number {
  const price = nextBuildingPrice(s, kind)!;
  const good = FACTORY_GOOD[kind];
  const income = good ? DATA.factoryRevenue.value[s.market[good]]! / 3 : 4;
  return buildingVp(p, kind) + income * o.left * o.later - price * o.rate + pressure(s);
}

/** The best building the seat can add with `workersLeft` workers, and its value. */
function bestBuilding(s: NavState, p: NavPlayer, workersLeft: number, cash: number, o: Outlook): [BuildingKind | null, number] {
  let best: BuildingKind | null = null;
  let value = 0;
  for (const kind of BUILDINGS) {
    const price = nextBuildingPrice(s, kind);
    if (price === null || price > cash || DATA.workersPerBuilding.value[kind] > workersLeft) continue;
    const v = buildingValue(s, p, kind, o);
    if (v > value) [best, value] = [kind, v];
  }
  return [best, value];
}

/** Money one trade of a good brings at most (sell with colonies or process with factories, all units). */
function bestTrade(s: NavState, p: NavPlayer, good: Good): { money: number } | null {
  const row = s.market[good];
  const colonies = coloniesOf(p, good);
  let sold = 0;
  for (let u = 0; u < colonies; u++) sold += DATA.marketPrices.value[good][row]!;
  const processed = p.factories[good] * DATA.factoryRevenue.value[row]!;
  return sold || processed ? { money: Math.max(sold, processed) } : null;
}

/** The unexplored region the seat's ships could explore in this sailing, the dearest to lose a chance at first. */
function explorationTarget(s: NavState, pending: Sailing): RegionId | null {
  if (pending.exploring) return pending.exploring;
  let best: RegionId | null = null;
  for (const c of sailingOptions(s, pending)) {
    if (c.type !== 'moveShip' || !s.unexplored.includes(c.to)) continue;
    if (best === null || rank(c.to) > rank(best)) best = c.to;
  }
  return best;
}

/** Regions on the way to Nagasaki and those opening a phase come first. */
const rank = (r: RegionId) => REGIONS.indexOf(r) + (DATA.phaseRegions.value[r] ? 20 : 0);

function exploreValue(s: NavState, p: NavPlayer, region: RegionId, o: Outlook): number {
  const bonus = DATA.colonyTokens.value[goodOf(region)][2]!; // about the cheapest of a small stack
  return (
    DATA.baseVp.value.explorer +
    p.privileges.explorer +
    bonus * o.rate -
    shipsLostExploring(s, region) * (1 + 50 * o.rate) +
    pressure(s) / 2
  );
}

/** Regions' distance (borders) to the nearest unexplored one, through explored waters. */
function frontierDistance(s: NavState): Map<RegionId, number> {
  const dist = new Map<RegionId, number>(s.unexplored.map((r) => [r, 0]));
  const queue = [...s.unexplored];
  while (queue.length) {
    const r = queue.shift()!;
    for (const n of NEIGHBOURS[r]) {
      if (!dist.has(n)) {
        dist.set(n, dist.get(r)! + 1);
        queue.push(n);
      }
    }
  }
  return dist;
}

/** The worth of one more worker or ship beyond its VP: what it lets the seat do next. */
const later = (s: NavState, o: Outlook) => Math.min(1, planning(o.left) + pressure(s));
const moreWorkers = (s: NavState, p: NavPlayer, o: Outlook, n = 0) => later(s, o) * workerNeed(p.workers + n);
const moreShips = (s: NavState, seat: Seat, o: Outlook, n = 0) => later(s, o) * shipNeed(s, shipsAtSea(s, seat) + n);

/** How many workers or ships to recruit (only at the 50-Cruzado price), and its value. */
function recruitPlan(s: NavState, seat: Seat, what: 'workers' | 'ships', o: Outlook): [number, number] {
  const p = s.seats[seat]!;
  let best = 0;
  let value = 0;
  let gain = 0;
  for (let count = 1; count <= maxRecruit(p, what); count++) {
    const t = recruitTerms(s, p, what, count);
    if (t.paid > p.cash) break;
    if (t.real === count) gain += 1 + (what === 'workers' ? moreWorkers(s, p, o, count - 1) : moreShips(s, seat, o, count - 1));
    const v = gain + t.received * o.rate - t.paid * o.rate;
    if (v > value) [best, value] = [count, v];
  }
  return [best, value];
}

function privilegePlan(s: NavState, p: NavPlayer, o: Outlook): [(typeof PRIVILEGES)[number] | null, number] {
  if (p.workers <= DATA.workerLimits.value.min) return [null, 0];
  let best: (typeof PRIVILEGES)[number] | null = null;
  let value = 0;
  for (const t of PRIVILEGES) {
    if (s.gallery[t] === 0 || p.privileges[t] >= DATA.maxPrivilegesPerType.value) continue;
    const n = achievements(p, t);
    const v = DATA.privilegeVp.value[t] * n + DATA.privilegeCash.value[t][p.privileges[t]]! * n * o.rate - 1 - moreWorkers(s, p, o, -1);
    if (v > value) [best, value] = [t, v];
  }
  return [best, value];
}

/** What an action is worth to the seat now (VP and Cruzados at the going rate). */
function actionValue(s: NavState, seat: Seat, action: Action, o: Outlook): number {
  const p = s.seats[seat]!;
  switch (action) {
    case 'sailing': {
      const target = explorationTarget(s, { kind: 'sailing', seat, navegador: false, moved: [], exploring: null });
      if (target) return exploreValue(s, p, target, o);
      // No exploration yet: bringing ships nearer unknown waters readies one.
      return o.left > 1 && advance(s, seat) ? 0.3 * exploreValue(s, p, s.unexplored[0]!, o) : 0;
    }
    case 'workers':
      return recruitPlan(s, seat, 'workers', o)[1];
    case 'ships':
      return recruitPlan(s, seat, 'ships', o)[1];
    case 'privilege':
      return privilegePlan(s, p, o)[1];
    case 'market': {
      let money = 0;
      for (const g of GOODS) money += bestTrade(s, p, g)?.money ?? 0;
      if (p.wildcard > 0) money += Math.max(...GOODS.map((g) => DATA.factoryRevenue.value[s.market[g]]!));
      return money * o.rate;
    }
    case 'colony': {
      let value = 0;
      let cash = p.cash;
      let slots = Math.floor(p.workers / DATA.workersPerColony.value);
      const tokens = REGIONS.flatMap((r) => (s.revealed[r] ?? []).slice(0, s.ships[r][seat] ?? 0).map((price) => ({ r, price }))).sort(
        (a, b) => a.price - b.price,
      );
      for (const t of tokens) {
        if (slots === 0 || t.price > cash) break;
        const v = colonyValue(s, p, goodOf(t.r), t.price, o);
        if (v <= 0) continue;
        value += v;
        cash -= t.price;
        slots--;
      }
      return value;
    }
    case 'buildings': {
      let value = 0;
      let cash = p.cash;
      let workers = p.workers;
      const copy = { ...s, built: { ...s.built } };
      for (;;) {
        const [kind, v] = bestBuilding(copy, p, workers, cash, o);
        if (!kind) break;
        value += v;
        cash -= nextBuildingPrice(copy, kind)!;
        workers -= DATA.workersPerBuilding.value[kind];
        copy.built[kind]++;
      }
      return value;
    }
  }
}

function rondel(s: NavState, seat: Seat, legal: readonly NavCommand[], o: Outlook): NavCommand {
  if (
    legal.some((c) => c.type === 'useNavegador') &&
    explorationTarget(s, { kind: 'sailing', seat, navegador: true, moved: [], exploring: null })
  ) {
    return legal.find((c) => c.type === 'useNavegador')!;
  }
  const from = s.seats[seat]!.position;
  let best: NavCommand | null = null;
  let score = -Infinity;
  for (const c of legal) {
    if (c.type !== 'move' || moveCost(from, c.field) > 0) continue;
    const v = actionValue(s, seat, FIELDS[c.field]!, o) - (from === null ? 0 : 0.01 * distance(from, c.field));
    if (v > score) [best, score] = [c, v];
  }
  return best ?? legal[0]!;
}

/** Whether some ship of the seat (not guarding a colony to found) could sail nearer unknown waters. */
function advance(s: NavState, seat: Seat): boolean {
  if (!s.unexplored.length) return false;
  const dist = frontierDistance(s);
  return REGIONS.some(
    (r) =>
      (s.ships[r][seat] ?? 0) > (s.revealed[r]?.length ?? 0) &&
      NEIGHBOURS[r].some((n) => !s.unexplored.includes(n) && dist.get(n)! < dist.get(r)!),
  );
}

function sail(s: NavState, pending: Sailing, legal: readonly NavCommand[]): NavCommand {
  const done = legal.find((c) => c.type === 'done');
  const target = explorationTarget(s, pending);
  if (target && !(pending.exploring && done)) {
    const move = legal.find((c) => c.type === 'moveShip' && c.to === target);
    if (move) return move;
  }
  // Otherwise bring ships nearer unknown waters, leaving the ones that guard a colony to found.
  const dist = frontierDistance(s);
  let best: NavCommand | null = null;
  let gain = 0;
  for (const c of legal) {
    if (c.type !== 'moveShip' || s.unexplored.includes(c.to)) continue;
    if ((s.ships[c.from][pending.seat] ?? 0) <= (s.revealed[c.from]?.length ?? 0)) continue;
    const g =
      (dist.get(c.from) ?? 99) - (dist.get(c.to) ?? 99) + (s.revealed[c.to]?.length && !(s.ships[c.to][pending.seat] ?? 0) ? 0.5 : 0);
    if (g > gain) [best, gain] = [c, g];
  }
  return best ?? done ?? legal[0]!;
}

/** The policy's choice among `legal` (deterministic). */
export function quickChoice(s: NavState, seat: Seat, legal: readonly NavCommand[]): NavCommand {
  if (legal.length === 1) return legal[0]!;
  const o = outlook(s, seat);
  const pending = s.pending;
  if (!pending) return rondel(s, seat, legal, o);
  const p = s.seats[seat]!;
  const done = legal.find((c) => c.type === 'done') ?? legal[0]!;
  switch (pending.kind) {
    case 'payShips': {
      // Pay with the ship that matters least: one in Portugal, else one from the largest group.
      let best: NavCommand = legal[0]!;
      let most = -1;
      for (const c of legal) {
        if (c.type !== 'payShip') continue;
        const n = c.region === 'portugal' ? 99 : s.ships[c.region][seat]!;
        if (n > most) [best, most] = [c, n];
      }
      return best;
    }
    case 'sailing':
      return sail(s, pending, legal);
    case 'workers':
    case 'ships': {
      const [count] = recruitPlan(s, seat, pending.kind, o);
      return legal.find((c) => (c.type === 'recruitWorkers' || c.type === 'buildShips') && c.count === count) ?? done;
    }
    case 'privilege': {
      const [type] = privilegePlan(s, p, o);
      return legal.find((c) => c.type === 'takePrivilege' && c.privilege === type) ?? done;
    }
    case 'colony': {
      let best: NavCommand = done;
      let price = Infinity;
      for (const c of legal) {
        if (c.type !== 'foundColony') continue;
        const t = nextToken(s, c.region)!;
        if (t < price && colonyValue(s, p, goodOf(c.region), t, o) > 0) [best, price] = [c, t];
      }
      return best;
    }
    case 'buildings': {
      const used = pending.built.reduce((n, k) => n + DATA.workersPerBuilding.value[k], 0);
      const [kind] = bestBuilding(s, p, p.workers - used, p.cash, o);
      return legal.find((c) => c.type === 'build' && c.kind === kind) ?? done;
    }
    case 'market': {
      let best: NavCommand = done;
      let money = 0;
      for (const c of legal) {
        if (c.type !== 'trade') continue;
        const m =
          c.units * (c.mode === 'sell' ? DATA.marketPrices.value[c.good][s.market[c.good]]! : DATA.factoryRevenue.value[s.market[c.good]]!);
        if (m > money) [best, money] = [c, m];
      }
      return best;
    }
  }
}

export const quickBot: Bot<NavState, NavCommand> = {
  name: 'quick',
  choose: (state, seat, legal) => quickChoice(state, seat, legal),
};
