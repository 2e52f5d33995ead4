/**
 * A heuristic bot for Vasco da Gama.
 *
 * Every choice except Phase 1 is a one-ply lookahead: each candidate is applied to a cheap
 * hypothetical copy of the state (the forward model in bot-model.ts copies only the parts a
 * command changes; `decide` + `evolve` copy everything, too slow for thousands of candidates a
 * game) and the copy is scored by `evaluate`, an estimate of the seat's final Victory Points.
 * Sub-choices that follow a command (which sailors after choosing a section, which ships after
 * choosing a landing) are resolved greedily inside the lookahead. Phase 1 uses the same machinery to estimate what one
 * more action in each area is worth, then picks a Sequence Number by rules of thumb (near the
 * expected free number, ordered projects → recruiting → navigation, early when contested).
 *
 * The bot only reads public information: never the face-down tiles, deck order or generator.
 * It is pure and deterministic; ties are broken with the `rng` it is given.
 */
import type { Bot } from '../../engine/bots';
import type { Seat } from '../../engine/contract';
import type { Rng } from '../../engine/rng';
import type { VdgCommand } from './commands';
import {
  CHARACTERS,
  CREW_TYPES,
  DATA,
  LANDINGS,
  PROJECTS,
  SAILOR_COLOURS,
  type Area,
  type CharacterId,
  type CrewType,
  type LandingId,
  type ProjectTile,
  type SailorColour,
} from './data';
import {
  consumeCall,
  recruitPrice,
  removeDisc,
  simCaptain,
  simExpeditionEnd,
  simHost,
  simLaunch,
  simMerchant,
  simPurchase,
  simRecruit,
  simSaoGabriel,
  simSendShip,
  simTakeMoney,
  simTakeProject,
  simTakeSailor,
  withPlayer,
} from './bot-model';
import { activeSectionCount, fittingSlots, giveUpRefund, placements, rightCost } from './rules';
import type { Call, Disc, Pending, PlayerState, Sailors, VdgState } from './types';

// Module-level copies of the data: imported bindings are getters once transpiled, and the
// evaluation below runs tens of thousands of times a game.
const D = {
  rounds: DATA.rounds.value,
  captainCostPerSailor: DATA.captainCostPerSailor.value,
  diasVp: DATA.diasVp.value,
  landingBonus: DATA.landingBonus.value,
  landingBonusReals: DATA.landingBonusReals.value,
  landingSlots: DATA.landingSlots.value,
  landingVp: DATA.landingVp.value,
  purchasePrices: DATA.purchasePrices.value,
  realsPerFinalVp: DATA.realsPerFinalVp.value,
  regularNumbers: DATA.regularNumbers.value,
  vdgTiles: DATA.vdgTiles.value,
  vpPerLaunchedShipWithCaptain: DATA.vpPerLaunchedShipWithCaptain.value,
};
const PROJ = PROJECTS;
const LANDING_IDS = LANDINGS;
const COLOURS = SAILOR_COLOURS;
const CREW = CREW_TYPES;
const CHARACTER_IDS = CHARACTERS;
/** Navigation limit of a project or ship (merchant ships are never looked up here). */
const limitOf = (tile: string): number => PROJ[tile]!.limit;
const countOf = (x: Sailors): number => x.turquoise + x.violet + x.grey + x.orange;

/** Tunable weights, in Victory Points unless said otherwise. */
export interface Weights {
  /** Value of 1 Real in round 1 (falls linearly to `mvEnd` in round 5; 1/3 at the final count). */
  mvStart: number;
  mvEnd: number;
  /** Share of a ship's send value kept when a navigation action is still to come this round / only in later rounds. */
  sendNow: number;
  sendLater: number;
  /** Cost of each crew member a project still lacks (Reals and an action to recruit it). */
  missCost: number;
  /** Sailors a recruiting action brings, and recruiting actions expected in a later round. */
  sailorsPerRecruit: number;
  recruitsPerRound: number;
  /** Cost of a captain still in the Recruiting Area that a ship will need. */
  captainCost: number;
  /** A captain with no ship to board (useful for later projects). */
  spareCaptain: number;
  /** Leftover crew: the first of a type, and each further one. */
  crewFirst: number;
  crewMore: number;
  /** Expected share of a landing's VP for a ship sent there later. */
  landingShare: number;
  /** Share of a landing's VP already credited for a partly filled landing, per fill fraction. */
  partialLanding: number;
  /** A ship with no slot to go to now (slots free up as ships navigate), per point of limit. */
  noSlot: number;
  /** How much an opponent's gain counts against us (split over the opponents). */
  oppWeight: number;
  /** Chance to keep a character until this round's end (unhosted), and through a later round. */
  keepNow: number;
  keepLater: number;
  /** An extra action (Manuel I's disc) and a missionary. */
  extraAction: number;
  missionary: number;
  /** Bonus of a merchant ship sent by the Sernigi holder in a later round. */
  merchantRound: number;
  /** Phase 1: penalty per opponent disc with a lower number in the same area. */
  contest: number;
  /** Phase 1: penalty per number above / below the wanted one, and per broken ordering. */
  late: number;
  early: number;
  disorder: number;
}

