/**
 * Planning a cancellation (`cancelGame`): a game waiting for players is called off by a seated
 * person while no other person has taken a seat (bots may sit: nobody else loses a game they
 * joined). It ends at once, with no result and no rating change. Pure.
 */
import { ProtocolError } from './protocol/frames';
import { seatOf, type Commit, type GameRecord, type HostEvent } from './record';

export function planCancel(record: GameRecord, playerId: string, at: string): Commit {
  const seat = seatOf(record, playerId);
  if (seat === null) throw new ProtocolError('FORBIDDEN', 'You do not sit in this game; only its players can cancel it.');
  if (record.status === 'finished') throw new ProtocolError('GAME_OVER', 'This game is over already; there is nothing to cancel.');
  if (record.status === 'active')
    throw new ProtocolError('ILLEGAL', 'This game has started, so it cannot be cancelled; you may resign from it.');
  const others = record.seats.filter((s, i) => s !== null && i !== seat && !record.bots[i]).map((s) => s!.name);
  if (others.length)
    throw new ProtocolError(
      'ILLEGAL',
      `${others.join(' and ')} ${others.length === 1 ? 'has' : 'have'} taken a seat, so the game can no longer be cancelled; it starts when every seat is taken.`,
    );
  const event: HostEvent = { type: '$cancelled', seat };
  return { gameId: record.gameId, version: record.version + 1, seat, playerId, commandId: null, events: [event], at };
}
