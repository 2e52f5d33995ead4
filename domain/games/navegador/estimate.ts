/**
 * What a position is worth to each seat, for the bots: an estimate of its final VP. The score
 * it would have now, plus what its cash, income and fleet can still become in the turns left.
 * Reads only what every seat sees (never the face-down colony stacks).
 */
import type { Seat } from '../../engine/contract';
import { BUILDINGS, DATA, FACTORY_GOOD, GOODS, PRIVILEGES, REGIONS, type BuildingKind, type RegionId } from './data';
import {
  achievements,
  bestKingColumn,
  columnVp,
  nextBuildingPrice,
  reachable,
  rowSize,
  sailingRange,
  shipsAtSea,
  shipsLostExploring,
} from './rules';
import type { NavPlayer, NavState } from './types';

/**
 * Turns per player the bots plan the game to last, the final turn included: two buildings per
 * player and lap of the rondel (about four turns) until the board is empty, a brisk game. Past
 * it they hurry the end.
 */
export const plannedTurns = (players: number): number => (2 * buildingsOnBoard(players)) / players + 1;

export const buildingsOnBoard = (players: number): number => BUILDINGS.reduce((n, k) => n + rowSizeFor(players, k), 0);
const rowSizeFor = (players: number, kind: BuildingKind) =>
  kind === 'shipyard' || kind === 'church' ? DATA.shipyardsAndChurchesOnBoard.value(players) : DATA.buildingPrices.value[kind].length;

export const buildingsLeft = (s: NavState): number => BUILDINGS.reduce((n, k) => n + rowSize(s, k) - s.built[k], 0);

/** Workers the least demanding building left needs (none when none is left). */
export function workersToBuild(s: NavState): number {
  const needs = BUILDINGS.filter((k) => s.built[k] < rowSize(s, k)).map((k) => DATA.workersPerBuilding.value[k]);
  return needs.length ? Math.min(...needs) : 0;
}

/** Turns the seat still expects to play after this one. */
export function turnsLeft(s: NavState, seat: Seat): number {
  if (s.status === 'over') return 0;
  if (s.endTrigger) {
    // After the trigger everyone plays one final turn: `finalTurns` counts them from the current one.
    if (s.finalTurns === null) return 1;
    const order = (seat - s.turn + s.players) % s.players;
    return order > 0 && order < s.finalTurns ? 1 : 0;
  }
  // Two buildings per player and lap of about four turns, or the clock if sooner.
  const building = (2 * buildingsLeft(s)) / s.players + 1;
  const clock = plannedTurns(s.players) - s.turnsDone / s.players;
  return Math.max(1, Math.min(clock, building));
}

/**
 * VP a Cruzado buys for the seat with `turns` turns left: what the best building still on the
 * board gives per Cruzado (at most 1/50) while there is time to buy it, 1 VP per 200 at the end.
 */
export function cashRate(s: NavState, p: NavPlayer, turns: number): number {
  let best = 1 / 200;
  for (const kind of BUILDINGS) {
    const price = nextBuildingPrice(s, kind);
    if (price !== null) best = Math.max(best, buildingVp(p, kind) / price);
  }
  return 1 / 200 + (Math.min(best, 1 / 50) - 1 / 200) * Math.min(1, Math.max(0, turns - 1) / 3);
}

/** Cruzados a seat's colonies, factories, churches and shipyards bring in per turn (a Market about every third turn). */
export function incomePerTurn(s: NavState, p: NavPlayer): number {
  let perVisit = 0;
  let wildcard = 0;
  for (const g of GOODS) {
    const row = s.market[g];
    const colonies = p.colonies.reduce((n, c) => n + (c.good === g ? 1 : 0), 0);
    const price = DATA.marketPrices.value[g][Math.min(9, row + Math.floor(colonies / 2))]!;
    const revenue = DATA.factoryRevenue.value[row]!;
    perVisit += Math.max(colonies * price, p.factories[g] * revenue);
    wildcard = Math.max(wildcard, revenue);
  }
  perVisit += p.wildcard * wildcard;
  const virtual = p.workers >= DATA.workerLimits.value.max ? p.churches * 50 : 0;
  return perVisit / 3 + virtual / 8 + (p.shipyards - 1) * 4;
}

/** The VP the seat's explorers are worth, each. */
const explorerVp = (p: NavPlayer) => DATA.baseVp.value.explorer + DATA.privilegeVp.value.explorer * p.privileges.explorer;

