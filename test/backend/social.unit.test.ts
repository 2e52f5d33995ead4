/**
 * Friends, blocks, groups and vacations through the protocol on the memory app (the local
 * runtime in-process), with a clock the test moves: following by name, who is online and whose
 * turn waits; a block that keeps two players out of each other's games and tournaments and
 * hides their chat; a group joined by its invite code; a vacation that pauses a game's clock,
 * sends no reminder and gives the paused time back.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerFrame, StateFrame } from '../../functions/core/protocol/frames';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register } from '../support/client';
import { startReceiver, type LoopbackServer } from '../support/push-service';
import { waitOffline } from '../support/table';

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;
type ErrorFrame = Frame<'error'>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let now = new Date('2026-12-01T09:00:00.000Z');
let server: InProcessServer;
const clients: Client[] = [];
let ana: Client;
let bruno: Client;
let carla: Client;
let dario: Client;
let run = 0;
let hook: LoopbackServer;
beforeAll(async () => {
  hook = await startReceiver(204);
  // The loopback webhook receiver is allowed, for this server only: where an offline player's notifications go.
  server = await startInProcessServer({
    dataDir: null,
    sweepIntervalMs: 0,
    now: () => now,
    env: { ...process.env, WEBHOOK_ALLOW: `${hook.origin}/hooks/` },
  });
}, 90_000);
// Each test has players of its own (names are unique: numbered), so the tests pass in any order.
beforeEach(async () => {
  run++;
  const players = await Promise.all(['Ana', 'Bruno', 'Carla', 'Dario'].map((n) => register(server.url, `${n} ${run}`)));
  [ana, bruno, carla, dario] = (await Promise.all(players.map((p) => Client.connect(server.wsUrl, p)))) as [Client, Client, Client, Client];
  clients.push(ana, bruno, carla, dario);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server?.close();
  await hook?.close();
});
const name = (c: Client) => c.player.name;

/** Once the players' index (written from the stream) lists the game as in play for this player. */
const indexed = (client: Client, gameId: string) =>
  expect
    .poll(async () => (await client.request<Frame<'games'>>({ action: 'myGames' })).games.find((g) => g.gameId === gameId)?.status)
    .toBe('active');

describe('friends', () => {
  it('follow by name or id, see who is online and whose move waits, and unfollow', async () => {
    let friends = await ana.request<Frame<'friends'>>({ action: 'follow', name: name(bruno).toLowerCase() });
    expect(friends.following).toEqual([
      { playerId: bruno.player.playerId, name: name(bruno), online: true, awayUntil: null, turnsWaiting: 0 },
    ]);
    // A game where it is Bruno's move shows on Ana's list.
    const { gameId } = await ana.request<Frame<'gameCreated'>>({ action: 'createGame', game: 'tic-tac-toe', players: 2 });
    await bruno.request({ action: 'joinGame', gameId });
    await ana.request({ action: 'command', gameId, commandId: 'x1', command: { type: 'mark', cell: 4 } });
    await expect
      .poll(async () => (await bruno.request<Frame<'games'>>({ action: 'myGames' })).games.find((g) => g.gameId === gameId)?.yourTurn)
      .toBe(true);
    friends = await ana.request<Frame<'friends'>>({ action: 'follow', playerId: carla.player.playerId });
    expect(friends.following.map((f) => [f.name, f.turnsWaiting])).toEqual([
      [name(bruno), 1],
      [name(carla), 0],
    ]);
    expect(await ana.request<ErrorFrame>({ action: 'follow', name: name(ana) })).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await ana.request<ErrorFrame>({ action: 'follow', name: 'Nobody at all' })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await ana.request<ErrorFrame>({ action: 'follow' })).toMatchObject({ code: 'BAD_REQUEST' });
    friends = await ana.request<Frame<'friends'>>({ action: 'unfollow', playerId: carla.player.playerId });
    expect(friends.following.map((f) => f.name)).toEqual([name(bruno)]);
  });
});

