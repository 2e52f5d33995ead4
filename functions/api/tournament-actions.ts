/**
 * The WebSocket actions of tournaments (createTournament, enterTournament, leaveTournament,
 * tournament, tournaments): each checks what the player asks, acts through the tournaments'
 * service (host/tournaments.ts) and answers with the tournament as it then stands.
 */
import { levelName } from '../../domain/games/bot-levels';
import { botsOf, defaultBot, findBot } from '../../domain/games/bots';
import { findGame } from '../../domain/games/index';
import { ProtocolError, type FrameOf, type ServerFrame } from '../core/protocol/frames';
import { TOURNAMENT_LINES_MAX, type TournamentSummary } from '../core/protocol/tournament-frames';
import type { Outcome } from '../host/commands';
import { tournamentGame, type TournamentState } from '../host/tournaments';
import type { Connection } from '../stores/connections';
import type { Tournament, TournamentEntrant } from '../stores/tournaments';
import type { App } from '../app/app';
import { tournamentStore, tournaments } from '../app/tournaments';

const DEFAULT_ROUND_HOURS = 168;

export function summaryOf(t: Tournament, youEntered: boolean): TournamentSummary {
  return {
    tournamentId: t.tournamentId,
    name: t.name,
    game: t.game,
    format: t.format,
    status: t.status,
    cap: t.cap,
    entrants: t.entrants,
    round: t.round,
    rounds: t.rounds,
    startAt: t.startAt,
    roundHours: t.roundHours,
    clock: t.clock,
    vacation: t.vacation,
    createdBy: t.createdBy,
    createdAt: t.createdAt,
    youEntered,
  };
}

/** The `tournament` frame: the top of the standings, one round's tables and the first entrants, each with the asker's own. */
export function tournamentFrame(state: TournamentState, playerId: string, requestId?: string, roundAsked?: number): ServerFrame {
  const { tournament, entrants, rounds, standings } = state;
  const names = new Map(entrants.map((e) => [e.playerId, e]));
  const person = (id: string) => ({ playerId: id, name: names.get(id)?.name ?? 'A player' });
  const topAndMine = <T>(lines: readonly T[], mine: (line: T) => boolean): T[] => {
    const top = lines.slice(0, TOURNAMENT_LINES_MAX);
    const own = lines.slice(TOURNAMENT_LINES_MAX).filter(mine);
    return [...top, ...own];
  };
  const round = rounds.find((r) => r.round === (roundAsked ?? tournament.round)) ?? null;
  return {
    type: 'tournament',
    requestId,
    tournament: summaryOf(tournament, names.has(playerId)),
    standings: topAndMine(standings, (s) => s.playerId === playerId).map((s) => {
      const bot = names.get(s.playerId)?.bot;
      return { ...s, ...(bot ? { bot } : {}) };
    }),
    round: round && {
      round: round.round,
      startedAt: round.startedAt,
      deadline: round.deadline,
      tables: topAndMine(round.pairing.tables, (t) => t.seats.includes(playerId)).map((t) => ({
        table: t.table,
        gameId: round.games[t.table]!,
        seats: t.seats.map(person),
        points: round.results.find((r) => r.table === t.table)?.points ?? null,
      })),
      tablesInAll: round.pairing.tables.length,
      byes: round.pairing.byes.map(person),
    },
    entrants: topAndMine(entrants, (e) => e.playerId === playerId).map((e) => ({
      playerId: e.playerId,
      name: e.name,
      ...(e.bot ? { bot: e.bot } : {}),
    })),
  };
}

