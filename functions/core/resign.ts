/**
 * Resignation in a game record: what the `$resigned` event changes, and how a result ranks the
 * seats that gave up. A player who resigned ranks below every player who did not, whatever a
 * bot then made of their seat, so resigning never earns a better place than playing on. Pure.
 */
import type { Outcome, SeatResult } from '../../domain/engine/contract';
import type { GameRecord, HostEvent } from './record';

/** Fold `$resigned`: the seat is played by the safe bot for good (`bot`), or the game ends here (`end`). */
export function applyResigned(r: GameRecord, e: Extract<HostEvent, { type: '$resigned' }>, name: string): void {
  r.resigned = [...r.resigned, e.seat];
  if (e.then === 'bot') {
    r.absent[e.seat] = true;
    r.log.push(`${name} resigned; a bot plays safe moves for their seat to the end`);
    return;
  }
  r.ended = 'resign';
  // With `bot` resignations the game ends only when nobody is left to play it.
  r.log.push(
    r.onResign === 'bot' ? `${name} resigned; nobody is left to play, so the game ends here` : `${name} resigned; the game ends here`,
  );
}

/**
 * The result with the resigned seats last: the others keep the order the game gave them (all
 * first together when it ended early), then the resigned ones, the last to give up first.
 */
export function resignedLast(outcome: Outcome | null, players: number, resigned: readonly number[]): Outcome & { resigned: number[] } {
  const by = new Map((outcome?.results ?? []).map((r) => [r.seat, r]));
  const stayed = Array.from({ length: players }, (_, seat) => seat).filter((seat) => !resigned.includes(seat));
  const rankOf = (seat: number) => by.get(seat)?.rank ?? 1;
  const results: SeatResult[] = stayed.map((seat) => ({
    seat,
    score: by.get(seat)?.score ?? 0,
    ...(by.get(seat)?.details ? { details: by.get(seat)!.details } : {}),
    rank: 1 + stayed.filter((other) => rankOf(other) < rankOf(seat)).length,
  }));
  [...resigned].reverse().forEach((seat, i) => results.push({ seat, score: by.get(seat)?.score ?? 0, rank: stayed.length + i + 1 }));
  return { results, winners: results.filter((r) => r.rank === 1).map((r) => r.seat), resigned: [...resigned] };
}
