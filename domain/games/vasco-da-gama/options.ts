/**
 * Builders of the bigger option lists the flow's steps offer (flow.ts): discs to place, the ways
 * to perform a called action, the sailors to recruit, the launches. Big choices are split into
 * steps (section then sailors, landing then one ship at a time) to keep the lists short.
 */
import type { Seat } from '../../engine/contract';
import type { VdgCommand } from './commands';
import { CHARACTERS, DATA, LANDINGS, PROJECTS, SAILOR_COLOURS, shipLimit } from './data';
import {
  activeSectionCount,
  areasWithRoom,
  crewChoices,
  emptySailors,
  extraNumbersLeft,
  fittingSlots,
  recruitCost,
  rightCost,
  sailorCount,
  seatOf,
  zoneNumbers,
} from './rules';
import type { Call, PlayerState, Sailors, VdgState } from './types';

/** Every number the player may still place, in every area with room. */
export function placeOptions(s: VdgState, p: PlayerState): VdgCommand[] {
  const areas = areasWithRoom(s);
  const numbers = [...(p.discsToPlace > 0 ? zoneNumbers(s) : []), ...(p.extraToPlace ? extraNumbersLeft(s) : [])];
  return numbers.flatMap((number) => areas.map((area) => ({ type: 'place' as const, number, area })));
}

/** Ways to perform the called action (after paying for the right). Empty when none is possible. */
export function startOptions(s: VdgState, call: Call): VdgCommand[] {
  const p = seatOf(s, call.seat);
  const money = p.reals - rightCost(s, call.number);
  if (money < 0) return [];
  const out: VdgCommand[] = [];
  switch (call.area) {
    case 'projects': {
      const prices = DATA.purchasePrices.value;
      const spaces = s.row.flatMap((t, i) => (t === null ? [] : [i]));
      if (money >= prices.one) for (const i of spaces) out.push({ type: 'purchase', spaces: [i] });
      if (money >= prices.two) for (const i of spaces) for (const j of spaces) if (i < j) out.push({ type: 'purchase', spaces: [i, j] });
      if (s.saoGabriel && money >= PROJECTS[s.saoGabriel]!.crew) out.push({ type: 'purchaseSaoGabriel' });
      return out;
    }
    case 'recruiting': {
      const cheapest = DATA.recruitCostByColours.value[1];
      for (let section = 0; section < activeSectionCount(s); section++)
        if (sailorCount(s.sections[section]!) > 0 && money >= cheapest) out.push({ type: 'recruitFrom', section });
      if (p.captainsInRecruiting > 0) out.push({ type: 'recruitCaptain' });
      return out;
    }
    case 'navigation':
      if (p.captains === 0) return [];
      for (const landing of LANDINGS)
        if (p.ships.some((t) => fittingSlots(s, landing, shipLimit(t)).length > 0)) out.push({ type: 'expedition', landing });
      return out;
    case 'characters':
      s.coins.forEach((c, space) => c !== null && out.push({ type: 'takeMoney', space }));
      for (const character of CHARACTERS) if (s.hosted[character] === null) out.push({ type: 'host', character });
      return out;
  }
}

/** Every affordable way to recruit from a section: sailor counts per colour, with or without a captain. */
export function recruitChoices(section: Sailors, reals: number, captainAvailable: boolean): VdgCommand[] {
  const out: VdgCommand[] = [];
  const counts: Sailors = emptySailors();
  const walk = (i: number) => {
    if (i === SAILOR_COLOURS.length) {
      const total = sailorCount(counts);
      if (total === 0) return;
      const cost = recruitCost(counts);
      if (cost <= reals) out.push({ type: 'recruit', sailors: { ...counts }, captain: false });
      if (captainAvailable && cost + total * DATA.captainCostPerSailor.value <= reals)
        out.push({ type: 'recruit', sailors: { ...counts }, captain: true });
      return;
    }
    const colour = SAILOR_COLOURS[i]!;
    for (let n = 0; n <= section[colour]; n++) {
      counts[colour] = n;
      walk(i + 1);
    }
    counts[colour] = 0;
  };
  walk(0);
  return out;
}

/** Launching is allowed at any time while the game runs, also out of turn, until a seat has finished. */
export function launchOptions(s: VdgState, seat: Seat): VdgCommand[] {
  const p = s.seats[seat];
  if (!p || s.phase === 'new' || s.phase === 'over' || s.finished[seat]) return [];
  return p.projects.flatMap((project) =>
    crewChoices(p, PROJECTS[project]!.crew).map((crew) => ({ type: 'launch' as const, project, crew })),
  );
}
