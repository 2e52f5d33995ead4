/**
 * Words for Vasco da Gama commands and components, with the Reals a command costs shown before
 * the click. Pure (no DOM), so it is unit-tested against views built by the real game module.
 * Prices come from the game's data table rather than copies, so a corrected number shows here too.
 */
import type { VdgCommand } from '../../../../domain/games/vasco-da-gama/commands';
import {
  AREA_NAMES,
  CHARACTER_NAMES,
  DATA,
  LANDING_NAMES,
  SAILOR_COLOURS,
  type CharacterId,
  type CrewType,
  type LandingId,
  type ProjectTile,
} from '../../../../domain/games/vasco-da-gama/data';
import { projectName, shipWord } from '../../../../domain/games/vasco-da-gama/names';
import type { Phase, Sailors } from '../../../../domain/games/vasco-da-gama/types';
import type { VdgView } from '../../../../domain/games/vasco-da-gama/view';
import { listWords } from '../../words';

export interface CommandLabel {
  label: string;
  /** Reals paid (or "+N …" gained) by this command, in words; null when money is not involved. */
  cost: string | null;
  group: string;
}

/** Panel groups, in the order the panel shows them. */
export const GROUPS = {
  place: 'Place a disc',
  act: 'Act',
  recruit: 'Recruit sailors',
  expedition: 'Expedition',
  bonus: 'Bonus',
  merchant: 'Merchant ship',
  launch: 'Launch a ship',
  finish: 'Finish',
} as const;
export const GROUP_ORDER: readonly string[] = Object.values(GROUPS);

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
export const reals = (n: number): string => plural(n, 'Real');
export const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

export const PHASE_NAMES: Record<Phase, string> = {
  new: 'Setting up',
  merchantSetup: 'Before round 1: the merchant ship',
  placement: 'Phase 1: place action discs',
  actions: 'Phase 2: take actions',
  navigation: 'Phase 3: navigation',
  finalLaunch: 'After round 5: last launches',
  over: 'Game over',
};

/** "the crew-2 ship (limit 5, earns 1 Real)": a tile by what it shows (names.ts; ids are never shown). */
export const projectText = (p: ProjectTile): string => projectName(p.id);

/** "2 orange and 1 grey" (no noun), in the rulebook's colour order. */
export function sailorParts(s: Sailors): string[] {
  return SAILOR_COLOURS.filter((c) => s[c] > 0).map((c) => `${s[c]} ${c}`);
}

export function sailorsText(s: Sailors): string {
  const total = SAILOR_COLOURS.reduce((n, c) => n + s[c], 0);
  if (total === 0) return 'no sailors';
  return `${listWords(sailorParts(s))} ${total === 1 ? 'sailor' : 'sailors'}`;
}

export const crewText = (crew: readonly CrewType[]): string => listWords(crew.map((c) => (c === 'missionary' ? 'missionary (white)' : c)));

const sectionText = (view: VdgView, section: number): string => {
  const s = view.recruiting.sections[section];
  return `section ${section + 1}${s ? ` (${listWords(sailorParts(s.sailors)) || 'empty'})` : ''}`;
};

/** The right to act still to pay for the called number (0 once paid, or when free). */
export function rightToPay(view: VdgView): number {
  return view.call && !view.call.started ? view.call.cost : 0;
}

/** "4 Reals (right 3 + project 1)", "1 Real", "free". */
function payText(right: number, price: number, what: string): string {
  if (right + price === 0) return 'free';
  if (right === 0) return reals(price);
  if (price === 0) return `${reals(right)} for the right to act`;
  return `${reals(right + price)} (right ${right} + ${what} ${price})`;
}

const withRight = (right: number, gain: string): string => (right > 0 ? `${reals(right)} for the right, then ${gain}` : gain);

/**
 * What placing (or, with the Additional Action Disc, having placed) a number means for money:
 * what the right to act costs — exactly once the free number is known, as a range during
 * Phase 1 — and the refund if the action is given up.
 */
export function numberCost(view: VdgView, number: number): string {
  const refund = view.numbers.refunds[number - 1] ?? 0;
  const [lo, hi] = rightRange(view, number) ?? [null, null];
  const parts: string[] = [];
  if (lo !== null && hi !== null)
    parts.push(hi === 0 ? 'free to act' : lo === hi ? `right to act ${reals(lo)}` : `right to act ${lo}–${hi} Reals`);
  parts.push(refund > 0 ? `give up +${reals(refund)}` : 'give up: no refund');
  return parts.join(' · ');
}

/** The least and most the right to act with a number can cost, or null if nothing is known. */
export function rightRange(view: VdgView, number: number): [number, number] | null {
  if (view.numbers.free !== null) return [Math.max(0, view.numbers.free - number), Math.max(0, view.numbers.free - number)];
  const range = possibleFreeNumbers(view);
  return range ? [Math.max(0, range.min - number), Math.max(0, range.max - number)] : null;
}