/**
 * Hand-set, then adjusted by head-to-head self-play (a variant against these weights, 2 players,
 * both seat orders). Money is worth little and missing crew a lot: sailors are the scarce
 * resource (a few per round reach the Recruiting Area), so projects without crew are a trap.
 */
export const defaultWeights: Weights = {
  mvStart: 0.4,
  mvEnd: 0.3,
  sendNow: 0.95,
  sendLater: 0.75,
  missCost: 3.5,
  sailorsPerRecruit: 2.5,
  recruitsPerRound: 1.2,
  captainCost: 1.5,
  spareCaptain: 0.4,
  crewFirst: 0.5,
  crewMore: 0.15,
  landingShare: 0.35,
  partialLanding: 0.4,
  noSlot: 0.5,
  oppWeight: 0.6,
  keepNow: 0.7,
  keepLater: 0.2,
  extraAction: 2.5,
  missionary: 0.8,
  merchantRound: 0.8,
  contest: 0.8,
  late: 0.15,
  early: 0.05,
  disorder: 3,
};

const FINAL_SHIP_VP = D.vpPerLaunchedShipWithCaptain;
/** The order in which my own actions should resolve within a round: money first, ships last. */
const AREA_ORDER: Record<Area, number> = { characters: 0, projects: 1, recruiting: 2, navigation: 3 };

// ---------------------------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------------------------

interface Ctx {
  final: boolean;
  /** Full rounds after the current one. */
  roundsLeft: number;
  /** Phase 3 scorings still to come (the current round's included if not yet done). */
  scoringsLeft: number;
  /** Value of a Real now. */
  mv: number;
}

function context(s: VdgState, w: Weights): Ctx {
  const final = s.phase === 'finalLaunch' || s.phase === 'over';
  const roundsLeft = final ? 0 : Math.max(0, D.rounds - s.round);
  const scoringsLeft = final ? 0 : roundsLeft + (s.round >= 1 ? 1 : 0);
  const mv = final ? 1 / D.realsPerFinalVp : w.mvEnd + ((w.mvStart - w.mvEnd) * roundsLeft) / (D.rounds - 1);
  return { final, roundsLeft, scoringsLeft, mv };
}

/** My discs in an area whose action is still to come this round. */
function discsToCome(s: VdgState, seat: Seat, area: Area): number {
  if (s.phase !== 'placement' && s.phase !== 'actions') return 0;
  let n = 0;
  for (const d of s.slots[area]) {
    if (!d || d.seat !== seat) continue;
    if (s.phase === 'placement' || d.number > s.lastCalled) n++;
    else if (s.call && !s.call.started && s.call.number === d.number) n++;
  }
  return n;
}

/** Immediate landing bonus, valued for the seat. */
function landingBonusValue(s: VdgState, p: PlayerState, landing: LandingId, mv: number): number {
  switch (D.landingBonus[landing]) {
    case 'project':
      for (const t of s.row) if (t !== null) return 1.5;
      return 0;
    case 'sailor':
      return 0.5;
    case 'captain':
      return p.captainsInRecruiting > 0 ? 1.2 : 0;
    case 'reals':
      return (D.landingBonusReals[landing] ?? 0) * mv;
    default:
      return 0;
  }
}

/**
 * Empty slots (landing index, value), cached per landings object: most hypothetical states share
 * it. States are never changed once made (`evolve` copies), so the cache cannot go stale.
 */
const freeCache = new WeakMap<VdgState['landings'], { landing: number; v: number }[]>();
function freeSlots(s: VdgState): { landing: number; v: number }[] {
  let free = freeCache.get(s.landings);
  if (!free) {
    free = [];
    for (let l = 0; l < LANDING_IDS.length; l++) {
      const L = LANDING_IDS[l]!;
      const values = D.landingSlots[L];
      const arr = s.landings[L];
      for (let i = 0; i < arr.length; i++) if (arr[i] === null) free.push({ landing: l, v: values[i]! });
    }
    freeCache.set(s.landings, free);
  }
  return free;
}

// Scratch space for `assetsValue` (it is not re-entrant and runs single-threaded), so that the
// evaluation allocates nothing: it runs tens of thousands of times a game.
const MAX_ASSETS = 48;
const aTile: ProjectTile[] = new Array(MAX_ASSETS);
const aLaunched = new Uint8Array(MAX_ASSETS);
const aBase = new Float64Array(MAX_ASSETS);
const aValue = new Float64Array(MAX_ASSETS);
const order = new Int32Array(MAX_ASSETS);
const extra = new Float64Array(LANDINGS.length);
const usedSlot = new Uint8Array(64);
const pool = new Int32Array(5);
const taken = new Uint8Array(5);

/** Sort `order[0..n)` descending by `key` (insertion sort: n is tiny). */
function sortOrder(n: number, key: (i: number) => number): void {
  for (let i = 1; i < n; i++) {
    const x = order[i]!;
    const kx = key(x);
    let j = i - 1;
    while (j >= 0 && key(order[j]!) < kx) {
      order[j + 1] = order[j]!;
      j--;
    }
    order[j + 1] = x;
  }
}
const byLimit = (i: number) => aTile[i]!.limit;
const byBase = (i: number) => aBase[i]!;
const byValue = (i: number) => aValue[i]!;

