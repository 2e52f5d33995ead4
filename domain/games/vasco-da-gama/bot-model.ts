/**
 * The heuristic bot's forward model: the effect of one command on a hypothetical copy of the
 * state, copying only what the command changes (`decide` + `evolve` copy the whole state and
 * check the command against `legal`, too slow for the bot's thousands of looks ahead a game).
 *
 * Each function here is the exact effect of one command's own events on the players' supplies
 * and the table — seats, row, São Gabriel, sections, bag, landings, characters, missionaries,
 * merchant ship and Vasco da Gama's coins — which a property test checks against `evolve`.
 * They leave the flow of the game alone (the action slots, the call, pending steps, the phase):
 * the bot tracks those itself. Choices that follow a command (a Natal project, a Terra de Boa
 * Gente sailor) and the worth of what a command starts (Manuel I's extra action) are valued in
 * bot.ts, not modelled here.
 */
import type { Seat } from '../../engine/contract';
import { DATA, PROJECTS, SAILOR_COLOURS, type Area, type CharacterId, type CrewType, type LandingId, type SailorColour } from './data';
import type { PlayerState, Sailors, VdgState } from './types';

// Module-level copies of the data: imported bindings are getters once transpiled, and these run
// tens of thousands of times a game.
const PRICES = DATA.purchasePrices.value;
const CAPTAIN_PER_SAILOR = DATA.captainCostPerSailor.value;
const RECRUIT_COST = DATA.recruitCostByColours.value;
const SLOT_VP = DATA.landingSlots.value;
const BONUS = DATA.landingBonus.value;
const BONUS_REALS = DATA.landingBonusReals.value;
const DIAS_VP = DATA.diasVp.value;
const COLOURS = SAILOR_COLOURS;

const countOf = (x: Sailors): number => x.turquoise + x.violet + x.grey + x.orange;
export const recruitPrice = (x: Sailors): number =>
  RECRUIT_COST[(x.turquoise > 0 ? 1 : 0) + (x.violet > 0 ? 1 : 0) + (x.grey > 0 ? 1 : 0) + (x.orange > 0 ? 1 : 0)] ?? 0;

export function withPlayer(s: VdgState, seat: Seat, f: (p: PlayerState) => void): VdgState {
  const old = s.seats[seat]!;
  const p: PlayerState = { ...old, sailors: { ...old.sailors }, projects: old.projects.slice(), ships: old.ships.slice() };
  f(p);
  const seats = s.seats.slice();
  seats[seat] = p;
  return { ...s, seats };
}

/** Take a disc off the board (its action has been resolved or given up). */
export function removeDisc(s: VdgState, number: number): VdgState {
  const slots = { ...s.slots };
  for (const area of Object.keys(slots) as Area[])
    if (slots[area].some((d) => d?.number === number)) slots[area] = slots[area].map((d) => (d?.number === number ? null : d));
  return { ...s, slots, call: s.call?.number === number ? null : s.call };
}

/** The called disc used (or given up), its right paid. */
export function consumeCall(s: VdgState, paid: number): VdgState {
  const call = s.call!;
  const t = removeDisc(s, call.number);
  return paid ? withPlayer(t, call.seat, (p) => (p.reals -= paid)) : t;
}

function removeTile(list: string[], tile: string): void {
  const i = list.indexOf(tile);
  if (i >= 0) list.splice(i, 1);
}

export function simPurchase(s: VdgState, seat: Seat, spaces: readonly number[]): VdgState {
  const tiles = spaces.map((i) => s.row[i]!);
  const row = s.row.slice();
  for (const i of spaces) row[i] = null;
  return {
    ...withPlayer(s, seat, (p) => {
      p.reals -= spaces.length === 1 ? PRICES.one : PRICES.two;
      p.projects.push(...tiles);
    }),
    row,
  };
}

export function simSaoGabriel(s: VdgState, seat: Seat): VdgState {
  const tile = s.saoGabriel!;
  return {
    ...withPlayer(s, seat, (p) => {
      p.reals -= PROJECTS[tile]!.crew;
      p.ships.push(tile);
    }),
    saoGabriel: null,
  };
}

export function simRecruit(s: VdgState, seat: Seat, section: number, sailors: Sailors, captain: boolean): VdgState {
  const n = countOf(sailors);
  const sections = s.sections.slice();
  const sec = { ...sections[section]! };
  for (const c of COLOURS) sec[c] -= sailors[c];
  sections[section] = sec;
  const t = withPlayer(s, seat, (p) => {
    p.reals -= recruitPrice(sailors) + (captain ? n * CAPTAIN_PER_SAILOR : 0);
    for (const c of COLOURS) p.sailors[c] += sailors[c];
    if (captain) {
      p.captains++;
      p.captainsInRecruiting--;
    }
  });
  return { ...t, sections };
}

