/**
 * Tournaments that run themselves (docs/protocol.md, Tournaments): entry, the start (when full,
 * or at its start time by the sweep), each round paired and its games created, results recorded
 * as games finish (the stream's reaction to a finishing commit), the next round paired when the
 * last game of a round ends, and at a round's deadline the unfinished games adjudicated by the
 * sweep.
 *
 * Lambda instances share nothing but the table, so every step rests on first-writer-wins writes:
 * a round's pairing is put only where none is, and its games get ids made of the tournament,
 * round and table, so a second instance pairing the same round (a stream record delivered
 * again, two sweeps at once) reads the first one's pairing and finds its games created; a
 * table's result is put once; the tournament's own item moves on only from the revision read.
 */
import { LRUCache } from 'lru-cache';
import { findGame } from '../../domain/games/index';
import { planAdjudicate, planTournamentGame } from '../core/plans';
import { ProtocolError } from '../core/protocol/frames';
import { applyCommit, outcomeOf } from '../core/record';
import type { CommitHead } from '../core/triggers';
import { pairRound, type Avoid } from '../core/tournament/pairing';
import { standings, type Standing } from '../core/tournament/standings';
import { TOURNAMENT_LINES_MAX } from '../core/protocol/community-limits';
import { roundsOf, type Entrant, type PlayedRound, type Table, type TableResult } from '../core/tournament/format';
import type { ScheduleStore } from '../stores/schedule';
import type { Tournament, TournamentEntrant, TournamentLedger, TournamentRound, TournamentStore } from '../stores/tournaments';
import type { Games } from './games';
import type { Step } from './reactions';

const HOUR = 3_600_000;
/** A round's games created side by side. */
const CREATE_AT_ONCE = 25;

/** The schedule's id of a tournament's due item (beside games' ids: the sweep tells them apart by it). */
export const TOURNAMENT_DUE = 'tournament:';
export const dueIdOf = (tournamentId: string) => `${TOURNAMENT_DUE}${tournamentId}`;

/** A tournament's game id: the same for every instance that creates it. */
export const tournamentGameId = (tournamentId: string, round: number, table: number) => `${tournamentId}-${round}-${table}`;

/** Everything a standings page shows. */
export interface TournamentState {
  tournament: Tournament;
  /** In seed order. */
  entrants: (Entrant & { bot?: string })[];
  /** The round asked for (none before the start), with its results so far. */
  rounds: (TournamentRound & { results: TableResult[] })[];
  standings: Standing[];
}

export interface TournamentsDeps {
  store: TournamentStore;
  games: Games;
  schedule: ScheduleStore;
  now: () => Date;
  newSeed: () => number;
  /** Every player with a block between them and this one: never in one tournament's entry together, never paired. */
  barriers?: (playerId: string) => Promise<Set<string>>;
  /** A new round's game's follow-up (Reactions.followUp): its players told at once. */
  followUp?: (step: Step) => Promise<void>;
}

export class Tournaments {
  /**
   * Pairings and ledgers read or written here: stored once, never changed, so kept (this
   * container's own), up to about ten ledgers of a thousand players' ten rounds (a few MB).
   */
  private readonly written = new LRUCache<string, TournamentRound | TournamentLedger>({
    maxSize: 100_000,
    sizeCalculation: (item) =>
      'pairing' in item
        ? 1 + item.pairing.tables.length
        : 1 + item.entrants.length + 2 * item.played.reduce((n, r) => n + r.pairing.tables.length, 0),
  });

  constructor(private readonly deps: TournamentsDeps) {}

  private at(): string {
    return this.deps.now().toISOString();
  }

  async get(tournamentId: string): Promise<Tournament> {
    const t = await this.deps.store.get(tournamentId);
    if (!t) throw new ProtocolError('NOT_FOUND', `There is no tournament ${tournamentId}.`);
    return t;
  }

