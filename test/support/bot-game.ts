/**
 * A whole game played by bots, as the host would store it: every seat but the creator's taken by
 * the game's default bot at creation, and every move, the creator's too, that bot's automatic
 * move — each commit with the records after and before it (what GameStore.append takes).
 */
import { Rng } from '../../domain/engine/rng';
import { defaultBot, findBot } from '../../domain/games/bots';
import { findGame } from '../../domain/games/index';
import { planAutomatic, planCreate } from '../../functions/core/plans';
import { activeSeats, applyCommit, applyDecided, moduleOf, type Commit, type GameRecord } from '../../functions/core/record';

export interface StoredStep {
  commit: Commit;
  after: GameRecord;
  before: GameRecord | null;
}

/** A finished game of `game` with its most players (or `players`), from `seed`. */
export function botGame(game: string, gameId: string, seed: number, players = findGame(game)!.maxPlayers): StoredStep[] {
  const name = defaultBot(game)!;
  const bot = findBot(game, name)!;
  const at = new Date(Date.UTC(2026, 10, 21, 12));
  const create = planCreate({
    gameId,
    game,
    players,
    options: {},
    player: { playerId: `${gameId}-ana`, name: 'Ana' },
    bots: Array.from({ length: players - 1 }, (_, i) => i + 1),
    bot: name,
    seed,
    at: at.toISOString(),
  });
  const steps: StoredStep[] = [{ commit: create, after: applyCommit(null, create), before: null }];
  for (let record = steps[0]!.after; record.status === 'active'; ) {
    const seat = activeSeats(record)[0]!;
    const command = bot.choose(record.state, seat, moduleOf(record).legal(record.state, seat), new Rng(record.version * 2654435761));
    // A move a minute.
    const decided = planAutomatic(record, seat, command, new Date(at.getTime() + record.version * 60_000).toISOString());
    const after = applyDecided(record, decided);
    steps.push({ commit: decided.commit, after, before: record });
    record = after;
  }
  return steps;
}
