/**
 * The boardgame.io side of the benchmark measures the same thing as Caravela's: the same
 * tic-tac-toe, the same random games, and a server that really plays them over socket.io.
 * (Speed is measured by `npm run bench`, never here.)
 */
import { describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import { ticTacToe, type TicTacToeState } from '../../domain/games/tic-tac-toe';
import { playBgioRandomGame } from '../../bench/bgio/domain';
import { bgioPipeline } from '../../bench/bgio/server';

describe('the boardgame.io benchmark harness', () => {
  it('plays the very games Caravela plays: same moves, same winners', () => {
    for (let seed = 100; seed < 130; seed++) {
      const bgio = playBgioRandomGame(seed);
      const caravela = playGame<TicTacToeState, never>(ticTacToe, { players: 2, seed, bots: [randomBot, randomBot] }).state;
      expect(bgio.G.cells.map((c) => (c === null ? null : Number(c)))).toEqual(caravela.board);
    }
  });

  it.each(['memory', 'flatfile'] as const)(
    'completes moves through a boardgame.io server with %s storage, on loopback',
    async (storage) => {
      const r = await bgioPipeline({ games: 2, durationMs: 1500, storage });
      expect(r.storage).toBe(storage);
      expect(r.connections).toBe(4);
      expect(r.roundTrip.count).toBeGreaterThan(0);
    },
    30_000,
  );
});
