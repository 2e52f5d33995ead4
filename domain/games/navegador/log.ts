/** One sentence per event. */
import type { Seat } from '../../engine/contract';
import { plural } from '../../engine/words';
import { ACTION_NAMES, BUILDING_NAMES, REGION_NAMES, type PrivilegeType } from './data';

/** "a church privilege": the columns' names in the singular. */
const PRIVILEGE_ONE: Record<PrivilegeType, string> = {
  colony: 'colony',
  factory: 'factory',
  explorer: 'explorer',
  shipyard: 'shipyard',
  church: 'church',
};
import type { NavEvent } from './events';

const cr = (n: number) => `${n} Cruzados`;

export function describe(e: NavEvent, names: readonly string[]): string {
  const n = (seat: Seat) => names[seat] ?? `Seat ${seat + 1}`;
  switch (e.type) {
    case 'GameSetUp':
      return `A game for ${e.players} players is set up: ${n(e.startPlayer)} starts, ${n(e.navegador)} holds the Navegador`;
    case 'NavegadorUsed':
      return `${n(e.seat)} uses the Navegador for an extra sailing`;
    case 'Moved':
      return `${n(e.seat)} moves to ${ACTION_NAMES[e.action]}${e.cost ? ` (paying ${plural(e.cost, 'ship')})` : ''}`;
    case 'ShipPaid':
      return `${n(e.seat)} takes a ship back from ${REGION_NAMES[e.region]}`;
    case 'WorkersRecruited':
      return `${n(e.seat)} recruits ${plural(e.count, 'worker')} for ${cr(e.paid)}${e.virtual ? ` and sells ${e.virtual} for ${cr(e.received)}` : ''}`;
    case 'ShipsBuilt':
      return `${n(e.seat)} builds ${plural(e.count, 'ship')} for ${cr(e.paid)}${e.virtual ? ` and sells ${e.virtual} for ${cr(e.received)}` : ''}`;
    case 'ShipMoved':
      return `${n(e.seat)} sails a ship from ${REGION_NAMES[e.from]} to ${REGION_NAMES[e.to]}`;
    case 'Explored':
      return `${n(e.seat)} explores ${REGION_NAMES[e.region]}, losing ${plural(e.lost, 'ship')}: colonies ${e.tokens.join(', ')} appear; bonus ${cr(e.bonus)}`;
    case 'PhaseStarted':
      return `Phase ${'I'.repeat(e.phase)} begins: ships sail further, extra workers and ships cost more, privileges are replenished`;
    case 'ColonyFounded':
      return `${n(e.seat)} founds a ${e.good} colony in ${REGION_NAMES[e.region]} for ${cr(e.value)}`;
    case 'Built':
      return `${n(e.seat)} builds a ${BUILDING_NAMES[e.kind]} for ${cr(e.price)}`;
    case 'Traded':
      return `${n(e.seat)} ${e.mode === 'sell' ? 'sells' : 'processes'} ${e.units} ${e.good} for ${cr(e.units * e.perUnit)}${e.wildcard ? ' (using the wildcard factory)' : ''}`;
    case 'PrivilegeTaken':
      return `${n(e.seat)} pays a worker for a ${PRIVILEGE_ONE[e.privilege]} privilege and receives ${cr(e.bonus)}`;
    case 'ActionEnded':
      return e.action === 'navegador' ? `${n(e.seat)} ends the Navegador sailing` : `${n(e.seat)} ends ${ACTION_NAMES[e.action]}`;
    case 'NavegadorPassed':
      return e.reason === 'used'
        ? `The Navegador passes to ${n(e.to)}`
        : `${n(e.from)} let the Navegador go unused for a lap: it passes to ${n(e.to)}`;
    case 'EndTriggered':
      return e.reason === 'nagasaki'
        ? 'Nagasaki has been explored: everyone takes one final turn'
        : 'The last building is taken: everyone takes one final turn';
    case 'TurnEnded':
      return `${n(e.next)} is next`;
    case 'GameEnded':
      return `The game ends: ${[...e.scores]
        .sort((a, b) => a.rank - b.rank)
        .map((r) => `${r.rank}. ${n(r.seat)} ${r.total} VP`)
        .join(', ')}`;
  }
}
