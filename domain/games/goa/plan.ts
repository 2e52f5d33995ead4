/**
 * A seat's own economy played forward, for the bots' judgement: with the actions it has left,
 * how many VP can it still make on its development board and with colonies out of what it holds
 * and what its rows yield? A greedy plan over abstract actions — progress when a step is paid for,
 * else harvest or build ships toward the step that needs the fewest actions per VP — with no
 * rivals, auctions or cards. Its first step is also what a quick policy would do next.
 */
import { COLONIES, COLUMNS, DATA, SPICES, type ColonyName, type Column, type Spice } from './data';
import { lowestCommonRow, spotsOf } from './rules';
import type { GoaPlayer } from './types';

export type PlanStep = { kind: 'progress'; column: Column } | { kind: 'colony'; colony: ColonyName } | { kind: 'harvest' } | { kind: 'ships' } | { kind: 'expedition' };

export interface Plan {
  /** VP the plan makes. */
  vp: number;
  /** Actions it found no use for. */
  idle: number;
  first: PlanStep | null;
}

const COST = DATA.progressCost.value;
const ROW_VP = DATA.rowVp.value;
const COLONY_VP = DATA.colonyVp.value;
const LAST = ROW_VP.length - 1;
const SOONER = 0.97;
/** What an expedition card drawn is worth: a symbol toward a set, or its effect. */
export const CARD_VP = 1;
/** Colonists the two cards drawn when founding show, on average (1–3 each). */
const DRAWN_COLONISTS = 4;
const SPICE_INDEX = Object.fromEntries(SPICES.map((x, i) => [x, i])) as Record<Spice, number>;

/** The plan for a seat with `actions` action turns left. */
export function plan(p: GoaPlayer, actions: number): Plan {
  let hand = p.hand.length;
  const rows = COLUMNS.map((c) => p.rows[c]);
  const have = SPICES.map(() => 0);
  const fields = SPICES.map(() => 0);
  for (const x of spotsOf(p)) {
    have[SPICE_INDEX[x.spice]]! += x.filled;
    fields[SPICE_INDEX[x.spice]]! += x.fields;
  }
  let ships = p.ships;
  let colonists = p.colonists;
  let colonies = Object.keys(p.colonies).length;
  const founded = new Set(Object.keys(p.colonies));
  let allRows = lowestCommonRow(p);
  let left = Math.floor(actions);
  let vp = 0;
  let first: PlanStep | null = null;
  let steps = 0;
  const yieldOf = (c: Column) => DATA.rowValues.value[c][rows[COLUMNS.indexOf(c)]!]!;

  const stepCost = (i: number) => COST[COLUMNS[i]!][rows[i]!] ?? null;
  /** Spices of each kind a cost asks for. */
  const count = (cost: readonly Spice[]) => {
    const n = SPICES.map(() => 0);
    for (const x of cost) n[SPICE_INDEX[x]]!++;
    return n;
  };

  while (left > 0) {
    // VP made sooner are surer (and leave the later actions free): each step a little less.
    const soon = SOONER ** steps;
    const taken = (step: PlanStep) => {
      first ??= step;
      left--;
      steps++;
    };
    // A step paid for: the biggest one (ships and harvest first among equals, for their yield).
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < COLUMNS.length; i++) {
      const cost = stepCost(i);
      if (!cost || ships < cost.length) continue;
      const n = count(cost);
      if (n.some((k, x) => have[x]! < k)) continue;
      const score = cost.length + (i <= 1 ? 0.5 : 0);
      if (score > bestScore) [best, bestScore] = [i, score];
    }
    // A colony the colonists already pay for.
    let colony: ColonyName | null = null;
    for (const c of COLONIES) {
      if (founded.has(c)) continue;
      if (colonists + yieldOf('colonists') + DRAWN_COLONISTS >= DATA.colonistsNeeded.value[c]) colony = c;
    }
    const colonyGain = colony ? COLONY_VP[colonies + 1]! - COLONY_VP[colonies]! + 0.5 : -Infinity;
    if (colony && colonyGain > bestScore) {
      colonists -= Math.max(0, DATA.colonistsNeeded.value[colony] - yieldOf('colonists') - DRAWN_COLONISTS);
      founded.add(colony);
      colonies++;
      vp += (colonyGain - 0.5) * soon;
      // A new field of the spice most asked for, filled.
      const wanted = SPICES.map((_, x) => COLUMNS.reduce((k, _c, i) => k + (stepCost(i)?.filter((y) => SPICE_INDEX[y] === x).length ?? 0), 0));
      const x = wanted.indexOf(Math.max(...wanted));
      const n = colony === 'madras' || colony === 'calicut' ? 2 : 1;
      fields[x]! += n;
      have[x]! += n;
      taken({ kind: 'colony', colony });
      continue;
    }
    if (best >= 0) {
      const cost = stepCost(best)!;
      for (const x of cost) have[SPICE_INDEX[x]]!--;
      ships -= cost.length;
      vp += (ROW_VP[rows[best]! + 1]! - ROW_VP[rows[best]!]!) * soon;
      rows[best]!++;
      taken({ kind: 'progress', column: COLUMNS[best]! });
      // All markers a row lower: an additional action card.
      const low = Math.min(...rows);
      if (low > allRows) (left += low - allRows), (allRows = low);
      continue;
    }
    // Nothing paid for: work toward the step with the fewest actions per VP.
    const harvest = yieldOf('harvest');
    const build = yieldOf('ships');
    let target = -1;
    let rate = Infinity;
    let missingSpices: number[] = [];
    for (let i = 0; i < COLUMNS.length; i++) {
      const cost = stepCost(i);
      if (!cost || rows[i]! >= LAST) continue;
      const n = count(cost);
      if (n.some((k, x) => fields[x]! < k)) continue; // no plantation or colony grows that spice
      const miss = n.map((k, x) => Math.max(0, k - have[x]!));
      const spices = miss.reduce((a, b) => a + b, 0);
      const need = Math.ceil(spices / harvest) + Math.ceil(Math.max(0, cost.length - ships) / build) + 1;
      const r = need / cost.length;
      if (need <= left && r < rate) [target, rate, missingSpices] = [i, r, miss];
    }
    // No step within reach of the actions left: the rest find no use here.
    // Expedition cards, while the hand has room, when they come quicker than progress.
    const limit = DATA.handLimits.value[rows[3]!]!;
    const draws = Math.min(yieldOf('expedition'), limit - hand);
    if (draws > 0 && (target < 0 || 1 / (draws * CARD_VP) < rate)) {
      hand += draws;
      vp += draws * CARD_VP * soon;
      taken({ kind: 'expedition' });
      continue;
    }
    if (target < 0) break;
    if (missingSpices.some((k) => k > 0)) {
      // Fill the target's missing spices first, then what the other next steps ask for.
      let room = harvest;
      const fill = (x: number, k: number) => {
        const n = Math.min(k, fields[x]! - have[x]!, room);
        have[x]! += n;
        room -= n;
      };
      missingSpices.forEach((k, x) => fill(x, k));
      for (let i = 0; i < COLUMNS.length && room > 0; i++) {
        const cost = stepCost(i);
        if (cost) count(cost).forEach((k, x) => fill(x, Math.max(0, k - have[x]!)));
      }
      for (let x = 0; x < SPICES.length && room > 0; x++) fill(x, room);
      taken({ kind: 'harvest' });
    } else {
      ships += build;
      taken({ kind: 'ships' });
    }
  }
  return { vp, idle: left, first };
}
