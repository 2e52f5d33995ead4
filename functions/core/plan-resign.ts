/**
 * Planning a resignation (`resign`): a seated player of a game in play gives up. As the game's
 * `onResign` says, the safe bot plays the seat to the end, or the game ends with that player
 * last; a game with no other person left to play ends either way. Pure.
 */
import { ProtocolError } from './protocol/frames';
import { seatOf, type Commit, type GameRecord, type HostEvent } from './record';

/** A seat that resigned may not act, resume or vote again (a bot, or nobody, plays it now). */
export function refuseResigned(record: GameRecord, seat: number): void {
  if (record.resigned.includes(seat)) throw new ProtocolError('ILLEGAL', 'You resigned from this game; a bot plays your seat to the end.');
}

/** The resignation's commit; null when the seat has resigned already (a repeated request changes nothing). */
export function planResign(record: GameRecord, playerId: string, at: string): Commit | null {
  const seat = seatOf(record, playerId);
  if (seat === null) throw new ProtocolError('FORBIDDEN', 'You do not sit in this game; only its players can resign from it.');
  if (record.status === 'finished') throw new ProtocolError('GAME_OVER', 'This game is over; there is nothing to resign from.');
  if (record.status === 'open') throw new ProtocolError('ILLEGAL', 'This game has not started yet, so there is nothing to resign from.');
  if (record.resigned.includes(seat)) return null;
  const othersPlaying = record.seats.some((s, i) => i !== seat && s !== null && !record.bots[i] && !record.resigned.includes(i));
  const then = record.onResign === 'end' || !othersPlaying ? 'end' : 'bot';
  const event: HostEvent = { type: '$resigned', seat, then };
  return { gameId: record.gameId, version: record.version + 1, seat, playerId, commandId: null, events: [event], at };
}
