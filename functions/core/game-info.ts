/** What `gameInfo` answers about a game: its kind, options, seats, status and clock, none of its state. */
import { deadlineOf } from './clock';
import type { GameInfoFrame } from './protocol/frames';
import { activeSeats, seatInfos, type GameRecord } from './record';

export function gameInfoOf(record: GameRecord, requestId?: string): GameInfoFrame {
  const { clock } = record;
  return {
    type: 'gameInfo',
    requestId,
    gameId: record.gameId,
    game: record.game,
    rulesVersion: record.rulesVersion,
    options: record.options,
    status: record.status,
    version: record.version,
    seats: seatInfos(record),
    activeSeats: activeSeats(record),
    clock: clock && {
      control: clock.control,
      deadlines: record.seats.map((_, seat) => deadlineOf(clock, seat)?.toISOString() ?? null),
    },
    listed: record.listed,
    spectatorChat: record.spectatorChat,
    onResign: record.onResign,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