  /**
   * The tournament as it stands: its entrants, the round asked for (default: the one in play)
   * with its results, and the standings. Once it has started that reads the round in play's
   * ledger, pairing and results (and the round asked for's pairing): a look costs the same in
   * round 10 as in round 1, whatever the field.
   */
  async state(tournamentId: string, roundAsked?: number, asker?: string): Promise<TournamentState> {
    const tournament = await this.get(tournamentId);
    const n = tournament.round;
    if (n === 0) {
      // Before the start: the head of the entry list and the asker's own entry, not all thousand.
      const [first, own] = await Promise.all([
        this.deps.store.firstEntrants(tournamentId, TOURNAMENT_LINES_MAX),
        asker ? this.deps.store.entry(tournamentId, asker) : null,
      ]);
      const entrants = own && !first.some((e) => e.playerId === own.playerId) ? [...first, own] : first;
      return { tournament, entrants, rounds: [], standings: standings(tournament.format, entrants, []) };
    }
    // Half-price reads: both items were stored before the head moved to round n (a miss reads again, in full).
    const [ledger, current, results] = await Promise.all([
      this.ledgerOf(tournamentId, n, false),
      this.roundOf(tournamentId, n, false),
      this.deps.store.results(tournamentId, n, { latest: false }),
    ]);
    // The item moves to round n only once both are stored (openRound).
    if (!ledger || !current) throw new Error(`tournament ${tournamentId} is in round ${n} without its ledger or pairing`);
    const inPlay: PlayedRound = { round: n, pairing: current.pairing, results: results.map((r) => r.result) };
    const k = roundAsked ?? n;
    const shown = k === n ? current : k >= 1 && k < n ? await this.roundOf(tournamentId, k, false) : null;
    return {
      tournament,
      entrants: ledger.entrants,
      rounds: shown ? [{ ...shown, results: (k === n ? inPlay : ledger.played[k - 1]!).results }] : [],
      standings: standings(tournament.format, ledger.entrants, [...ledger.played, inPlay]),
    };
  }

  /**
   * A round's pairing: kept once read, since it never changes once stored. `latest` false: an
   * eventually consistent read first, for one known to be stored a while ago.
   */
  private roundOf(tournamentId: string, n: number, latest = true): Promise<TournamentRound | null> {
    return this.kept(`R#${tournamentId}#${n}`, latest, (read) => this.deps.store.round(tournamentId, n, read));
  }

  /** A round's ledger, as `roundOf`. */
  private ledgerOf(tournamentId: string, n: number, latest = true): Promise<TournamentLedger | null> {
    return this.kept(`L#${tournamentId}#${n}`, latest, (read) => this.deps.store.ledger(tournamentId, n, read));
  }

  private async kept<T extends TournamentRound | TournamentLedger>(
    key: string,
    latest: boolean,
    get: (read: { latest: boolean }) => Promise<T | null>,
  ): Promise<T | null> {
    const kept = this.written.get(key) as T | undefined;
    if (kept) return kept;
    const found = (latest ? null : await get({ latest: false })) ?? (await get({ latest: true }));
    if (found) this.written.set(key, found);
    return found;
  }

  /**
   * The ledger of round n, written once: round 1's holds the entrants; each later one is the one
   * before with that round's pairing and results added — which must all be in, or it would be
   * wrong for good.
   */
  private async ledgerFor(t: Tournament, n: number): Promise<TournamentLedger> {
    const id = t.tournamentId;
    const stored = await this.ledgerOf(id, n);
    if (stored) return stored;
    let ledger: TournamentLedger;
    if (n === 1) {
      const entrants = await this.deps.store.entrants(id);
      ledger = { round: 1, entrants: entrants.map(({ playerId, name, bot }) => ({ playerId, name, ...(bot ? { bot } : {}) })), played: [] };
    } else {
      const [before, round, results] = await Promise.all([
        this.ledgerFor(t, n - 1),
        this.roundOf(id, n - 1),
        this.deps.store.results(id, n - 1),
      ]);
      if (!round || results.length !== round.pairing.tables.length)
        throw new Error(`tournament ${id}'s round ${n - 1} is not complete: round ${n} cannot be paired`);
      ledger = {
        ...before,
        round: n,
        played: [...before.played, { round: n - 1, pairing: round.pairing, results: results.map((r) => r.result) }],
      };
    }
    const written = await this.deps.store.putLedger(id, ledger);
    this.written.set(`L#${id}#${n}`, written);
    return written;
  }