/** Ships and projects in supply, captains and crew, valued as the VP they should still bring. */
function assetsValue(s: VdgState, seat: Seat, p: PlayerState, c: Ctx, w: Weights): number {
  const nav = discsToCome(s, seat, 'navigation');
  const rec = discsToCome(s, seat, 'recruiting');
  const sendF = c.final ? 0 : nav > 0 ? w.sendNow : c.roundsLeft > 0 ? w.sendLater : 0;
  const canRecruit = !c.final && (rec > 0 || c.roundsLeft > 0);
  pool[0] = p.sailors.turquoise;
  pool[1] = p.sailors.violet;
  pool[2] = p.sailors.grey;
  pool[3] = p.sailors.orange;
  pool[4] = p.missionaries;
  let total = 0;

  let n = 0;
  for (const t of p.ships) {
    if (n >= MAX_ASSETS) break;
    aTile[n] = PROJ[t]!;
    aLaunched[n++] = 1;
  }
  if (s.phase !== 'over')
    for (const t of p.projects) {
      if (n >= MAX_ASSETS) break;
      aTile[n] = PROJ[t]!;
      aLaunched[n++] = 0;
    }
  for (let i = 0; i < n; i++) order[i] = i;

  let captains = p.captains;
  if (n > 0) {
    if (sendF > 0) {
      // Each asset heads for the best free slot it fits, biggest ships first (they compete for slots).
      const free = freeSlots(s);
      for (let l = 0; l < LANDING_IDS.length; l++) {
        const L = LANDING_IDS[l]!;
        extra[l] = landingBonusValue(s, p, L, c.mv) + D.landingVp[L] * w.landingShare;
      }
      usedSlot.fill(0, 0, free.length);
      const rewardTurns = Math.min(2, Math.max(0, nav > 0 ? c.scoringsLeft : c.scoringsLeft - 1));
      sortOrder(n, byLimit);
      for (let k = 0; k < n; k++) {
        const a = order[k]!;
        const tile = aTile[a]!;
        let best = -1;
        let sv = -Infinity;
        for (let i = 0; i < free.length; i++) {
          const f = free[i]!;
          if (usedSlot[i] || f.v > tile.limit) continue;
          const score = f.v + extra[f.landing]!;
          if (score > sv) {
            sv = score;
            best = i;
          }
        }
        if (best >= 0) usedSlot[best] = 1;
        else sv = c.roundsLeft > 0 ? w.noSlot * Math.min(tile.limit, 9) : 0;
        sv += (tile.vp + tile.reals * c.mv) * rewardTurns * 0.9;
        aBase[a] = Math.max(sendF * sv, FINAL_SHIP_VP);
      }
    } else for (let i = 0; i < n; i++) aBase[i] = FINAL_SHIP_VP;

    // Crew the most valuable projects first, from the most plentiful types (keeps the rest varied).
    sortOrder(n, byBase);
    const capacity = (rec + c.roundsLeft * w.recruitsPerRound) * w.sailorsPerRecruit;
    let toRecruit = 0;
    for (let k = 0; k < n; k++) {
      const a = order[k]!;
      if (aLaunched[a]) {
        aValue[a] = aBase[a]!;
        continue;
      }
      const crew = aTile[a]!.crew;
      let kinds = 0;
      for (let i = 0; i < 5; i++) if (pool[i]! > 0) kinds++;
      if (kinds >= crew) {
        for (let m = 0; m < crew; m++) {
          let top = -1;
          for (let i = 0; i < 5; i++) if (pool[i]! > 0 && !taken[i] && (top < 0 || pool[i]! > pool[top]!)) top = i;
          taken[top] = 1;
        }
        for (let i = 0; i < 5; i++)
          if (taken[i]) {
            pool[i]!--;
            taken[i] = 0;
          }
        aValue[a] = aBase[a]! - 0.2;
      } else {
        // Crew still to recruit: only so many sailors can be had in the actions left, and a crew
        // of five needs a missionary (Alvares's gift) besides the four sailor colours.
        let missing = crew - kinds;
        if (crew === 5 && pool[4] === 0 && s.holder.alvares !== seat) missing++;
        if (canRecruit && toRecruit + missing <= capacity) {
          toRecruit += missing;
          aValue[a] = Math.max(0, aBase[a]! - missing * w.missCost);
        } else aValue[a] = 0;
      }
    }
    // Captains board the most valuable ships; captains still to recruit cost something.
    sortOrder(n, byValue);
    let obtainable = canRecruit ? p.captainsInRecruiting : 0;
    for (let k = 0; k < n; k++) {
      const v = aValue[order[k]!]!;
      if (v <= 0) continue;
      if (captains > 0) {
        captains--;
        total += v;
      } else if (obtainable > 0 && v > w.captainCost) {
        obtainable--;
        total += v - w.captainCost;
      }
    }
  }
  if (c.roundsLeft > 0 || rec > 0) total += captains * w.spareCaptain;

  const crewUseful = c.roundsLeft > 0 || rec > 0 || (!c.final && p.projects.length > 0);
  for (let i = 0; i < 5; i++) {
    const k = pool[i]!;
    if (k > 0) total += crewUseful ? w.crewFirst + (k - 1) * w.crewMore : 0.01 * k;
  }
  return total;
}

