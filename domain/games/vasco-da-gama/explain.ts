/**
 * Why a command is not legal, as a sentence a player can act on. Only used for rejections:
 * what is legal is decided by `legal.ts` alone.
 */
import type { Rejection, Seat } from '../../engine/contract';
import { AREA_NAMES, CHARACTER_NAMES, DATA, LANDING_NAMES, PROJECTS, SAILOR_COLOURS, shipLimit } from './data';
import type { VdgCommand } from './commands';
import { activeSeats, legal } from './legal';
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
  zoneNumbers,
} from './rules';
import type { VdgState } from './types';

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** What the game is waiting for, in words. */
export function waitingFor(s: VdgState): string {
  const top = s.pending.at(-1);
  if (top) {
    switch (top.kind) {
      case 'recruit':
        return `choose the sailors to recruit from section ${top.section + 1}`;
      case 'expedition':
        return `send ships to ${LANDING_NAMES[top.landing]} or end the expedition`;
      case 'projectBonus':
        return 'take a project (Natal bonus)';
      case 'sailorBonus':
        return `take ${(top.count ?? 1) > 1 ? `${top.count} sailors` : 'a sailor'} (Terra de Boa Gente bonus)`;
      case 'merchant':
        return top.optional ? 'send the merchant ship now or hold it until Phase 3' : 'send the merchant ship';
      case 'extraDisc':
        return 'place the Additional Action Disc with 21 or 22';
    }
  }
  switch (s.phase) {
    case 'placement':
      return 'place an action disc';
    case 'actions':
      return s.call ? `act with number ${s.call.number} in ${AREA_NAMES[s.call.area]} or give it up` : 'nothing';
    case 'finalLaunch':
      return 'launch last ships, then finish';
    default:
      return 'nothing';
  }
}

