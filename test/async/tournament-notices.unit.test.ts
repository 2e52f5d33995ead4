/**
 * What players are told when a tournament's game starts ("Round 2 of Winter Cup starts: you play
 * Bruno") and when a friend invites them to a new game: core/triggers.ts on the heads of the
 * commits as the host stores them.
 */
import { describe, expect, it } from 'vitest';
import { commitHead } from '../../functions/core/after-commit';
import { planCreate, planTournamentGame } from '../../functions/core/plans';
import { applyCommit } from '../../functions/core/record';
import { notificationsFor } from '../../functions/core/triggers';

const at = '2026-12-01T09:00:00.000Z';
const url = (id: string) => `https://caravela.example/#/game/${id}`;
const headOf = (commit: ReturnType<typeof planCreate>) => commitHead(commit, applyCommit(null, commit), null, { redriveAfterMs: 60_000 });

describe('notices', () => {
  it("tell both players of a tournament's game which round starts and whom they play; the bots nothing", () => {
    const commit = planTournamentGame({
      gameId: 't1-2-0',
      game: 'connect-four',
      options: {},
      clock: null,
      tournament: { id: 't1', name: 'Winter Cup', round: 2, table: 0 },
      seats: [
        { playerId: 'ana', name: 'Ana' },
        { playerId: 'bruno', name: 'Bruno' },
      ],
      seed: 7,
      at,
    });
    const head = headOf(commit);
    const notices = notificationsFor(head, url);
    // Whoever the game's setup has move first is told so; the other that they will be told.
    const first = (seat: number) => head.activeSeats.includes(seat);
    expect(notices.map((n) => [n.playerId, n.kind, n.title, n.body])).toEqual([
      [
        'ana',
        first(0) ? 'yourTurn' : 'gameStarted',
        'Round 2 of Winter Cup starts: you play Bruno',
        first(0) ? 'Connect Four: you move first.' : 'Connect Four: you will be told when it is your turn.',
      ],
      [
        'bruno',
        first(1) ? 'yourTurn' : 'gameStarted',
        'Round 2 of Winter Cup starts: you play Ana',
        first(1) ? 'Connect Four: you move first.' : 'Connect Four: you will be told when it is your turn.',
      ],
    ]);
    expect(head.activeSeats).toHaveLength(1);
    expect(notices.every((n) => n.url === url('t1-2-0'))).toBe(true);

    const withBot = planTournamentGame({
      gameId: 't1-2-1',
      game: 'connect-four',
      options: {},
      clock: null,
      tournament: { id: 't1', name: 'Winter Cup', round: 2, table: 1 },
      seats: [
        { playerId: 'bot:random:e1', name: 'Random bot 1', bot: 'random' },
        { playerId: 'carla', name: 'Carla' },
      ],
      seed: 7,
      at,
    });
    expect(notificationsFor(headOf(withBot), url).map((n) => [n.playerId, n.title])).toEqual([
      ['carla', 'Round 2 of Winter Cup starts: you play Random bot 1'],
    ]);
  });

  it('tell the invited players of a new game, with its link', () => {
    const commit = planCreate({
      gameId: 'g9',
      game: 'navegador',
      players: 3,
      options: {},
      player: { playerId: 'ana', name: 'Ana' },
      invited: ['bruno', 'carla'],
      seed: 1,
      at,
    });
    const notices = notificationsFor(headOf(commit), url);
    expect(notices.map((n) => [n.playerId, n.kind, n.title, n.body])).toEqual([
      ['bruno', 'invited', 'Ana invites you to a game of Navegador', '1 of 3 seats are taken: open it to take one.'],
      ['carla', 'invited', 'Ana invites you to a game of Navegador', '1 of 3 seats are taken: open it to take one.'],
    ]);
    // Nobody is invited by a later commit of the game.
    expect(notificationsFor({ ...headOf(commit), version: 2, events: '[]' }, url)).toEqual([]);
  });
});
