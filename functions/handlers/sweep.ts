/**
 * The clock sweep, run on a schedule (EventBridge in the cloud, a timer locally): games whose
 * clock needs a look get their time-outs applied (a bot then plays safe moves for the absent
 * seat) and their reminders sent; notifications held back by quiet hours whose time has come
 * are released.
 */
import { gameUrl } from '../adapters/config';
import { titleOf } from '../core/triggers';
import { getRuntime, now, senderFor } from '../host/runtime';

export async function handler(): Promise<{ games: number; reminders: number; released: number }> {
  const { host, schedule, notifier } = getRuntime();
  const sender = senderFor({});
  const due = await schedule.dueClocks(now());
  let reminders = 0;
  for (const gameId of due) {
    try {
      for (const r of await host.reactions.checkClock(gameId, sender)) {
        const seat = r.record.seats[r.seat]!;
        const hours = Math.max(1, Math.round((r.deadline.getTime() - now().getTime()) / 3_600_000));
        await notifier.deliver({
          kind: 'reminder',
          gameId,
          game: r.record.game,
          version: r.record.version,
          playerId: seat.playerId,
          urgent: true,
          title: `Time is running out in ${titleOf(r.record.game)}`,
          body: `About ${hours} hour${hours === 1 ? '' : 's'} left for your move.`,
          url: gameUrl(gameId),
        });
        reminders++;
      }
    } catch (error) {
      console.error(`sweeping ${gameId} failed:`, error);
    }
  }
  const released = await notifier.releaseHeld();
  return { games: due.length, reminders, released };
}
