/**
 * decide: the checks before deciding and the run of the game afterwards come from the flow
 * (flow.ts); here is what each command legal there does, as events.
 */
import type { Seat } from '../../engine/contract';
import { decider, type Emitter, settle } from '../../engine/flow';
import { cloneState } from './clone';
import type { NavCommand } from './commands';
import { DATA, FIELDS } from './data';
import type { NavEvent } from './events';
import { apply } from './evolve';
import { finish, flow } from './flow';
import { achievements, moveCost, passes, recruitTerms, rightOf } from './rules';
import type { NavState } from './types';

type Tx = Emitter<NavState, NavEvent>;

/** The events of a command taken from `legal` (not checked again). */
function perform(tx: Tx, c: NavCommand, seat: Seat): void {
  const s = tx.state;
  const p = s.seats[seat]!;
  switch (c.type) {
    case 'useNavegador':
      return tx.emit({ type: 'NavegadorUsed', seat });
    case 'move': {
      const from = p.position;
      const nav = s.navegador;
      tx.emit({
        type: 'Moved',
        seat,
        from,
        to: c.field,
        action: FIELDS[c.field]!,
        cost: moveCost(from, c.field),
      });
      // Unused for a full lap of its holder's stone: the card passes to the right.
      if (nav.holder === seat && nav.marker !== null && from !== null && passes(from, c.field, nav.marker)) {
        const to = rightOf(s, seat);
        tx.emit({ type: 'NavegadorPassed', from: seat, to, marker: s.seats[to]?.position ?? null, reason: 'expired' });
      }
      return;
    }
    case 'payShip':
      return tx.emit({ type: 'ShipPaid', seat, region: c.region });
    case 'recruitWorkers':
    case 'buildShips': {
      const what = c.type === 'recruitWorkers' ? 'workers' : 'ships';
      const t = recruitTerms(s, p, what, c.count);
      const e = { seat, count: c.count, real: t.real, virtual: t.virtual, paid: t.paid, received: t.received };
      return tx.emit(what === 'workers' ? { type: 'WorkersRecruited', ...e } : { type: 'ShipsBuilt', ...e });
    }
    case 'moveShip':
      return tx.emit({ type: 'ShipMoved', seat, from: c.from, to: c.to });
    case 'foundColony': {
      const region = c.region;
      const good = DATA.colonyStacks.value[region]![0];
      return tx.emit({ type: 'ColonyFounded', seat, region, good, value: s.revealed[region]![0]! });
    }
    case 'build':
      return tx.emit({ type: 'Built', seat, kind: c.kind, price: DATA.buildingPrices.value[c.kind][s.built[c.kind]]! });
    case 'trade': {
      const row = s.market[c.good];
      const last = DATA.factoryRevenue.value.length - 1;
      const sell = c.mode === 'sell';
      const perUnit = sell ? DATA.marketPrices.value[c.good][row]! : DATA.factoryRevenue.value[row]!;
      const wildcard = !sell && c.units > p.factories[c.good];
      // Selling moves the price down a row per unit; processing moves it up.
      const to = sell ? Math.min(last, row + c.units) : Math.max(0, row - c.units);
      return tx.emit({ type: 'Traded', seat, good: c.good, mode: c.mode, units: c.units, perUnit, wildcard, row: to });
    }
    case 'takePrivilege': {
      const position = p.privileges[c.privilege];
      const bonus = DATA.privilegeCash.value[c.privilege][position]! * achievements(p, c.privilege);
      return tx.emit({ type: 'PrivilegeTaken', seat, privilege: c.privilege, position, bonus });
    }
    case 'done':
      // Legal only while an action is under way.
      if (s.pending) finish(tx, s.pending);
      return;
  }
}

/** Admit the command against the flow, perform it, then run the game on to the next choice. */
export const decide = decider(flow, apply, perform);

/**
 * For bots' look-ahead: the state after a command taken from `legal` (not checked again), the
 * same as folding `decide`'s events with one copy of the state instead of two.
 */
export function after(state: NavState, command: NavCommand, seat: Seat): NavState {
  const s = cloneState(state);
  const tx: Tx = { state: s, emit: (e) => apply(s, e) };
  perform(tx, command, seat);
  settle(flow, tx);
  return s;
}