  /** Store a new tournament; its creator enters it unless they only organise it. */
  async create(tournament: Tournament, bots: readonly TournamentEntrant[]): Promise<Tournament> {
    await this.deps.store.create(tournament);
    for (const bot of bots) await this.deps.store.enter(tournament.tournamentId, bot);
    if (tournament.startAt) await this.deps.schedule.setClockDue(dueIdOf(tournament.tournamentId), new Date(tournament.startAt), 0);
    return this.startIfFull(tournament.tournamentId);
  }

  /** Enter a player: refused once entry has closed, or when full. A full tournament without a start time starts. */
  async enter(tournamentId: string, entrant: TournamentEntrant): Promise<Tournament> {
    const t = await this.get(tournamentId);
    if (this.deps.barriers && t.status === 'entry') {
      const walls = await this.deps.barriers(entrant.playerId);
      // Said the same whoever blocked whom: a block is not announced.
      const met = await Promise.all([...walls].map((other) => this.deps.store.entry(tournamentId, other)));
      if (met.some((e) => e !== null)) throw new ProtocolError('FORBIDDEN', `${t.name} is not open to you.`);
    }
    const entered = await this.deps.store.enter(tournamentId, entrant);
    if (entered === 'closed') throw new ProtocolError('ILLEGAL', `Entry to ${t.name} has closed.`);
    if (entered === 'full') throw new ProtocolError('GAME_FULL', `${t.name} is full (${t.cap} players).`);
    return this.startIfFull(tournamentId);
  }

  async leave(tournamentId: string, playerId: string): Promise<Tournament> {
    const t = await this.get(tournamentId);
    if (t.status !== 'entry') throw new ProtocolError('ILLEGAL', `${t.name} has started: resign your games instead.`);
    if (!(await this.deps.store.leave(tournamentId, playerId))) throw new ProtocolError('BAD_REQUEST', `You have not entered ${t.name}.`);
    return this.get(tournamentId);
  }

  private async startIfFull(tournamentId: string): Promise<Tournament> {
    const t = await this.get(tournamentId);
    if (t.status === 'entry' && t.startAt === null && t.entrants >= t.cap) return this.start(t);
    return t;
  }

  /**
   * Close entry and open round 1 (or call the tournament off with fewer than two entrants).
   * The close is conditional on the revision read: an entry or another start in between makes
   * it read again.
   */
  private async start(read: Tournament): Promise<Tournament> {
    let t = read;
    for (let attempt = 0; attempt < 8 && t.status === 'entry'; attempt++) {
      const cancelled = t.entrants < 2;
      const next: Tournament = {
        ...t,
        status: cancelled ? 'cancelled' : 'running',
        rounds: cancelled ? 0 : roundsOf(t.format, t.entrants),
        rev: t.rev + 1,
      };
      if (await this.deps.store.update(next)) {
        t = next;
        break;
      }
      t = await this.get(t.tournamentId);
    }
    if (t.status === 'running' && t.round === 0) {
      // Should this request stop before round 1 is open (a busy table, a dead container), the sweep finishes the job.
      await this.deps.schedule.setClockDue(dueIdOf(t.tournamentId), this.deps.now(), 0);
      return this.openRound(t, 1);
    }
    // Called off: nothing is due any more.
    if (t.status === 'cancelled') await this.deps.schedule.setClockDue(dueIdOf(t.tournamentId), null, 1);
    return t;
  }

