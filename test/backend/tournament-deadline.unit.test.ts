/**
 * A tournament round's deadline, through the protocol on the local runtime with a clock the test
 * moves: entry closes at the start time by the sweep (a tournament with one entrant is called
 * off), and at the deadline the sweep ends a game still going as it stands — ranked by the points
 * shown in play — records the result and ends the tournament after its last round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { moduleOf } from '../../functions/core/record';
import { host } from '../../functions/app/games';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register } from '../support/client';

type TournamentFrame = Extract<ServerFrame, { type: 'tournament' }>;
type Created = Extract<ServerFrame, { type: 'tournamentCreated' }>;
type State = Extract<ServerFrame, { type: 'state' }>;

const HOUR = 3_600_000;
let now = new Date('2026-12-01T09:00:00.000Z');
let server: InProcessServer;
let ana: Client;
let bruno: Client;
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0, now: () => now });
  const players = await Promise.all(['Ana', 'Bruno'].map((n) => register(server.url, n)));
  [ana, bruno] = (await Promise.all(players.map((p) => Client.connect(server.wsUrl, p)))) as [Client, Client];
}, 90_000);
afterAll(async () => {
  await Promise.all([ana, bruno].map((c) => c?.close()));
  await server?.close();
});

const look = (tournamentId: string) => ana.request<TournamentFrame>({ action: 'tournament', tournamentId });

describe("a tournament's start time and a round's deadline", () => {
  it('start it by the sweep, and end an unfinished game as it stands at the deadline', async () => {
    const startAt = new Date(now.getTime() + 24 * HOUR).toISOString();
    const { tournamentId } = await ana.request<Created>({
      action: 'createTournament',
      name: 'Goa weekend',
      game: 'goa',
      format: 'swiss',
      cap: 8,
      startAt,
      roundHours: 48,
    });
    await bruno.request({ action: 'enterTournament', tournamentId });
    // Before its start time the sweep leaves it alone.
    now = new Date(now.getTime() + 23 * HOUR);
    await server.sweep();
    expect((await look(tournamentId)).tournament).toMatchObject({ status: 'entry', entrants: 2 });
    now = new Date(startAt);
    await server.sweep();
    const started = await look(tournamentId);
    expect(started.tournament).toMatchObject({ status: 'running', round: 1, rounds: 1 });
    const gameId = started.round!.tables[0]!.gameId;
    expect(started.round!.deadline).toBe(new Date(Date.parse(startAt) + 48 * HOUR).toISOString());

    // Nobody finishes the game; after the deadline the sweep decides it by the points as they stand.
    now = new Date(Date.parse(startAt) + 49 * HOUR);
    await server.sweep();
    const state = await ana.request<State>({ action: 'subscribe', gameId });
    expect(state.status).toBe('finished');
    expect(state.outcome).toMatchObject({ ended: 'adjudicated' });
    const record = await server.app.get(host).games.fresh(gameId, true);
    const points = moduleOf(record).standings!(record.state);
    expect(state.outcome!.results.map((r) => r.score)).toEqual([...points]);
    expect(state.log.at(-1)).toMatch(/^The round's time ran out: the game is decided as it stands/);
    const done = await look(tournamentId);
    expect(done.tournament.status).toBe('finished');
    const table = done.round!.tables[0]!;
    const expected = points[0] === points[1] ? [0.5, 0.5] : points[0]! > points[1]! ? [1, 0] : [0, 1];
    expect(table.points).toEqual(expected);
    // Sweeping again changes nothing.
    await server.sweep();
    expect((await ana.request<State>({ action: 'subscribe', gameId })).version).toBe(state.version);
  });

  it('call a tournament off at its start time when fewer than two entered', async () => {
    const startAt = new Date(now.getTime() + HOUR).toISOString();
    const { tournamentId } = await ana.request<Created>({
      action: 'createTournament',
      name: 'Lonely cup',
      game: 'connect-four',
      format: 'elimination',
      cap: 8,
      startAt,
    });
    now = new Date(Date.parse(startAt) + 1000);
    await server.sweep();
    expect((await look(tournamentId)).tournament).toMatchObject({ status: 'cancelled', round: 0 });
  });
});
