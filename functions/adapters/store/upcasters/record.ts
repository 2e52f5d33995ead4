/**
 * The older shapes of a hosted game's record (core/record.ts) as snapshots hold them. Records are
 * folded from commits, so a record's shape is that of the build that wrote its snapshot; the
 * snapshot's envelope (snapshot.ts) does not say it, the record's own attributes do.
 */
import type { Stored, Upcaster } from '../catalog';

export const recordUpcasters: readonly Upcaster[] = [
  {
    to: 2,
    since: '2026-11-22 (6d1f203)',
    change: 'Bots, absent seats, votes, an early end, clocks and undo were added; the first records had none of them: a game without.',
    older: (record) => !('bots' in record),
    up: (record) => {
      const players = record.players as number;
      return {
        ...record,
        bots: Array(players).fill(null),
        absent: Array(players).fill(false),
        ended: null,
        votes: [],
        clock: null,
        undo: null,
      };
    },
  },
  {
    to: 3,
    since: '2026-11-22 (e313296)',
    change:
      "The undo kept the log's length before the move (`logLength`), then the lines the move added (`logAdded`): the move is the record's last version and its log was never trimmed then, so they are the rest of the log.",
    older: (record) => isObject(record.undo) && 'logLength' in record.undo,
    up: (record) => {
      const { logLength, ...undo } = record.undo as Stored;
      return { ...record, undo: { ...undo, logAdded: (record.log as string[]).length - (logLength as number) } };
    },
  },
  {
    to: 4,
    since: 'issue 25 (the catalogue)',
    change:
      "Fields added each absent until set — logBase (2026-11-22, 29d7798), lastOwn and the undo's ownBefore (2026-11-24, 6e4aa70), spectatorChat (2026-11-25, 14aa6b6), listed, onResign, resigned (2026-11-25, 38cc0bb) — are always there: no lines dropped, no seat's own move kept, spectators not reading the chat, not listed, a bot takes a resigned seat, nobody resigned.",
    older: (record) =>
      !(
        'logBase' in record &&
        'lastOwn' in record &&
        'spectatorChat' in record &&
        'listed' in record &&
        'onResign' in record &&
        'resigned' in record
      ) ||
      (isObject(record.undo) && !('ownBefore' in record.undo)),
    up: (record) => ({
      ...record,
      listed: record.listed === true,
      onResign: record.onResign ?? 'bot',
      resigned: record.resigned ?? [],
      logBase: record.logBase ?? 0,
      lastOwn: record.lastOwn ?? Array((record.seats as unknown[]).length).fill(null),
      spectatorChat: record.spectatorChat === true,
      undo: isObject(record.undo) ? { ownBefore: null, ...record.undo } : null,
    }),
  },
];

function isObject(value: unknown): value is Stored {
  return typeof value === 'object' && value !== null;
}
