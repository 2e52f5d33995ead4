/**
 * Every command a seat may send now, exactly, in the normal form `commandSchema` parses to.
 * `decide` accepts a command if and only if it is in this list, so this file is the one
 * definition of what is allowed. Big choices are split into steps (section then sailors,
 * landing then one ship at a time) to keep the list short.
 */
import type { Seat } from '../../engine/contract';
import { CHARACTERS, DATA, LANDINGS, PROJECTS, SAILOR_COLOURS, shipLimit } from './data';
import type { CommandOf, CommandType, VdgCommand } from './commands';
import {
  activeSectionCount,
  areasWithRoom,
  crewChoices,
  expeditionShips,
  emptySailors,
  extraNumbersLeft,
  fittingSlots,
  placements,
  recruitCost,
  rightCost,
  sailorCount,
  zoneNumbers,
} from './rules';
import type { Call, Pending, Sailors, VdgState } from './types';

export function activeSeats(s: VdgState): Seat[] {
  const top = s.pending.at(-1);
  if (top) return [top.seat];
  switch (s.phase) {
    case 'placement':
      return s.turn === null ? [] : [s.turn];
    case 'actions':
      return s.call ? [s.call.seat] : [];
    case 'finalLaunch':
      return s.finished.flatMap((done, seat) => (done ? [] : [seat]));
    default:
      return [];
  }
}

export function legal(s: VdgState, seat: Seat): VdgCommand[] {
  const out = activeSeats(s).includes(seat) ? turnOptions(s, seat) : [];
  out.push(...launchOptions(s, seat));
  return out;
}

/** The legal commands of one type (what `decide` checks a command against). */
export function legalOfType<T extends CommandType>(s: VdgState, seat: Seat, type: T): CommandOf<T>[] {
  const options = type === 'launch' ? launchOptions(s, seat) : activeSeats(s).includes(seat) ? turnOptions(s, seat) : [];
  return options.filter((c): c is CommandOf<T> => c.type === type);
}

/** What the active seat must or may do as part of the game's flow (everything but launching). */
function turnOptions(s: VdgState, seat: Seat): VdgCommand[] {
  const top = s.pending.at(-1);
  if (top) return pendingOptions(s, top);
  switch (s.phase) {
    case 'placement':
      return placeOptions(s, seat);
    case 'actions':
      return s.call ? [{ type: 'giveUp' }, ...startOptions(s, s.call)] : [];
    case 'finalLaunch':
      return [{ type: 'finish' }];
    default:
      return [];
  }
}

function placeOptions(s: VdgState, seat: Seat): VdgCommand[] {
  const p = s.seats[seat]!;
  const areas = areasWithRoom(s);
  const numbers = [...(p.discsToPlace > 0 ? zoneNumbers(s) : []), ...(p.extraToPlace ? extraNumbersLeft(s) : [])];
  return numbers.flatMap((number) => areas.map((area) => ({ type: 'place' as const, number, area })));
}

/** Ways to perform the called action (after paying for the right). Empty when none is possible. */
export function startOptions(s: VdgState, call: Call): VdgCommand[] {
  const p = s.seats[call.seat]!;
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

function pendingOptions(s: VdgState, top: Pending): VdgCommand[] {
  const p = s.seats[top.seat]!;
  switch (top.kind) {
    case 'recruit':
      return recruitChoices(s.sections[top.section]!, p.reals, p.captainsInRecruiting > 0);
    case 'expedition': {
      const out: VdgCommand[] = [];
      if (p.captains > 0)
        for (const ship of expeditionShips(s, top))
          for (const slot of fittingSlots(s, top.landing, shipLimit(ship))) out.push({ type: 'sendShip', ship, slot });
      if (top.sent > 0) out.push({ type: 'endExpedition' });
      return out;
    }
    case 'projectBonus':
      return s.row.flatMap((t, space) => (t === null ? [] : [{ type: 'takeProject' as const, space }]));
    case 'sailorBonus': {
      const out: VdgCommand[] = [];
      s.sections.forEach((section, i) => {
        for (const colour of SAILOR_COLOURS) if (section[colour] > 0) out.push({ type: 'takeSailor', section: i, colour });
      });
      if (sailorCount(s.bag) > 0) out.push({ type: 'drawSailor' });
      return out;
    }
    case 'merchant': {
      const out: VdgCommand[] = placements(s, top.tile).map(({ landing, slot }) => ({ type: 'sendMerchant' as const, landing, slot }));
      if (top.optional) out.push({ type: 'holdMerchant' });
      return out;
    }
    case 'extraDisc': {
      const areas = areasWithRoom(s);
      return extraNumbersLeft(s).flatMap((number) =>
        areas.map((area) => ({ type: 'placeExtraDisc' as const, number: number as 21 | 22, area })),
      );
    }
  }
}

/** Every affordable way to recruit from a section: sailor counts per colour, with or without a captain. */
function recruitChoices(section: Sailors, reals: number, captainAvailable: boolean): VdgCommand[] {
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
