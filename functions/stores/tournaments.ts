/**
 * Tournaments: each one's item (settings, status, round, entrant count, revised by `rev`), its
 * entrants, its rounds' pairings and its tables' results, each a small item of its own so that a
 * tournament of a thousand players never rewrites one large item; the directory of tournaments
 * and each player's entries. Pairing a round and recording a result are first-writer-wins, so a
 * stream record delivered again or two sweeps at once pair and record each exactly once.
 */
import type { TimeControl } from '../core/clock';
import type { Entrant, Format, PlayedRound, RoundPairing, TableResult } from '../core/tournament/format';

export type TournamentStatus = 'entry' | 'running' | 'finished' | 'cancelled';

export interface Tournament {
  tournamentId: string;
  name: string;
  game: string;
  /** The game's rules version when the tournament was created: every round's games are played with it. */
  rulesVersion?: string;
  format: Format;
  options: unknown;
  /** Every game's clock (null: none). */
  clock: TimeControl | null;
  /** The most entrants. */
  cap: number;
  /** When entry closes and round 1 starts (ISO); null: as soon as `cap` have entered. */
  startAt: string | null;
  /** A round's games must end within this many hours of its start: the sweep adjudicates the rest. */
  roundHours: number;
  /** Whether a player's vacation pauses the clocks of this tournament's games. */
  vacation: boolean;
  createdBy: { playerId: string; name: string };
  createdAt: string;
  /** The group (club) it is for: only its members may enter. */
  group?: string;
  status: TournamentStatus;
  entrants: number;
  /** The round in play (0 before the start, the last one once finished); `rounds` in all. */
  round: number;
  rounds: number;
  /** Every change of the item is conditional on it (an entry raises it too). */
  rev: number;
}

export interface TournamentEntrant extends Entrant {
  /** The bot that plays this entrant (absent: a person). */
  bot?: string;
  /** When they entered: the entry list's order, which is the seeding. */
  at: string;
  /** Orders the entries made in one instant: the creator (0), then the bots they added (1, 2…, below 99); a later entry has none. */
  order?: number;
}

export interface TournamentRound {
  round: number;
  pairing: RoundPairing;
  /** Each table's game, by table. */
  games: string[];
  startedAt: string;
  /** When the sweep adjudicates the round's unfinished games. */
  deadline: string;
}

/**
 * Everything played before a round, written once when the round is paired (from the one before's
 * ledger, pairing and results, so nothing reads every round): the entrants in seed order and the
 * complete rounds. A look at the standings reads it and the round in play, never the whole
 * tournament.
 */
export interface TournamentLedger {
  /** The round it comes before. */
  round: number;
  entrants: (Entrant & { bot?: string })[];
  /** Rounds 1 … round-1, every table's result in. */
  played: PlayedRound[];
}

export type EntryResult = 'entered' | 'already' | 'full' | 'closed';

export interface TournamentPage {
  tournaments: Tournament[];
  next: string | null;
}

export interface TournamentStore {
  /** Store a new tournament (its id is new: an error if taken) and list it in the directory. */
  create(tournament: Tournament): Promise<void>;
  get(tournamentId: string): Promise<Tournament | null>;
  /**
   * Replace the tournament with `next` (its rev one higher) if its rev is still `next.rev - 1`;
   * false when another change came first (nothing written). The directory follows.
   */
  update(next: Tournament): Promise<boolean>;
  /** Enter a player while entry is open and below the cap: 'entered' once, 'already' after. */
  enter(tournamentId: string, entrant: TournamentEntrant): Promise<EntryResult>;
  /** Withdraw an entry while entry is open; false when there was none or entry has closed. */
  leave(tournamentId: string, playerId: string): Promise<boolean>;
  /** The entrants in entry order. */
  entrants(tournamentId: string): Promise<TournamentEntrant[]>;
  /** The first `limit` entrants in entry order; may miss one entered a moment ago (a look). */
  firstEntrants(tournamentId: string, limit: number): Promise<TournamentEntrant[]>;
  /** A player's entry, or null. */
  entry(tournamentId: string, playerId: string): Promise<TournamentEntrant | null>;
  /** Store a round's pairing unless one is stored: the stored one (this, or the first writer's). */
  putRound(tournamentId: string, round: TournamentRound): Promise<TournamentRound>;
  /** One round's pairing (null: not paired). `latest: false` may miss one written a moment ago (half the cost). */
  round(tournamentId: string, round: number, read?: { latest: boolean }): Promise<TournamentRound | null>;
  /** Every round paired so far, in order. */
  rounds(tournamentId: string): Promise<TournamentRound[]>;
  /** Record a table's result unless one is recorded: whether this one was. */
  putResult(tournamentId: string, round: number, result: TableResult): Promise<boolean>;
  /**
   * The results recorded, with their round, in table order: every round's, or one round's.
   * `latest: false` may miss one written a moment ago (a look; half the read's cost).
   */
  results(tournamentId: string, round?: number, read?: { latest: boolean }): Promise<{ round: number; result: TableResult }[]>;
  /** Store a round's ledger unless one is stored: the stored one (this, or the first writer's). */
  putLedger(tournamentId: string, ledger: TournamentLedger): Promise<TournamentLedger>;
  /** The ledger written before a round (null: none yet). `latest: false` as for `round`. */
  ledger(tournamentId: string, round: number, read?: { latest: boolean }): Promise<TournamentLedger | null>;
  /** The directory: newest first, in pages (`next`: the cursor of the page after). */
  list(page: { limit: number; cursor?: string }): Promise<TournamentPage>;
  /** The tournaments a player entered (ids, newest entry first). */
  ofPlayer(playerId: string): Promise<string[]>;
}
