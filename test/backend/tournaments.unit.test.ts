/**
 * Tournaments through the protocol on the local runtime (in-process, memory stores): a Swiss of
 * 16 with two people and 14 bots, played to the end; a round robin of 5 Navegador bots; an
 * elimination of 6 with byes. Each round is paired when the last game of the one before ends
 * (the stream's reaction to its finishing commit), and the standings the server sends are the
 * ones worked out here by hand from the results of every table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register } from '../support/client';
import { playToEnd } from '../support/play';
import { byHand } from '../support/tournament-standings';

type TournamentFrame = Extract<ServerFrame, { type: 'tournament' }>;
type Created = Extract<ServerFrame, { type: 'tournamentCreated' }>;
type ErrorFrame = Extract<ServerFrame, { type: 'error' }>;
type Table = NonNullable<TournamentFrame['round']>['tables'][number];

let server: InProcessServer;
let ana: Client;
let bruno: Client;
let carla: Client;
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0 });
  const players = await Promise.all(['Ana', 'Bruno', 'Carla'].map((n) => register(server.url, n)));
  [ana, bruno, carla] = (await Promise.all(players.map((p) => Client.connect(server.wsUrl, p)))) as [Client, Client, Client];
}, 90_000);
afterAll(async () => {
  await Promise.all([ana, bruno, carla].map((c) => c?.close()));
  await server?.close();
});

const look = (tournamentId: string, round?: number) =>
  ana.request<TournamentFrame>({ action: 'tournament', tournamentId, ...(round ? { round } : {}) });

/** Every round's tables, as the server reports them, once the tournament has finished. */
async function allRounds(tournamentId: string, rounds: number): Promise<NonNullable<TournamentFrame['round']>[]> {
  return Promise.all(Array.from({ length: rounds }, async (_, i) => (await look(tournamentId, i + 1)).round!));
}

/** Play a person's table of the round in play, if they have one, to its end. */
async function playMine(client: Client, table: Table | undefined, seed: number, partner?: Client): Promise<void> {
  if (!table) return;
  await client.request({ action: 'subscribe', gameId: table.gameId });
  if (partner) await partner.request({ action: 'subscribe', gameId: table.gameId });
  await playToEnd(partner ? [client, partner] : [client], table.gameId, seed);
}

