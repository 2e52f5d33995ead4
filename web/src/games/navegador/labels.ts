/**
 * Navegador's commands in words, each with what it costs and yields, worked out from the view
 * with the rulebook's numbers (the game's data module): what a player reads on a button before
 * the click.
 */
import type { NavCommand } from '../../../../domain/games/navegador/commands';
import {
  ACTION_NAMES,
  BUILDING_NAMES,
  DATA,
  FIELDS,
  REGION_NAMES,
  type Good,
  type PrivilegeType,
} from '../../../../domain/games/navegador/data';
import { achievements } from '../../../../domain/games/navegador/rules';
import type { NavView } from '../../../../domain/games/navegador/view';

export const cr = (n: number) => `${n} Cruzados`;
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const GOOD_NAMES: Record<Good, string> = { sugar: 'sugar', gold: 'gold', spices: 'spices' };
/** Privilege names in the singular ("a church privilege"). */
export const PRIVILEGE_ONE: Record<PrivilegeType, string> = {
  colony: 'colony',
  factory: 'factory',
  explorer: 'explorer',
  shipyard: 'shipyard',
  church: 'church',
};

/** Fields forward from one rondel position to another (staying put is a full lap). */
export const fieldsAhead = (from: number, to: number) => (to - from + FIELDS.length) % FIELDS.length || FIELDS.length;

/** The price of recruiting workers or building ships: buildings' price first, then the phase's. */
function recruitText(view: NavView, seat: number, what: 'workers' | 'ships', count: number): string {
  const p = view.players[seat]!;
  const buildings = what === 'workers' ? p.churches : p.shipyards;
  const room = what === 'workers' ? DATA.workerLimits.value.max - p.workers : p.supply;
  const cheap = Math.min(count, buildings);
  const paid = cheap * DATA.buildingPrice.value + (count - cheap) * DATA.extraPricePerPhase.value * view.phase;
  const virtual = count - Math.min(count, room);
  const thing = what === 'workers' ? 'worker' : 'ship';
  if (count === 0) return what === 'workers' ? 'Recruit no workers' : 'Build no ships';
  const verb = what === 'workers' ? 'Recruit' : 'Build';
  return `${verb} ${plural(count, thing)} — ${cr(paid)}${virtual ? `, ${virtual} sold at once for ${cr(virtual * DATA.virtualSale.value)}` : ''}`;
}