export function simCaptain(s: VdgState, seat: Seat): VdgState {
  return withPlayer(s, seat, (p) => {
    p.captains++;
    p.captainsInRecruiting--;
  });
}

/** A project launched: its crew goes back, sailors to the bag and missionaries to the Characters Area. */
export function simLaunch(s: VdgState, seat: Seat, project: string, crew: readonly CrewType[]): VdgState {
  let bag: Sailors | null = null;
  let missionaries = s.missionaries;
  const t = withPlayer(s, seat, (p) => {
    removeTile(p.projects, project);
    p.ships.push(project);
    for (const m of crew) {
      if (m === 'missionary') {
        p.missionaries--;
        missionaries++;
      } else {
        p.sailors[m]--;
        (bag ??= { ...s.bag })[m]++;
      }
    }
  });
  return { ...t, bag: bag ?? s.bag, missionaries };
}

export function simTakeProject(s: VdgState, seat: Seat, space: number): VdgState {
  const tile = s.row[space]!;
  const row = s.row.slice();
  row[space] = null;
  return { ...withPlayer(s, seat, (p) => p.projects.push(tile)), row };
}

/** A sailor taken from a section, or (section null) drawn from the bag. */
export function simTakeSailor(s: VdgState, seat: Seat, section: number | null, colour: SailorColour): VdgState {
  const t = withPlayer(s, seat, (p) => p.sailors[colour]++);
  if (section === null) return { ...t, bag: { ...s.bag, [colour]: s.bag[colour] - 1 } };
  const sections = s.sections.slice();
  sections[section] = { ...sections[section]!, [colour]: sections[section]![colour] - 1 };
  return { ...t, sections };
}

export function simTakeMoney(s: VdgState, seat: Seat, space: number): VdgState {
  const coins: VdgState['coins'] = [...s.coins];
  coins[space] = null;
  return { ...withPlayer(s, seat, (p) => (p.reals += s.coins[space] ?? 0)), coins };
}

export function withLanding(s: VdgState, landing: LandingId, slot: number, tile: string, owner: Seat | null): VdgState {
  const arr = s.landings[landing].slice();
  arr[slot] = { tile, owner };
  return { ...s, landings: { ...s.landings, [landing]: arr } };
}

/** A ship sent with its captain: the slot's Victory Points now, the landing's bonus at the end of the expedition. */
export function simSendShip(s: VdgState, seat: Seat, ship: string, landing: LandingId, slot: number): VdgState {
  const t = withPlayer(s, seat, (p) => {
    removeTile(p.ships, ship);
    p.captains--;
    p.vp += SLOT_VP[landing][slot]!;
  });
  return withLanding(t, landing, slot, ship, seat);
}

/** The end of an expedition that sent `sent` ships: their Reals and captains (the Natal and Terra de Boa Gente choices follow). */
export function simExpeditionEnd(s: VdgState, seat: Seat, landing: LandingId, sent: number): VdgState {
  const reals = (BONUS_REALS[landing] ?? 0) * sent;
  const captains = BONUS[landing] === 'captain' ? Math.min(sent, s.seats[seat]!.captainsInRecruiting) : 0;
  if (!reals && !captains) return s;
  return withPlayer(s, seat, (p) => {
    p.reals += reals;
    p.captains += captains;
    p.captainsInRecruiting -= captains;
  });
}

/** A merchant ship sent: its landing's Reals and captain at once (a Natal or Terra de Boa Gente choice follows). */
export function simMerchant(s: VdgState, seat: Seat, tile: string, landing: LandingId, slot: number): VdgState {
  let t = withLanding(s, landing, slot, tile, null);
  t =
    tile === t.merchant.dealt
      ? { ...t, merchant: { ...t.merchant, dealt: null } }
      : { ...t, merchant: { ...t.merchant, faceUp: null, done: true } };
  const reals = BONUS_REALS[landing] ?? 0;
  const captain = BONUS[landing] === 'captain' && t.seats[seat]!.captainsInRecruiting > 0;
  if (!reals && !captain) return t;
  return withPlayer(t, seat, (p) => {
    p.reals += reals;
    if (captain) {
      p.captains++;
      p.captainsInRecruiting--;
    }
  });
}

/** A character hosted: Dias's points, Alvares's missionary, Manuel I's disc (Sernigi's merchant ship is a step of its own). */
export function simHost(s: VdgState, seat: Seat, character: CharacterId): VdgState {
  const giveMissionary = character === 'alvares' && s.missionaries > 0;
  const t = withPlayer(s, seat, (p) => {
    if (character === 'dias') p.vp += DIAS_VP;
    if (giveMissionary) p.missionaries++;
    if (character === 'manuel') p.extraDisc = true;
  });
  return {
    ...t,
    holder: { ...t.holder, [character]: seat },
    hosted: { ...t.hosted, [character]: seat },
    missionaries: t.missionaries - (giveMissionary ? 1 : 0),
  };
}