describe('a Swiss tournament of 16', () => {
  it('is paired by score round after round, with no pairing twice, and ends with the standings worked out by hand', async () => {
    const { tournamentId } = await ana.request<Created>({
      action: 'createTournament',
      name: 'Winter Cup',
      game: 'connect-four',
      format: 'swiss',
      cap: 16,
      bots: 14,
      bot: 'random',
    });
    let t = await look(tournamentId);
    expect(t.tournament).toMatchObject({ status: 'entry', entrants: 15, youEntered: true, round: 0 });
    // The 16th entry fills it: round 1 starts.
    t = await bruno.request<TournamentFrame>({ action: 'enterTournament', tournamentId });
    expect(t.tournament).toMatchObject({ status: 'running', entrants: 16, round: 1, rounds: 4 });
    expect(t.round!.tables).toHaveLength(8);
    // Entering again changes nothing; anyone else is too late.
    expect((await bruno.request<TournamentFrame>({ action: 'enterTournament', tournamentId })).tournament.entrants).toBe(16);
    expect(await carla.request<ErrorFrame>({ action: 'enterTournament', tournamentId })).toMatchObject({ type: 'error', code: 'ILLEGAL' });

    // Ana watches her list of games: each new round's game is told to her as it is created.
    await ana.request({ action: 'myGames', watch: true });
    for (let round = 1; round <= 4; round++) {
      t = (await expect.poll(() => look(tournamentId)).toSatisfy((f: TournamentFrame) => f.tournament.round === round)) as never;
      t = await look(tournamentId);
      const mine = (c: Client) => t.round!.tables.find((x) => x.seats.some((s) => s.playerId === c.player.playerId));
      const [a, b] = [mine(ana), mine(bruno)];
      if (round > 1)
        await expect
          .poll(() => ana.frames.some((f) => f.type === 'gameChanged' && f.game.gameId === a!.gameId), { timeout: 10_000 })
          .toBe(true);
      if (a && a === b) await playMine(ana, a, round, bruno);
      else await Promise.all([playMine(ana, a, round), playMine(bruno, b, round + 10)]);
    }
    t = (await expect
      .poll(() => look(tournamentId), { timeout: 30_000 })
      .toSatisfy((f: TournamentFrame) => f.tournament.status === 'finished')) as never;
    t = await look(tournamentId);

    const rounds = await allRounds(tournamentId, 4);
    const pairs = rounds.flatMap((r) =>
      r.tables.map((x) =>
        x.seats
          .map((s) => s.playerId)
          .sort()
          .join(' v '),
      ),
    );
    expect(new Set(pairs).size).toBe(32);
    for (const r of rounds) expect(r.tables.every((x) => x.points !== null)).toBe(true);
    const hand = byHand(rounds);
    expect(t.standings).toHaveLength(16);
    for (const s of t.standings)
      expect({ points: s.points, buchholz: s.buchholz, sonnebornBerger: s.sonnebornBerger }).toEqual(hand.get(s.playerId));
    // Ranked by points, then Buchholz, then Sonneborn-Berger; equal lines share a rank.
    for (let i = 1; i < 16; i++) {
      const [x, y] = [t.standings[i - 1]!, t.standings[i]!];
      const key = (s: typeof x) => [s.points, s.buchholz, s.sonnebornBerger];
      const cmp = key(x).findIndex((v, k) => v !== key(y)[k]);
      if (cmp < 0) expect(y.rank).toBe(x.rank);
      else {
        expect(key(x)[cmp]).toBeGreaterThan(key(y)[cmp]!);
        expect(y.rank).toBe(i + 1);
      }
    }
    // Round 2 pairs within score groups: the winners of round 1 meet winners (when no draw broke the groups).
    const after1 = new Map(rounds[0]!.tables.flatMap((x) => x.seats.map((s, i) => [s.playerId, x.points![i]!] as const)));
    if ([...after1.values()].every((p) => p !== 0.5))
      for (const x of rounds[1]!.tables) expect(after1.get(x.seats[0]!.playerId)).toBe(after1.get(x.seats[1]!.playerId));
  }, 120_000);
});

describe('a round robin of 5 Navegador players', () => {
  it('pairs everyone with everyone once, a bye each, and breaks a tie on points head to head', async () => {
    const { tournamentId } = await ana.request<Created>({
      action: 'createTournament',
      name: 'Navegador league',
      game: 'navegador',
      format: 'roundRobin',
      cap: 5,
      bots: 5,
      bot: 'random',
      enter: false,
    });
    const t = (await expect
      .poll(() => look(tournamentId), { timeout: 60_000 })
      .toSatisfy((f: TournamentFrame) => f.tournament.status === 'finished')) as never as TournamentFrame;
    const done = await look(tournamentId);
    expect(done.tournament).toMatchObject({ rounds: 5, round: 5, youEntered: false });
    const rounds = await allRounds(tournamentId, 5);
    const pairs = rounds.flatMap((r) =>
      r.tables.map((x) =>
        x.seats
          .map((s) => s.playerId)
          .sort()
          .join(' v '),
      ),
    );
    expect(pairs).toHaveLength(10);
    expect(new Set(pairs).size).toBe(10);
    const byes = rounds.flatMap((r) => r.byes.map((b) => b.playerId));
    expect(new Set(byes).size).toBe(5);
    const hand = byHand(rounds);
    for (const s of done.standings) expect(s.points).toBe(hand.get(s.playerId)!.points);
    // Head to head: among players tied on points, the points they scored against each other.
    for (const s of done.standings) {
      const tied = done.standings.filter((o) => o.points === s.points && o.playerId !== s.playerId).map((o) => o.playerId);
      const h2h = rounds
        .flatMap((r) => r.tables)
        .filter((x) => x.seats.some((p) => p.playerId === s.playerId) && x.seats.some((p) => tied.includes(p.playerId)))
        .reduce((sum, x) => sum + x.points![x.seats.findIndex((p) => p.playerId === s.playerId)]!, 0);
      expect(s.headToHead).toBe(h2h);
    }
    for (let i = 1; i < 5; i++) {
      const [x, y] = [done.standings[i - 1]!, done.standings[i]!];
      expect(x.points > y.points || (x.points === y.points && x.headToHead >= y.headToHead)).toBe(true);
    }
    expect(t).toBeDefined();
  }, 120_000);
});

