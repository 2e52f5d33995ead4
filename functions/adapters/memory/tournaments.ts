/** Tournaments in memory, with the table's semantics: conditional revisions, first-writer-wins rounds and results. */
import type { TableResult } from '../../core/tournament/format';
import type {
  EntryResult,
  Tournament,
  TournamentEntrant,
  TournamentLedger,
  TournamentPage,
  TournamentRound,
  TournamentStore,
} from '../../stores/tournaments';

const copy = <T>(value: T): T => structuredClone(value);

export class MemoryTournamentStore implements TournamentStore {
  private readonly heads = new Map<string, Tournament>();
  private readonly entries = new Map<string, Map<string, TournamentEntrant>>();
  private readonly roundsOf = new Map<string, Map<number, TournamentRound>>();
  private readonly resultsOf = new Map<string, Map<string, { round: number; result: TableResult }>>();
  private readonly players = new Map<string, string[]>();
  private readonly ledgers = new Map<string, TournamentLedger>();

  async create(tournament: Tournament): Promise<void> {
    if (this.heads.has(tournament.tournamentId)) throw new Error(`tournament ${tournament.tournamentId} exists`);
    this.heads.set(tournament.tournamentId, copy(tournament));
  }

  async get(tournamentId: string): Promise<Tournament | null> {
    const head = this.heads.get(tournamentId);
    return head ? copy(head) : null;
  }

  async update(next: Tournament): Promise<boolean> {
    const head = this.heads.get(next.tournamentId);
    if (!head || head.rev !== next.rev - 1) return false;
    this.heads.set(next.tournamentId, copy(next));
    return true;
  }

  async enter(tournamentId: string, entrant: TournamentEntrant): Promise<EntryResult> {
    const head = this.heads.get(tournamentId);
    const entries = this.entries.get(tournamentId) ?? new Map<string, TournamentEntrant>();
    if (entries.has(entrant.playerId)) return 'already';
    if (head?.status !== 'entry') return 'closed';
    if (head.entrants >= head.cap) return 'full';
    entries.set(entrant.playerId, copy(entrant));
    this.entries.set(tournamentId, entries);
    this.heads.set(tournamentId, { ...head, entrants: head.entrants + 1, rev: head.rev + 1 });
    this.players.set(entrant.playerId, [tournamentId, ...(this.players.get(entrant.playerId) ?? [])]);
    return 'entered';
  }

  async leave(tournamentId: string, playerId: string): Promise<boolean> {
    const head = this.heads.get(tournamentId);
    const entries = this.entries.get(tournamentId);
    if (head?.status !== 'entry' || !entries?.has(playerId)) return false;
    entries.delete(playerId);
    this.heads.set(tournamentId, { ...head, entrants: head.entrants - 1, rev: head.rev + 1 });
    this.players.set(
      playerId,
      (this.players.get(playerId) ?? []).filter((id) => id !== tournamentId),
    );
    return true;
  }

  async entrants(tournamentId: string): Promise<TournamentEntrant[]> {
    return [...(this.entries.get(tournamentId)?.values() ?? [])].map(copy).sort(byEntry);
  }

  async firstEntrants(tournamentId: string, limit: number): Promise<TournamentEntrant[]> {
    return (await this.entrants(tournamentId)).slice(0, limit);
  }

  async entry(tournamentId: string, playerId: string): Promise<TournamentEntrant | null> {
    const entry = this.entries.get(tournamentId)?.get(playerId);
    return entry ? copy(entry) : null;
  }

  async putRound(tournamentId: string, round: TournamentRound): Promise<TournamentRound> {
    const rounds = this.roundsOf.get(tournamentId) ?? new Map<number, TournamentRound>();
    if (!rounds.has(round.round)) rounds.set(round.round, copy(round));
    this.roundsOf.set(tournamentId, rounds);
    return copy(rounds.get(round.round)!);
  }

  async round(tournamentId: string, round: number): Promise<TournamentRound | null> {
    const stored = this.roundsOf.get(tournamentId)?.get(round);
    return stored ? copy(stored) : null;
  }

  async rounds(tournamentId: string): Promise<TournamentRound[]> {
    return [...(this.roundsOf.get(tournamentId)?.values() ?? [])].map(copy).sort((a, b) => a.round - b.round);
  }

  async putResult(tournamentId: string, round: number, result: TableResult): Promise<boolean> {
    const results = this.resultsOf.get(tournamentId) ?? new Map<string, { round: number; result: TableResult }>();
    this.resultsOf.set(tournamentId, results);
    const key = `${round}#${result.table}`;
    if (results.has(key)) return false;
    results.set(key, { round, result: copy(result) });
    return true;
  }

  async results(tournamentId: string, round?: number): Promise<{ round: number; result: TableResult }[]> {
    return [...(this.resultsOf.get(tournamentId)?.values() ?? [])]
      .filter((r) => round === undefined || r.round === round)
      .sort((a, b) => a.round - b.round || a.result.table - b.result.table)
      .map(copy);
  }

  async putLedger(tournamentId: string, ledger: TournamentLedger): Promise<TournamentLedger> {
    const key = `${tournamentId}#${ledger.round}`;
    if (!this.ledgers.has(key)) this.ledgers.set(key, copy(ledger));
    return copy(this.ledgers.get(key)!);
  }

  async ledger(tournamentId: string, round: number): Promise<TournamentLedger | null> {
    const stored = this.ledgers.get(`${tournamentId}#${round}`);
    return stored ? copy(stored) : null;
  }

  async list(page: { limit: number; cursor?: string }): Promise<TournamentPage> {
    const all = [...this.heads.values()].sort((a, b) => listKey(b).localeCompare(listKey(a)));
    const from = page.cursor ? all.findIndex((t) => listKey(t) < page.cursor!) : 0;
    const slice = from < 0 ? [] : all.slice(from, from + page.limit);
    const more = from >= 0 && from + page.limit < all.length;
    return { tournaments: slice.map(copy), next: more ? listKey(slice.at(-1)!) : null };
  }

  async ofPlayer(playerId: string): Promise<string[]> {
    return [...(this.players.get(playerId) ?? [])];
  }
}

/** Entry order: by entry time; in one millisecond, the creator's entries in their order before any other, then by id. */
export const byEntry = (a: TournamentEntrant, b: TournamentEntrant): number => {
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  const [x, y] = [a.order ?? Number.MAX_SAFE_INTEGER, b.order ?? Number.MAX_SAFE_INTEGER];
  if (x !== y) return x - y;
  return a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0;
};

const listKey = (t: Tournament) => `${t.createdAt}#${t.tournamentId}`;
