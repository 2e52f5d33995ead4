/**
 * Which players a stored commit concerns, and what to tell them: a turn that starts, the game
 * starting or ending, a player taking a seat, a player running out of time. Pure: it reads the
 * commit item exactly as the table's stream delivers it.
 */
import type { Tagged } from '../../domain/engine/contract';
import { findGame } from '../../domain/games/index';
import type { GameStatus, HostEvent, TournamentTable } from './record';
import type { SeatInfo } from './protocol/frames';
import type { Notification, NotificationKind } from './notification';

/** The fields of a commit item (see EventStore.append) that the reactions and the notifier read (made by commitHead). */
export interface CommitHead {
  gameId: string;
  game: string;
  version: number;
  status: GameStatus;
  wasStatus: GameStatus | null;
  activeSeats: number[];
  wasActive: number[];
  seats: (SeatInfo | null)[];
  absent: boolean[];
  /** The last log line of the commit. */
  summary: string;
  /** JSON of the outcome, once finished. */
  outcome?: string;
  /** JSON of the commit's events. */
  events: string;
  /** When the sweep must look at the game after this commit, and before it (ISO; null: never). */
  clockDue: string | null;
  wasClockDue: string | null;
  /** The game is listed in the public lobby (absent: it is not). */
  listed?: boolean;
  /**
   * Once finished: per seat, the moves its player made (GameRecord.moves), which the ratings
   * read. Absent: not counted (a commit stored before they were, or a game begun before).
   */
  moves?: number[];
  /**
   * The seat the server moves for next (a bot, or the safe bot of an absent seat), while the game
   * is active; null: a person is to act, or nobody. The Bots function's stream mapping is
   * filtered on it: only commits with a seat here invoke it (core/after-commit.ts).
   */
  automatic: number | null;
  /** A tournament's game: its place there (the tournament records its result once it is finished). */
  tournament?: TournamentTable;
}

export const titleOf = (game: string): string => findGame(game)?.title ?? game;

function result(head: CommitHead): string {
  const outcome = head.outcome
    ? (JSON.parse(head.outcome) as { results?: { seat: number; score: number; rank: number }[]; ended?: string; resigned?: number[] })
    : null;
  if (!outcome?.results?.length) return outcome?.ended === 'vote' ? 'The players voted to end it.' : 'It has ended.';
  if (outcome.ended === 'resign') return `${head.seats[outcome.resigned?.at(-1) ?? -1]?.name ?? 'A player'} resigned.`;
  return [...outcome.results]
    .sort((a, b) => a.rank - b.rank)
    .map((r) => `${r.rank}. ${head.seats[r.seat]?.name ?? `Seat ${r.seat + 1}`} ${r.score}`)
    .join(', ');
}

export function notificationsFor(head: CommitHead, gameUrl: (gameId: string) => string): Notification[] {
  const events = JSON.parse(head.events) as Tagged[];
  const host = events.filter((e): e is HostEvent => e.type.startsWith('$'));
  const title = titleOf(head.game);
  const people = head.seats.flatMap((s) => (s && !s.bot ? [s] : []));
  const out: Notification[] = [];
  const tell = (seat: SeatInfo, kind: NotificationKind, line: string, body: string) =>
    out.push({
      kind,
      gameId: head.gameId,
      game: head.game,
      version: head.version,
      playerId: seat.playerId,
      urgent: false,
      title: line,
      body,
      url: gameUrl(head.gameId),
    });

  for (const e of host) {
    if (e.type === '$created' && e.invited?.length) {
      for (const playerId of e.invited)
        out.push({
          kind: 'invited',
          gameId: head.gameId,
          game: head.game,
          version: head.version,
          playerId,
          urgent: false,
          title: `${e.player.name} invites you to a game of ${title}`,
          body: `${head.seats.filter(Boolean).length} of ${head.seats.length} seats are taken: open it to take one.`,
          url: gameUrl(head.gameId),
        });
    }
    // A tournament seats everyone at once: its game's start says whom they play instead.
    if (e.type === '$joined' && !e.bot && !head.tournament) {
      const taken = head.seats.filter(Boolean).length;
      for (const p of people)
        if (p.seat !== e.seat)
          tell(p, 'seated', `${e.player.name} joined your game of ${title}`, `${taken} of ${head.seats.length} seats are taken.`);
    }
    if (e.type === '$timedOut') {
      const seat = head.seats[e.seat];
      if (seat && !seat.bot)
        tell(seat, 'timedOut', `Your time ran out in ${title}`, 'A bot plays safe moves for you until you open the game and resume.');
    }
  }
  const started = host.some((e) => e.type === '$started');
  if (head.status === 'finished' && head.wasStatus !== 'finished') {
    for (const p of people) tell(p, 'gameEnded', `${title} is over`, result(head));
    return out;
  }
  if (head.status !== 'active') return out;
  for (const p of people) {
    const round = started && head.tournament ? roundStarts(head, p.seat) : null;
    if (round) {
      tell(p, head.activeSeats.includes(p.seat) ? 'yourTurn' : 'gameStarted', round.title, round.body(head.activeSeats.includes(p.seat)));
      continue;
    }
    const turnStarts = head.activeSeats.includes(p.seat) && (started || !head.wasActive.includes(p.seat)) && !head.absent[p.seat];
    if (turnStarts)
      tell(
        p,
        'yourTurn',
        `Your turn in ${title}`,
        started ? `The game has started and you move first.` : `${head.summary}. It is your turn.`,
      );
    else if (started) tell(p, 'gameStarted', `${title} has started`, 'Every seat is taken; you will be told when it is your turn.');
  }
  return out;
}

/** A tournament's game starting: "Round 3 of the Winter Cup starts: you play Ana". */
function roundStarts(head: CommitHead, seat: number): { title: string; body: (first: boolean) => string } | null {
  const t = head.tournament!;
  const opponents = head.seats.filter((s) => s && s.seat !== seat).map((s) => s!.name);
  return {
    title: `Round ${t.round} of ${t.name} starts: you play ${opponents.join(' and ')}`,
    body: (first) => `${titleOf(head.game)}: ${first ? 'you move first.' : 'you will be told when it is your turn.'}`,
  };
}
