/**
 * decide: check a command against `legal`, turn it into events, then run the game forward
 * through every step that needs no decision (an action with nothing left to do, the Navegador
 * passing on, phases, turn ends, the final round, scoring).
 */
import { accept, type Decision, type Seat } from '../../engine/contract';
import { admit, Transaction } from '../../engine/transaction';
import { DATA, FIELDS, PRIVILEGES, REGION_NAMES, type PrivilegeType } from './data';
import type { NavCommand } from './commands';
import { apply } from './evolve';
import { cloneState } from './clone';
import type { NavEvent } from './events';
import { activeSeats, legal } from './legal';
import { achievements, allBuildingsTaken, distance, passes, recruitTerms, rightOf, shipsLostExploring } from './rules';
import { finalScores } from './scoring';
import type { NavState } from './types';

class Tx extends Transaction<NavState, NavEvent> {
  constructor(state: NavState) {
    super(state, apply);
  }
}

/** What the rules below write to: the state so far, and where each event goes. */
interface Emitter {
  readonly state: NavState;
  emit(event: NavEvent): void;
}

export function decide(state: NavState, command: NavCommand, seat: Seat): Decision<NavEvent> {
  const refused = admit<NavCommand, NavEvent>(
    {
      over: state.status === 'over',
      seats: state.seats,
      active: activeSeats(state),
      legal: () => legal(state, seat),
      explain: () => explain(state, command, seat),
    },
    command,
    seat,
  );
  if (refused) return refused;
  const tx = new Tx(state);
  perform(tx, command, seat);
  advance(tx);
  return accept(tx.events);
}

/**
 * For bots' look-ahead: the state after a command taken from `legal` (not checked again), the
 * same as folding `decide`'s events with one copy of the state instead of two.
 */
export function after(state: NavState, command: NavCommand, seat: Seat): NavState {
  const s = cloneState(state);
  const tx: Emitter = { state: s, emit: (e) => apply(s, e) };
  perform(tx, command, seat);
  advance(tx);
  return s;
}

/** A short reason for a command that is not in `legal`. */
function explain(s: NavState, c: NavCommand, seat: Seat): string {
  const p = s.seats[seat]!;
  switch (c.type) {
    case 'move':
      return `Moving there costs more ships than you have at sea`;
    case 'useNavegador':
      return s.navegador.holder !== seat
        ? 'You do not hold the Navegador'
        : 'The Navegador can be used only before your rondel move, and not in the first round';
    case 'foundColony':
      return `You cannot found a colony in ${REGION_NAMES[c.region]} now: it needs a revealed colony there, one of your ships not yet used, two workers per colony and the price`;
    case 'build':
      return `You cannot build a ${c.kind} now: none is left, or you lack the Cruzados or the workers`;
    case 'takePrivilege':
      return p.workers <= DATA.workerLimits.value.min
        ? 'A privilege costs a worker, and you must keep two'
        : 'That privilege is not available to you';
    case 'moveShip':
      return `No ship of yours can sail from ${REGION_NAMES[c.from]} to ${REGION_NAMES[c.to]} now`;
    default:
      return 'That move is not allowed now';
  }
}

function perform(tx: Emitter, c: NavCommand, seat: Seat): void {
  const s = tx.state;
  const p = s.seats[seat]!;
  const pending = s.pending;
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
        cost: from === null ? 0 : Math.max(0, distance(from, c.field) - DATA.freeRondelSteps.value),
      });
      // Unused for a full lap of its holder's stone: the card passes to the right.
      if (nav.holder === seat && nav.marker !== null && from !== null && passes(from, c.field, nav.marker)) {
        const to = rightOf(s, seat);
        tx.emit({ type: 'NavegadorPassed', from: seat, to, marker: s.seats[to]!.position, reason: 'expired' });
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
      const bonus = DATA.privilegeCash.value[c.privilege][position]! * achievementsFor(s, seat, c.privilege);
      return tx.emit({ type: 'PrivilegeTaken', seat, privilege: c.privilege, position, bonus });
    }
    case 'done': {
      if (pending?.kind === 'sailing' && pending.exploring) {
        const region = pending.exploring;
        const tokens = [...(s.stacks[region] ?? [])];
        tx.emit({
          type: 'Explored',
          seat,
          region,
          lost: shipsLostExploring(s, region),
          tokens,
          bonus: tokens.length ? Math.min(...tokens) : 0,
        });
      }
      return endAction(tx, seat);
    }
  }
}

const achievementsFor = (s: NavState, seat: Seat, t: PrivilegeType) => achievements(s.seats[seat]!, t);

function endAction(tx: Emitter, seat: Seat): void {
  const pending = tx.state.pending!;
  if (pending.kind === 'sailing' && pending.navegador) {
    tx.emit({ type: 'ActionEnded', seat, action: 'navegador' });
    // Used: the card goes to the player on the right; this seat now makes its rondel move.
    const to = rightOf(tx.state, seat);
    tx.emit({ type: 'NavegadorPassed', from: seat, to, marker: tx.state.seats[to]!.position, reason: 'used' });
    return;
  }
  tx.emit({ type: 'ActionEnded', seat, action: pending.kind === 'payShips' ? pending.action : pending.kind });
}

/** Whether the active seat has no choice but ending its action (then the game ends it for them). */
function onlyDone(s: NavState): boolean {
  const options = legal(s, activeSeats(s)[0]!);
  return s.pending !== null && options.length === 1 && options[0]!.type === 'done';
}

export function advance(tx: Emitter): void {
  for (;;) {
    const s = tx.state;
    if (s.status !== 'playing') return;
    if (s.pending) {
      if (!onlyDone(s)) return;
      perform(tx, { type: 'done' }, s.pending.seat);
      continue;
    }
    // A new phase starts once the sailing action that explored its region has ended.
    if (s.nextPhase) {
      const refill = DATA.privilegeRefill.value[s.players]![s.nextPhase - 2]!;
      const gallery = Object.fromEntries(
        PRIVILEGES.map((t) => [t, Math.max(s.gallery[t], Math.min(refill, s.gallery[t] + s.privilegeSupply[t]))]),
      ) as Record<PrivilegeType, number>;
      tx.emit({ type: 'PhaseStarted', phase: s.nextPhase, gallery });
      continue;
    }
    const trigger = s.endTrigger ? null : !s.unexplored.includes('nagasaki') ? 'nagasaki' : allBuildingsTaken(s) ? 'buildings' : null;
    if (trigger) {
      tx.emit({ type: 'EndTriggered', seat: s.turn, reason: trigger });
      continue;
    }
    if (!s.beforeMove) {
      tx.emit({ type: 'TurnEnded', seat: s.turn, next: (s.turn + 1) % s.players });
      continue;
    }
    if (s.finalTurns === 0) tx.emit({ type: 'GameEnded', scores: finalScores(s) });
    return;
  }
}
