/**
 * Navegador's flow: the table of moments the game can be in (domain/engine/flow.ts), each with
 * who acts, what it waits for in words, every command allowed, exactly, and how it runs on by
 * itself. A turn is the rondel move (before it, the Navegador's extra sailing), then the ships
 * to pay for extra fields, then the action's parts one at a time (a ship, a colony, a building,
 * a good), then `done`; an action with nothing left to choose ends by itself. Between turns the
 * game runs on alone: a phase starts, the end is triggered, the turn passes, the game is scored.
 * `legal`, `activeSeats` and the checks before `decide` all come from this table.
 */
import type { Seat } from '../../engine/contract';
import { activeSeats as activeOf, type Emitter, type Flow, legal as legalOf, type Step, type Steps } from '../../engine/flow';
import { plural } from '../../engine/words';
import { ACTION_NAMES, BUILDING_NAMES, BUILDINGS, DATA, FIELDS, GOODS, PRIVILEGES, REGION_NAMES, REGIONS, type RegionId } from './data';
import type { NavCommand } from './commands';
import type { NavEvent } from './events';
import {
  allBuildingsTaken,
  coloniesOf,
  maxRecruit,
  moveCost,
  nextBuildingPrice,
  reachable,
  recruitTerms,
  rightOf,
  sailingRange,
  shipsAtSea,
  shipsLostExploring,
} from './rules';
import { finalScores } from './scoring';
import type { NavState, Pending, PendingOf, Sailing } from './types';

/**
 * The moment the game is in. An action under way is its pending entry itself (the ships to pay,
 * the sailing with its moves so far…), so its step reads that entry's fields by its kind alone.
 */
export type At =
  | Pending
  /** Before the set-up: nobody acts. */
  | { kind: 'setup' }
  /** The seat moves its stone on the rondel (or first sails with the Navegador). */
  | { kind: 'rondel'; seat: Seat }
  /** The sailing that explored a region of a later phase has ended: that phase starts. */
  | { kind: 'phase'; phase: 2 | 3 }
  /** Nagasaki is explored or the last building taken: the final round is set. */
  | { kind: 'endTrigger'; reason: 'nagasaki' | 'buildings' }
  /** The seat's action is over: the turn passes on. */
  | { kind: 'turnEnd'; seat: Seat }
  /** The final round is played out: the game is scored. */
  | { kind: 'gameEnd' };

type Tx = Emitter<NavState, NavEvent>;

const SETUP: At = { kind: 'setup' };
const GAME_END: At = { kind: 'gameEnd' };

/** The end of the game, once it is due (checked whenever no action is under way). */
function endTrigger(s: NavState): 'nagasaki' | 'buildings' | null {
  if (s.endTrigger) return null;
  if (!s.unexplored.includes('nagasaki')) return 'nagasaki';
  return allBuildingsTaken(s) ? 'buildings' : null;
}

/** Where the game is; the order of the checks is the order in which the game runs on by itself. */
function at(s: NavState): At {
  if (s.pending) return s.pending;
  if (s.status === 'new') return SETUP;
  if (s.nextPhase) return { kind: 'phase', phase: s.nextPhase };
  const reason = endTrigger(s);
  if (reason) return { kind: 'endTrigger', reason };
  if (!s.beforeMove) return { kind: 'turnEnd', seat: s.turn };
  if (s.finalTurns === 0) return GAME_END;
  return { kind: 'rondel', seat: s.turn };
}

