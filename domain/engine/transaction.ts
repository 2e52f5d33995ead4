/**
 * What a `decide` builds: the events of one decision, with the state they lead to kept up to
 * date. The state is copied once, then each event is applied to the copy in place (the game's
 * own `apply`), so code that reads the state must read what it needs before emitting.
 */
import { reject, type Decision, type Seat, type Tagged } from './contract';
import { deepCopy, deepEqual } from './copy';

export class Transaction<S, E> {
  readonly events: E[] = [];
  readonly state: S;

  constructor(
    state: S,
    private readonly applyEvent: (state: S, event: E) => void,
  ) {
    this.state = deepCopy(state);
  }

  emit(event: E): void {
    this.events.push(event);
    this.applyEvent(this.state, event);
  }
}

/**
 * The checks before deciding, for a game whose `legal` lists every command it accepts: the game
 * is on, the seat exists, it is that seat's turn, and the command is one of its legal ones.
 * Null when the command may be decided; else the rejection, with `explain`'s reason.
 */
export function admit<C extends Tagged, E>(
  input: { over: boolean; seats: readonly { colour: string }[]; active: readonly Seat[]; legal: () => readonly C[]; explain: () => string },
  command: C,
  seat: Seat,
): Decision<E> | null {
  if (input.over) return reject('GAME_OVER', 'The game is over.');
  if (!input.seats[seat]) return reject('BAD_REQUEST', `There is no seat ${seat} in this game.`);
  const options = input.legal();
  if (!input.active.includes(seat)) {
    // Some commands are allowed out of turn (`legal` lists them for a seat that is not to act).
    if (options.some((c) => deepEqual(c, command))) return null;
    const who = input.active.map((a) => input.seats[a]!.colour).join(', ');
    return reject('NOT_YOUR_TURN', `It is not your turn: the game waits for ${who}.`);
  }
  if (options.some((c) => deepEqual(c, command))) return null;
  const allowed = [...new Set(options.map((o) => o.type))].join(', ');
  return reject('ILLEGAL', `${input.explain()} (allowed now: ${allowed}).`);
}