/** The navigation limit of the merchant ship waiting to be sent (the setup one or this round's). */
export function merchantLimit(view: VdgView): number | undefined {
  const tile = view.pending?.kind === 'merchant' ? view.pending.tile : null;
  if (!tile) return undefined;
  return (view.merchant.dealt?.id === tile ? view.merchant.dealt : view.merchant.faceUp)?.limit;
}

/** The bonus printed on a landing's coast, as a gain for the seat that sends a ship there. */
export function landingBonusText(view: VdgView, landing: LandingId, you: number | null): string | null {
  switch (DATA.landingBonus.value[landing]) {
    case 'reals':
      return `+${reals(DATA.landingBonusReals.value[landing] ?? 0)}`;
    case 'captain': {
      const left = you === null ? 1 : (view.players[you]?.captainsInRecruiting ?? 0);
      return left > 0 ? '+1 captain' : null;
    }
    case 'project':
      return view.projects.row.some((p) => p !== null) ? '+1 project of your choice' : null;
    case 'sailor':
      return '+1 sailor of your choice';
    default:
      return null;
  }
}

/** What a character's power gives its new host right away. */
export function hostGain(view: VdgView, character: CharacterId): string {
  switch (character) {
    case 'dias':
      return `+${DATA.diasVp.value} VP now and at the end of the round, first player next round`;
    case 'alvares':
      return view.missionaries > 0 ? '+1 missionary' : 'no missionary left';
    case 'sernigi':
      return view.merchant.faceUp && !view.merchant.sentThisRound
        ? 'send the merchant ship now or in Phase 3'
        : 'no merchant ship to send this round';
    case 'manuel':
      return 'place the Additional Action Disc with 21 or 22';
  }
}

export function seatWord(view: VdgView, seat: number | null, names?: readonly string[]): string {
  if (seat === null) return 'nobody';
  const colour = view.players[seat]?.colour;
  const name = names?.[seat];
  if (name) return colour ? `${name} (${colour})` : name;
  return colour ? cap(colour) : `Seat ${seat + 1}`;
}