interface ShipAt {
  owner: Seat;
  /** The landing's VP if it is complete, else its VP times the share of filled slots. */
  landingVp: number;
  complete: boolean;
  vp: number;
  reals: number;
}
/** Players' ships at landings, cached per landings object like `freeSlots`. */
const shipsCache = new WeakMap<VdgState['landings'], ShipAt[]>();
function shipsAtLandings(s: VdgState): ShipAt[] {
  let ships = shipsCache.get(s.landings);
  if (!ships) {
    ships = [];
    for (const L of LANDING_IDS) {
      const arr = s.landings[L];
      let filled = 0;
      for (const x of arr) if (x) filled++;
      const complete = filled === arr.length;
      const lvp = D.landingVp[L];
      for (const ship of arr) {
        if (!ship || ship.owner === null) continue;
        const t = PROJ[ship.tile]!;
        ships.push({ owner: ship.owner, landingVp: complete ? lvp : (lvp * filled) / arr.length, complete, vp: t.vp, reals: t.reals });
      }
    }
    shipsCache.set(s.landings, ships);
  }
  return ships;
}

/** Ships already at landings: their printed rewards and the landing VP they may still earn. */
function landingsValue(s: VdgState, seat: Seat, c: Ctx, w: Weights): number {
  if (c.scoringsLeft === 0) return 0;
  const opp = w.oppWeight / Math.max(1, s.players - 1);
  const turns = Math.min(2, c.scoringsLeft) * 0.9;
  let v = 0;
  for (const x of shipsAtLandings(s)) {
    const val = (x.complete ? x.landingVp : x.landingVp * w.partialLanding) + (x.vp + x.reals * c.mv) * turns;
    v += x.owner === seat ? val : -opp * val;
  }
  return v;
}

/** Characters held: Dias's 2 VP and Alvares's missionary at each round end, future merchants and extra discs. */
function charactersValue(s: VdgState, seat: Seat, c: Ctx, w: Weights): number {
  if (c.final || s.round < 1) return 0;
  const h = s.holder;
  if (h.dias !== seat && h.alvares !== seat && h.sernigi !== seat && h.manuel !== seat) return 0;
  // Hosted this round (or past Phase 2), a character is still ours at the round's end.
  const late = s.phase === 'navigation';
  const later = c.roundsLeft * w.keepLater;
  let v = 0;
  if (h.dias === seat) v += D.diasVp * ((late || s.hosted.dias === seat ? 1 : w.keepNow) + later);
  if (h.alvares === seat) {
    const now = s.missionaries > 0 ? (late || s.hosted.alvares === seat ? 1 : w.keepNow) : 0;
    v += w.missionary * (now + later);
  }
  if (h.sernigi === seat) {
    v += w.merchantRound * later;
    if (s.merchant.faceUp && !s.merchant.done) v += w.merchantRound * (late || s.hosted.sernigi === seat ? 1 : w.keepNow);
  }
  if (h.manuel === seat && s.seats[seat]!.extraDisc) v += w.extraAction * later;
  return v;
}

/** Estimated final VP of the seat. */
export function evaluate(s: VdgState, seat: Seat, w: Weights = defaultWeights): number {
  const p = s.seats[seat]!;
  const c = context(s, w);
  const money = c.final ? Math.floor(p.reals / D.realsPerFinalVp) : p.reals * c.mv;
  return p.vp + money + assetsValue(s, seat, p, c, w) + landingsValue(s, seat, c, w) + charactersValue(s, seat, c, w);
}

// ---------------------------------------------------------------------------------------------
// Hypothetical states (bot-model.ts), with the choices that follow a command made greedily.
// ---------------------------------------------------------------------------------------------

/** A sailor of the colour the seat has fewest of (Terra de Boa Gente), without a nested search. */
function simSailorGift(s: VdgState, seat: Seat): VdgState {
  const p = s.seats[seat]!;
  const avail = (c: SailorColour) => s.bag[c] > 0 || s.sections.some((x) => x[c] > 0);
  const colour = COLOURS.filter(avail).sort((a, b) => p.sailors[a] - p.sailors[b])[0];
  return colour ? withPlayer(s, seat, (q) => q.sailors[colour]++) : s;
}

/** The best project of the row for the seat (Natal bonus). */
function simProjectGift(s: VdgState, seat: Seat, w: Weights): VdgState {
  let best: VdgState = s;
  let bestV = -Infinity;
  s.row.forEach((t, i) => {
    if (t === null) return;
    const n = simTakeProject(s, seat, i);
    const v = evaluate(n, seat, w);
    if (v > bestV) {
      bestV = v;
      best = n;
    }
  });
  return best;
}

/** The Natal or Terra de Boa Gente choices owed for `count` ships reaching a landing, made greedily. */
function choiceGifts(s: VdgState, seat: Seat, landing: LandingId, count: number, w: Weights): VdgState {
  const bonus = D.landingBonus[landing];
  let t = s;
  for (let i = 0; i < count; i++) {
    if (bonus === 'project') t = simProjectGift(t, seat, w);
    else if (bonus === 'sailor') t = simSailorGift(t, seat);
  }
  return t;
}

