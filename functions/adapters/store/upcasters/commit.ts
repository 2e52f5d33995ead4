/**
 * The older shapes of a commit item (GAME#id / V#version). Its own fields — events, seat, player,
 * command id, time — are the same in every version; what changed is the game's head it carries
 * (core/triggers.ts CommitHead), which `myGames`, the quotas and the stream's reactions read.
 */
import type { Stored, Upcaster } from '../catalog';

/** The seat the server moves for next, as core/plans.ts automaticSeat decides it, from the head an item carries. */
function automaticOf(item: Stored): number | null {
  if (item.status !== 'active') return null;
  const seats = item.seats as ({ bot?: string } | null)[];
  const absent = item.absent as boolean[];
  return (item.activeSeats as number[]).find((s) => Boolean(seats[s]?.bot) || absent[s] === true) ?? null;
}

export const commitUpcasters: readonly Upcaster[] = [
  {
    to: 2,
    since: '2026-11-22 (da251e9)',
    change: "The seats as `playerIds` (ids only) became `seats` (each seat's id and name); the names were not stored: read as 'Seat n'.",
    older: (item) => 'playerIds' in item,
    up: ({ playerIds, ...item }) => ({
      ...item,
      seats: (playerIds as (string | null)[]).map((playerId, seat) =>
        playerId === null ? null : { seat, playerId, name: `Seat ${seat + 1}` },
      ),
    }),
  },
  {
    to: 3,
    since: '2026-11-22 (6d1f203)',
    change:
      'The head before the commit (wasStatus, wasActive), absent seats and the last log line (summary) were added. Read as a commit that changed neither the status nor whose turn it is (the first commit: from nothing), with no seat absent (there were none) and no summary.',
    older: (item) => !('summary' in item),
    up: (item) => {
      const first = item.version === 1;
      return {
        ...item,
        wasStatus: first ? null : item.status,
        wasActive: first ? [] : item.activeSeats,
        absent: (item.seats as unknown[]).map(() => false),
        summary: '',
      };
    },
  },
  {
    to: 4,
    since: '2026-11-24 (ad02049)',
    change:
      "When the sweep must look at the game after and before the commit (clockDue, wasClockDue) was added. Read as never: nothing reads an older commit's due time but the stream's reaction to it, and a stream keeps its records 24 hours.",
    older: (item) => !('clockDue' in item),
    up: (item): Stored => ({ ...item, clockDue: null, wasClockDue: null }),
  },
  {
    to: 5,
    since: '2026-11-27 (issue 28)',
    change:
      "The seat the server moves for next (automatic; null: none) was added, which the Bots function's stream filter reads, and the storer's claim on that move (claimedUntil) is no longer written or read. Read as the head's automatic seat, worked out from its seats and whose turn it is.",
    older: (item) => !('automatic' in item),
    up: ({ claimedUntil: _claim, ...item }): Stored => ({ ...item, automatic: automaticOf(item) }),
  },
];
