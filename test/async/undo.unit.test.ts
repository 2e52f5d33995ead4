/**
 * Undo: a player may take back their own last command while nobody else has acted since and if
 * it revealed nothing hidden; it is stored as an event and replay stays exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCommit, moduleOf, type Commit, type GameRecord } from '../../functions/core/record';
import { planCommand, planCreate, planJoin, planUndo } from '../../functions/core/plans';
import { ProtocolError, type ServerFrame, type StateFrame } from '../../functions/core/protocol/frames';
import type { VdgState } from '../../domain/games/vasco-da-gama/types';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register } from '../support/client';
import { commitsOf } from '../support/table';

const at = '2026-11-21T12:00:00.000Z';
const ana = { playerId: 'ana', name: 'Ana' };
const bruno = { playerId: 'bruno', name: 'Bruno' };

/** A started 2-player Vasco da Gama game, with every commit kept for replay. */
function game() {
  const commits: Commit[] = [];
  let record: GameRecord | null = null;
  const add = (c: Commit | null) => {
    if (!c) throw new Error('nothing to commit');
    commits.push(c);
    record = applyCommit(record, c);
    return record;
  };
  add(planCreate({ gameId: 'g', game: 'vasco-da-gama', players: 2, options: {}, player: ana, seed: 1, at }));
  add(planJoin(record!, bruno, undefined, 4, at));
  const players = [ana, bruno];
  const command = (seat: number, cmd: unknown, id: string) => {
    const plan = planCommand(record!, players[seat]!.playerId, id, cmd, at);
    if (!('commit' in plan)) throw new Error('duplicate');
    return add(plan.commit);
  };
  /** Play the first legal non-launch command of whoever is active. */
  const step = (id: string) => {
    const r = record!;
    const seat = moduleOf(r).activeSeats(r.state)[0]!;
    return {
      seat,
      record: command(
        seat,
        moduleOf(r)
          .legal(r.state, seat)
          .find((c) => (c as { type: string }).type !== 'launch'),
        id,
      ),
    };
  };
  return {
    commits,
    add,
    command,
    step,
    get record() {
      return record!;
    },
    players,
  };
}

const expectIllegal = (f: () => unknown, message: RegExp) => {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).code).toBe('ILLEGAL');
    expect((error as ProtocolError).message).toMatch(message);
    return;
  }
  throw new Error('expected ILLEGAL');
};

describe('undo', () => {
  it("takes back the mover's own last placement; replay from the commits gives the same record", () => {
    const g = game();
    g.step('merchant'); // the Sernigi holder sends the dealt merchant ship
    const before = g.record;
    const { seat } = g.step('place-1');
    expect(seat).toBe(before.state && moduleOf(before).activeSeats(before.state)[0]);
    expect(g.record.undo).toMatchObject({ version: before.version + 1, seat });
    const undone = g.add(planUndo(g.record, g.players[seat]!.playerId, at));
    expect(undone.version).toBe(before.version + 2);
    expect(undone.state).toEqual(before.state);
    expect(undone.log.at(-1)).toMatch(/took back their last move/);
    expect(undone.log.slice(0, -1)).toEqual(before.log);
    // The same seat is to place again, and may place something else.
    expect(moduleOf(undone).activeSeats(undone.state)).toEqual([seat]);
    g.step('place-again');
    const replayed = g.commits.reduce<GameRecord | null>(applyCommit, null)!;
    expect(replayed).toEqual(g.record);
  });

  it('is refused once another player has acted, to another player, and with nothing to undo', () => {
    const g = game();
    g.step('merchant');
    const { seat } = g.step('place-1');
    const other = 1 - seat;
    expectIllegal(() => planUndo(g.record, g.players[other]!.playerId, at), /Only the player who made the last move/);
    g.step('place-2'); // the other seat places: the first placement can no longer be taken back
    expectIllegal(() => planUndo(g.record, g.players[seat]!.playerId, at), /Only the player who made the last move/);
    const fresh = game();
    expectIllegal(() => planUndo(fresh.record, ana.playerId, at), /nothing to take back/);
  });

  it('is refused for a command that revealed hidden information', () => {
    const g = game();
    g.step('merchant');
    // Play Phase 1 to its last disc: that placement turns the next Vasco da Gama tile face up.
    let last: { seat: number; record: GameRecord };
    do last = g.step(`p${g.record.version}`);
    while ((g.record.state as VdgState).phase === 'placement');
    expect(g.commits.at(-1)!.events.some((e) => e.type === 'VariationRevealed')).toBe(true);
    expect(g.record.undo).toBeNull();
    expectIllegal(() => planUndo(g.record, g.players[last.seat]!.playerId, at), /revealed nothing hidden/);
  });
});

describe('undo through the protocol', () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0 });
  }, 90_000);
  afterAll(async () => server?.close());

  it('answers with the new version and everyone sees the state before the move', async () => {
    const [a, b] = await Promise.all(['Ana', 'Bruno'].map(async (n) => Client.connect(server.wsUrl, await register(server.url, n))));
    const { gameId } = await a!.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'tic-tac-toe',
      players: 2,
    });
    await b!.request({ action: 'joinGame', gameId });
    await b!.request({ action: 'subscribe', gameId });
    // Tic-tac-toe has no undo: its module does not offer it.
    await a!.request({ action: 'command', gameId, commandId: 'm1', command: { type: 'mark', cell: 4 } });
    expect(await a!.request({ action: 'undo', gameId })).toMatchObject({ type: 'error', code: 'ILLEGAL' });

    const { gameId: vdg } = await a!.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'vasco-da-gama',
      players: 2,
    });
    await b!.request({ action: 'joinGame', gameId: vdg });
    const clients = [a!, b!];
    let s = await a!.request<StateFrame>({ action: 'subscribe', gameId: vdg });
    await b!.request({ action: 'subscribe', gameId: vdg });
    // Play until a placement happened that can be taken back.
    for (let i = 0; ; i++) {
      const mover = clients.find((c) => c.latest(vdg)!.activeSeats.includes(c.latest(vdg)!.you!))!;
      s = mover.latest(vdg)!;
      const command = s.legal.find((c) => (c as { type: string }).type === 'place') ?? s.legal[0];
      const ack = await mover.request<Extract<ServerFrame, { type: 'ack' }>>({
        action: 'command',
        gameId: vdg,
        commandId: `c${i}`,
        command,
      });
      if ((command as { type: string }).type !== 'place') await Promise.all(clients.map((c) => c.until(vdg, ack.version)));
      if ((command as { type: string }).type === 'place') {
        const done = await mover.request<Extract<ServerFrame, { type: 'done' }>>({ action: 'undo', gameId: vdg });
        expect(done).toMatchObject({ type: 'done', version: s.version + 2 });
        const other = clients.find((c) => c !== mover)!;
        const seen = await other.waitFor<StateFrame>((f) => f.type === 'state' && f.version === s.version + 2);
        expect(seen.view).toEqual(other.states(vdg).find((f) => f.version === s.version)!.view);
        break;
      }
    }
    // The stored commits replay to the record the server holds.
    const commits = await commitsOf(server.app, vdg);
    expect(commits.at(-1)!.events).toEqual([{ type: '$undone', seat: expect.any(Number), version: s.version + 1 }]);
    await Promise.all(clients.map((c) => c.close()));
  });
});
