/** Small pure rules shared by `legal`, `decide`, `evolve`, `view` and the bots. */
import type { Seat } from '../../engine/contract';
import { AREAS, CREW_TYPES, DATA, LANDINGS, PROJECTS, SAILOR_COLOURS, shipLimit, type Area, type CrewType, type LandingId } from './data';
import type { Pending, PlayerState, Sailors, VdgState } from './types';

/** A seat's state; a missing seat is a bug in the caller (seats are checked before any rule runs). */
export function seatOf(state: VdgState, seat: Seat): PlayerState {
  const p = state.seats[seat];
  if (!p) throw new Error(`no seat ${seat}`);
  return p;
}

export const emptySailors = (): Sailors => ({ orange: 0, turquoise: 0, violet: 0, grey: 0 });
export const sailorCount = (s: Sailors): number => s.turquoise + s.violet + s.grey + s.orange;
export const coloursIn = (s: Sailors): number => SAILOR_COLOURS.filter((c) => s[c] > 0).length;

export const slotsPerArea = (players: number): number => {
  const n = DATA.actionSlotsPerArea.value[players];
  if (n === undefined) throw new Error(`Vasco da Gama has no action slots for ${players} players`);
  return n;
};

export const isExtraNumber = (n: number): boolean => (DATA.extraNumbers.value as readonly number[]).includes(n);

/** Reals received for giving up the action of a Sequence Number (21 and 22: nothing). */
export function giveUpRefund(number: number): number {
  if (isExtraNumber(number)) return 0;
  return DATA.giveUpRefundByRow.value[Math.floor((number - 1) / 5)] ?? 0;
}

/** Reals to pay for the right to act with a Sequence Number. */
export function rightCost(state: VdgState, number: number): number {
  return Math.max(0, (state.freeNumber ?? 0) - number);
}

export const recruitCost = (sailors: Sailors): number => DATA.recruitCostByColours.value[coloursIn(sailors)] ?? 0;

export const nextSeat = (state: VdgState, seat: Seat): Seat => (seat + 1) % state.players;

export function numbersOnBoard(state: VdgState): Set<number> {
  const on = new Set<number>();
  for (const area of AREAS) for (const d of state.slots[area]) if (d) on.add(d.number);
  return on;
}

/** Sequence Numbers 1–20 still in the Numbers Zone. */
export function zoneNumbers(state: VdgState): number[] {
  const on = numbersOnBoard(state);
  const out: number[] = [];
  for (let n = 1; n <= DATA.regularNumbers.value; n++) if (!on.has(n)) out.push(n);
  return out;
}

/** Numbers 21 and 22 still in the Characters Area. */
export function extraNumbersLeft(state: VdgState): number[] {
  const on = numbersOnBoard(state);
  return DATA.extraNumbers.value.filter((n) => !on.has(n));
}

export const firstEmptySlot = (state: VdgState, area: Area): number => state.slots[area].indexOf(null);
export const areasWithRoom = (state: VdgState): Area[] => AREAS.filter((a) => firstEmptySlot(state, a) >= 0);

export const landingValues = (landing: LandingId): readonly number[] => DATA.landingSlots.value[landing];

/** Empty slots of a landing that a ship with this navigation limit may take, left to right. */
export function fittingSlots(state: VdgState, landing: LandingId, limit: number): number[] {
  const values = landingValues(landing);
  const out: number[] = [];
  state.landings[landing].forEach((ship, i) => {
    if (ship === null && (values[i] ?? Infinity) <= limit) out.push(i);
  });
  return out;
}

export const isComplete = (state: VdgState, landing: LandingId): boolean => state.landings[landing].every((s) => s !== null);

export function nextLanding(landing: LandingId): LandingId | null {
  return LANDINGS[LANDINGS.indexOf(landing) + 1] ?? null;
}

/** Every empty slot the given ship tile may take, over all landings. */
export function placements(state: VdgState, tile: string): { landing: LandingId; slot: number }[] {
  const limit = shipLimit(tile);
  return LANDINGS.flatMap((landing) => fittingSlots(state, landing, limit).map((slot) => ({ landing, slot })));
}

/** Crew types a player can contribute: sailor colours held, and white for missionaries. */
export function crewTypesHeld(player: PlayerState): CrewType[] {
  return CREW_TYPES.filter((t) => (t === 'missionary' ? player.missionaries : player.sailors[t]) > 0);
}

/** All crews of `size` different types from those held, each in canonical order. */
export function crewChoices(player: PlayerState, size: number): CrewType[][] {
  const held = crewTypesHeld(player);
  const out: CrewType[][] = [];
  const pick = (start: number, chosen: CrewType[]) => {
    if (chosen.length === size) return void out.push(chosen);
    for (let i = start; i < held.length; i++) pick(i + 1, [...chosen, held[i]!]);
  };
  if (size <= held.length) pick(0, []);
  return out;
}

export const projectCrew = (tile: string): number => {
  const p = PROJECTS[tile];
  if (!p) throw new Error(`unknown project ${tile}`);
  return p.crew;
};

/** Ships at landings owned by a seat (the first tie-break). */
export function shipsAtLandings(state: VdgState, seat: Seat): number {
  let n = 0;
  for (const landing of LANDINGS) for (const s of state.landings[landing]) if (s?.owner === seat) n++;
  return n;
}

/** The Sernigi holder's merchant ship can go somewhere. */
export const merchantCanSail = (state: VdgState, tile: string): boolean => placements(state, tile).length > 0;

/** Sailors available for the Terra de Boa Gente bonus in the Recruiting Area. */
export const anySailorInSections = (state: VdgState): boolean => state.sections.some((s) => sailorCount(s) > 0);

export const activeSectionCount = (state: VdgState): number => Math.min(state.players, DATA.sections.value);

/** The ships an expedition may still send: launched before it started (games stored earlier: any launched ship). */
export function expeditionShips(s: VdgState, top: Extract<Pending, { kind: 'expedition' }>): string[] {
  const ships = seatOf(s, top.seat).ships;
  const allowed = top.ships;
  return allowed ? ships.filter((t) => allowed.includes(t)) : ships;
}
