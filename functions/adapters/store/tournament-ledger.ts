/**
 * A tournament's ledger as the table holds it (items.ts TournamentLedgerItem): compact JSON text
 * with entrants named by their seed index, since the plain shape of a thousand entrants' ten
 * rounds (every seat's id at every table) would pass DynamoDB's 400 KB item limit.
 */
import type { PlayedRound, TableResult } from '../../core/tournament/format';
import type { TournamentLedger } from '../../stores/tournaments';

type EntrantRow = [playerId: string, name: string, bot?: string];
type TableRow = [table: number, seat0: number, seat1: number, points0: number, points1: number, advances?: 0 | 1];
type RoundRow = [round: number, tables: TableRow[], byes: number[]];

export function encodeLedger(ledger: TournamentLedger): { round: number; entrants: string; played: string } {
  const index = new Map(ledger.entrants.map((e, i) => [e.playerId, i]));
  const seat = (playerId: string) => {
    const i = index.get(playerId);
    if (i === undefined) throw new Error(`the ledger of round ${ledger.round} has no entrant ${playerId}`);
    return i;
  };
  const played: RoundRow[] = ledger.played.map((r) => {
    const results = new Map(r.results.map((x) => [x.table, x]));
    const tables = r.pairing.tables.map((t): TableRow => {
      const result = results.get(t.table);
      if (!result) throw new Error(`round ${r.round}'s table ${t.table} has no result: a ledger holds complete rounds only`);
      const row: TableRow = [t.table, seat(t.seats[0]), seat(t.seats[1]), result.points[0], result.points[1]];
      if (result.advances !== undefined) row.push(result.advances);
      return row;
    });
    return [r.round, tables, r.pairing.byes.map(seat)];
  });
  const entrants = ledger.entrants.map((e): EntrantRow => (e.bot ? [e.playerId, e.name, e.bot] : [e.playerId, e.name]));
  return { round: ledger.round, entrants: JSON.stringify(entrants), played: JSON.stringify(played) };
}

export function decodeLedger(item: { round: number; entrants: string; played: string }): TournamentLedger {
  const entrants = (JSON.parse(item.entrants) as EntrantRow[]).map(([playerId, name, bot]) => ({
    playerId,
    name,
    ...(bot ? { bot } : {}),
  }));
  const id = (i: number) => entrants[i]!.playerId;
  const played = (JSON.parse(item.played) as RoundRow[]).map(
    ([round, tables, byes]): PlayedRound => ({
      round,
      pairing: { tables: tables.map(([table, a, b]) => ({ table, seats: [id(a), id(b)] })), byes: byes.map(id) },
      results: tables.map(
        ([table, , , p0, p1, advances]): TableResult => ({ table, points: [p0, p1], ...(advances !== undefined ? { advances } : {}) }),
      ),
    }),
  );
  return { round: item.round, entrants, played };
}