describe('blocks', () => {
  it('keep a blocked player out of your open games and you out of theirs, hide their chat, and undo it all on unblock', async () => {
    const blocked = await carla.request<Frame<'friends'>>({ action: 'block', name: name(dario) });
    expect(blocked.blocked).toEqual([{ playerId: dario.player.playerId, name: name(dario) }]);

    const { gameId } = await carla.request<Frame<'gameCreated'>>({ action: 'createGame', game: 'tic-tac-toe', players: 2, listed: true });
    const refused = await dario.request<ErrorFrame>({ action: 'joinGame', gameId });
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: 'This game is not open to you.' });
    // Quick play passes over it and opens a new game instead.
    const quick = await dario.request<ServerFrame>({ action: 'quickPlay', game: 'tic-tac-toe', players: 2 });
    expect(quick.type).toBe('gameCreated');
    const theirs = (quick as Frame<'gameCreated'>).gameId;
    expect(await carla.request<ErrorFrame>({ action: 'joinGame', gameId: theirs })).toMatchObject({ code: 'FORBIDDEN' });
    expect(await ana.request({ action: 'gameInfo', gameId })).toMatchObject({ status: 'open', version: 1 });

    // Their chat is hidden from Carla: a block mutes too.
    const history = await carla.request<Frame<'chatHistory'>>({ action: 'chatHistory', gameId });
    expect(history.muted).toContain(dario.player.playerId);

    // Following across a block: the blocker is told to unblock; the other is told no more than that they cannot.
    expect(await carla.request<ErrorFrame>({ action: 'follow', playerId: dario.player.playerId })).toMatchObject({
      code: 'ILLEGAL',
      message: `You block ${name(dario)}: unblock them first.`,
    });
    expect(await dario.request<ErrorFrame>({ action: 'follow', playerId: carla.player.playerId })).toMatchObject({
      code: 'ILLEGAL',
      message: `You cannot follow ${name(carla)}.`,
    });
    const unblocked = await carla.request<Frame<'friends'>>({ action: 'unblock', playerId: dario.player.playerId });
    expect(unblocked.blocked).toEqual([]);
    expect(await dario.request({ action: 'joinGame', gameId })).toMatchObject({ type: 'joined' });
    expect((await carla.request<Frame<'chatHistory'>>({ action: 'chatHistory', gameId })).muted).not.toContain(dario.player.playerId);
  });

  it('keep a blocked player out of your tournament, and never pair two who blocked after entering', async () => {
    // Dario blocks Bruno: Bruno cannot enter a tournament Dario is in.
    await dario.request({ action: 'block', playerId: bruno.player.playerId });
    const { tournamentId: first } = await dario.request<Frame<'tournamentCreated'>>({
      action: 'createTournament',
      name: 'No Bruno',
      game: 'connect-four',
      format: 'roundRobin',
      cap: 4,
    });
    expect(await bruno.request<ErrorFrame>({ action: 'enterTournament', tournamentId: first })).toMatchObject({ code: 'FORBIDDEN' });
    await dario.request({ action: 'unblock', playerId: bruno.player.playerId });

    // A Swiss of four in seed order Ana, Bruno, Carla, Dario would pair Ana with Bruno first; Ana blocks him after both entered.
    const { tournamentId } = await ana.request<Frame<'tournamentCreated'>>({
      action: 'createTournament',
      name: 'Apart',
      game: 'connect-four',
      format: 'swiss',
      cap: 4,
    });
    await bruno.request({ action: 'enterTournament', tournamentId });
    await ana.request({ action: 'block', playerId: bruno.player.playerId });
    await carla.request({ action: 'enterTournament', tournamentId });
    const started = await dario.request<Frame<'tournament'>>({ action: 'enterTournament', tournamentId });
    expect(started.tournament.status).toBe('running');
    const pairs = started.round!.tables.map((t) =>
      t.seats
        .map((s) => s.name)
        .sort()
        .join(' v '),
    );
    expect(pairs).not.toContain([name(ana), name(bruno)].sort().join(' v '));
    expect(pairs).toHaveLength(2);
    await ana.request({ action: 'unblock', playerId: bruno.player.playerId });
  });
});

