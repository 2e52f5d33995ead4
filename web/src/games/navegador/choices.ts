/**
 * Navegador's choices built on the board (see ../choice.ts): a rondel field, a region of the map
 * (a ship sails from one region to another; colonies are founded and ships paid in one), a
 * market good and its amount, a building, a privilege, the Navegador card; counts of workers
 * and ships, and "done", beside the board. Each command's consequence in words before it is
 * confirmed: the price, what it yields, an exploration's ships, the Navegador going unused.
 * Pure: no DOM.
 */
import type { NavCommand } from '../../../../domain/games/navegador/commands';
import {
  ACTION_NAMES,
  BUILDING_NAMES,
  DATA,
  FIELDS,
  PRIVILEGE_NAMES,
  REGION_NAMES,
  type BuildingKind,
  type Good,
  type PrivilegeType,
  type RegionId,
} from '../../../../domain/games/navegador/data';
import { achievements, passes } from '../../../../domain/games/navegador/rules';
import type { NavView } from '../../../../domain/games/navegador/view';
import type { StateFrame } from '../../../../functions/core/protocol/frames';
import type { Choices } from '../choice';
import { commandLabel, cr, GOOD_NAMES, PRIVILEGE_ONE, plural } from './labels';

const viewOf = (frame: StateFrame) => frame.view as NavView;

export function partsOf(command: object): string[] {
  const c = command as NavCommand;
  switch (c.type) {
    case 'move':
      return [`field:${c.field}`];
    case 'payShip':
    case 'foundColony':
      return [`region:${c.region}`];
    case 'moveShip':
      return [`from:${c.from}`, `to:${c.to}`];
    case 'build':
      return [`building:${c.kind}`];
    case 'trade':
      return [`good:${c.good}`, `${c.mode}:${c.good}:${c.units}`];
    case 'takePrivilege':
      return [`privilege:${c.privilege}`];
    case 'recruitWorkers':
      return [`workers:${c.count}`];
    case 'buildShips':
      return [`ships:${c.count}`];
    case 'useNavegador':
    case 'done':
      return [c.type];
  }
}

/** The command of a part that stands alone (a count, "done"), for its words. */
const alone = (frame: StateFrame, part: string) => frame.legal.find((c) => partsOf(c).join() === part) as NavCommand | undefined;

export function partText(part: string, frame: StateFrame): string {
  const view = viewOf(frame);
  const you = frame.you ?? 0;
  const [kind, a, b] = part.split(':');
  switch (kind) {
    case 'field':
      return ACTION_NAMES[FIELDS[Number(a)]!];
    case 'region':
      return REGION_NAMES[a as RegionId];
    case 'from':
      return `a ship in ${REGION_NAMES[a as RegionId]}`;
    case 'to':
      return `to ${REGION_NAMES[a as RegionId]}`;
    case 'good':
      return GOOD_NAMES[a as Good];
    case 'sell':
      return `sell ${b} ${GOOD_NAMES[a as Good]} for ${cr(Number(b) * view.market[a as Good].price)}`;
    case 'process':
      return `process ${b} ${GOOD_NAMES[a as Good]} for ${cr(Number(b) * view.market[a as Good].revenue)}`;
    case 'building':
      return `a ${BUILDING_NAMES[a as BuildingKind]}`;
    case 'privilege':
      return `the ${PRIVILEGE_ONE[a as PrivilegeType]} privilege`;
    case 'useNavegador':
      return 'the Navegador card: an extra sailing before you move';
    default: {
      const command = alone(frame, part);
      return command ? commandLabel(command, view, you) : part;
    }
  }
}

export function consequence(command: object, frame: StateFrame, names: readonly string[]): string {
  const c = command as NavCommand;
  const view = viewOf(frame);
  const you = frame.you ?? 0;
  const me = view.players[you]!;
  const first = `${commandLabel(c, view, you)}.`;
  switch (c.type) {
    case 'move': {
      const nav = view.navegador;
      // The card is lost when its holder's stone passes the marker without using it (the rules pass it on).
      const lost =
        nav.holder === you && nav.marker !== null && me.position !== null && passes(me.position, c.field, nav.marker)
          ? ` The Navegador goes unused for a lap: it passes to ${names[(you - 1 + view.players.length) % view.players.length]}.`
          : '';
      return `${first} Then you take the ${ACTION_NAMES[FIELDS[c.field]!]} action.${lost}`;
    }
    case 'moveShip': {
      const to = view.regions.find((r) => r.id === c.to);
      const pending = view.pending?.kind === 'sailing' ? view.pending : null;
      if (!to || to.explored) return first;
      const loss = to.doubleLoss ? 2 : 1;
      const needed = loss + 1;
      const sent = (pending?.moved.filter((m) => m.to === c.to).length ?? 0) + 1;
      return `${first} Exploring ${to.name} takes ${plural(needed, 'ship')} sailing in this action: this is ${sent} of ${needed}. When you say done, ${plural(loss, 'ship')} ${loss === 1 ? 'returns' : 'return'} to your supply, the region's colonies are revealed and you receive the lowest of them in Cruzados.`;
    }
    case 'done': {
      const pending = view.pending?.kind === 'sailing' ? view.pending : null;
      const exploring = pending?.exploring ? view.regions.find((r) => r.id === pending.exploring) : null;
      return exploring
        ? `${first} You explore ${exploring.name}: ${plural(exploring.doubleLoss ? 2 : 1, 'ship')} back to your supply, its colonies revealed, the lowest of them paid to you in Cruzados.`
        : first;
    }
    case 'useNavegador':
      return `${first} You sail first (up to ${plural(DATA.sailingRange.value[view.phase - 1] ?? 1, 'border')} a ship), then move on the rondel; the card passes to ${names[(you - 1 + view.players.length) % view.players.length]}.`;
    case 'takePrivilege': {
      // (base + privileges) × achievements at the end: one more privilege adds its VP for each achievement.
      const each = DATA.privilegeVp.value[c.privilege];
      const have = achievements(me as never, c.privilege);
      return `${first} At the end it scores ${plural(each, 'VP', 'VP')} more for each of your ${PRIVILEGE_NAMES[c.privilege]} (you have ${have} now: +${each * have} VP).`;
    }
    case 'foundColony':
      return `${first} The colony sells its good at the market and scores at the end.`;
    default:
      return first;
  }
}

export const navChoices: Choices = { parts: partsOf, partText, consequence };