  /**
   * Pair round `n` (or read the pairing another instance stored first), create its games
   * (each once, by its id) and move the tournament's item to it; the sweep looks at it at its
   * deadline. Every step may run again: a retry of a step half done finishes it.
   */
  private async openRound(read: Tournament, n: number): Promise<Tournament> {
    const { store, games } = this.deps;
    const id = read.tournamentId;
    const ledger = await this.ledgerFor(read, n);
    const entrantsById = new Map(ledger.entrants.map((e) => [e.playerId, e]));
    let round = await this.roundOf(id, n);
    if (!round) {
      const pairing = await this.pair(read, ledger.entrants, ledger.played);
      const startedAt = this.at();
      round = await store.putRound(id, {
        round: n,
        pairing,
        games: pairing.tables.map((table) => tournamentGameId(id, n, table.table)),
        startedAt,
        deadline: new Date(Date.parse(startedAt) + read.roundHours * HOUR).toISOString(),
      });
      this.written.set(`R#${id}#${n}`, round);
    }
    const paired = round;
    const create = async (table: Table) => {
      const gameId = paired.games[table.table]!;
      if (await games.latestKnown(gameId)) return;
      const commit = planTournamentGame({
        gameId,
        game: read.game,
        rulesVersion: read.rulesVersion,
        options: read.options,
        // A tournament that forbids vacations says so in its games' clocks.
        clock: read.clock && !read.vacation ? { ...read.clock, vacation: false } : read.clock,
        tournament: { id, name: read.name, round: n, table: table.table },
        seats: table.seats.map((playerId) => {
          const e = entrantsById.get(playerId)!;
          return { playerId, name: e.name, ...(e.bot ? { bot: e.bot } : {}) };
        }),
        seed: this.deps.newSeed(),
        at: paired.startedAt,
      });
      const record = applyCommit(null, commit);
      const head = await games.create(commit, record);
      // Its players hear of it now (gameChanged, their list of games), as after a request's own game.
      if (head) await this.deps.followUp?.({ record, before: null, head });
    };
    // A few at a time: a round of 500 tables is created in well under a second, and no partition is shared.
    const tables = paired.pairing.tables;
    for (let i = 0; i < tables.length; i += CREATE_AT_ONCE) await Promise.all(tables.slice(i, i + CREATE_AT_ONCE).map(create));
    let t = read;
    for (let attempt = 0; attempt < 8 && t.round < n; attempt++) {
      const next: Tournament = { ...t, round: n, rev: t.rev + 1 };
      if (await store.update(next)) t = next;
      else t = await this.get(id);
    }
    await this.deps.schedule.setClockDue(dueIdOf(id), new Date(round.deadline), n);
    // A round with no table (every player but one had a bye) is complete already.
    return round.pairing.tables.length ? t : this.advance(id);
  }

  /**
   * A Swiss round keeps apart players with a block between them (made after both entered: a
   * block refuses entry). When no pairing can — a small field late in the event — it pairs as if
   * there were none rather than stall the tournament.
   */
  private async pair(t: Tournament, entrants: readonly (Entrant & { bot?: string })[], played: PlayedRound[]) {
    if (t.format !== 'swiss' || !this.deps.barriers) return pairRound(t.format, entrants, played);
    const people = entrants.filter((e) => !e.bot);
    const walls = new Map<string, Set<string>>();
    for (let i = 0; i < people.length; i += 16) {
      const batch = people.slice(i, i + 16);
      const sets = await Promise.all(batch.map((e) => this.deps.barriers!(e.playerId)));
      batch.forEach((e, k) => walls.set(e.playerId, sets[k]!));
    }
    const avoid: Avoid = (a, b) => walls.get(a)?.has(b) === true || walls.get(b)?.has(a) === true;
    try {
      return pairRound(t.format, entrants, played, avoid);
    } catch (error) {
      if (!(error instanceof Error && /blocked/.test(error.message))) throw error;
      return pairRound(t.format, entrants, played);
    }
  }

  /**
   * The stream's reaction to a tournament game's finishing commit: its result, once, then the
   * next round if that was the round's last game.
   */
  async onGameFinished(head: CommitHead): Promise<void> {
    const table = head.tournament;
    if (!table || head.status !== 'finished') return;
    const t = await this.deps.store.get(table.id);
    if (!t) return;
    const outcome = head.outcome ? (JSON.parse(head.outcome) as { winners: number[] } | null) : null;
    await this.deps.store.putResult(table.id, table.round, resultOf(outcome, t.format, table.table));
    await this.advance(table.id);
  }