describe('an elimination bracket of 6', () => {
  it('gives the top two seeds a bye, sends winners on, and ends with one champion', async () => {
    const { tournamentId } = await ana.request<Created>({
      action: 'createTournament',
      name: 'Knockout',
      game: 'connect-four',
      format: 'elimination',
      cap: 6,
      bots: 6,
      bot: 'random',
      enter: false,
    });
    await expect.poll(() => look(tournamentId), { timeout: 30_000 }).toSatisfy((f: TournamentFrame) => f.tournament.status === 'finished');
    const done = await look(tournamentId);
    expect(done.tournament.rounds).toBe(3);
    const rounds = await allRounds(tournamentId, 3);
    const seeds = done.entrants.map((e) => e.playerId);
    expect(rounds[0]!.byes.map((b) => b.playerId)).toEqual([seeds[0], seeds[1]]);
    expect(rounds[0]!.tables.map((x) => x.seats.map((s) => seeds.indexOf(s.playerId) + 1))).toEqual(
      expect.arrayContaining([
        [4, 5],
        [3, 6],
      ]),
    );
    expect(rounds[1]!.tables).toHaveLength(2);
    expect(rounds[2]!.tables).toHaveLength(1);
    // Who goes through: the winner, or after a draw the higher seed (seat 0).
    const through = (x: Table) => (x.points![1]! > x.points![0]! ? x.seats[1]! : x.seats[0]!).playerId;
    expect(rounds[1]!.tables.flatMap((x) => x.seats.map((s) => s.playerId)).sort()).toEqual(
      [seeds[0]!, seeds[1]!, ...rounds[0]!.tables.map(through)].sort(),
    );
    const champion = through(rounds[2]!.tables[0]!);
    expect(done.standings[0]).toMatchObject({ playerId: champion, rank: 1, outIn: null });
    expect(done.standings.filter((s) => s.outIn === 1)).toHaveLength(2);
    expect(done.standings.filter((s) => s.outIn === 2)).toHaveLength(2);
    expect(done.standings.filter((s) => s.outIn === 3)).toHaveLength(1);
  }, 60_000);
});

describe('entry', () => {
  it('refuses an unknown game, a crowded field, a start in the past, and a withdrawal after the start; nothing is stored', async () => {
    const refused = (frame: Record<string, unknown>) =>
      ana.request<ErrorFrame>({ action: 'createTournament', name: 'X', format: 'swiss', cap: 4, ...frame });
    expect(await refused({ game: 'chess' })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refused({ game: 'connect-four', bots: 4 })).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await refused({ game: 'connect-four', startAt: '2020-01-01T00:00:00Z' })).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await refused({ game: 'connect-four', name: '   ' })).toMatchObject({ code: 'BAD_REQUEST' });
    const { tournamentId } = await ana.request<Created>({
      action: 'createTournament',
      name: 'Small',
      game: 'connect-four',
      format: 'swiss',
      cap: 3,
    });
    expect((await bruno.request<TournamentFrame>({ action: 'enterTournament', tournamentId })).tournament.entrants).toBe(2);
    const left = await bruno.request<TournamentFrame>({ action: 'leaveTournament', tournamentId });
    expect(left.tournament).toMatchObject({ entrants: 1, youEntered: false });
    expect(await bruno.request<ErrorFrame>({ action: 'leaveTournament', tournamentId })).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await bruno.request<ErrorFrame>({ action: 'tournament', tournamentId: 'nope' })).toMatchObject({ code: 'NOT_FOUND' });
  });
});
