/**
 * boardgame.io's side of the domain benchmark: tic-tac-toe through boardgame.io's own game
 * reducer (`CreateGameReducer`, server mode — what its `Master` dispatches each move through),
 * no network, no storage.
 *
 * The moves are exactly those of Caravela's domain benchmark (bench/domain.ts): the five random
 * tic-tac-toe games of seeds 1–5 played by Caravela's random bot. `domainMoves()` lists them;
 * `caravelaSameRun` times Caravela's `execute` (decide + evolve) on that same list in the same
 * process, which is what `decideEvolveMicrosPerCommand` of `npm run bench -- --suite domain`
 * measures. Games per second are full random games drawn the same way as Caravela's bot games
 * (seeded `Rng`, a uniform pick among the free cells in ascending order, seeds 100, 101, …), so
 * both sides play the very same games.
 */
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { playGame, randomBot } from '../../domain/engine/bots';
import type { Seat } from '../../domain/engine/contract';
import { execute } from '../../domain/engine/projector';
import { Rng } from '../../domain/engine/rng';
import { ticTacToe, type TicTacToeCommand, type TicTacToeEvent, type TicTacToeState } from '../../domain/games/tic-tac-toe';
import { round, time } from '../measure';
import { freeCells, TicTacToe, type TicTacToeG, type TicTacToeGameover } from './tic-tac-toe';
import { makeMove, type State } from './wire';

/** The seeds of Caravela's domain benchmark for tic-tac-toe (`commandsOf(game, 2, [1, 2, 3, 4, 5], random)`). */
export const DOMAIN_SEEDS = [1, 2, 3, 4, 5] as const;

/** The pipeline's game: each takes the lowest free cell, X wins on the diagonal 2-4-6 at the seventh move. */
export const FIXED_GAME = [0, 1, 2, 3, 4, 5, 6] as const;

export interface BenchMove {
  /** The game (Caravela's seed) the move belongs to. */
  seed: number;
  /** 0 = X = boardgame.io player "0", 1 = O = player "1". */
  seat: Seat;
  cell: number;
}

/** Caravela's domain-bench moves for tic-tac-toe, in order, replayed with Caravela's own bot driver. */
export function domainMoves(seeds: readonly number[] = DOMAIN_SEEDS): BenchMove[] {
  const moves: BenchMove[] = [];
  for (const seed of seeds) {
    playGame(ticTacToe, {
      players: 2,
      seed,
      bots: [randomBot, randomBot],
      onCommand: ({ seat, command }) => moves.push({ seed, seat, cell: (command as TicTacToeCommand).cell }),
    });
  }
  return moves;
}

const game = ProcessGameConfig(TicTacToe);
const reducer = CreateGameReducer({ game });
type BgioState = State<TicTacToeG>;

const initial = (): BgioState => InitializeGame({ game, numPlayers: 2 }) as BgioState;

function apply(state: BgioState, seat: string, cell: number): BgioState {
  const next = reducer(state, makeMove('mark', [cell], seat)) as BgioState & { transients?: { error?: { type: string } } };
  if (next.transients?.error) throw new Error(`boardgame.io rejected mark ${cell} by ${seat}: ${next.transients.error.type}`);
  return next;
}

/** Each move with the boardgame.io state it is made on, checking that every game ends as it does in Caravela. */
function bgioSteps(moves: readonly BenchMove[]) {
  const steps: { state: BgioState; action: ReturnType<typeof makeMove> }[] = [];
  const bySeed = new Map<number, BenchMove[]>();
  for (const m of moves) bySeed.set(m.seed, [...(bySeed.get(m.seed) ?? []), m]);
  for (const [seed, gameMoves] of bySeed) {
    let state = initial();
    for (const { seat, cell } of gameMoves) {
      const action = makeMove('mark', [cell], String(seat));
      steps.push({ state, action });
      state = apply(state, String(seat), cell);
    }
    const caravela = playGame<TicTacToeState, never>(ticTacToe, { players: 2, seed, bots: [randomBot, randomBot] }).state;
    const over = state.ctx.gameover as TicTacToeGameover | undefined;
    const bgioWinner = over === undefined ? 'not over' : 'winner' in over ? Number(over.winner) : null;
    if (bgioWinner !== caravela.winner)
      throw new Error(`seed ${seed}: boardgame.io ends with ${bgioWinner}, Caravela with ${caravela.winner}`);
  }
  return steps;
}