export function commandLabel(c: NavCommand, view: NavView, seat: number): string {
  const me = view.players[seat]!;
  switch (c.type) {
    case 'useNavegador':
      return 'Use the Navegador: an extra sailing before you move';
    case 'move': {
      const from = me.position;
      const ahead = from === null ? 0 : fieldsAhead(from, c.field);
      const ships = from === null ? 0 : Math.max(0, ahead - DATA.freeRondelSteps.value);
      const where = `${ACTION_NAMES[FIELDS[c.field]!]}${FIELDS[c.field] === 'market' ? ` (field ${c.field + 1})` : ''}`;
      return `Move to ${where} — ${from === null ? 'free (first move)' : `${plural(ahead, 'field')}, ${ships ? `pay ${plural(ships, 'ship')}` : 'free'}`}`;
    }
    case 'payShip':
      return `Pay with a ship from ${REGION_NAMES[c.region]}`;
    case 'recruitWorkers':
      return recruitText(view, seat, 'workers', c.count);
    case 'buildShips':
      return recruitText(view, seat, 'ships', c.count);
    case 'moveShip': {
      const to = view.regions.find((r) => r.id === c.to);
      const explore = to && !to.explored ? ` — explore it, losing ${plural(to.doubleLoss ? 2 : 1, 'ship')}` : '';
      return `Sail a ship from ${REGION_NAMES[c.from]} to ${REGION_NAMES[c.to]}${explore}`;
    }
    case 'foundColony': {
      const region = view.regions.find((r) => r.id === c.region);
      const price = region?.colonies.length ? Math.min(...region.colonies) : null;
      const good = DATA.colonyStacks.value[c.region]?.[0];
      return `Found a ${good ? `${GOOD_NAMES[good]} ` : ''}colony in ${REGION_NAMES[c.region]} — ${price === null ? '' : `${cr(price)}, `}needs ${DATA.workersPerColony.value} workers`;
    }
    case 'build': {
      const price = view.buildings[c.kind].next;
      return `Build a ${BUILDING_NAMES[c.kind]} — ${price === null ? 'none left' : cr(price)}, needs ${DATA.workersPerBuilding.value[c.kind]} workers`;
    }
    case 'trade': {
      const m = view.market[c.good];
      return c.mode === 'sell'
        ? `Sell ${c.units} ${GOOD_NAMES[c.good]} from colonies — ${cr(c.units * m.price)} (${m.price} each)`
        : `Process ${c.units} ${GOOD_NAMES[c.good]} in factories — ${cr(c.units * m.revenue)} (${m.revenue} each)`;
    }
    case 'takePrivilege': {
      const cash = (DATA.privilegeCash.value[c.privilege][me.privileges[c.privilege]] ?? 0) * achievements(me, c.privilege);
      return `Take ${/^[aeiou]/.test(PRIVILEGE_ONE[c.privilege]) ? 'an' : 'a'} ${PRIVILEGE_ONE[c.privilege]} privilege — pay a worker${cash ? `, receive ${cr(cash)}` : ''}`;
    }
    case 'done':
      return view.pending ? `Done with ${view.pending.kind === 'payShips' ? 'paying' : actionName(view.pending.kind)}` : 'Done';
  }
}

function actionName(kind: string): string {
  return (
    (
      {
        sailing: 'sailing',
        colony: 'founding colonies',
        buildings: 'building',
        market: 'the market',
        workers: 'recruiting',
        ships: 'building ships',
        privilege: 'privileges',
      } as Record<string, string>
    )[kind] ?? 'this action'
  );
}

/** What the panel says the seat is doing now. */
export function prompt(view: NavView, seat: number | null, names: readonly string[]): string {
  if (view.final) return 'The game is over.';
  const active = view.activeSeats;
  if (seat === null || !active.includes(seat)) return `Waiting for ${active.map((s) => names[s]).join(', ') || 'the game'}.`;
  const p = view.pending;
  if (!p)
    return 'Your turn: click a field of the rondel to move your stone there (up to 3 fields ahead free, each further field costs a ship).';
  switch (p.kind) {
    case 'payShips':
      return `Pay ${plural(p.remaining, 'more ship')} for the extra fields: take them from the sea.`;
    case 'sailing': {
      const head = p.navegador ? 'Navegador sailing' : 'Sailing';
      const exploring = p.exploring ? view.regions.find((r) => r.id === p.exploring) : null;
      if (exploring) {
        // Exploring takes the lost ships and one more, all in this action: "done" waits for them.
        const needed = (exploring.doubleLoss ? 2 : 1) + 1 - p.moved.filter((m) => m.to === exploring.id).length;
        if (needed > 0)
          return `${head}: sail ${plural(needed, 'more ship')} into ${exploring.name} to explore it (click a region with your ships, then ${exploring.name}); then you may say done.`;
        return `${head}: ${exploring.name} will be explored when you say done; you may move other ships first.`;
      }
      return `${head}: click a region with your ships, then where to sail (exploring costs ships); then say done.`;
    }
    case 'colony':
      return 'Colony: found colonies where you have a ship (2 workers each), then say done.';
    case 'buildings':
      return 'Buildings: build what you can afford, then say done.';
    case 'market':
      return 'Market: sell from colonies or process in factories, one good at a time, then say done.';
    case 'workers':
      return 'Workers: how many to recruit?';
    case 'ships':
      return 'Ships: how many to build?';
    case 'privilege':
      return 'Privilege: pay a worker for a privilege, or say done.';
  }
}
