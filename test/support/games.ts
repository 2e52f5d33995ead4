/**
 * Many games for one player, quickly: tic-tac-toe games written through the server's own store
 * and index (the server's app runs in the test's process), as the host writes them — each commit,
 * then the players' index when seats or the status changed — without the protocol's requests.
 */
import { randomBytes } from 'node:crypto';
import { planCommand, planCreate, planJoin } from '../../functions/core/plans';
import { applyCommit, type Commit, type GameRecord } from '../../functions/core/record';
import type { App } from '../../functions/app/app';
import { eventStore } from '../../functions/app/games';
import { records } from '../../functions/app/games';
import type { Player } from './client';

async function write(app: App, record: GameRecord | null, commit: Commit): Promise<GameRecord> {
  const next = applyCommit(record, commit);
  if (!(await app.get(eventStore).append(commit, next, record))) throw new Error(`version ${commit.version} of ${commit.gameId} is taken`);
  if (!record || record.status !== next.status || record.seats.some((s, i) => s?.playerId !== next.seats[i]?.playerId))
    await app.get(records).indexGame(next);
  return next;
}

/**
 * A tic-tac-toe game created by `creator` (seat 0, X, to move first): open; with `bot`, against
 * a bot (the creator's turn); with `opponent`, joined by them; with `finish` too, X takes the
 * top row and wins.
 */
export async function storeTicTacToe(
  app: App,
  creator: Player,
  options: { bot?: boolean; opponent?: Player; finish?: boolean } = {},
): Promise<string> {
  const at = () => new Date().toISOString();
  const player = (p: Player) => ({ playerId: p.playerId, name: p.name });
  const gameId = randomBytes(12).toString('base64url');
  let record = await write(
    app,
    null,
    planCreate({
      gameId,
      game: 'tic-tac-toe',
      players: 2,
      options: {},
      player: player(creator),
      bots: options.bot ? [1] : [],
      seed: 1,
      at: at(),
    }),
  );
  if (options.opponent) record = await write(app, record, planJoin(record, player(options.opponent), 1, 1, at())!);
  if (options.opponent && options.finish) {
    for (const [p, cell] of [
      [creator, 0],
      [options.opponent, 3],
      [creator, 1],
      [options.opponent, 4],
      [creator, 2],
    ] as const) {
      const plan = planCommand(record, p.playerId, `${gameId}-${cell}`, { type: 'mark', cell }, at());
      if (!('commit' in plan)) throw new Error('a repeated command');
      record = await write(app, record, plan.commit);
    }
  }
  return gameId;
}
