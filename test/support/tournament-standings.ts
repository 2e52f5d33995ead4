/** Tournament standings worked out by hand from the tables the server reports, for the tests to hold the server's to. */
import type { ServerFrame } from '../../functions/core/protocol/frames';

type Round = NonNullable<Extract<ServerFrame, { type: 'tournament' }>['round']>;

/** Points, Buchholz and Sonneborn-Berger worked out from the tables alone (a bye scores 1 and adds no opponent). */
export function byHand(rounds: Round[]) {
  const points = new Map<string, number>();
  const met: [string, string, number][] = []; // player, opponent, the player's points against them
  const add = (id: string, p: number) => points.set(id, (points.get(id) ?? 0) + p);
  for (const round of rounds) {
    for (const t of round.tables) {
      const [a, b] = t.seats.map((s) => s.playerId) as [string, string];
      add(a, t.points![0]!);
      add(b, t.points![1]!);
      met.push([a, b, t.points![0]!], [b, a, t.points![1]!]);
    }
    for (const bye of round.byes) add(bye.playerId, 1);
  }
  const sum = (id: string, f: (opponent: string, scored: number) => number) =>
    met.filter(([p]) => p === id).reduce((s, [, o, scored]) => s + f(o, scored), 0);
  return new Map(
    [...points.keys()].map((id) => [
      id,
      {
        points: points.get(id)!,
        buchholz: sum(id, (o) => points.get(o)!),
        sonnebornBerger: sum(id, (o, scored) => scored * points.get(o)!),
      },
    ]),
  );
}