/** Caravela's `execute` on the same moves, the same way bench/domain.ts times it. */
function caravelaSteps(moves: readonly BenchMove[]) {
  const steps: { state: TicTacToeState; seat: Seat; command: TicTacToeCommand }[] = [];
  let state: TicTacToeState | undefined;
  let seed: number | undefined;
  for (const m of moves) {
    if (m.seed !== seed) {
      seed = m.seed;
      state = ticTacToe.setup({ players: 2, options: {}, seed }).reduce((s, e) => ticTacToe.evolve(s, e), ticTacToe.initialState());
    }
    const command: TicTacToeCommand = { type: 'mark', cell: m.cell };
    steps.push({ state: state!, seat: m.seat, command });
    const result = execute<TicTacToeState, TicTacToeEvent>(ticTacToe, state!, command, m.seat);
    if (!result.ok) throw new Error(`Caravela rejected ${JSON.stringify(m)}`);
    state = result.state;
  }
  return steps;
}

/** One full random game through the reducer: the same draws as Caravela's `playGame` with its random bot. */
export function playBgioRandomGame(seed: number): BgioState {
  const rng = Rng.fromSeed(seed ^ 0x5bd1e995);
  let state = initial();
  while (state.ctx.gameover === undefined) {
    const legal = freeCells(state.G.cells);
    state = apply(state, state.ctx.currentPlayer, legal[rng.int(legal.length)]!);
  }
  return state;
}

export function bgioDomain() {
  const moves = domainMoves();
  const steps = bgioSteps(moves);
  const perCommand = time(() => {
    for (const { state, action } of steps) reducer(state, action);
  });

  const fixed: { state: BgioState; action: ReturnType<typeof makeMove> }[] = [];
  let s = initial();
  for (const [i, cell] of FIXED_GAME.entries()) {
    const seat = String(i % 2);
    fixed.push({ state: s, action: makeMove('mark', [cell], seat) });
    s = apply(s, seat, cell);
  }
  const fixedOver = s.ctx.gameover as TicTacToeGameover | undefined;
  if (!fixedOver || !('winner' in fixedOver) || fixedOver.winner !== '0') throw new Error('X should win the fixed game');
  const perFixedCommand = time(() => {
    for (const { state, action } of fixed) reducer(state, action);
  });

  let seed = 100;
  const games = time(() => playBgioRandomGame(seed++), { minMs: 1000, warmup: 2 });

  // Caravela, same moves, same games, same process.
  const cSteps = caravelaSteps(moves);
  const cPerCommand = time(() => {
    for (const { state, seat, command } of cSteps) execute(ticTacToe, state, command, seat);
  });
  let cSeed = 100;
  const cGames = time(() => playGame(ticTacToe, { players: 2, seed: cSeed++, bots: [randomBot, randomBot] }), { minMs: 1000, warmup: 2 });

  return {
    nodeEnv: process.env.NODE_ENV ?? null,
    moves: {
      description: "Caravela's domain-bench tic-tac-toe moves: random-bot games of seeds 1-5 (see domainMoves())",
      seeds: [...DOMAIN_SEEDS],
      count: moves.length,
    },
    reducerMicrosPerCommand: round((perCommand.meanMs * 1000) / steps.length),
    fixedGameReducerMicrosPerCommand: round((perFixedCommand.meanMs * 1000) / fixed.length),
    gamesPerSecond: round(1000 / games.meanMs),
    caravelaSameRun: {
      decideEvolveMicrosPerCommand: round((cPerCommand.meanMs * 1000) / cSteps.length),
      randomGamesPerSecond: round(1000 / cGames.meanMs),
    },
  };
}