export function explain(s: VdgState, c: VdgCommand, seat: Seat): Rejection {
  const p = s.seats[seat]!;
  const illegal = (message: string): Rejection => ({ code: 'ILLEGAL', message });
  const reals = (need: number) => illegal(`That costs ${need} Reals and you have ${p.reals}.`);

  if (c.type === 'launch') {
    if (s.finished[seat]) return illegal('You have finished; no more launches.');
    const project = PROJECTS[c.project];
    if (!project || !p.projects.includes(c.project)) return illegal(`You have no unlaunched project ${c.project}.`);
    if (c.crew.length !== project.crew) return illegal(`Project ${c.project} needs a crew of exactly ${project.crew}.`);
    const missing = c.crew.find((t) => !crewTypesHeld(p).includes(t));
    return illegal(`You have no ${missing === 'missionary' ? 'missionary' : `${missing} sailor`} for that crew.`);
  }
  const active = activeSeats(s);
  if (!active.includes(seat)) {
    if (active.length === 0) return { code: 'NOT_YOUR_TURN', message: 'No one can act right now.' };
    const who = active.map((a) => cap(s.seats[a]!.colour)).join(', ');
    return { code: 'NOT_YOUR_TURN', message: `It is not your turn: waiting for ${who} to ${waitingFor(s)}.` };
  }
  const allowed = [...new Set(legal(s, seat).map((o) => o.type))];
  if (!allowed.includes(c.type)) return illegal(`Now you must ${waitingFor(s)} (allowed: ${allowed.join(', ')}).`);

  const money = s.call ? p.reals - rightCost(s, s.call.number) : p.reals;
  const rightNote = s.call && rightCost(s, s.call.number) > 0 ? ` after paying ${rightCost(s, s.call.number)} for the right to act` : '';
  switch (c.type) {
    case 'place':
    case 'placeExtraDisc': {
      if (c.type === 'place' && isExtraNumber(c.number) && !p.extraToPlace)
        return illegal('Numbers 21 and 22 go only with the Additional Action Disc of Manuel I.');
      if (c.type === 'place' && !isExtraNumber(c.number) && p.discsToPlace === 0)
        return illegal('Your regular discs are all placed; place the Additional Action Disc with 21 or 22.');
      const free = isExtraNumber(c.number) ? extraNumbersLeft(s) : zoneNumbers(s);
      if (!free.includes(c.number)) return illegal(`Number ${c.number} is already on the board.`);
      if (firstEmptySlot(s, c.area) < 0) return illegal(`${AREA_NAMES[c.area]} has no empty action slot.`);
      break;
    }
    case 'purchase': {
      const empty = c.spaces.find((i) => !s.row[i]);
      if (empty !== undefined) return illegal(`There is no project in space ${empty + 1}.`);
      const price = c.spaces.length === 1 ? DATA.purchasePrices.value.one : DATA.purchasePrices.value.two;
      if (money < price) return illegal(`That costs ${price} Reals${rightNote}, and you have ${p.reals}.`);
      break;
    }
    case 'purchaseSaoGabriel':
      if (!s.saoGabriel) return illegal('The São Gabriel project has been sold.');
      return illegal(`That costs ${PROJECTS[s.saoGabriel]!.crew} Reals${rightNote}, and you have ${p.reals}.`);
    case 'recruitFrom':
      if (!s.sections[c.section] || sailorCount(s.sections[c.section]!) === 0) return illegal(`Section ${c.section + 1} has no sailors.`);
      return illegal(`Recruiting costs at least 1 Real${rightNote}, and you have ${p.reals}.`);
    case 'recruit': {
      const top = s.pending.at(-1);
      const section = top?.kind === 'recruit' ? s.sections[top.section]! : null;
      const short = section && SAILOR_COLOURS.find((col) => c.sailors[col] > section[col]);
      if (short) return illegal(`That section has only ${section![short]} ${short} sailors.`);
      if (sailorCount(c.sailors) === 0) return illegal('Choose at least one sailor, or recruit only a captain with the captain action.');
      if (c.captain && p.captainsInRecruiting === 0) return illegal('None of your captains is left in the Recruiting Area.');
      return reals(recruitCost(c.sailors) + (c.captain ? sailorCount(c.sailors) : 0));
    }
    case 'recruitCaptain':
      return illegal('None of your captains is left in the Recruiting Area.');
    case 'expedition':
      if (p.captains === 0) return illegal('You need a captain in your supply to send a ship.');
      return illegal(`None of your launched ships fits an empty slot of ${LANDING_NAMES[c.landing]}.`);
    case 'sendShip': {
      const top = s.pending.at(-1);
      if (!p.ships.includes(c.ship)) return illegal(`You have no launched ship ${c.ship} in your supply.`);
      if (p.captains === 0) return illegal('You have no captain left to board.');
      if (top?.kind === 'expedition' && !expeditionShips(s, top).includes(c.ship))
        return illegal(`Ship ${c.ship} was launched after this expedition set out; it can sail in a later one.`);
      if (top?.kind === 'expedition') {
        const value = landingValues(top.landing)[c.slot];
        if (value === undefined) return illegal(`${LANDING_NAMES[top.landing]} has no slot ${c.slot + 1}.`);
        if (s.landings[top.landing][c.slot]) return illegal(`Slot ${c.slot + 1} of ${LANDING_NAMES[top.landing]} is taken.`);
        return illegal(`Ship ${c.ship} has a navigation limit of ${shipLimit(c.ship)}; slot ${c.slot + 1} is worth ${value}.`);
      }
      break;
    }
    case 'takeMoney':
      return illegal('Those Reals have already been taken.');
    case 'host':
      return illegal(`${CHARACTER_NAMES[c.character]} has already been hosted this round.`);
    case 'sendMerchant': {
      const value = landingValues(c.landing)[c.slot];
      if (value === undefined) return illegal(`${LANDING_NAMES[c.landing]} has no slot ${c.slot + 1}.`);
      if (s.landings[c.landing][c.slot]) return illegal(`Slot ${c.slot + 1} of ${LANDING_NAMES[c.landing]} is taken.`);
      return illegal(`The merchant ship cannot take a slot worth ${value}.`);
    }
    case 'takeProject':
      return illegal(`There is no project in space ${c.space + 1}.`);
    case 'takeSailor':
      return illegal(`Section ${c.section + 1} has no ${c.colour} sailor.`);
    default:
      break;
  }
  return illegal(`That move is not allowed now; you must ${waitingFor(s)}.`);
}
