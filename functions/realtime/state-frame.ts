/** The `state` frame one seat (or a spectator) receives: its own view, its legal commands, the log. */
import { activeSeats, moduleOf, outcomeOf, seatInfos, type GameRecord } from '../game/record';
import { MAX_SERVER_FRAME_BYTES, type StateFrame } from '../protocol/frames';

export function stateFrame(record: GameRecord, seat: number | null, online: number[] = []): StateFrame {
  const module = moduleOf(record);
  const started = record.state !== null;
  const frame: StateFrame = {
    type: 'state',
    gameId: record.gameId,
    game: record.game,
    version: record.version,
    status: record.status,
    seats: seatInfos(record),
    you: seat,
    activeSeats: activeSeats(record),
    online,
    absent: record.absent.flatMap((a, i) => (a ? [i] : [])),
    canUndo: seat !== null && record.undo?.seat === seat && record.undo.version === record.version,
    view: started ? module.view(record.state, seat) : null,
    legal: started && seat !== null ? module.legal(record.state, seat) : [],
    log: record.log,
    outcome: outcomeOf(record),
  };
  return fitLog(frame);
}

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** Keep the most recent log lines that fit under the frame limit. */
function fitLog(frame: StateFrame): StateFrame {
  let size = bytes(frame);
  if (size <= MAX_SERVER_FRAME_BYTES) return frame;
  const log = [...frame.log];
  while (log.length && size > MAX_SERVER_FRAME_BYTES) size -= bytes(log.shift()) + 1;
  return { ...frame, log };
}
