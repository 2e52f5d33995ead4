/**
 * The levels players choose from: every bot of a game is explained in words, and a Strong level
 * shows the strength the bots bench measured for it,
 * meeting the bar it was built to (≥ 65 % of 2-player games and ≥ 40 % of 4-player games won
 * against the Standard bot).
 */
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, MEASURED, explainLevel } from '../../domain/games/bot-levels';
import { BOTS } from '../../domain/games/bots';

describe('bot levels offered to players', () => {
  for (const [id, bots] of Object.entries(BOTS)) {
    const game = { id, title: id };
    it(`${game.title}: every level reads as a sentence`, () => {
      for (const bot of Object.keys(bots)) {
        expect(BOT_LEVELS[bot], bot).toBeDefined();
        expect(explainLevel(game.id, bot)).toMatch(/^[A-Z][a-z]+: [a-z].*\.$/);
      }
    });
    if (Object.hasOwn(bots, 'strong')) {
      it(`${game.title}: the Strong level shows its measured strength, above the bar`, () => {
        const m = MEASURED[game.id]?.strong;
        expect(m?.against).toBe('heuristic');
        expect(m!.games).toBeGreaterThanOrEqual(100);
        expect(m!.winRate).toBeGreaterThanOrEqual(0.65);
        expect(m!.fourPlayer!.games).toBeGreaterThanOrEqual(50);
        expect(m!.fourPlayer!.winRate).toBeGreaterThanOrEqual(0.4);
        expect(explainLevel(game.id, 'strong')).toContain(
          `won ${Math.round(m!.winRate * 100)} % of ${m!.games} two-player games against the Standard bot`,
        );
      });
    }
  }
});
