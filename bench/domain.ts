/**
 * Domain benchmark: the pure game code alone, no I/O.
 * - decide+evolve per command (the work a server does per move, after loading the state)
 * - replaying a finished 4-player Vasco da Gama game from its events
 * - complete bot games per second
 */
import { playGame, type Bot } from '../domain/engine/bots';
import type { AnyGameModule, Tagged } from '../domain/engine/contract';
import { execute, fold } from '../domain/engine/projector';
import { BOTS } from '../domain/games/bots';
import { ticTacToe } from '../domain/games/tic-tac-toe';
import { vascoDaGama } from '../domain/games/vasco-da-gama';
import { round, time } from './measure';

function commandsOf(game: AnyGameModule, players: number, seeds: number[], bot: Bot) {
  const steps: { state: unknown; seat: number; command: Tagged }[] = [];
  let prev: unknown;
  for (const seed of seeds) {
    prev = game.setup({ players, options: {}, seed }).reduce((s: unknown, e: unknown) => game.evolve(s, e), game.initialState());
    playGame(game, {
      players,
      seed,
      bots: Array(players).fill(bot),
      onCommand: ({ seat, command, state }) => {
        steps.push({ state: prev, seat, command });
        prev = state;
      },
    });
  }
  return steps;
}

function gameFigures(game: AnyGameModule, players: number) {
  const bots = BOTS[game.id]!;
  const steps = commandsOf(game, players, [1, 2, 3, 4, 5], bots.random!);
  const perCommand = time(() => {
    for (const { state, seat, command } of steps) execute(game, state, command, seat);
  });
  const finished = playGame(game, { players, seed: 11, bots: Array(players).fill(bots.random!) });
  const replay = time(() => fold(game, finished.events));
  const gamesPerSecond: Record<string, number> = {};
  for (const [name, bot] of Object.entries(bots)) {
    if (name === 'strong') continue; // a searching bot's games take minutes: the bots suite measures it
    let seed = 100;
    const t = time(() => playGame(game, { players, seed: seed++, bots: Array(players).fill(bot) }), { minMs: 1000, warmup: 2 });
    gamesPerSecond[name] = round(1000 / t.meanMs);
  }
  return {
    players,
    decideEvolveMicrosPerCommand: round((perCommand.meanMs * 1000) / steps.length),
    replayMillisPerGame: round(replay.meanMs),
    eventsPerGame: finished.events.length,
    commandsPerGame: finished.commands,
    botGamesPerSecond: gamesPerSecond,
  };
}

export function domainSuite() {
  return {
    'vasco-da-gama': gameFigures(vascoDaGama, 4),
    'tic-tac-toe': gameFigures(ticTacToe, 2),
  };
}
