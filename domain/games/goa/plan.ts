/**
 * A seat's own economy played forward, for the bots' judgement: with the actions it has left,
 * how many VP can it still make on its development board and with colonies out of what it holds
 * and what its rows yield? A greedy plan over abstract actions — progress when a step is paid for,
 * else harvest or build ships toward the step that needs the fewest actions per VP — with no
 * rivals, auctions or cards. Its first step is also what a quick policy would do next.
 */
import { COLONIES, COLUMNS, DATA, SPICES, type ColonyName, type Column, type Spice } from './data';
import { spotsOf } from './rules';
import type { GoaPlayer } from './types';

export type PlanStep =
  | { kind: 'progress'; column: Column }
  | { kind: 'colony'; colony: ColonyName }
  | { kind: 'harvest' }
  | { kind: 'ships' }
  | { kind: 'expedition' };

export interface Plan {
  /** VP the plan makes. */
  vp: number;
  /** Actions it found no use for. */
  idle: number;
  /** Those actions weighed like the plan's VP, the later the less (they come after its steps). */
  idleWeight: number;
  first: PlanStep | null;
}

const ROW_VP = DATA.rowVp.value;
const COLONY_VP = DATA.colonyVp.value;
const SOONER = 0.97;
/** What an expedition card drawn is worth: a symbol toward a set, or its effect. */
export const CARD_VP = 1;
/** Colonists the two cards drawn when founding show, on average (1–3 each). */
const DRAWN_COLONISTS = 4;

// Tables by column index (board order) and row, read in the hot loop below.
const NCOL = COLUMNS.length;
const NSPICE = SPICES.length;
const SPICE_INDEX = Object.fromEntries(SPICES.map((x, i) => [x, i])) as Record<Spice, number>;
/** Spices of each kind the step from a row asks for (null past the last row). */
const NEED: (number[] | null)[][] = COLUMNS.map((c) =>
  ROW_VP.map((_, r) => {
    const cost = DATA.progressCost.value[c][r];
    if (!cost) return null;
    const n = SPICES.map(() => 0);
    for (const x of cost) n[SPICE_INDEX[x]]!++;
    return n;
  }),
);
const LEN: number[][] = COLUMNS.map((c) => ROW_VP.map((_, r) => DATA.progressCost.value[c][r]?.length ?? 0));
const YIELD: number[][] = COLUMNS.map((c) => [...DATA.rowValues.value[c]]);
const HAND_LIMIT = [...DATA.handLimits.value];
const SHIPS = COLUMNS.indexOf('ships');
const HARVEST = COLUMNS.indexOf('harvest');
const EXPEDITION = COLUMNS.indexOf('expedition');
const COLONISTS = COLUMNS.indexOf('colonists');
const COLONY_LIST = [...COLONIES];
const COLONY_NEEDED = COLONY_LIST.map((c) => DATA.colonistsNeeded.value[c]);
const COLONY_FIELDS = COLONY_LIST.map((c) => (c === 'madras' || c === 'calicut' ? 2 : 1));
const STEP_PROGRESS: PlanStep[] = COLUMNS.map((column) => ({ kind: 'progress', column }));
const STEP_COLONY: PlanStep[] = COLONY_LIST.map((colony) => ({ kind: 'colony', colony }));
const STEP_HARVEST: PlanStep = { kind: 'harvest' };
const STEP_SHIPS: PlanStep = { kind: 'ships' };
const STEP_EXPEDITION: PlanStep = { kind: 'expedition' };

/**
 * The plan for a seat with `actions` action turns left; work toward a step only pays when it makes
 * at least `idleVp` VP an action (else the action is better spent on ducats or cards).
 */
