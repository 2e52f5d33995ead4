/**
 * Chat per game through the local runtime (in-process, on the memory stores), as Lambda
 * instances run it (no sole writer's shortcuts): seated players write and read, spectators read only when the game
 * allows it, nobody else; the text rule, the rate limits (counted in the store, so they hold for
 * concurrent senders) and paging; mutes hide a player's messages from the muter live and in
 * history. Every refusal is an error frame with a sentence, and nothing is stored.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../functions/core/chat';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register, type Player } from '../support/client';
import { restoreLimits, setLimit } from '../support/limits';
import { settledState } from '../support/table';
import { playerStore } from '../../functions/app/players';

let now = new Date('2026-03-02T10:20:00Z');
let server: InProcessServer;
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, tableOnlyRecords: true, now: () => now, sweepIntervalMs: 0 });
}, 90_000);
afterAll(async () => server?.close());
afterEach(restoreLimits);

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

async function connect<N extends string[]>(...names: N): Promise<{ [K in keyof N]: Client }> {
  const players = await Promise.all(names.map((n) => register(server.url, n)));
  return (await Promise.all(players.map((p) => Client.connect(server.wsUrl, p)))) as { [K in keyof N]: Client };
}

async function game(creator: Client, others: Client[], extra: Record<string, unknown> = {}): Promise<string> {
  const { gameId } = await creator.request<Frame<'gameCreated'>>({
    action: 'createGame',
    game: 'tic-tac-toe',
    players: 1 + others.length,
    ...extra,
  });
  for (const o of others) expect(await o.request({ action: 'joinGame', gameId })).toMatchObject({ type: 'joined' });
  return gameId;
}

const say = (c: Client, gameId: string, text: unknown) =>
  c.requestOnce<Frame<'chatSent'> | Frame<'error'>>({ action: 'chat', gameId, text });
const history = (c: Client, gameId: string, page: { before?: number; limit?: number } = {}) =>
  c.request<Frame<'chatHistory'> | Frame<'error'>>({ action: 'chatHistory', gameId, ...page });
/** The chat frames a connection received for a game. */
const heard = (c: Client, gameId: string) => c.frames.flatMap((f) => (f.type === 'chat' && f.gameId === gameId ? [f.message] : []));
/** Wait until the connection has heard the message with this text (perhaps already). */
const hears = async (c: Client, gameId: string, text: string) => {
  if (!heard(c, gameId).some((m) => m.text === text))
    await c.waitFor((f) => f.type === 'chat' && f.gameId === gameId && f.message.text === text);
};
/** Every frame sent to the client so far has arrived: a round trip on its socket. */
const flushed = (...clients: Client[]) => Promise.all(clients.map((c) => c.request({ action: 'ping' })));
const chatItems = async (gameId: string) => (await server.stores.chat.page(gameId, undefined, 1000)).messages;