export function describeCommand(command: VdgCommand, view: VdgView, you: number | null, names?: readonly string[]): CommandLabel {
  const right = rightToPay(view);
  const prices = DATA.purchasePrices.value;
  const pending = view.pending;
  switch (command.type) {
    case 'place':
      return {
        label: `Number ${command.number} in ${AREA_NAMES[command.area]}`,
        cost: numberCost(view, command.number),
        group: GROUPS.place,
      };
    case 'placeExtraDisc':
      return {
        label: `Additional Action Disc: number ${command.number} in ${AREA_NAMES[command.area]}`,
        cost: numberCost(view, command.number),
        group: GROUPS.place,
      };
    case 'giveUp': {
      const n = view.call?.number ?? 0;
      const refund = view.numbers.refunds[n - 1] ?? 0;
      return { label: `Give up number ${n}`, cost: refund > 0 ? `+${reals(refund)}` : 'no refund', group: GROUPS.act };
    }
    case 'purchase': {
      const tiles = command.spaces.map((i) => view.projects.row[i]).filter((p): p is ProjectTile => !!p);
      const price = command.spaces.length === 1 ? prices.one : prices.two;
      return {
        // Two-project lists are long; the cards on the board carry the details of each.
        label: `Buy ${tiles.length === 1 ? projectText(tiles[0]!) : listWords(tiles.map((p) => `the ${shipWord(p.id)}`))}`,
        cost: payText(right, price, command.spaces.length === 1 ? 'project' : 'projects'),
        group: GROUPS.act,
      };
    }
    case 'purchaseSaoGabriel': {
      const p = view.projects.saoGabriel;
      return {
        label: `Buy the São Gabriel${p ? `, ${projectText(p)}` : ''}, launched at once`,
        cost: payText(right, p?.crew ?? 0, 'São Gabriel'),
        group: GROUPS.act,
      };
    }
    case 'recruitFrom':
      return {
        label: `Recruit from ${sectionText(view, command.section)}`,
        cost: withRight(right, `sailors from ${reals(DATA.recruitCostByColours.value[1])}`),
        group: GROUPS.act,
      };
    case 'recruit': {
      const colours = SAILOR_COLOURS.filter((c) => command.sailors[c] > 0).length;
      const count = SAILOR_COLOURS.reduce((n, c) => n + command.sailors[c], 0);
      const sailorsCost = DATA.recruitCostByColours.value[colours] ?? 0;
      const captainCost = command.captain ? count * DATA.captainCostPerSailor.value : 0;
      return {
        label: `${cap(sailorsText(command.sailors))}${command.captain ? ' + a captain' : ''}`,
        cost: command.captain
          ? `${reals(sailorsCost + captainCost)} (sailors ${sailorsCost} + captain ${captainCost})`
          : reals(sailorsCost),
        group: GROUPS.recruit,
      };
    }
    case 'recruitCaptain':
      return { label: 'Recruit only a captain (the captain is free)', cost: payText(right, 0, ''), group: GROUPS.act };
    case 'expedition':
      return { label: `Expedition to ${LANDING_NAMES[command.landing]}`, cost: payText(right, 0, ''), group: GROUPS.act };
    case 'sendShip': {
      const landing = pending?.kind === 'expedition' ? pending.landing : null;
      const ship = you === null ? undefined : view.players[you]?.ships.find((p) => p.id === command.ship);
      const value = landing ? view.landings.find((l) => l.id === landing)?.slots[command.slot]?.value : undefined;
      const bonus = landing && landingBonusText(view, landing, you);
      const gains = [value !== undefined ? `+${value} VP` : '', bonus ? `${bonus} when the expedition ends` : ''].filter(Boolean);
      return {
        label: `Send your ${ship ? shipWord(ship.id) : 'ship'} to ${landing ? LANDING_NAMES[landing] : 'the landing'}, slot ${command.slot + 1}${value !== undefined ? ` (value ${value})` : ''}`,
        cost: gains.join(' · ') || null,
        group: GROUPS.expedition,
      };
    }
    case 'endExpedition':
      return { label: 'End the expedition', cost: null, group: GROUPS.expedition };
    case 'takeMoney': {
      const coins = view.coins[command.space] ?? 0;
      return {
        label: `Take Vasco da Gama's ${reals(coins)} (${command.space === 0 ? 'upper' : 'lower'} space)`,
        cost: withRight(right, `+${reals(coins)}`),
        group: GROUPS.act,
      };
    }
    case 'host': {
      const holder = view.characters[command.character].holder;
      const from = holder === null ? '' : holder === you ? ' (keep him)' : ` (from ${seatWord(view, holder, names)})`;
      return {
        label: `Host ${CHARACTER_NAMES[command.character]}${from}: ${hostGain(view, command.character)}`,
        cost: payText(right, 0, ''),
        group: GROUPS.act,
      };
    }
    case 'sendMerchant': {
      const limit = merchantLimit(view);
      const value = view.landings.find((l) => l.id === command.landing)?.slots[command.slot]?.value;
      return {
        label: `Send the merchant ship${limit ? ` (limit ${limit})` : ''} to ${LANDING_NAMES[command.landing]}, slot ${command.slot + 1}${value !== undefined ? ` (value ${value})` : ''}`,
        cost: landingBonusText(view, command.landing, you),
        group: GROUPS.merchant,
      };
    }
    case 'holdMerchant':
      return { label: 'Keep the merchant ship until Phase 3', cost: null, group: GROUPS.merchant };
    case 'takeProject': {
      const p = view.projects.row[command.space];
      return { label: `Take ${p ? projectText(p) : `the project in space ${command.space + 1}`}`, cost: 'free', group: GROUPS.bonus };
    }
    case 'takeSailor':
      return {
        label: `Take ${command.colour === 'orange' ? 'an' : 'a'} ${command.colour} sailor from section ${command.section + 1}`,
        cost: 'free',
        group: GROUPS.bonus,
      };
    case 'drawSailor':
      return { label: `Draw a sailor from the bag (${view.recruiting.bag} inside)`, cost: 'free', group: GROUPS.bonus };
    case 'launch': {
      const p = you === null ? undefined : view.players[you]?.projects.find((t) => t.id === command.project);
      return { label: `Launch ${p ? projectText(p) : 'the project'} with ${crewText(command.crew)}`, cost: null, group: GROUPS.launch };
    }
    case 'finish':
      return { label: 'Finish: no more launches', cost: null, group: GROUPS.finish };
  }
}

/** Label and cost in one line (titles, aria-labels), so the price is read before the click. */
export const buttonText = (d: CommandLabel): string => (d.cost ? `${d.label} — ${d.cost}` : d.label);

/**
 * During Phase 1 the next tile is face down, but which tiles are left is public: the free
 * number will be the initial number plus one of their variations.
 */
export function possibleFreeNumbers(view: VdgView): { min: number; max: number } | null {
  if (view.numbers.free !== null || view.phase !== 'placement') return null;
  const seen = new Set([...view.vdgTiles.used.map((t) => t.id), view.vdgTiles.faceUp?.id]);
  const left = DATA.vdgTiles.value.filter((t) => !seen.has(t.id));
  if (left.length === 0) return null;
  const values = left.map((t) => view.numbers.initial + t.variation);
  return { min: Math.min(...values), max: Math.max(...values) };
}
