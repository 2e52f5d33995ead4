/**
 * One person plays a 4-player game of Vasco da Gama against three bots through the protocol to
 * the end; then the game's history is replayed over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../domain/engine/projector';
import { vascoDaGama } from '../../domain/games/vasco-da-gama';
import { applyCommit, isHostEvent, type Commit, type GameRecord } from '../../functions/core/record';
import type { ServerFrame, StateFrame } from '../../functions/core/protocol/frames';
import { fetchFrom, startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register } from '../support/client';
import { playToEnd } from '../support/play';

let server: InProcessServer;
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0 });
}, 90_000);
afterAll(async () => server?.close());

const replay = (gameId: string, token?: string) =>
  fetchFrom(`${server.url}/api/games/${gameId}/replay`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

describe('bots in seats', () => {
  it('let one person play a whole 4-player game at once, and the game replays exactly', async () => {
    const ana = await register(server.url, 'Ana');
    const a = await Client.connect(server.wsUrl, ana);
    // Bots may not take the creator's seat, and must exist.
    expect(await a.request({ action: 'createGame', game: 'vasco-da-gama', players: 4, bots: [0, 1] })).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await a.request({ action: 'createGame', game: 'vasco-da-gama', players: 4, bots: [1], bot: 'grandmaster' })).toMatchObject({
      code: 'BAD_REQUEST',
    });

    const { gameId } = await a.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'vasco-da-gama',
      players: 4,
      bots: [1, 2, 3],
    });
    const first = await a.request<StateFrame>({ action: 'subscribe', gameId });
    expect(first.status).toBe('active'); // every seat was taken at creation
    expect(first.seats.map((s) => s?.bot ?? null)).toEqual([null, 'heuristic', 'heuristic', 'heuristic']);
    // The bots move on their own (by the commit's reactions), up to Ana's turn.
    const anasTurn = first.activeSeats.includes(0)
      ? first
      : await a.waitFor<StateFrame>((f) => f.type === 'state' && f.gameId === gameId && f.activeSeats.includes(0));
    expect(anasTurn.activeSeats).toEqual([0]);

    // A running game's history is for its players, and holds no raw events.
    const bruno = await register(server.url, 'Bruno');
    expect((await replay(gameId)).status).toBe(401);
    expect((await replay(gameId, bruno.token)).status).toBe(403);
    const running = (await (await replay(gameId, ana.token)).json()) as { commits: Record<string, unknown>[]; log: string[] };
    expect(running.commits.every((c) => !('events' in c))).toBe(true);

    await playToEnd([a], gameId, 21);
    const last = a.latest(gameId)!;
    expect(last.status).toBe('finished');
    expect((last.outcome as { results: unknown[] }).results).toHaveLength(4);
    const versions = a.states(gameId).map((s) => s.version);
    expect(versions).toEqual([...versions].sort((x, y) => x - y));
    const botMoves = last.log.filter((l) => /Standard bot/.test(l)).length;
    expect(botMoves).toBeGreaterThan(100);

    // Anyone may replay a finished game: every commit with its events, folding to the final state.
    const body = (await (await replay(gameId, bruno.token)).json()) as { commits: Commit[]; rulesVersion: string };
    expect(body.rulesVersion).toBe('1');
    expect(body.commits.map((c) => c.version)).toEqual(Array.from({ length: last.version }, (_, i) => i + 1));
    const record = body.commits.reduce<GameRecord | null>(applyCommit, null)!;
    expect(vascoDaGama.view(record.state as never, null)).toEqual(
      vascoDaGama.view(fold(vascoDaGama, body.commits.flatMap((c) => c.events.filter((e) => !isHostEvent(e))) as never), null),
    );
    expect(vascoDaGama.outcome(record.state as never)).toEqual(last.outcome);
    await a.close();
  });
});