describe('chat per game', () => {
  it('seated players write and read; spectators and strangers are refused and change nothing', async () => {
    const [a, b, c] = await connect('Ana', 'Bruno', 'Carla');
    const gameId = await game(a, [b]);
    for (const x of [a, b, c]) await x.request({ action: 'subscribe', gameId });

    const sent = await say(a, gameId, '  Olá,   Bruno! 👋 ');
    const first: ChatMessage = {
      id: 1,
      gameId,
      playerId: a.player.playerId,
      seat: 0,
      name: 'Ana',
      text: 'Olá, Bruno! 👋',
      at: now.toISOString(),
    };
    expect(sent).toEqual({ type: 'chatSent', requestId: expect.any(String), message: first });
    await hears(b, gameId, first.text);
    expect(b.frames.find((f) => f.type === 'chat')).toEqual({ type: 'chat', gameId, message: first });
    // The author's other connections hear it; the one that sent it has its answer instead.
    const a2 = await Client.connect(server.wsUrl, a.player);
    await a2.request({ action: 'subscribe', gameId });
    expect(await say(b, gameId, 'Boa sorte!')).toMatchObject({ type: 'chatSent', message: { id: 2, seat: 1, name: 'Bruno' } });
    await hears(a, gameId, 'Boa sorte!');
    await hears(a2, gameId, 'Boa sorte!');
    await flushed(a, b, c);
    expect(heard(a, gameId).map((m) => m.id)).toEqual([2]);
    expect(heard(b, gameId).map((m) => m.id)).toEqual([1]);
    expect(heard(c, gameId)).toEqual([]); // a spectator of a game that keeps its chat to its players

    // The author is who the connection is, whatever the frame says.
    expect(await say(a, gameId, 'Sou eu')).toMatchObject({ message: { playerId: a.player.playerId, seat: 0, name: 'Ana' } });
    const forged = await a.requestOnce<Frame<'chatSent'>>({
      action: 'chat',
      gameId,
      text: 'Sou o Bruno',
      playerId: b.player.playerId,
      seat: 1,
      name: 'Bruno',
    });
    expect(forged.message).toMatchObject({ playerId: a.player.playerId, seat: 0, name: 'Ana' });

    const before = await settledState(server);
    expect(await say(c, gameId, 'Posso jogar?')).toMatchObject({
      type: 'error',
      code: 'FORBIDDEN',
      message: 'Only the players seated in this game can write in its chat.',
    });
    expect(await history(c, gameId)).toMatchObject({
      type: 'error',
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^This chat is for the players seated in the game/),
    });
    expect(await say(c, 'no-such-game', 'Olá')).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    expect(await history(a, 'no-such-game')).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    expect(await settledState(server)).toBe(before);

    expect(await history(b, gameId)).toEqual({
      type: 'chatHistory',
      requestId: expect.any(String),
      gameId,
      messages: [
        first,
        expect.objectContaining({ id: 2, text: 'Boa sorte!' }),
        expect.objectContaining({ id: 3 }),
        expect.objectContaining({ id: 4, text: 'Sou o Bruno', name: 'Ana' }),
      ],
      next: null,
      muted: [],
      canWrite: true,
    });
    // Chat stays beside the game: no commit was stored for it.
    expect(await a.request({ action: 'subscribe', gameId })).toMatchObject({ type: 'state', version: 2 });
    await Promise.all([a, a2, b, c].map((x) => x.close()));
  });

  it('refuses text that breaks the rule with a sentence, storing nothing', async () => {
    const [a, b] = await connect('Ana 2', 'Bruno 2');
    const gameId = await game(a, [b]);
    const before = await settledState(server);
    const refused = async (text: unknown, message: RegExp) =>
      expect(await say(a, gameId, text)).toEqual({
        type: 'error',
        requestId: expect.any(String),
        code: 'BAD_REQUEST',
        message: expect.stringMatching(message),
      });
    await refused('a'.repeat(501), /^Chat messages may be at most 500 characters long \(this one has 501\)\.$/);
    await refused('   ', /^Chat messages need at least one visible character/);
    await refused('', /^Chat messages need at least one visible character/);
    await refused('\u200b\u200b', /invisible formatting characters.*U\+200B/);
    await refused('\u202egnp.exe', /direction overrides.*U\+202E/);
    await refused('one\ntwo', /one line/);
    await refused(
      `o${'\u0336\u0321\u0352\u0353'.repeat(4)}k`,
      /^Chat messages may have at most 3 combining marks .* \(found 16 on U\+006F\)\.$/,
    );
    await refused('\u3164', /draw nothing/);
    await refused(42, /Chat messages must be text/);
    expect(await settledState(server)).toBe(before);
    expect(await say(a, gameId, 'é'.repeat(500))).toMatchObject({ type: 'chatSent' });
    await Promise.all([a.close(), b.close()]);
  });

  it('limits each player in each game to 5 messages in 10 seconds and 200 a day, for concurrent senders too', async () => {
    const [a, b] = await connect('Ana 3', 'Bruno 3');
    const gameId = await game(a, [b]);
    for (let i = 0; i < 5; i++) expect(await say(a, gameId, `m${i}`)).toMatchObject({ type: 'chatSent' });
    expect(await say(a, gameId, 'too fast')).toEqual({
      type: 'error',
      requestId: expect.any(String),
      code: 'RATE_LIMITED',
      message: 'You can send at most 5 chat messages in 10 seconds. Try again in 10 seconds.',
      retryAfterMs: 10_000,
    });
    expect(await chatItems(gameId)).toHaveLength(5);
    expect(await say(b, gameId, 'my own count')).toMatchObject({ type: 'chatSent' });
    now = new Date(now.getTime() + 4_000);
    expect(await say(a, gameId, 'still')).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 6_000 });
    now = new Date(now.getTime() + 6_000);
    expect(await say(a, gameId, 'again')).toMatchObject({ type: 'chatSent' });

    // Two connections sending at once: the count is in the table, so five get through, no more.
    now = new Date(now.getTime() + 10_000);
    const a2 = await Client.connect(server.wsUrl, a.player);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => say(i % 2 ? a : a2, gameId, `burst ${i}`)));
    expect(answers.filter((f) => f.type === 'chatSent')).toHaveLength(5);
    expect(answers.filter((f) => f.type === 'error' && f.code === 'RATE_LIMITED')).toHaveLength(5);
    expect(await chatItems(gameId)).toHaveLength(5 + 1 + 1 + 5);

    // A day's limit (lowered here): counted per UTC day and per game.
    setLimit('CHAT_MESSAGES_PER_DAY', 12);
    now = new Date(now.getTime() + 10_000);
    expect(await say(a, gameId, 'eleven')).toMatchObject({ type: 'chatSent' });
    const untilMidnight = Date.parse('2026-03-03T00:00:00Z') - now.getTime();
    expect(await say(a, gameId, 'twelve and more')).toEqual({
      type: 'error',
      requestId: expect.any(String),
      code: 'RATE_LIMITED',
      message: `You have sent 12 chat messages in this game today (UTC), the most one player may. Try again in ${Math.ceil(untilMidnight / 60_000)} minutes.`,
      retryAfterMs: untilMidnight,
    });
    const other = await game(a, [b]);
    expect(await say(a, other, 'another game')).toMatchObject({ type: 'chatSent' });
    now = new Date('2026-03-03T00:00:01Z');
    expect(await say(a, gameId, 'a new day')).toMatchObject({ type: 'chatSent' });
    await Promise.all([a.close(), a2.close(), b.close()]);
  });

  it("pages back through a game's chat, oldest first", async () => {
    const [a, b] = await connect('Ana 4', 'Bruno 4');
    const gameId = await game(a, [b]);
    setLimit('CHAT_MESSAGES_PER_WINDOW', 100);
    for (let i = 1; i <= 7; i++) await say(i % 2 ? a : b, gameId, `line ${i}`);
    const ids = (f: Frame<'chatHistory'> | Frame<'error'>) =>
      f.type === 'chatHistory' ? { ids: f.messages.map((m) => m.id), next: f.next } : f;
    expect(ids(await history(a, gameId, { limit: 3 }))).toEqual({ ids: [5, 6, 7], next: 5 });
    expect(ids(await history(a, gameId, { before: 5, limit: 3 }))).toEqual({ ids: [2, 3, 4], next: 2 });
    expect(ids(await history(a, gameId, { before: 2, limit: 3 }))).toEqual({ ids: [1], next: null });
    expect(ids(await history(a, gameId))).toEqual({ ids: [1, 2, 3, 4, 5, 6, 7], next: null });
    expect(await history(a, gameId, { limit: 101 })).toMatchObject({ type: 'error', code: 'BAD_REQUEST' });
    expect(await history(a, gameId, { before: 0 })).toMatchObject({ type: 'error', code: 'BAD_REQUEST' });
    await Promise.all([a.close(), b.close()]);
  });

  it("hides a muted player's messages from the muter, live and in history, until unmuted", async () => {
    const [a, b] = await connect('Ana 5', 'Bruno 5');
    const gameId = await game(a, [b]);
    for (const x of [a, b]) await x.request({ action: 'subscribe', gameId });
    await say(a, gameId, 'before the mute');
    await hears(b, gameId, 'before the mute');

    const settings = (p: Player) => server.app.get(playerStore).getSettingsRecord(p.playerId, true);
    const untouched = await settings(b.player);
    expect(await b.request({ action: 'mute', playerId: b.player.playerId })).toMatchObject({
      type: 'error',
      code: 'BAD_REQUEST',
      message: 'You cannot mute yourself.',
    });
    expect(await b.request({ action: 'unmute', playerId: b.player.playerId })).toMatchObject({ type: 'error', code: 'BAD_REQUEST' });
    expect(await b.request({ action: 'mute', playerId: 'no-such-player' })).toMatchObject({
      type: 'error',
      code: 'NOT_FOUND',
      message: 'There is no player with that id; nobody was muted.',
    });
    expect(await b.request({ action: 'mute', playerId: 'bot:heuristic:1' })).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    expect(await b.request({ action: 'mute', playerId: '' })).toMatchObject({ type: 'error', code: 'BAD_REQUEST' });
    expect(await settings(b.player)).toEqual(untouched);

    expect(await b.request({ action: 'mute', playerId: a.player.playerId })).toEqual({
      type: 'muted',
      requestId: expect.any(String),
      muted: [a.player.playerId],
    });
    const muted = await settings(b.player);
    expect(await b.request({ action: 'mute', playerId: a.player.playerId })).toMatchObject({ muted: [a.player.playerId] });
    expect(await settings(b.player)).toEqual(muted); // muting again writes nothing
    // Notification settings saved later keep the mute.
    await b.request({ action: 'setNotifications', settings: { quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Lisbon' } } });

    await say(a, gameId, 'after the mute');
    await say(b, gameId, 'Bruno still talks');
    await hears(a, gameId, 'Bruno still talks');
    await flushed(a, b);
    expect(heard(b, gameId).map((m) => m.text)).toEqual(['before the mute']);
    const muterView = await history(b, gameId);
    expect(muterView).toMatchObject({ muted: [a.player.playerId], canWrite: true });
    expect((muterView as Frame<'chatHistory'>).messages.map((m) => m.text)).toEqual(['Bruno still talks']);
    // The muted player notices nothing.
    expect(((await history(a, gameId)) as Frame<'chatHistory'>).messages.map((m) => m.text)).toEqual([
      'before the mute',
      'after the mute',
      'Bruno still talks',
    ]);

    expect(await b.request({ action: 'unmute', playerId: a.player.playerId })).toMatchObject({ type: 'muted', muted: [] });
    expect(((await history(b, gameId)) as Frame<'chatHistory'>).messages).toHaveLength(3);
    await say(a, gameId, 'heard again');
    await hears(b, gameId, 'heard again');
    await Promise.all([a.close(), b.close()]);
  });

  it('lets spectators read, but not write, the chat of a game created with spectatorChat', async () => {
    const [a, b, c] = await connect('Ana 7', 'Bruno 7', 'Carla 7');
    const gameId = await game(a, [b], { spectatorChat: true });
    await c.request({ action: 'subscribe', gameId });
    await say(a, gameId, 'Hello, Carla');
    await hears(c, gameId, 'Hello, Carla');
    expect(await history(c, gameId)).toMatchObject({ type: 'chatHistory', canWrite: false, messages: [{ text: 'Hello, Carla' }] });
    const before = await settledState(server);
    expect(await say(c, gameId, 'Hello!')).toMatchObject({
      type: 'error',
      code: 'FORBIDDEN',
      message: 'Spectators may read this chat but not write in it; only the players seated in the game can.',
    });
    expect(await settledState(server)).toBe(before);
    expect(await a.request({ action: 'createGame', game: 'tic-tac-toe', players: 2, spectatorChat: 'yes' })).toMatchObject({
      type: 'error',
      code: 'BAD_REQUEST',
    });
    await Promise.all([a.close(), b.close(), c.close()]);
  });
});