/** How ready the seat's fleet is to explore (0–1): its ships within one Sailing of unknown waters, over the ships needed. */
export function readiness(s: NavState, seat: Seat): number {
  const range = sailingRange(s);
  const reach = new Map<RegionId, RegionId[]>();
  for (const r of REGIONS) if ((s.ships[r][seat] ?? 0) > 0) reach.set(r, reachable(s, r, range));
  let best = 0;
  for (const target of s.unexplored) {
    let able = 0;
    for (const [r, to] of reach) if (to.includes(target)) able += s.ships[r][seat]!;
    if (able === 0) continue;
    best = Math.max(best, Math.min(1, able / (shipsLostExploring(s, target) + 1)));
  }
  return best;
}

/** How much of what a worker or ship lets the seat do later still counts, with `turns` turns left. */
export const planning = (turns: number): number => Math.min(1, Math.max(0, turns - 2) / 3);

/** What the next worker lets the seat do beyond its VP (buildings need 3–5, colonies 2 each). */
export const workerNeed = (workers: number): number => (workers < 6 ? 1.2 : workers < 8 ? 0.7 : 0.1);

/** What the next ship at sea lets the seat do beyond its VP (explore, found colonies). */
export const shipNeed = (s: NavState, ships: number): number => (s.unexplored.length && ships < 4 ? 0.6 : 0.1);

/** Turns per player the game has run past its planned length. */
export const overtime = (s: NavState): number => Math.max(0, s.turnsDone / s.players - plannedTurns(s.players));

/** VP each building left (and half of it each unexplored region) costs every seat once the game runs late. */
export const pressure = (s: NavState): number => (s.endTrigger ? 0 : Math.min(3, 0.3 * overtime(s)));

/**
 * Turns the seat may expect after this one at the pace this game has kept so far (the buildings
 * taken per round, starting from one per player and lap), with no clock: what a player who
 * watched the table would guess.
 */
export function paceLeft(s: NavState, seat: Seat): number {
  if (s.status === 'over' || s.endTrigger) return turnsLeft(s, seat);
  const rounds = s.turnsDone / s.players;
  const taken = buildingsOnBoard(s.players) - buildingsLeft(s);
  const perRound = (taken + s.players) / (rounds + 4);
  return Math.max(1, buildingsLeft(s) / perRound);
}

/** The seat's estimated final VP (with `left` turns to come, by default the bots' plan). */
export function estimate(s: NavState, seat: Seat, horizon: (s: NavState, seat: Seat) => number = turnsLeft): number {
  const p = s.seats[seat]!;
  if (s.final) return s.final[seat]!.total;
  const king = bestKingColumn(p);
  let vp = p.workers + shipsAtSea(s, seat);
  for (const t of PRIVILEGES) vp += columnVp(p, t, king);
  const left = horizon(s, seat);
  const rate = cashRate(s, p, left);
  vp += p.cash * rate;
  // Income over the turns left, spent at the rate of the middle of that time.
  vp += incomePerTurn(s, p) * left * cashRate(s, p, left / 2);
  // Workers and ships are worth more than their VP while there is time to use them.
  const plan = planning(left);
  if (plan > 0) {
    let capacity = 0;
    for (let w = 0; w < p.workers; w++) capacity += workerNeed(w);
    const ships = shipsAtSea(s, seat);
    for (let k = 0; k < ships; k++) capacity += shipNeed(s, k);
    vp += plan * capacity;
  }
  // Past its planned length every seat wants the game over: each building left weighs on it, and
  // so does each worker it lacks to build the least demanding of them (late games stall on churches).
  const hurry = pressure(s);
  if (hurry > 0) vp -= hurry * (buildingsLeft(s) + s.unexplored.length / 2 + Math.max(0, workersToBuild(s) - p.workers));
  // A fleet within reach of unknown waters is worth part of an explorer.
  if (left >= 1 && s.unexplored.length) vp += 0.4 * (explorerVp(p) - 1) * readiness(s, seat);
  return vp;
}

/** Every seat's estimate. */
export const estimates = (s: NavState): number[] => s.seats.map((_, seat) => estimate(s, seat));

/** The VP a building of this kind adds to its owner's sheet now. */
export function buildingVp(p: NavPlayer, kind: BuildingKind): number {
  const type = FACTORY_GOOD[kind] ? 'factory' : kind === 'shipyard' ? 'shipyard' : 'church';
  return DATA.baseVp.value[type] + DATA.privilegeVp.value[type] * p.privileges[type];
}

export { achievements };
