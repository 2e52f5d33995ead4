/**
 * The simulated players behave as asynchronous players do: nobody opens a session or moves in
 * their quiet hours, sessions come a few times a day, a push is answered after a think time or in
 * the morning, and the game mix is the three rulebooks with clocks in days.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../domain/engine/rng';
import { answerAt, awakeFrom, chooseGame, isQuiet, localHour, makePopulation, nextSession } from '../../bench/cloud/population';

const DAY = 86_400_000;
const start = Date.UTC(2026, 10, 27);

describe('the simulated population', () => {
  const players = makePopulation(500, 3);

  it('is repeatable from its seed, spread over time zones, Europe first', () => {
    expect(makePopulation(500, 3)).toEqual(players);
    const europe = players.filter((p) => p.utcOffset >= 0 && p.utcOffset <= 3).length / players.length;
    expect(europe).toBeGreaterThan(0.5);
    expect(new Set(players.map((p) => p.utcOffset)).size).toBeGreaterThan(6);
  });

  it('opens sessions outside quiet hours, as many a day as each plays', () => {
    const rng = Rng.fromSeed(9);
    const perDay = new Map<number, number[]>();
    for (const p of players.slice(0, 100)) {
      let at = start;
      let sessions = 0;
      while (at < start + 30 * DAY) {
        at = nextSession(p, at, rng);
        expect(isQuiet(p, at), `player ${p.index} at local ${localHour(p, at).toFixed(2)}`).toBe(false);
        sessions++;
      }
      perDay.set(p.sessionsPerDay, [...(perDay.get(p.sessionsPerDay) ?? []), sessions / 30]);
    }
    // On average over the players of each rate (one player's month varies as a Poisson count does).
    for (const [rate, seen] of perDay) {
      const mean = seen.reduce((a, b) => a + b, 0) / seen.length;
      expect(mean, `${rate} a day`).toBeGreaterThan(rate * 0.85);
      expect(mean, `${rate} a day`).toBeLessThan(rate * 1.15);
    }
  });

  it('answers a push after a think time when awake, and only after waking when asleep', () => {
    const rng = Rng.fromSeed(4);
    for (const p of players.slice(0, 200)) {
      const asleep = awakeFrom(p, start) === start ? start + ((p.quiet[0] - localHour(p, start) + 24) % 24) * 3_600_000 + 60_000 : start;
      expect(isQuiet(p, asleep)).toBe(true);
      const moved = answerAt(p, asleep, rng);
      expect(isQuiet(p, moved)).toBe(false);
      expect(moved).toBeGreaterThanOrEqual(awakeFrom(p, asleep));
    }
  });

  it('starts games of the three rulebooks, 2 to 4 seats, some bot seats, clocks of one to three days', () => {
    const rng = Rng.fromSeed(2);
    const games = Array.from({ length: 2000 }, () => chooseGame(rng));
    expect(new Set(games.map((g) => g.game))).toEqual(new Set(['vasco-da-gama', 'navegador', 'goa']));
    for (const g of games) {
      expect(g.bots.every((s) => s >= 1 && s < g.players)).toBe(true);
      expect([24, 48, 72]).toContain(g.clockHours);
    }
    const withBots = games.filter((g) => g.bots.length).length / games.length;
    expect(withBots).toBeGreaterThan(0.15);
    expect(withBots).toBeLessThan(0.35);
  });
});
