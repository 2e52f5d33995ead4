/**
 * Why a command is not legal, as a sentence a player can act on (the flow's `explain`, flow.ts).
 * Only used for rejections: what is legal is the flow's alone. Null where the engine's general
 * sentence ("Now you must …") is right.
 */
import type { Seat } from '../../engine/contract';
import type { CommandOf, VdgCommand } from './commands';
import { AREA_NAMES, CHARACTER_NAMES, DATA, LANDING_NAMES, PROJECTS, SAILOR_COLOURS, shipLimit } from './data';
import type { VdgAt } from './flow';
import {
  crewTypesHeld,
  expeditionShips,
  extraNumbersLeft,
  firstEmptySlot,
  isExtraNumber,
  landingValues,
  recruitCost,
  rightCost,
  sailorCount,
  seatOf,
  zoneNumbers,
} from './rules';
import { projectName, shipWord } from './names';
import type { VdgState } from './types';
import { cap } from '../../engine/words';

/** Why a launch is refused: launching is allowed at any time, so never because of whose turn it is. */
export function launchRefusal(s: VdgState, c: CommandOf<'launch'>, seat: Seat): string {
  const p = seatOf(s, seat);
  if (s.finished[seat]) return 'You have finished; no more launches.';
  const project = PROJECTS[c.project];
  if (!project || !p.projects.includes(c.project)) return `You have no unlaunched ${project ? shipWord(c.project) : 'project like that'}.`;
  if (c.crew.length !== project.crew) return `${cap(projectName(c.project))} needs a crew of exactly ${project.crew}.`;
  const missing = c.crew.find((t) => !crewTypesHeld(p).includes(t));
  return `You have no ${missing === 'missionary' ? 'missionary' : `${missing} sailor`} for that crew.`;
}

/**
 * Why `c` is refused to a seat that may act now, in step `now`, where the seat's legal commands
 * are of the types `allowed`.
 */
export function explain(s: VdgState, c: VdgCommand, seat: Seat, now: VdgAt, allowed: ReadonlySet<string>): string | null {
  if (c.type === 'launch') return launchRefusal(s, c, seat);
  if (!allowed.has(c.type)) return null;
  const p = seatOf(s, seat);
  const reals = (need: number) => `That costs ${need} Reals and you have ${p.reals}.`;

  const money = s.call ? p.reals - rightCost(s, s.call.number) : p.reals;
  const rightNote = s.call && rightCost(s, s.call.number) > 0 ? ` after paying ${rightCost(s, s.call.number)} for the right to act` : '';
  switch (c.type) {
    case 'place':
    case 'placeExtraDisc': {
      if (c.type === 'place' && isExtraNumber(c.number) && !p.extraToPlace)
        return 'Numbers 21 and 22 go only with the Additional Action Disc of Manuel I.';
      if (c.type === 'place' && !isExtraNumber(c.number) && p.discsToPlace === 0)
        return 'Your regular discs are all placed; place the Additional Action Disc with 21 or 22.';
      const free = isExtraNumber(c.number) ? extraNumbersLeft(s) : zoneNumbers(s);
      if (!free.includes(c.number)) return `Number ${c.number} is already on the board.`;
      if (firstEmptySlot(s, c.area) < 0) return `${AREA_NAMES[c.area]} has no empty action slot.`;
      break;
    }
    case 'purchase': {
      const empty = c.spaces.find((i) => !s.row[i]);
      if (empty !== undefined) return `There is no project in space ${empty + 1}.`;
      const price = c.spaces.length === 1 ? DATA.purchasePrices.value.one : DATA.purchasePrices.value.two;
      if (money < price) return `That costs ${price} Reals${rightNote}, and you have ${p.reals}.`;
      break;
    }
    case 'purchaseSaoGabriel': {
      const project = s.saoGabriel === null ? undefined : PROJECTS[s.saoGabriel];
      if (!project) return 'The São Gabriel project has been sold.';
      return `That costs ${project.crew} Reals${rightNote}, and you have ${p.reals}.`;
    }
    case 'recruitFrom': {
      const section = s.sections[c.section];
      if (!section || sailorCount(section) === 0) return `Section ${c.section + 1} has no sailors.`;
      return `Recruiting costs at least 1 Real${rightNote}, and you have ${p.reals}.`;
    }
    case 'recruit': {
      const section = now.kind === 'recruit' ? s.sections[now.section] : undefined;
      const short = section && SAILOR_COLOURS.find((col) => c.sailors[col] > section[col]);
      if (section && short) return `That section has only ${section[short]} ${short} sailors.`;
      if (sailorCount(c.sailors) === 0) return 'Choose at least one sailor, or recruit only a captain with the captain action.';
      if (c.captain && p.captainsInRecruiting === 0) return 'None of your captains is left in the Recruiting Area.';
      return reals(recruitCost(c.sailors) + (c.captain ? sailorCount(c.sailors) : 0));
    }
    case 'recruitCaptain':
      return 'None of your captains is left in the Recruiting Area.';
    case 'expedition':
      if (p.captains === 0) return 'You need a captain in your supply to send a ship.';
      return `None of your launched ships fits an empty slot of ${LANDING_NAMES[c.landing]}.`;
    case 'sendShip': {
      if (!p.ships.includes(c.ship))
        return `You have no launched ${PROJECTS[c.ship] ? shipWord(c.ship) : 'ship like that'} in your supply.`;
      if (p.captains === 0) return 'You have no captain left to board.';
      if (now.kind === 'expedition' && !expeditionShips(s, now).includes(c.ship))
        return `Your ${shipWord(c.ship)} was launched after this expedition set out; it can sail in a later one.`;
      if (now.kind === 'expedition') {
        const value = landingValues(now.landing)[c.slot];
        if (value === undefined) return `${LANDING_NAMES[now.landing]} has no slot ${c.slot + 1}.`;
        if (s.landings[now.landing][c.slot]) return `Slot ${c.slot + 1} of ${LANDING_NAMES[now.landing]} is taken.`;
        return `Your ${shipWord(c.ship)} has a navigation limit of ${shipLimit(c.ship)}; slot ${c.slot + 1} is worth ${value}.`;
      }
      break;
    }
    case 'takeMoney':
      return 'Those Reals have already been taken.';
    case 'host':
      return `${CHARACTER_NAMES[c.character]} has already been hosted this round.`;
    case 'sendMerchant': {
      const value = landingValues(c.landing)[c.slot];
      if (value === undefined) return `${LANDING_NAMES[c.landing]} has no slot ${c.slot + 1}.`;
      if (s.landings[c.landing][c.slot]) return `Slot ${c.slot + 1} of ${LANDING_NAMES[c.landing]} is taken.`;
      return `The merchant ship cannot take a slot worth ${value}.`;
    }
    case 'takeProject':
      return `There is no project in space ${c.space + 1}.`;
    case 'takeSailor':
      return `Section ${c.section + 1} has no ${c.colour} sailor.`;
    default:
      break;
  }
  return null;
}
