/**
 * A tournament's standings table, from the entry list and the rounds so far. Shown live: a table
 * still in play counts nothing yet (neither its points nor its opponents), a bye counts at once.
 */
import { BYE_POINTS, type Entrant, type Format, type PlayedRound, type TableResult, advancingSeat } from './format';

export interface Standing {
  playerId: string;
  name: string;
  /** 1-based; equal tie-breaks share a rank ("1, 2, 2, 4") */
  rank: number;
  points: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  /** swiss: sum of the final points of every opponent met (byes add nothing) */
  buchholz: number;
  /** swiss and roundRobin: sum of points of opponents beaten + half the points of opponents drawn */
  sonnebornBerger: number;
  /** roundRobin: points scored in games among the players tied with this one on points */
  headToHead: number;
  /** elimination: the round the player lost in (null while still in, or the winner) */
  outIn: number | null;
}

/** One finished game from one player's side. */
interface Game {
  opponent: number;
  scored: number;
  conceded: number;
}

/**
 * The standings, best first. Every tie-break is computed for every format (a number is cheap and
 * a page may show it), but only the format's own decide the order:
 * - swiss: points, Buchholz, Sonneborn-Berger;
 * - roundRobin: points, head-to-head, Sonneborn-Berger;
 * - elimination: still in first, then by the round they went out in (later is better), one rank per
 *   round; within it, points.
 * Players equal on all of these share a rank and are listed in seed order.
 */
export function standings(format: Format, entrants: readonly Entrant[], rounds: readonly PlayedRound[]): Standing[] {
  const index = new Map(entrants.map((e, i) => [e.playerId, i]));
  const at = (id: string) => {
    const i = index.get(id);
    if (i === undefined) throw new Error(`${id} played a round but is not an entrant`);
    return i;
  };
  const rows: Standing[] = entrants.map((e) => ({
    playerId: e.playerId,
    name: e.name,
    rank: 0,
    points: 0,
    wins: 0,
    draws: 0,
    losses: 0,
    byes: 0,
    buchholz: 0,
    sonnebornBerger: 0,
    headToHead: 0,
    outIn: null,
  }));
  const games: Game[][] = entrants.map(() => []);

  for (const round of rounds) {
    for (const id of round.pairing.byes) {
      const row = rows[at(id)]!;
      row.byes++;
      row.points += BYE_POINTS;
    }
    const results = new Map<number, TableResult>(round.results.map((x) => [x.table, x]));
    for (const { table, seats } of round.pairing.tables) {
      const result = results.get(table);
      if (!result) continue;
      const players = [at(seats[0]), at(seats[1])] as const;
      for (const seat of [0, 1] as const) {
        const [me, them] = [players[seat], players[1 - seat]!];
        const [scored, conceded] = [result.points[seat], result.points[1 - seat]!];
        const row = rows[me]!;
        row.points += scored;
        if (scored > conceded) row.wins++;
        else if (scored === conceded) row.draws++;
        else row.losses++;
        games[me]!.push({ opponent: them, scored, conceded });
        if (format === 'elimination' && advancingSeat(result) !== seat) row.outIn = round.round;
      }
    }
  }

  rows.forEach((row, i) => {
    for (const g of games[i]!) {
      const theirs = rows[g.opponent]!.points;
      row.buchholz += theirs;
      row.sonnebornBerger += g.scored > g.conceded ? theirs : g.scored === g.conceded ? theirs / 2 : 0;
      if (rows[g.opponent]!.points === row.points) row.headToHead += g.scored;
    }
  });

  const keys = rows.map((row) => keyOf(format, row));
  const order = rows.map((_, i) => i).sort((a, b) => compare(keys[a]!, keys[b]!) || a - b);
  let rank = 0;
  return order.map((i, pos) => {
    const prev = order[pos - 1];
    if (prev === undefined || diff(keys[prev]!.rank, keys[i]!.rank) !== 0) rank = pos + 1;
    return { ...rows[i]!, rank };
  });
}

/** The numbers that order a player (larger is better), the ones that share a rank first. */
function keyOf(format: Format, row: Standing): { rank: number[]; within: number[] } {
  switch (format) {
    case 'swiss':
      return { rank: [row.points, row.buchholz, row.sonnebornBerger], within: [] };
    case 'roundRobin':
      return { rank: [row.points, row.headToHead, row.sonnebornBerger], within: [] };
    case 'elimination':
      return { rank: [row.outIn ?? Number.POSITIVE_INFINITY], within: [row.points] };
  }
}

/** Orders by the rank key then the key within a rank, best first; 0 when both are equal. */
function compare(a: { rank: number[]; within: number[] }, b: { rank: number[]; within: number[] }): number {
  return diff(a.rank, b.rank) || diff(a.within, b.within);
}

const diff = (a: number[], b: number[]): number => {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return b[k]! - a[k]!;
  return 0;
};
