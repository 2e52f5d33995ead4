/**
 * Which board element a legal command acts on, so the board can be clicked as well as the panel.
 * Pure: keys are strings the board renderer asks about. An element gets a command only when
 * exactly one legal command targets it; with several, the panel is the place to choose.
 */
import type { VdgCommand } from '../../../../domain/games/vasco-da-gama/commands';
import type { VdgView } from '../../../../domain/games/vasco-da-gama/view';
import { shipWord } from '../../../../domain/games/vasco-da-gama/names';

export function targetOf(c: VdgCommand, view: VdgView, pickedNumber: number | null): string | null {
  switch (c.type) {
    case 'sendShip':
      return view.pending?.kind === 'expedition' ? `slot:${view.pending.landing}:${c.slot}` : null;
    case 'sendMerchant':
      return `slot:${c.landing}:${c.slot}`;
    case 'expedition':
      return `landing:${c.landing}`;
    case 'takeProject':
      return `project:${c.space}`;
    case 'purchase':
      return c.spaces.length === 1 ? `project:${c.spaces[0]}` : null;
    case 'purchaseSaoGabriel':
      return 'project:sg';
    case 'host':
      return `character:${c.character}`;
    case 'takeMoney':
      return `coin:${c.space}`;
    case 'recruitFrom':
      return `section:${c.section}`;
    case 'takeSailor':
      return `sailor:${c.section}:${c.colour}`;
    case 'drawSailor':
      return 'bag';
    case 'recruitCaptain':
      return view.call ? `captains:${view.call.seat}` : null;
    case 'place':
      // Placing is two steps; once a number is picked, the area is the one choice left.
      return c.number === pickedNumber ? `area:${c.area}` : null;
    case 'launch':
      return `own-project:${c.project}`;
    default:
      return null;
  }
}

/** Board targets with exactly one legal command (the raw legal entry, sent back unchanged). */
export function singleTargets(legal: readonly unknown[], view: VdgView, pickedNumber: number | null): Map<string, unknown> {
  const all = new Map<string, unknown[]>();
  for (const raw of legal) {
    const key = targetOf(raw as VdgCommand, view, pickedNumber);
    if (key === null) continue;
    const list = all.get(key) ?? [];
    list.push(raw);
    all.set(key, list);
  }
  const out = new Map<string, unknown>();
  for (const [key, list] of all) if (list.length === 1) out.set(key, list[0]);
  return out;
}

/** The short verb a clickable board element shows beside its cost. */
export function verbOf(c: VdgCommand): string {
  switch (c.type) {
    case 'place':
      return `Place ${c.number} here`;
    case 'sendShip':
      return `Send your ${shipWord(c.ship)} here`;
    case 'sendMerchant':
      return 'Send the merchant ship here';
    case 'expedition':
      return 'Set out for this landing';
    case 'takeProject':
      return 'Take it';
    case 'purchase':
    case 'purchaseSaoGabriel':
      return 'Buy';
    case 'host':
      return 'Host';
    case 'takeMoney':
      return 'Take it';
    case 'recruitFrom':
      return 'Recruit here';
    case 'takeSailor':
      return 'Take one';
    case 'drawSailor':
      return 'Draw one';
    case 'recruitCaptain':
      return 'Recruit a captain';
    case 'launch':
      return `Launch with ${c.crew.join(', ')}`;
    default:
      return 'Choose';
  }
}
