/**
 * Goa's flow as the engine's table of steps (domain/engine/flow.ts): where the game waits
 * (`at`), and for each kind of moment — the flag and markers, a lot going up, an auction, an
 * action turn, the additional actions, each kind of pending choice, the rule variant's start —
 * who acts, what it waits for, its exact options, how it settles by itself and the events of each
 * option. `legal`, `activeSeats`, the checks before deciding (with the sentences below for what
 * is refused) and `decide` come from the table. The steps live with their stage: round.ts (markers,
 * auctions, additional actions, round ends), turn.ts (the action turn), choices.ts (pending choices).
 */
import type { Seat } from '../../engine/contract';
import * as engine from '../../engine/flow';
import { Transaction } from '../../engine/transaction';
import { plural } from '../../engine/words';
import { choiceSteps } from './choices';
import type { GoaCommand } from './commands';
import { COLONY_NAMES, COLUMNS, DATA } from './data';
import type { GoaEvent } from './events';
import { apply } from './evolve';
import { lastRow, markerCount, markerSeat, playerOf, progressCost } from './rules';
import { roundSteps } from './round';
import type { GoaAt, GoaStep, GoaSteps, Tx } from './step';
import { ACTIONS, discards, turnSteps } from './turn';
import type { GoaState } from './types';

/** Where the game waits now. */
function at(s: GoaState): GoaAt {
  if (s.status !== 'playing') return { kind: 'setup' };
  const top = s.pending.at(-1);
  if (top) return top;
  switch (s.stage) {
    case 'markers': {
      const placed = s.markers.length;
      if (placed >= markerCount(s)) return { kind: 'lot' };
      if (placed === 0) return { kind: 'flag', seat: markerSeat(s, 1) };
      return { kind: 'marker', seat: markerSeat(s, placed + 1), number: placed + 1 };
    }
    case 'auctions':
      return s.auction ? { kind: 'auction', auction: s.auction, bidder: s.auction.toBid[0] } : { kind: 'lot' };
    case 'actions':
      return { kind: 'turn', seat: s.turn, p: playerOf(s, s.turn) };
    case 'extra':
      return { kind: s.extraTurn ? 'turn' : 'extra', seat: s.turn, p: playerOf(s, s.turn) };
    default:
      return { kind: 'setup' };
  }
}

const STEPS: GoaSteps<GoaAt['kind']> = { ...roundSteps, ...turnSteps, ...choiceSteps };

/**
 * Discarding, allowed at any time. The turn and a full hand list the discards among their own
 * options, where the bots have always found them (before ending the turn): not twice.
 */
function anytime(s: GoaState, seat: Seat): GoaCommand[] {
  const p = s.seats[seat];
  if (!p || p.hand.length === 0) return [];
  const now = at(s);
  return (now.kind === 'turn' || now.kind === 'expedition') && now.seat === seat ? [] : discards(p);
}

/** Why a command the seat may not send now is refused; null where "Now you must …" says it best. */
function explain(s: GoaState, c: GoaCommand, seat: Seat): string | null {
  const p = playerOf(s, seat);
  const now = at(s);
  switch (c.type) {
    case 'placeFlag':
      return now.kind === 'flag' ? 'The flag goes on an empty space or an edge space with a tile beside it (not diagonally)' : null;
    case 'placeMarker':
      return now.kind === 'marker' ? 'An auction marker goes on a tile without a marker, next to or diagonal to the last marker' : null;
    case 'bid':
      if (now.kind !== 'auction') return null;
      return c.amount <= now.auction.high ? `A bid must be higher than ${now.auction.high}` : 'You cannot bid that much';
    case 'pass':
      return now.kind === 'extra' && p.extraActions > DATA.keepAdditionalActions.value
        ? `You may keep only ${plural(DATA.keepAdditionalActions.value, 'additional action card')}: take an additional action`
        : null;
    case 'progress':
      if (p.rows[c.column] >= lastRow) return `Your ${c.column} marker is already in the last row`;
      if (legal(s, seat).some((l) => l.type === 'progress' && l.column === c.column && (l.card ?? null) === (c.card ?? null)))
        return c.from
          ? `Those spots do not hold the ${progressCost(p, c.column).join(', ')} this progress needs, in that order`
          : 'Your spices lie in more than one place: choose where each one comes from';
      return `Progress in ${c.column} needs ${progressCost(p, c.column).join(', ')} and as many ships (or a card that changes the cost)`;
    case 'foundColony':
      return p.colonies[c.colony] ? `You have already founded ${COLONY_NAMES[c.colony]}` : `You cannot try ${COLONY_NAMES[c.colony]} now`;
    case 'playCard':
      return s.cardPlayed ? 'You have already played an expedition card this turn' : 'That card cannot be played now';
    case 'useTile':
      return 'That tile cannot be used now';
    case 'discardCard':
      return 'You do not hold that card';
    case 'endTurn':
      return 'Take your action first';
    case 'recruitColonists':
      return 'You do not have enough colonists for this colony';
    case 'startWithRows':
      if (now.kind !== 'variant') return 'The rule variant is chosen before the game begins';
      return c.columns[0] === c.columns[1]
        ? 'Choose two different columns'
        : `Name the two columns in the board's order (${COLUMNS.join(', ')})`;
    default:
      return s.acted && ACTIONS.has(c.type) ? 'You have already taken your action this turn' : null;
  }
}

export const goaFlow: engine.Flow<GoaState, GoaCommand, GoaEvent, GoaAt> = {
  at,
  steps: STEPS,
  over: (s) => s.status === 'over',
  seats: (s) => s.players,
  seatName: (s, seat) => s.seats[seat]?.colour ?? `Seat ${seat}`,
  anytime,
  explain,
};

/** The events of a command already admitted: a discard (any time), else the current step's. */
function perform(tx: Tx, c: GoaCommand, seat: Seat): void {
  if (c.type === 'discardCard') return tx.emit({ type: 'CardDiscarded', seat, card: c.card, from: 'hand' });
  const now = at(tx.state);
  const step: GoaStep<GoaAt> = STEPS[now.kind];
  step.perform(tx, now, c, seat);
}

export const decide = engine.decider(goaFlow, apply, perform);
export const legal = (s: GoaState, seat: Seat): GoaCommand[] => engine.legal(goaFlow, s, seat);
export const activeSeats = (s: GoaState): Seat[] => engine.activeSeats(goaFlow, s);
/** What the game waits for, in words ("bid more than 4 ducats for the flag, or pass"). */
export const waitingFor = (s: GoaState): string => engine.waitingFor(goaFlow, s);

/**
 * The state after a command taken from `legal(state, seat)`, without checking it again or
 * returning the events: the same steps as `decide` then `evolve`, for bots that play many
 * commands ahead. A command not from `legal` gives undefined results.
 */
export function playLegal(state: GoaState, command: GoaCommand, seat: Seat): GoaState {
  const tx = new Transaction<GoaState, GoaEvent>(state, apply);
  perform(tx, command, seat);
  engine.settle(goaFlow, tx);
  return tx.state;
}
