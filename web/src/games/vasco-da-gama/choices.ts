/**
 * Vasco da Gama's choices built on the board (see ../choice.ts): the parts of each command are
 * the places a player clicks (a number then an area; one or two project cards; sailors in a
 * section; a project and the crew from the player's own sailors…), and each command's
 * consequence in words before it is confirmed. Pure: no DOM.
 */
import type { StateFrame } from '../../../../functions/core/protocol/frames';
import type { VdgCommand } from '../../../../domain/games/vasco-da-gama/commands';
import {
  AREA_NAMES,
  CHARACTER_NAMES,
  DATA,
  LANDING_NAMES,
  LANDINGS,
  SAILOR_COLOURS,
  type Area,
  type CharacterId,
  type LandingId,
} from '../../../../domain/games/vasco-da-gama/data';
import { rewardText, shipWord } from '../../../../domain/games/vasco-da-gama/names';
import type { VdgView } from '../../../../domain/games/vasco-da-gama/view';
import type { Choices } from '../choice';
import { listWords } from '../../words';
import { buttonText, crewText, describeCommand, numberCost, plural, projectText } from './labels';

const viewOf = (frame: StateFrame) => frame.view as VdgView;

/** The ship part is left out when every legal send uses the same ship: the slot is the one choice. */
function oneShip(frame: StateFrame): boolean {
  const ships = new Set(
    frame.legal.flatMap((c) => ((c as VdgCommand).type === 'sendShip' ? [(c as unknown as { ship: string }).ship] : [])),
  );
  return ships.size <= 1;
}

export function partsOf(command: object, frame: StateFrame): string[] {
  const c = command as VdgCommand;
  const view = viewOf(frame);
  switch (c.type) {
    case 'place':
    case 'placeExtraDisc':
      return [`number:${c.number}`, `area:${c.area}`];
    case 'purchase':
      return c.spaces.map((s) => `project:${s}`);
    case 'purchaseSaoGabriel':
      return ['project:sg'];
    case 'recruitFrom':
      return [`section:${c.section}`];
    case 'recruit': {
      const section = view.pending?.kind === 'recruit' ? view.pending.section : 0;
      const sailors = SAILOR_COLOURS.flatMap((col) => Array.from({ length: c.sailors[col] }, () => `sailor:${section}:${col}`));
      return c.captain ? [...sailors, `captains:${frame.you}`] : sailors;
    }
    case 'recruitCaptain':
      return [`captains:${frame.you}`];
    case 'expedition':
      return [`landing:${c.landing}`];
    case 'sendShip': {
      const landing = view.pending?.kind === 'expedition' ? view.pending.landing : 'natal';
      const slot = `slot:${landing}:${c.slot}`;
      return oneShip(frame) ? [slot] : [`ship:${c.ship}`, slot];
    }
    case 'sendMerchant':
      return [`slot:${c.landing}:${c.slot}`];
    case 'takeMoney':
      return [`coin:${c.space}`];
    case 'host':
      return [`character:${c.character}`];
    case 'takeProject':
      return [`project:${c.space}`];
    case 'takeSailor':
      return [`sailor:${c.section}:${c.colour}`];
    case 'drawSailor':
      return ['bag'];
    case 'launch':
      return [`own-project:${c.project}`, ...c.crew.map((t) => `crew:${t}`)];
    case 'giveUp':
    case 'endExpedition':
    case 'holdMerchant':
    case 'finish':
      return [c.type];
  }
}

export function partText(part: string, frame: StateFrame, names: readonly string[]): string {
  const view = viewOf(frame);
  const [kind, a, b] = part.split(':');
  switch (kind) {
    case 'number':
      return `number ${a} (${numberCost(view, Number(a))})`;
    case 'area':
      return `the ${AREA_NAMES[a as Area]} Area`;
    case 'project': {
      if (a === 'sg') return 'the São Gabriel';
      const tile = view.projects.row[Number(a)];
      return tile ? projectText(tile) : `space ${Number(a) + 1}`;
    }
    case 'section':
      return `section ${Number(a) + 1}`;
    case 'sailor':
      return `${b} sailor, section ${Number(a) + 1}`;
    case 'captains':
      return 'captain';
    case 'landing':
      return LANDING_NAMES[a as LandingId];
    case 'slot': {
      const value = view.landings.find((l) => l.id === a)?.slots[Number(b)]?.value;
      return `${LANDING_NAMES[a as LandingId]}, slot ${Number(b) + 1}${value === undefined ? '' : ` (value ${value})`}`;
    }
    case 'ship':
      return `your ${shipWord(a!)}`;
    case 'coin':
      return `Vasco da Gama's ${a === '0' ? 'upper' : 'lower'} space`;
    case 'character':
      return CHARACTER_NAMES[a as CharacterId];
    case 'bag':
      return 'a sailor drawn from the bag';
    case 'own-project': {
      const owner = view.players.find((p) => p.projects.some((t) => t.id === a));
      const tile = owner?.projects.find((t) => t.id === a);
      const whose = owner?.seat === frame.you ? 'your' : `${names[owner?.seat ?? -1] ?? 'a player'}'s`;
      return tile ? `${whose} ${projectText(tile)}` : 'a project';
    }
    case 'crew':
      return a === 'missionary' ? 'missionary (white)' : `${a} sailor`;
    default: {
      const command = frame.legal.find((c) => (c as VdgCommand).type === part);
      return command ? buttonText(describeCommand(command as VdgCommand, view, frame.you, names)) : part;
    }
  }
}