  /**
   * The sweep's look at a tournament: start it at its start time; at a round's deadline end its
   * unfinished games as they stand (their finishing commits record the results, as any game's
   * do); and record any finished game whose result the stream lost, so the round completes.
   */
  async sweep(tournamentId: string): Promise<void> {
    const t = await this.deps.store.get(tournamentId);
    if (!t) return this.deps.schedule.setClockDue(dueIdOf(tournamentId), null, Number.MAX_SAFE_INTEGER);
    const now = this.deps.now();
    if (t.status === 'entry' && t.startAt && Date.parse(t.startAt) <= now.getTime()) {
      await this.start(t);
      return;
    }
    // Over (or not yet due): a due item left behind is due never again.
    if (t.status === 'finished' || t.status === 'cancelled')
      return this.deps.schedule.setClockDue(dueIdOf(tournamentId), null, Number.MAX_SAFE_INTEGER);
    if (t.status !== 'running') return;
    // Round 0 while running: started, round 1 not open yet (openRound finishes what was begun).
    const round = t.round ? await this.roundOf(tournamentId, t.round) : null;
    if (!round) return void (await this.openRound(t, Math.max(1, t.round)));
    const recorded = new Set((await this.deps.store.results(tournamentId, round.round)).map((r) => r.result.table));
    const late = Date.parse(round.deadline) <= now.getTime();
    for (const table of round.pairing.tables) {
      if (recorded.has(table.table)) continue;
      const record = await this.deps.games.fresh(round.games[table.table]!, true);
      if (record.status === 'finished') {
        await this.deps.store.putResult(tournamentId, round.round, resultOf(outcomeOf(record), t.format, table.table));
      } else if (late) {
        const stored = await this.deps.games.commit(record.gameId, (r) => planAdjudicate(r, now.toISOString()));
        await this.deps.store.putResult(tournamentId, round.round, resultOf(outcomeOf(stored.record), t.format, table.table));
      }
    }
    await this.advance(tournamentId);
  }

  /** If the current round is complete: pair the next one, or finish the tournament after the last. */
  async advance(tournamentId: string): Promise<Tournament> {
    const t = await this.get(tournamentId);
    if (t.status !== 'running') return t;
    // The round in play only: its pairing (kept once read) and its results.
    const current = t.round ? await this.roundOf(tournamentId, t.round) : null;
    if (!current) return this.openRound(t, Math.max(1, t.round));
    const done = new Set((await this.deps.store.results(tournamentId, t.round)).map((r) => r.result.table));
    if (current.pairing.tables.some((table) => !done.has(table.table))) return t;
    if (t.round >= t.rounds) return this.finish(t);
    return this.openRound(t, t.round + 1);
  }

  private async finish(read: Tournament): Promise<Tournament> {
    let t = read;
    for (let attempt = 0; attempt < 8 && t.status === 'running'; attempt++) {
      const next: Tournament = { ...t, status: 'finished', rev: t.rev + 1 };
      if (await this.deps.store.update(next)) t = next;
      else t = await this.get(t.tournamentId);
    }
    await this.deps.schedule.setClockDue(dueIdOf(t.tournamentId), null, t.rounds + 1);
    return t;
  }
}

/**
 * A two-seat game's result in tournament points: the winner 1, a draw ½ each. In an
 * elimination a draw sends the higher seed through, who sits in seat 0.
 */
export function resultOf(outcome: { winners: readonly number[] } | null, format: Tournament['format'], table: number): TableResult {
  const winners = outcome?.winners ?? [];
  const points: [number, number] = winners.length === 1 ? (winners[0] === 0 ? [1, 0] : [0, 1]) : [0.5, 0.5];
  return {
    table,
    points,
    ...(format === 'elimination' ? { advances: points[1] > points[0] ? (1 as const) : (0 as const) } : {}),
  };
}

/** Whether a game module can be played in a tournament (two seats). */
export function tournamentGame(game: string): boolean {
  const module = findGame(game);
  return !!module && module.minPlayers <= 2 && module.maxPlayers >= 2;
}