describe('groups', () => {
  it('are joined with their invite code; members see each other, their waiting games and a leaderboard', async () => {
    const made = await ana.request<Frame<'group'>>({ action: 'createGroup', name: 'Lisbon club', game: 'tic-tac-toe' });
    expect(made).toMatchObject({ name: 'Lisbon club', youMember: true, members: [{ name: name(ana), online: true }] });
    const { groupId, inviteCode } = made;
    expect(await bruno.request<ErrorFrame>({ action: 'joinGroup', groupId, code: 'wrong' })).toMatchObject({ code: 'FORBIDDEN' });
    // Not a member: the name, nothing else.
    expect(await bruno.request<Frame<'group'>>({ action: 'group', groupId })).toMatchObject({
      youMember: false,
      inviteCode: null,
      members: [],
    });
    const joined = await bruno.request<Frame<'group'>>({ action: 'joinGroup', groupId, code: inviteCode });
    expect(joined.members.map((m) => m.name)).toEqual([name(ana), name(bruno)]);
    const { gameId } = await bruno.request<Frame<'gameCreated'>>({ action: 'createGame', game: 'connect-four', players: 2 });
    const seen = await ana.request<Frame<'group'>>({ action: 'group', groupId, game: 'connect-four' });
    expect(seen.waiting.map((g) => g.gameId)).toContain(gameId);
    expect(seen.game).toBe('connect-four');
    expect((await bruno.request<Frame<'friends'>>({ action: 'friends' })).groups).toEqual([{ groupId, name: 'Lisbon club' }]);
    const left = await bruno.request<Frame<'group'>>({ action: 'leaveGroup', groupId });
    expect(left.youMember).toBe(false);
    expect((await ana.request<Frame<'group'>>({ action: 'group', groupId })).members.map((m) => m.name)).toEqual([name(ana)]);
    expect(await ana.request<ErrorFrame>({ action: 'createGroup', name: '' })).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

/** A game of tic-tac-toe with a clock of `hours` a move, begun: `host` creates it (seat 0), `guest` takes seat 1. */
async function clockedGame(host: Client, guest: Client, hours: number): Promise<string> {
  const { gameId } = await host.request<Frame<'gameCreated'>>({
    action: 'createGame',
    game: 'tic-tac-toe',
    players: 2,
    clock: { type: 'perMove', hours },
  });
  await guest.request({ action: 'joinGame', gameId });
  return gameId;
}

describe('vacation', () => {
  it("pauses a game's clock and sends nothing while away; back early, the paused time is given back", async () => {
    const path = `/hooks/carla-${run}`;
    await carla.request({ action: 'setNotifications', settings: { webhook: { url: `${hook.origin}${path}` } } });
    const gameId = await clockedGame(carla, dario, 24);
    await indexed(carla, gameId);
    const deadlineOf = async (seat: number) =>
      (await dario.request<Frame<'gameInfo'>>({ action: 'gameInfo', gameId })).clock!.deadlines[seat] ?? null;
    expect(await deadlineOf(0)).toBe(new Date(now.getTime() + DAY).toISOString());

    // Carla goes away for 3 days: her clock stops, Dario sees it.
    const until = new Date(now.getTime() + 3 * DAY).toISOString();
    const away = await carla.request<Frame<'vacation'>>({ action: 'setVacation', until });
    expect(away).toMatchObject({ vacation: { until }, daysLeft: 18, paused: 1 });
    expect(await deadlineOf(0)).toBeNull();
    const state = await dario.request<StateFrame>({ action: 'subscribe', gameId });
    expect(state.seats[0]).toMatchObject({ name: name(carla), awayUntil: until });
    expect(state.log.at(-1)).toBe(
      `${name(carla)} is on vacation until ${new Date(until).getUTCDate()} ${new Date(until).toLocaleString('en', { month: 'long', timeZone: 'UTC' })}`,
    );

    // She closes the tab. A day and a half later, past her old deadline: no time-out, and nothing is sent to her.
    await carla.close();
    await waitOffline(server.app, carla.player.playerId);
    now = new Date(now.getTime() + 36 * HOUR);
    await server.sweep();
    await server.notified();
    expect((await dario.request<Frame<'gameInfo'>>({ action: 'gameInfo', gameId })).activeSeats).toEqual([0]);
    expect((await dario.request<StateFrame>({ action: 'subscribe', gameId })).log.join('\n')).not.toMatch(/ran out of time/);
    expect(hook.received.filter((r) => r.path === path)).toEqual([]);

    // Back early: her turn has all of its time but what she used before leaving (none).
    carla = await Client.connect(server.wsUrl, carla.player);
    clients.push(carla);
    const back = await carla.request<Frame<'vacation'>>({ action: 'endVacation' });
    expect(back).toMatchObject({ vacation: null, paused: 1, daysLeft: 19 });
    expect(await deadlineOf(0)).toBe(new Date(now.getTime() + DAY).toISOString());
    expect(await carla.request<ErrorFrame>({ action: 'endVacation' })).toMatchObject({ code: 'BAD_REQUEST' });
    // More days than are left this year: refused, nothing changes.
    const greedy = await carla.request<ErrorFrame>({ action: 'setVacation', until: new Date(now.getTime() + 20 * DAY).toISOString() });
    expect(greedy).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/19 of your 21/) });
    expect(await deadlineOf(0)).toBe(new Date(now.getTime() + DAY).toISOString());
    // Without the vacation the same sweep times her out: the clock runs again.
    now = new Date(now.getTime() + DAY + 60_000);
    await server.sweep();
    expect((await dario.request<StateFrame>({ action: 'subscribe', gameId })).log.join('\n')).toMatch(/ran out of time/);
  });

  it('pauses a game that begins while the player is away: a seat taken, a tournament round', async () => {
    const until = new Date(now.getTime() + 4 * DAY).toISOString();
    await bruno.request({ action: 'setVacation', until });
    const deadlines = async (gameId: string) => (await ana.request<Frame<'gameInfo'>>({ action: 'gameInfo', gameId })).clock!.deadlines;

    // Bruno, away, takes a seat (from his phone): the game that begins has his clock paused, Ana's not.
    const gameId = await clockedGame(ana, bruno, 24);
    await expect.poll(async () => (await ana.request<StateFrame>({ action: 'subscribe', gameId })).seats[1]?.awayUntil).toBe(until);
    // Ana moves: it is Bruno's turn, and his clock does not run.
    await ana.request({ action: 'command', gameId, commandId: `away-${run}`, command: { type: 'mark', cell: 4 } });
    expect((await ana.request<Frame<'gameInfo'>>({ action: 'gameInfo', gameId })).activeSeats).toEqual([1]);
    expect(await deadlines(gameId)).toEqual([null, null]);

    // A tournament round that starts while he is away: his game there is paused too.
    const { tournamentId } = await ana.request<Frame<'tournamentCreated'>>({
      action: 'createTournament',
      name: `Away cup ${run}`,
      game: 'tic-tac-toe',
      format: 'swiss',
      cap: 2,
      enter: false,
      clock: { type: 'perMove', hours: 24 },
    });
    await dario.request({ action: 'enterTournament', tournamentId });
    const started = await bruno.request<Frame<'tournament'>>({ action: 'enterTournament', tournamentId });
    const table = started.round!.tables[0]!;
    const seat = table.seats.findIndex((s) => s.playerId === bruno.player.playerId);
    await expect
      .poll(async () => (await dario.request<StateFrame>({ action: 'subscribe', gameId: table.gameId })).seats[seat]?.awayUntil)
      .toBe(until);
    const info = await deadlines(table.gameId);
    expect(info[seat]).toBeNull();
  });

  it('ends by itself: the sweep brings the player back when it is over', async () => {
    const gameId = await clockedGame(ana, carla, 48);
    await indexed(ana, gameId);
    const until = new Date(now.getTime() + 2 * DAY);
    await ana.request({ action: 'setVacation', until: until.toISOString() });
    now = new Date(until.getTime() + 1000);
    await server.sweep();
    const state = await carla.request<StateFrame>({ action: 'subscribe', gameId });
    expect(state.seats[0]!.awayUntil).toBeUndefined();
    expect(state.log.at(-1)).toBe(`${name(ana)} is back from vacation`);
    const info = await ana.request<Frame<'gameInfo'>>({ action: 'gameInfo', gameId });
    // The two days away cost her nothing: 48 hours from her return.
    expect(info.clock!.deadlines[0]).toBe(new Date(now.getTime() + 48 * HOUR).toISOString());
    expect((await ana.request<Frame<'vacation'>>({ action: 'vacation' })).vacation).toBeNull();
  });
});