/** Where an expedition that has sent `sent` ships leaves the seat once it ends and its bonuses are taken. */
function afterExpedition(s: VdgState, seat: Seat, landing: LandingId, sent: number, w: Weights): VdgState {
  return choiceGifts(simExpeditionEnd(s, seat, landing, sent), seat, landing, sent, w);
}

/** A merchant ship sent, with the choice its landing offers made greedily. */
function merchantSent(s: VdgState, seat: Seat, tile: string, landing: LandingId, slot: number, w: Weights): VdgState {
  return choiceGifts(simMerchant(s, seat, tile, landing, slot), seat, landing, 1, w);
}

/** A character hosted, valued: Manuel I's extra action this round as a lump, Sernigi's merchant ship sent at its best. */
function hostValued(s: VdgState, seat: Seat, character: CharacterId, w: Weights, planning = false): VdgState {
  let t = simHost(s, seat, character);
  if (character === 'manuel' && !s.seats[seat]!.extraDisc) t = withPlayer(t, seat, (p) => (p.vp += w.extraAction));
  if (character === 'sernigi' && t.merchant.faceUp && !t.merchant.done) {
    // Planning only needs a rough figure; the real choice looks at every slot.
    if (planning) t = { ...withPlayer(t, seat, (p) => (p.vp += w.merchantRound)), merchant: { ...t.merchant, done: true } };
    else t = bestMerchant(t, seat, t.merchant.faceUp, w).state;
  }
  return t;
}

function bestMerchant(s: VdgState, seat: Seat, tile: string, w: Weights): { state: VdgState; value: number } {
  let best = { state: s, value: evaluate(s, seat, w) };
  let first = true;
  for (const { landing, slot } of placements(s, tile)) {
    const t = merchantSent(s, seat, tile, landing, slot, w);
    const v = evaluate(t, seat, w);
    if (first || v > best.value) best = { state: t, value: v };
    first = false;
  }
  return best;
}

/**
 * The best recruit from a section, found greedily: add all sailors of one more colour while
 * it pays (a colour's price does not depend on how many are taken, and each further colour
 * costs more than the last), then see whether a captain is worth adding (1 Real a sailor,
 * so also with just one sailor of each chosen colour).
 */
function bestRecruit(s: VdgState, seat: Seat, section: number, w: Weights): { state: VdgState; value: number } | null {
  const p = s.seats[seat]!;
  const sec = s.sections[section]!;
  let chosen: Sailors = { turquoise: 0, violet: 0, grey: 0, orange: 0 };
  let best: { state: VdgState; value: number } | null = null;
  for (;;) {
    let step: { sailors: Sailors; state: VdgState; value: number } | null = null;
    for (const c of COLOURS) {
      if (sec[c] === 0 || chosen[c] > 0) continue;
      const sailors = { ...chosen, [c]: sec[c] };
      if (recruitPrice(sailors) > p.reals) continue;
      const t = simRecruit(s, seat, section, sailors, false);
      const v = evaluate(t, seat, w);
      if (!step || v > step.value) step = { sailors, state: t, value: v };
    }
    if (!step || (best && step.value <= best.value)) break;
    chosen = step.sailors;
    best = { state: step.state, value: step.value };
  }
  if (!best || p.captainsInRecruiting === 0) return best;
  const one: Sailors = { turquoise: 0, violet: 0, grey: 0, orange: 0 };
  for (const c of COLOURS) if (chosen[c] > 0) one[c] = 1;
  for (const sailors of [chosen, one]) {
    if (recruitPrice(sailors) + countOf(sailors) * D.captainCostPerSailor > p.reals) continue;
    const t = simRecruit(s, seat, section, sailors, true);
    const v = evaluate(t, seat, w);
    if (v > best.value) best = { state: t, value: v };
  }
  return best;
}

/** The crew that leaves the most varied supply: the most plentiful types. */
function defaultCrew(p: PlayerState, size: number): CrewType[] | null {
  const count = (t: CrewType) => (t === 'missionary' ? p.missionaries : p.sailors[t]);
  const types = CREW.filter((t) => count(t) > 0).sort((a, b) => count(b) - count(a));
  return types.length >= size ? types.slice(0, size) : null;
}

/** Launch crewable projects while there are captains for them (planning only). */
function autoLaunch(s: VdgState, seat: Seat): VdgState {
  let t = s;
  for (;;) {
    const p = t.seats[seat]!;
    if (p.captains <= p.ships.length) return t;
    const project = [...p.projects].sort((a, b) => limitOf(b) - limitOf(a)).find((pr) => defaultCrew(p, PROJ[pr]!.crew) !== null);
    if (!project) return t;
    t = simLaunch(t, seat, project, defaultCrew(p, PROJ[project]!.crew)!);
  }
}

/**
 * Send ships to a landing one at a time while it pays (at least one: the expedition has started).
 * The landing's bonuses come when the expedition ends, so a captain won there sails later.
 */
