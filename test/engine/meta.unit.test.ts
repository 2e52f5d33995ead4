/**
 * Each game's plain-data descriptor (domain/games/<game>/meta.ts) is what the module, its bots and
 * the web client's new-game screen agree on: the module's identity and seat counts are the
 * descriptor's, the bots it lists are exactly the game's bots in the same order (weakest first),
 * and each option is a yes/no key of the module's options schema (test/web/new-game.test.ts:
 * the new-game screen offers the same).
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { GAMES } from '../../domain/games';
import { playGame, randomBot } from '../../domain/engine/bots';
import { BOT_LEVELS } from '../../domain/games/bot-levels';
import { BOTS, botsOf } from '../../domain/games/bots';
import { GAME_META } from '../../domain/games/meta';

describe('game descriptors', () => {
  it('cover every game, in the order of GAMES', () => {
    expect(GAME_META.map((m) => m.id)).toEqual(GAMES.map((g) => g.id));
    expect(Object.keys(BOTS).sort()).toEqual(GAME_META.map((m) => m.id).sort());
  });

  for (const meta of GAME_META) {
    const game = GAMES.find((g) => g.id === meta.id)!;

    it(`${meta.title}: the module's id, title and seat counts are the descriptor's`, () => {
      expect({ id: game.id, title: game.title, minPlayers: game.minPlayers, maxPlayers: game.maxPlayers }).toEqual({
        id: meta.id,
        title: meta.title,
        minPlayers: meta.minPlayers,
        maxPlayers: meta.maxPlayers,
      });
      expect(meta.minPlayers).toBeGreaterThanOrEqual(1);
      expect(meta.maxPlayers).toBeGreaterThanOrEqual(meta.minPlayers);
      // The module sets up a game at both ends of the range.
      for (const players of [meta.minPlayers, meta.maxPlayers])
        expect(game.setup({ players, seed: 1, options: {} }).length).toBeGreaterThan(0);
    });

    it(`${meta.title}: every listed level has a bot and every bot is listed, weakest first as in bots.ts`, () => {
      expect(Object.keys(botsOf(meta.id))).toEqual([...meta.bots]);
      for (const bot of meta.bots) expect(BOT_LEVELS[bot], bot).toBeDefined();
    });

    it(`${meta.title}: every option is a yes/no key of the module's options schema, and every key is offered`, () => {
      const schema = game.optionsSchema as unknown as z.ZodObject;
      expect(schema).toBeInstanceOf(z.ZodObject);
      expect(Object.keys(schema.shape).sort()).toEqual(meta.options.map((o) => o.key).sort());
      for (const o of meta.options) {
        expect(schema.safeParse({ [o.key]: true }).success, o.key).toBe(true);
        expect(schema.safeParse({ [o.key]: 'yes' }).success, o.key).toBe(false);
        expect(o.label).toMatch(/^[A-Z]/);
        expect(o.help).toMatch(/^[A-Z].*\.$/);
      }
    });

    it(`${meta.title}: its outcomes score as the descriptor's \`scoring\` says (the end screen's words follow it)`, () => {
      const scores = [1, 2, 3].flatMap((seed) => {
        const { outcome } = playGame(game, { players: meta.maxPlayers, seed, bots: Array(meta.maxPlayers).fill(randomBot) });
        return outcome!.results.map((r) => ({
          score: r.score,
          soleWinner: outcome!.winners.length === 1 && outcome!.winners[0] === r.seat,
        }));
      });
      // A win flag: 1 for the one winner, 0 for everyone else (a draw included). Points: more than a flag.
      if (meta.scoring === 'winner') for (const r of scores) expect(r.score).toBe(r.soleWinner ? 1 : 0);
      else expect(Math.max(...scores.map((r) => r.score))).toBeGreaterThan(1);
    });
  }
});