/** Colours a seat could crew with after its sailors change: missionaries count as one more (white). */
function coloursAfter(view: VdgView, seat: number, added: Partial<Record<string, number>> = {}): number {
  const p = view.players[seat]!;
  return SAILOR_COLOURS.filter((c) => p.sailors[c] + (added[c] ?? 0) > 0).length + (p.missionaries > 0 ? 1 : 0);
}

/** "A crew must be all different colours…" when a project of the seat's needs more colours than it will have. */
function crewWarning(view: VdgView, seat: number, colours: number, extraCrews: number[] = []): string | null {
  const crews = [...(view.players[seat]?.projects ?? []).map((t) => t.crew), ...extraCrews];
  const short = crews.filter((n) => n > colours);
  if (!short.length) return null;
  return `A crew must be all different colours: you will have ${plural(colours, 'colour')} to crew with, and ${short.length === 1 ? 'a project needs' : 'projects need'} ${listWords(short.map(String))}, so ${short.length === 1 ? 'it cannot' : 'they cannot'} be launched until you recruit more colours.`;
}

function landingFate(view: VdgView, landing: LandingId, slot: number, owner: string): string {
  const l = view.landings.find((x) => x.id === landing);
  if (!l) return '';
  const fills = l.slots.every((s, i) => i === slot || s.ship !== null);
  if (!fills) return '';
  const next = LANDINGS[LANDINGS.indexOf(landing) + 1];
  const scores = l.vpPerShip > 0 ? `every ship there scores ${plural(l.vpPerShip, 'VP', 'VP')}, then ` : '';
  return ` ${owner} fills ${l.name}: in Phase 3 ${scores}the ships there sail on ${next ? `to ${LANDING_NAMES[next]} (or leave the game where no slot fits them)` : 'and leave the game'}.`;
}

export function consequence(command: object, frame: StateFrame, names: readonly string[]): string {
  const c = command as VdgCommand;
  const view = viewOf(frame);
  const you = frame.you ?? 0;
  const first = `${buttonText(describeCommand(c, view, frame.you, names))}.`;
  switch (c.type) {
    case 'place':
    case 'placeExtraDisc':
      return `${first} Numbers are called from the lowest in Phase 2; you pay the right to act then, or give the number up for its refund.`;
    case 'purchase':
    case 'purchaseSaoGabriel': {
      const tiles =
        c.type === 'purchase'
          ? c.spaces.flatMap((s) => (view.projects.row[s] ? [view.projects.row[s]!] : []))
          : view.projects.saoGabriel
            ? [view.projects.saoGabriel]
            : [];
      const crews = tiles.map((t) => t.crew);
      const later =
        c.type === 'purchase'
          ? ` ${tiles.length === 1 ? 'It needs' : 'They need'} a crew of ${listWords(crews.map(String))} sailors of different colours to launch.`
          : ' It is launched at once, with no crew.';
      return `${first}${later}${c.type === 'purchase' ? ` ${crewWarning(view, you, coloursAfter(view, you), crews) ?? ''}` : ''}`.trim();
    }
    case 'recruit': {
      const warning = crewWarning(view, you, coloursAfter(view, you, c.sailors));
      // Several of one colour: each can only go to a different crew.
      const repeated = SAILOR_COLOURS.filter((col) => c.sailors[col] > 1);
      const same = repeated.length
        ? ` A crew takes at most one sailor of each colour: your ${listWords(repeated.map((col) => `${c.sailors[col]} ${col}`))} sailors go to different crews.`
        : '';
      return `${first} The sailors join your supply${c.captain ? ' and the captain your crews' : ''}.${same}${warning ? ` ${warning}` : ''}`;
    }
    case 'launch': {
      const tile = view.players[you]?.projects.find((t) => t.id === c.project);
      const earns = tile ? rewardText(tile) : '';
      return `${first} The crew (${crewText(c.crew)}) returns to the bag${c.crew.includes('missionary') ? ', the missionary to the Characters Area' : ''}; the ship${tile ? ` (limit ${tile.limit}${earns ? `, earns ${earns} each Phase 3 at a landing` : ''})` : ''} is ready for an expedition with a captain.`;
    }
    case 'sendShip': {
      const landing = view.pending?.kind === 'expedition' ? view.pending.landing : null;
      return `${first} A captain boards it from your supply.${landing ? landingFate(view, landing, c.slot, 'This ship') : ''}`;
    }
    case 'sendMerchant':
      return `${first} The merchant ship scores nobody.${landingFate(view, c.landing, c.slot, 'It')}`;
    case 'giveUp':
      return `${first} Your disc leaves the area with nothing done.`;
    case 'finish':
      return `${first} Final scoring follows once every player is done: 1 VP for every ${DATA.realsPerFinalVp.value} Reals and ${plural(DATA.vpPerLaunchedShipWithCaptain.value, 'VP', 'VP')} for every launched ship with a captain.`;
    default:
      return first;
  }
}

export const vdgChoices: Choices = { parts: partsOf, partText, consequence };