function greedyExpedition(s: VdgState, seat: Seat, landing: LandingId, w: Weights): { state: VdgState; value: number } | null {
  let cur = s;
  let curV = evaluate(s, seat, w);
  let sent = 0;
  for (;;) {
    const p = cur.seats[seat]!;
    if (p.captains === 0) break;
    let best: { state: VdgState; value: number } | null = null;
    for (const ship of new Set(p.ships)) {
      const slots = fittingSlots(cur, landing, limitOf(ship));
      if (!slots.length) continue;
      const values = D.landingSlots[landing];
      const slot = slots.reduce((a, b) => (values[b]! > values[a]! ? b : a));
      const t = simSendShip(cur, seat, ship, landing, slot);
      const v = evaluate(afterExpedition(t, seat, landing, sent + 1, w), seat, w);
      if (!best || v > best.value) best = { state: t, value: v };
    }
    if (!best || (sent > 0 && best.value <= curV)) break;
    cur = best.state;
    curV = best.value;
    sent++;
  }
  if (sent === 0) return null;
  return { state: afterExpedition(cur, seat, landing, sent, w), value: curV };
}

/** The best action in an area for planning (no right to pay; the disc is already off the board). */
function bestInArea(s: VdgState, seat: Seat, area: Area, w: Weights): { state: VdgState; value: number } | null {
  const p = s.seats[seat]!;
  let best: { state: VdgState; value: number } | null = null;
  const consider = (t: VdgState | null) => {
    if (!t) return;
    const v = evaluate(t, seat, w);
    if (!best || v > best.value) best = { state: t, value: v };
  };
  switch (area) {
    case 'projects': {
      const prices = D.purchasePrices;
      // Pairs only among the three best single buys.
      const singles: { space: number; value: number }[] = [];
      if (p.reals >= prices.one)
        s.row.forEach((t, i) => {
          if (t === null) return;
          const n = simPurchase(s, seat, [i]);
          const v = evaluate(n, seat, w);
          singles.push({ space: i, value: v });
          if (!best || v > best.value) best = { state: n, value: v };
        });
      const top = singles
        .sort((a, b) => b.value - a.value)
        .slice(0, 3)
        .map((x) => x.space);
      if (p.reals >= prices.two) for (const i of top) for (const j of top) if (i < j) consider(simPurchase(s, seat, [i, j]));
      if (s.saoGabriel && p.reals >= PROJ[s.saoGabriel]!.crew) consider(simSaoGabriel(s, seat));
      break;
    }
    case 'recruiting': {
      // Planning looks at the two sections richest in colours the seat lacks.
      const fresh = (sec: Sailors) => COLOURS.reduce((n, c) => n + (sec[c] > 0 ? (p.sailors[c] > 0 ? 1 : 3) : 0), 0);
      const sections = Array.from({ length: activeSectionCount(s) }, (_, i) => i)
        .filter((i) => countOf(s.sections[i]!) > 0)
        .sort((a, b) => fresh(s.sections[b]!) - fresh(s.sections[a]!) || a - b)
        .slice(0, 2);
      for (const i of sections) {
        const r = bestRecruit(s, seat, i, w);
        if (r && (!best || r.value > (best as { value: number }).value)) best = r;
      }
      if (p.captainsInRecruiting > 0) consider(simCaptain(s, seat));
      break;
    }
    case 'navigation': {
      const t = autoLaunch(s, seat);
      if (t.seats[seat]!.captains === 0) break;
      for (const L of LANDING_IDS) {
        const r = greedyExpedition(t, seat, L, w);
        if (r && (!best || r.value > (best as { value: number }).value)) best = r;
      }
      break;
    }
    case 'characters': {
      s.coins.forEach((c, space) => c !== null && consider(simTakeMoney(s, seat, space)));
      for (const ch of CHARACTER_IDS) if (s.hosted[ch] === null) consider(hostValued(s, seat, ch, w, true));
      break;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Choosing
// ---------------------------------------------------------------------------------------------

/** The legal command with the highest score; near-ties broken by the rng. */
function pickBest(legal: readonly VdgCommand[], score: (c: VdgCommand) => number, rng: Rng): VdgCommand {
  let bestScore = -Infinity;
  let best: VdgCommand[] = [];
  for (const c of legal) {
    const v = score(c);
    if (v > bestScore + 1e-9) {
      bestScore = v;
      best = [c];
    } else if (v > bestScore - 1e-9) best.push(c);
  }
  if (best.length === 0) return legal[0]!;
  return best.length === 1 ? best[0]! : best[rng.int(best.length)]!;
}

/** The commands a chooser considers, and its score for each (higher is better). */
interface Choice {
  readonly options: readonly VdgCommand[];
  readonly score: (c: VdgCommand) => number;
}
const choice = (options: readonly VdgCommand[], score: (c: VdgCommand) => number): Choice => ({ options, score });

/** Phase 2: my number is called. */
function chooseAction(s: VdgState, seat: Seat, call: Call, legal: readonly VdgCommand[], w: Weights): Choice {
  const p = s.seats[seat]!;
  // Before an expedition, launch the ships there are captains for (the crew and project that
  // leave the best position); a launched ship with a captain is worth at least 3 VP at the end.
  if (call.area === 'navigation' && p.captains > p.ships.length) {
    const launches = legal.filter((c) => c.type === 'launch');
    if (launches.length)
      return choice(launches, (c) => (c.type === 'launch' ? evaluate(simLaunch(s, seat, c.project, c.crew), seat, w) : -Infinity));
  }
  const paid = consumeCall(s, rightCost(s, call.number));
  const free = consumeCall(s, 0);
  const score = (c: VdgCommand): number => {
    switch (c.type) {
      case 'giveUp':
        return evaluate(
          withPlayer(free, seat, (q) => (q.reals += giveUpRefund(call.number))),
          seat,
          w,
        );
      case 'purchase':
        return evaluate(simPurchase(paid, seat, c.spaces), seat, w);
      case 'purchaseSaoGabriel':
        return evaluate(simSaoGabriel(paid, seat), seat, w);
      case 'recruitFrom':
        return bestRecruit(paid, seat, c.section, w)?.value ?? -Infinity;
      case 'recruitCaptain':
        return evaluate(simCaptain(paid, seat), seat, w);
      case 'expedition':
        return greedyExpedition(paid, seat, c.landing, w)?.value ?? -Infinity;
      case 'takeMoney':
        return evaluate(simTakeMoney(paid, seat, c.space), seat, w);
      case 'host':
        return evaluate(hostValued(paid, seat, c.character, w), seat, w);
      default:
        return -Infinity; // launches are handled above
    }
  };
  return choice(legal, score);
}

/** Steps of my own that follow a command (sailors, ships, bonuses, merchant, extra disc). */
function choosePending(s: VdgState, seat: Seat, top: Pending, legal: readonly VdgCommand[], w: Weights): Choice {
  const pop = { ...s, pending: s.pending.slice(0, -1) };
  switch (top.kind) {
    case 'recruit':
      return choice(legal, (c) =>
        c.type === 'recruit' ? evaluate(simRecruit(pop, seat, top.section, c.sailors, c.captain), seat, w) : -Infinity,
      );
    case 'expedition': {
      // Bonuses are owed for the ships sent so far and come when the expedition ends. A ship
      // launched now could not sail in it (the bot launches before setting out).
      const owed = top.owed ?? 0;
      return choice(legal, (c) => {
        if (c.type === 'sendShip') {
          const sent = simSendShip(s, seat, c.ship, top.landing, c.slot);
          return evaluate(afterExpedition(sent, seat, top.landing, owed + 1, w), seat, w);
        }
        if (c.type === 'endExpedition') return evaluate(afterExpedition(pop, seat, top.landing, owed, w), seat, w);
        return -Infinity;
      });
    }
    case 'projectBonus':
      return choice(legal, (c) => (c.type === 'takeProject' ? evaluate(simTakeProject(pop, seat, c.space), seat, w) : -Infinity));
    case 'sailorBonus': {
      const give = (colour: SailorColour, section: number | null) => evaluate(simTakeSailor(pop, seat, section, colour), seat, w);
      return choice(legal, (c) => {
        if (c.type === 'takeSailor') return give(c.colour, c.section);
        if (c.type === 'drawSailor') {
          const n = countOf(s.bag);
          return COLOURS.reduce((sum, colour) => sum + (s.bag[colour] ? (s.bag[colour] / n) * give(colour, null) : 0), 0);
        }
        return -Infinity;
      });
    }
    case 'merchant': {
      const best = bestMerchant(pop, seat, top.tile, w);
      const now = evaluate(pop, seat, w);
      return choice(legal, (c) => {
        if (c.type === 'sendMerchant') return evaluate(merchantSent(pop, seat, top.tile, c.landing, c.slot, w), seat, w);
        // Held, it must still be sent at the start of Phase 3: worth a little less than the best now.
        if (c.type === 'holdMerchant') return now + 0.8 * (best.value - now);
        return -Infinity;
      });
    }
    case 'extraDisc': {
      const gains = areaGains(pop, seat, w);
      return choice(legal, (c) => {
        if (c.type !== 'placeExtraDisc') return -Infinity;
        // 22 acts after 21: keep it for navigation, which wants to come last.
        const order = c.area === 'navigation' ? (c.number === 22 ? 0.01 : 0) : c.number === 21 ? 0.01 : 0;
        return Math.max(gains[c.area] ?? -Infinity, 0) + order;
      });
    }
  }
  return choice(legal, () => 0);
}

/** What one more action in each area would add (for Phase 1 and Manuel I's extra disc). */
function areaGains(s: VdgState, seat: Seat, w: Weights): Partial<Record<Area, number>> {
  // First play out my discs already on the board, in number order.
  let h = s;
  const mine: { number: number; area: Area }[] = [];
  for (const area of Object.keys(s.slots) as Area[])
    for (const d of s.slots[area] as (Disc | null)[])
      if (d && d.seat === seat && (s.phase === 'placement' || d.number > s.lastCalled)) mine.push({ number: d.number, area });
  mine.sort((a, b) => a.number - b.number);
  for (const d of mine) {
    h = removeDisc(h, d.number);
    const r = bestInArea(h, seat, d.area, w);
    if (r) h = r.state;
  }
  const base = evaluate(h, seat, w);
  const gains: Partial<Record<Area, number>> = {};
  for (const area of Object.keys(s.slots) as Area[]) {
    if (!s.slots[area].includes(null)) continue;
    const r = bestInArea(h, seat, area, w);
    gains[area] = r ? r.value - base : -Infinity;
  }
  return gains;
}

/** Phase 1: the area from the lookahead, the number by rules of thumb. */
function choosePlacement(s: VdgState, seat: Seat, legal: readonly VdgCommand[], w: Weights): Choice {
  const p = s.seats[seat]!;
  const gains = areaGains(s, seat, w);
  const mv = context(s, w).mv;
  // The free number is the initial number plus the variation of one of the tiles not yet used.
  const used = new Set(s.vdg.used);
  const variations = D.vdgTiles.filter((t) => !used.has(t.id)).map((t) => t.variation);
  if (!variations.length) variations.push(0);
  const frees = variations.map((v) => s.initialNumber + v);
  const meanFree = frees.reduce((a, b) => a + b, 0) / frees.length;
  const expCost = (n: number) => frees.reduce((a, f) => a + Math.max(0, f - n), 0) / frees.length;
  const myDiscs: { number: number; area: Area }[] = [];
  const oppDiscs: { number: number; area: Area }[] = [];
  for (const area of Object.keys(s.slots) as Area[])
    for (const d of s.slots[area]) if (d) (d.seat === seat ? myDiscs : oppDiscs).push({ number: d.number, area });

  const numberScore = (n: number, area: Area): number => {
    if (n > D.regularNumbers) return 0; // 21/22: free, last
    const want = meanFree + AREA_ORDER[area];
    let v = -mv * expCost(n) - w.late * Math.max(0, n - want) - w.early * Math.max(0, want - n);
    for (const d of myDiscs) {
      const before = AREA_ORDER[d.area] < AREA_ORDER[area];
      const after = AREA_ORDER[d.area] > AREA_ORDER[area];
      if ((before && d.number > n) || (after && d.number < n)) v -= w.disorder;
    }
    for (const d of oppDiscs) if (d.area === area && d.number < n) v -= w.contest;
    return v;
  };
  // Regular discs first: the extra disc's 21/22 always acts last, so it takes what is left.
  const options = p.discsToPlace > 0 ? legal.filter((c) => c.type === 'place' && c.number <= D.regularNumbers) : legal;
  return choice(
    options.length ? options : legal,
    // A disc can always be given up for the refund of its number instead.
    (c) =>
      c.type === 'place' ? Math.max(gains[c.area] ?? -Infinity, giveUpRefund(c.number) * mv) + numberScore(c.number, c.area) : -Infinity,
  );
}

/** After round 5: launch ships that a captain can board, then finish. */
function chooseFinal(s: VdgState, seat: Seat, legal: readonly VdgCommand[], w: Weights): Choice {
  const p = s.seats[seat]!;
  const finish = legal.find((c) => c.type === 'finish');
  const launches = legal.filter((c) => c.type === 'launch');
  if (!launches.length || p.ships.length >= p.captains) return choice([finish ?? legal[0]!], () => 0);
  // A launch must beat finishing now by a margin.
  const stop = evaluate(s, seat, w) + 0.1;
  return choice(finish ? [finish, ...launches] : launches, (c) =>
    c.type === 'launch' ? evaluate(simLaunch(s, seat, c.project, c.crew), seat, w) : stop,
  );
}

/** What the heuristic considers in this state, and how it scores each. */
function choiceFor(s: VdgState, seat: Seat, legal: readonly VdgCommand[], w: Weights): Choice {
  const top = s.pending.at(-1);
  if (top && top.seat === seat) return choosePending(s, seat, top, legal, w);
  if (s.phase === 'placement' && s.turn === seat) return choosePlacement(s, seat, legal, w);
  if (s.phase === 'actions' && s.call?.seat === seat) return chooseAction(s, seat, s.call, legal, w);
  if (s.phase === 'finalLaunch') return chooseFinal(s, seat, legal, w);
  // Not expected: nothing but launches to choose from. Prefer anything that is not a launch.
  return choice([legal.find((c) => c.type !== 'launch') ?? legal[0]!], () => 0);
}

/**
 * The commands the heuristic considers (entries of `legal`), best first, with its scores: what a
 * searching bot narrows its root moves to.
 */
export function rankCommands(
  s: VdgState,
  seat: Seat,
  legal: readonly VdgCommand[],
  w: Weights = defaultWeights,
): { command: VdgCommand; score: number }[] {
  const { options, score } = choiceFor(s, seat, legal, w);
  return options.map((command) => ({ command, score: score(command) })).sort((a, b) => b.score - a.score);
}

export function makeHeuristicBot(w: Weights = defaultWeights, name = 'heuristic'): Bot<VdgState, VdgCommand> {
  return {
    name,
    choose(s, seat, legal, rng) {
      const { options, score } = choiceFor(s, seat, legal, w);
      return pickBest(options, score, rng);
    },
  };
}

export const heuristicBot: Bot<VdgState, VdgCommand> = makeHeuristicBot();