export function plan(p: GoaPlayer, actions: number, idleVp = 0): Plan {
  let hand = p.hand.length;
  const rows = COLUMNS.map((c) => p.rows[c]);
  const have = new Array<number>(NSPICE).fill(0);
  const fields = new Array<number>(NSPICE).fill(0);
  for (const x of spotsOf(p)) {
    have[SPICE_INDEX[x.spice]]! += x.filled;
    fields[SPICE_INDEX[x.spice]]! += x.fields;
  }
  let ships = p.ships;
  let colonists = p.colonists;
  const founded = COLONY_LIST.map((c) => p.colonies[c] !== undefined);
  let colonies = founded.filter(Boolean).length;
  let allRows = Math.min(...rows);
  let left = Math.floor(actions);
  let vp = 0;
  let first: PlanStep | null = null;
  let steps = 0;
  const miss = new Array<number>(NSPICE).fill(0);

  while (left > 0) {
    // VP made sooner are surer (and leave the later actions free): each step a little less.
    const soon = SOONER ** steps;
    let step: PlanStep | null = null;
    // A step paid for: the biggest one (ships and harvest first among equals, for their yield).
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < NCOL; i++) {
      const need = NEED[i]![rows[i]!];
      const len = LEN[i]![rows[i]!]!;
      if (!need || ships < len) continue;
      let paid = true;
      for (let x = 0; x < NSPICE; x++) if (have[x]! < need[x]!) paid = false;
      if (!paid) continue;
      const score = len + (i === SHIPS || i === HARVEST ? 0.5 : 0);
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    }
    // A colony the colonists already pay for (the dearest such).
    let colony = -1;
    const recruits = YIELD[COLONISTS]![rows[COLONISTS]!]! + DRAWN_COLONISTS;
    for (let c = 0; c < COLONY_LIST.length; c++) if (!founded[c] && colonists + recruits >= COLONY_NEEDED[c]!) colony = c;
    const colonyGain = colony >= 0 ? COLONY_VP[colonies + 1]! - COLONY_VP[colonies]! + 0.5 : -Infinity;
    if (colony >= 0 && colonyGain > bestScore) {
      colonists -= Math.max(0, COLONY_NEEDED[colony]! - recruits);
      founded[colony] = true;
      colonies++;
      vp += (colonyGain - 0.5) * soon;
      // A new field of the spice most asked for, filled.
      let x = 0;
      let most = -1;
      for (let y = 0; y < NSPICE; y++) {
        let k = 0;
        for (let i = 0; i < NCOL; i++) k += NEED[i]![rows[i]!]?.[y] ?? 0;
        if (k > most) {
          most = k;
          x = y;
        }
      }
      fields[x]! += COLONY_FIELDS[colony]!;
      have[x]! += COLONY_FIELDS[colony]!;
      step = STEP_COLONY[colony]!;
    } else if (best >= 0) {
      const need = NEED[best]![rows[best]!]!;
      for (let x = 0; x < NSPICE; x++) have[x]! -= need[x]!;
      ships -= LEN[best]![rows[best]!]!;
      vp += (ROW_VP[rows[best]! + 1]! - ROW_VP[rows[best]!]!) * soon;
      rows[best]!++;
      // All markers a row lower: an additional action card.
      const low = Math.min(...rows);
      if (low > allRows) {
        left += low - allRows;
        allRows = low;
      }
      step = STEP_PROGRESS[best]!;
    } else {
      // Nothing paid for: work toward the step with the fewest actions per VP.
      const harvest = YIELD[HARVEST]![rows[HARVEST]!]!;
      const build = YIELD[SHIPS]![rows[SHIPS]!]!;
      let target = -1;
      let rate = Infinity;
      for (let i = 0; i < NCOL; i++) {
        const need = NEED[i]![rows[i]!];
        if (!need) continue;
        let grows = true;
        let spices = 0;
        for (let x = 0; x < NSPICE; x++) {
          if (fields[x]! < need[x]!) grows = false; // no plantation or colony grows that spice
          spices += Math.max(0, need[x]! - have[x]!);
        }
        if (!grows) continue;
        const len = LEN[i]![rows[i]!]!;
        const actionsNeeded = Math.ceil(spices / harvest) + Math.ceil(Math.max(0, len - ships) / build) + 1;
        // Ships and harvest rows also raise what later actions yield.
        const r = actionsNeeded / (len * ((i === SHIPS || i === HARVEST) && left > 6 ? 1.3 : 1));
        if (actionsNeeded <= left && r < rate && 1 / r >= idleVp) {
          target = i;
          rate = r;
        }
      }
      // Expedition cards, while the hand has room, when they come quicker than progress.
      const draws = Math.min(YIELD[EXPEDITION]![rows[EXPEDITION]!]!, HAND_LIMIT[rows[EXPEDITION]!]! - hand);
      if (draws > 0 && draws * CARD_VP >= idleVp && (target < 0 || 1 / (draws * CARD_VP) < rate)) {
        hand += draws;
        vp += draws * CARD_VP * soon;
        step = STEP_EXPEDITION;
      } else if (target < 0) {
        break; // no step within reach of the actions left: the rest find no use here
      } else {
        const need = NEED[target]![rows[target]!]!;
        let missing = 0;
        for (let x = 0; x < NSPICE; x++) missing += miss[x] = Math.max(0, need[x]! - have[x]!);
        if (missing > 0) {
          // Fill the target's missing spices first, then what the other next steps ask for, then any.
          let room = harvest;
          for (let x = 0; x < NSPICE && room > 0; x++) room -= fill(have, fields, x, miss[x]!, room);
          for (let i = 0; i < NCOL && room > 0; i++) {
            const other = NEED[i]![rows[i]!];
            if (other) for (let x = 0; x < NSPICE; x++) room -= fill(have, fields, x, Math.max(0, other[x]! - have[x]!), room);
          }
          for (let x = 0; x < NSPICE && room > 0; x++) room -= fill(have, fields, x, room, room);
          step = STEP_HARVEST;
        } else {
          ships += build;
          step = STEP_SHIPS;
        }
      }
    }
    first ??= step;
    left--;
    steps++;
  }
  let idleWeight = 0;
  for (let j = 0; j < left; j++) idleWeight += SOONER ** (steps + j);
  return { vp, idle: left, idleWeight, first };
}

/** Puts up to `k` spices of kind `x` on empty fields, at most `room`; how many it put. */
function fill(have: number[], fields: number[], x: number, k: number, room: number): number {
  const n = Math.max(0, Math.min(k, fields[x]! - have[x]!, room));
  have[x]! += n;
  return n;
}