/** The events that end an action: the exploration its ships set out for, and the Navegador passing on once used. */
export function finish(tx: Tx, p: Pending): void {
  const s = tx.state;
  const seat = p.seat;
  if (p.kind === 'sailing' && p.exploring) {
    const region = p.exploring;
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
  if (p.kind === 'sailing' && p.navegador) {
    tx.emit({ type: 'ActionEnded', seat, action: 'navegador' });
    // Used: the card goes to the player on the right; this seat now makes its rondel move.
    const to = rightOf(s, seat);
    tx.emit({ type: 'NavegadorPassed', from: seat, to, marker: s.seats[to]?.position ?? null, reason: 'used' });
    return;
  }
  tx.emit({ type: 'ActionEnded', seat, action: p.kind === 'payShips' ? p.action : p.kind });
}

/**
 * A step within an action: its seat acts, and once ending the action is all it may do, the
 * game ends it for them. `options` lists the action's commands; `only` lets it skip the rest.
 */
function action<P extends Pending>(
  prompt: (s: NavState, p: P) => string,
  options: (s: NavState, p: P, only?: string) => NavCommand[],
): Step<NavState, NavCommand, NavEvent, P> {
  return {
    active: (_, p) => [p.seat],
    prompt,
    options: (s, p, _seat, only) => options(s, p, only),
    settle(tx, p) {
      const o = options(tx.state, p);
      if (o.length !== 1 || o[0]?.type !== 'done') return false;
      finish(tx, p);
      return true;
    },
  };
}

/** A step the game runs on by itself: nobody acts, and `settle` emits what is due. */
function automatic<A extends At>(prompt: string, settle: (tx: Tx, at: A) => void): Step<NavState, NavCommand, NavEvent, A> {
  return {
    active: () => [],
    prompt: () => prompt,
    options: () => [],
    settle(tx, at) {
      settle(tx, at);
      return true;
    },
  };
}

const DONE = (): NavCommand => ({ type: 'done' });

/** Whether the Navegador may be used now: its holder, before the rondel move, not in the first round, and some ship could sail. */
function navegadorUsable(s: NavState, seat: Seat): boolean {
  if (!(s.beforeMove && s.navegador.holder === seat && s.turnsDone >= s.players && shipsAtSea(s, seat) > 0)) return false;
  // Only when some ship could actually sail: the card is not spent for nothing.
  return sailingOptions(s, { kind: 'sailing', seat, navegador: true, moved: [], exploring: null }).some((c) => c.type === 'moveShip');
}

/** Ships of a seat that may still move this sailing action, per region (those that arrived have moved). */
function movable(s: NavState, p: Sailing, region: RegionId): number {
  return (s.ships[region][p.seat] ?? 0) - p.moved.filter((m) => m.to === region).length;
}

/** Ships already sent into the region being explored this action. */
const committed = (p: Sailing, region: RegionId) => p.moved.filter((m) => m.to === region).length;

/** The ships still to send into the region being explored before the sailing may end (0 if none). */
const stillNeeded = (s: NavState, p: Sailing) =>
  p.exploring === null ? 0 : Math.max(0, shipsLostExploring(s, p.exploring) + 1 - committed(p, p.exploring));

export function sailingOptions(s: NavState, p: Sailing): NavCommand[] {
  const out: NavCommand[] = [];
  const range = sailingRange(s);
  const reach = new Map(REGIONS.filter((r) => movable(s, p, r) > 0).map((r) => [r, reachable(s, r, range)] as const));
  /** Ships still free to move that could reach a region. */
  const able = (region: RegionId) => [...reach].reduce((n, [r, t]) => n + (t.includes(region) ? movable(s, p, r) : 0), 0);
  const needed = (region: RegionId) => shipsLostExploring(s, region) + 1 - committed(p, region);
  const exploring = p.exploring;
  // Once ships head for unknown waters, enough others must stay able to join them.
  const short = exploring !== null ? Math.max(0, needed(exploring)) : 0;
  for (const [from, targets] of reach) {
    for (const to of targets) {
      if (s.unexplored.includes(to)) {
        if (exploring !== null && exploring !== to) continue; // one exploration per action
        // Enough ships must be able to get there together, or none should start.
        if (able(to) < needed(to)) continue;
      } else if (short > 0 && exploring !== null && targets.includes(exploring) && able(exploring) - 1 < short) continue;
      out.push({ type: 'moveShip', from, to });
    }
  }
  if (exploring === null || committed(p, exploring) > shipsLostExploring(s, exploring)) out.push(DONE());
  return out;
}

/** Recruiting workers or building ships: every count the seat can pay for, or none. */
function recruitOptions(s: NavState, p: PendingOf<'workers' | 'ships'>): NavCommand[] {
  const out: NavCommand[] = [];
  const player = s.seats[p.seat];
  if (player) {
    for (let count = 1; count <= maxRecruit(player, p.kind); count++) {
      if (recruitTerms(s, player, p.kind, count).paid > player.cash) break;
      out.push(p.kind === 'workers' ? { type: 'recruitWorkers', count } : { type: 'buildShips', count });
    }
  }
  out.push(DONE());
  return out;
}

/** The action's name in a prompt: "end the Market action". */
const end = (p: Pending) => `end the ${ACTION_NAMES[p.kind === 'payShips' ? p.action : p.kind]} action`;

const steps: Steps<NavState, NavCommand, NavEvent, At> = {
  setup: { active: () => [], prompt: () => 'start the game', options: () => [] },

  rondel: {
    active: (_, at) => [at.seat],
    prompt: () => 'move on the rondel',
    options(s, _at, seat, only) {
      const out: NavCommand[] = [];
      const wants = (type: NavCommand['type']) => only === undefined || only === type;
      // Whether the Navegador is usable tries every sailing: not done when only a move is checked.
      if (wants('useNavegador') && navegadorUsable(s, seat)) out.push({ type: 'useNavegador' });
      if (!wants('move')) return out;
      const from = s.seats[seat]?.position ?? null;
      const ships = shipsAtSea(s, seat);
      FIELDS.forEach((_, field) => moveCost(from, field) <= ships && out.push({ type: 'move', field }));
      return out;
    },
  },

  payShips: {
    active: (_, p) => [p.seat],
    prompt: (_, p) => `pay ${plural(p.remaining, 'ship')} from the sea for the extra rondel fields`,
    options: (s, p) => REGIONS.filter((r) => (s.ships[r][p.seat] ?? 0) > 0).map((region) => ({ type: 'payShip', region })),
  },

  sailing: action(
    (s, p) => {
      const more = stillNeeded(s, p);
      if (p.exploring && more) return `sail ${plural(more, 'more ship')} into ${REGION_NAMES[p.exploring]} to explore it`;
      return p.navegador ? 'sail with the Navegador, or end that sailing' : `sail, or ${end(p)}`;
    },
    (s, p) => sailingOptions(s, p),
  ),

  colony: action(
    (_, p) => `found colonies, or ${end(p)}`,
    (s, p, only) => {
      const out: NavCommand[] = [];
      const player = s.seats[p.seat];
      if (only !== 'done' && player && player.workers >= DATA.workersPerColony.value * (p.founded.length + 1)) {
        for (const region of REGIONS) {
          const price = s.revealed[region]?.[0];
          const shipsFree = (s.ships[region][p.seat] ?? 0) - p.founded.filter((r) => r === region).length;
          if (price !== undefined && shipsFree > 0 && price <= player.cash) out.push({ type: 'foundColony', region });
        }
      }
      out.push(DONE());
      return out;
    },
  ),

  buildings: action(
    (_, p) => `build, or ${end(p)}`,
    (s, p, only) => {
      const player = s.seats[p.seat];
      if (only === 'done' || !player) return [DONE()];
      const used = p.built.reduce((n, k) => n + DATA.workersPerBuilding.value[k], 0);
      const out: NavCommand[] = BUILDINGS.filter((kind) => {
        const price = nextBuildingPrice(s, kind);
        return price !== null && price <= player.cash && used + DATA.workersPerBuilding.value[kind] <= player.workers;
      }).map((kind) => ({ type: 'build', kind }));
      out.push(DONE());
      return out;
    },
  ),

  market: action(
    (_, p) => `sell or process a good, or ${end(p)}`,
    (s, p, only) => {
      const out: NavCommand[] = [];
      const player = s.seats[p.seat];
      if (only !== 'done' && player) {
        for (const good of GOODS) {
          if (p.traded.includes(good)) continue;
          for (let units = 1; units <= coloniesOf(player, good); units++) out.push({ type: 'trade', good, mode: 'sell', units });
          const factories = player.factories[good] + (player.wildcard > 0 && !p.wildcardUsed ? 1 : 0);
          for (let units = 1; units <= factories; units++) out.push({ type: 'trade', good, mode: 'process', units });
        }
      }
      out.push(DONE());
      return out;
    },
  ),

  workers: action((_, p) => `recruit workers, or ${end(p)}`, recruitOptions),

  ships: action((_, p) => `build ships, or ${end(p)}`, recruitOptions),

  privilege: action(
    (_, p) => `take a privilege for a worker, or ${end(p)}`,
    (s, p, only) => {
      const player = s.seats[p.seat];
      const canPay = only !== 'done' && player !== undefined && player.workers > DATA.workerLimits.value.min;
      const out: NavCommand[] = PRIVILEGES.filter(
        (t) => canPay && s.gallery[t] > 0 && player.privileges[t] < DATA.maxPrivilegesPerType.value,
      ).map((privilege) => ({ type: 'takePrivilege', privilege }));
      out.push(DONE());
      return out;
    },
  ),

  phase: automatic('start the next phase', (tx, at) => {
    const s = tx.state;
    const refills = DATA.privilegeRefill.value[s.players];
    const refill = refills ? refills[at.phase - 2] : undefined;
    if (refill === undefined) throw new RangeError(`no privilege refill for ${s.players} players`);
    const gallery = { ...s.gallery };
    for (const t of PRIVILEGES) gallery[t] = Math.max(s.gallery[t], Math.min(refill, s.gallery[t] + s.privilegeSupply[t]));
    tx.emit({ type: 'PhaseStarted', phase: at.phase, gallery });
  }),

  endTrigger: automatic('set the final round', (tx, at) => tx.emit({ type: 'EndTriggered', seat: tx.state.turn, reason: at.reason })),

  turnEnd: automatic('end the turn', (tx, at) => tx.emit({ type: 'TurnEnded', seat: at.seat, next: (at.seat + 1) % tx.state.players })),

  gameEnd: automatic('score the game', (tx) => tx.emit({ type: 'GameEnded', scores: finalScores(tx.state) })),
};

/**
 * Why a command that is not legal now is refused, for commands of the step the seat is in (or
 * the Navegador, which a player may look for at any point of the turn); null leaves the general
 * sentence, "Now you must …", to say what the moment asks for.
 */
function explain(s: NavState, c: NavCommand, seat: Seat): string | null {
  const kind = at(s).kind;
  switch (c.type) {
    case 'useNavegador':
      if (s.navegador.holder !== seat) return 'You do not hold the Navegador';
      if (kind !== 'rondel') return 'The Navegador can be used only before your rondel move';
      if (s.turnsDone < s.players) return 'The Navegador can be used before your rondel move, but not in the first round';
      return 'None of your ships could sail with the Navegador now';
    case 'move':
      return kind === 'rondel' ? 'Moving there costs more ships than you have at sea' : null;
    case 'moveShip':
      return kind === 'sailing' ? `No ship of yours can sail from ${REGION_NAMES[c.from]} to ${REGION_NAMES[c.to]} now` : null;
    case 'foundColony':
      return kind === 'colony'
        ? `You cannot found a colony in ${REGION_NAMES[c.region]} now: it needs a revealed colony there, one of your ships not yet used, two workers per colony and the price`
        : null;
    case 'build':
      return kind === 'buildings'
        ? `You cannot build a ${BUILDING_NAMES[c.kind]} now: none is left, or you lack the Cruzados or the workers`
        : null;
    case 'takePrivilege':
      if (kind !== 'privilege') return null;
      return (s.seats[seat]?.workers ?? 0) <= DATA.workerLimits.value.min
        ? 'A privilege costs a worker, and you must keep two'
        : 'That privilege is not available to you';
    default:
      return null;
  }
}

export const flow: Flow<NavState, NavCommand, NavEvent, At> = {
  at,
  steps,
  over: (s) => s.status === 'over',
  seats: (s) => s.seats.length,
  seatName: (s, seat) => s.seats[seat]?.colour ?? `Seat ${seat}`,
  explain,
};

/** Every command a seat may send now, exactly — the one definition of what is allowed; `decide` accepts precisely these. */
export const legal = (s: NavState, seat: Seat): NavCommand[] => legalOf(flow, s, seat);

/** The seats the game waits for: the seat whose turn or action it is; none once the game is over. */
export const activeSeats = (s: NavState): Seat[] => activeOf(flow, s);