export function tournamentActions(app: App) {
  const service = () => app.get(tournaments);
  const answer = async (conn: Connection, tournamentId: string, requestId?: string, round?: number): Promise<Outcome> => ({
    reply: tournamentFrame(await service().state(tournamentId, round, conn.playerId), conn.playerId, requestId, round),
  });
  const entrant = (conn: Connection): TournamentEntrant => ({ playerId: conn.playerId, name: conn.name, at: app.deps.now().toISOString() });

  return {
    createTournament: async (conn: Connection, frame: FrameOf<'createTournament'>): Promise<Outcome> => {
      const module = findGame(frame.game);
      if (!module) throw new ProtocolError('NOT_FOUND', `There is no game "${frame.game}".`);
      if (!tournamentGame(module.id))
        throw new ProtocolError('BAD_REQUEST', `Tournaments are for two-player games; ${module.title} is not one.`);
      const options = module.optionsSchema.safeParse(frame.options ?? {});
      if (!options.success) throw new ProtocolError('BAD_REQUEST', `Those options are not valid for ${module.title}.`);
      const now = app.deps.now();
      if (frame.startAt && Date.parse(frame.startAt) <= now.getTime())
        throw new ProtocolError('BAD_REQUEST', 'The start time must be in the future.');
      const enter = frame.enter !== false;
      const botCount = frame.bots ?? 0;
      if (botCount + (enter ? 1 : 0) > frame.cap)
        throw new ProtocolError('BAD_REQUEST', `${botCount} bots${enter ? ' and you' : ''} do not fit in ${frame.cap} places.`);
      const bot = frame.bot ?? defaultBot(module.id);
      if (botCount && (!bot || !findBot(module.id, bot)))
        throw new ProtocolError(
          'BAD_REQUEST',
          `${module.title} has no bot "${frame.bot}"; bots: ${Object.keys(botsOf(module.id)).join(', ') || 'none'}.`,
        );
      const at = now.toISOString();
      const tournamentId = app.deps.ids.gameId();
      const tournament: Tournament = {
        tournamentId,
        name: frame.name,
        game: module.id,
        rulesVersion: module.rulesVersion,
        format: frame.format,
        options: options.data,
        clock: frame.clock ?? null,
        cap: frame.cap,
        startAt: frame.startAt ? new Date(frame.startAt).toISOString() : null,
        roundHours: frame.roundHours ?? DEFAULT_ROUND_HOURS,
        vacation: frame.vacation !== false,
        createdBy: { playerId: conn.playerId, name: conn.name },
        createdAt: at,
        status: 'entry',
        entrants: 0,
        round: 0,
        rounds: 0,
        rev: 0,
      };
      // The creator first: the entry order is the seeding.
      const entries: TournamentEntrant[] = [
        ...(enter ? [{ ...entrant(conn), at, order: 0 }] : []),
        ...Array.from({ length: botCount }, (_, i) => ({
          playerId: `bot:${bot}:e${i + 1}`,
          name: `${levelName(bot!)} bot ${i + 1}`,
          bot: bot!,
          at,
          order: i + 1,
        })),
      ];
      await service().create(tournament, entries);
      return { reply: { type: 'tournamentCreated', requestId: frame.requestId, tournamentId } };
    },
    enterTournament: async (conn: Connection, frame: FrameOf<'enterTournament'>): Promise<Outcome> => {
      await service().enter(frame.tournamentId, entrant(conn));
      return answer(conn, frame.tournamentId, frame.requestId);
    },
    leaveTournament: async (conn: Connection, frame: FrameOf<'leaveTournament'>): Promise<Outcome> => {
      await service().leave(frame.tournamentId, conn.playerId);
      return answer(conn, frame.tournamentId, frame.requestId);
    },
    tournament: (conn: Connection, frame: FrameOf<'tournament'>): Promise<Outcome> =>
      answer(conn, frame.tournamentId, frame.requestId, frame.round),
    tournaments: async (conn: Connection, frame: FrameOf<'tournaments'>): Promise<Outcome> => {
      const store = app.get(tournamentStore);
      const mine = new Set(await store.ofPlayer(conn.playerId));
      const limit = frame.limit ?? 20;
      let page: { tournaments: Tournament[]; next: string | null };
      if (frame.mine) {
        const ids = [...mine];
        const from = frame.cursor ? Number(frame.cursor) : 0;
        const slice = ids.slice(from, from + limit);
        const found = await Promise.all(slice.map((id) => store.get(id)));
        page = {
          tournaments: found.filter((t): t is Tournament => t !== null),
          next: from + limit < ids.length ? String(from + limit) : null,
        };
      } else {
        page = await store.list({ limit, cursor: frame.cursor });
      }
      return {
        reply: {
          type: 'tournaments',
          requestId: frame.requestId,
          tournaments: page.tournaments.map((t) => summaryOf(t, mine.has(t.tournamentId))),
          next: page.next,
        },
      };
    },
  };
}
