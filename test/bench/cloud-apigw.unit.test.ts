/**
 * The simulator's API Gateway model (bench/cloud/apigw) against the limits AWS publishes, each
 * test named for the one it holds: frame and message sizes, new connections a second, the idle
 * and 2-hour closes, best-effort `$disconnect`, @connections to a gone connection, the stage and
 * account throttles, metering and its cost. All on the virtual clock: no test waits on the wall
 * clock. The last test drives the real app's handlers through the model.
 */
import { describe, expect, it } from 'vitest';
import { ApiGatewayAccount } from '../../bench/cloud/apigw/account';
import { HttpApiModel } from '../../bench/cloud/apigw/http-api';
import { CLOSE, LIMITS } from '../../bench/cloud/apigw/limits';
import type { SimConnection } from '../../bench/cloud/apigw/sim-connection';
import { apisOf } from '../../bench/cloud/apigw/template';
import { TokenBucket } from '../../bench/cloud/apigw/token-bucket';
import { WebSocketApiModel, type WebSocketApiOptions } from '../../bench/cloud/apigw/websocket-api';
import { SimClock } from '../../bench/cloud/clock';
import { memoryStores } from '../../functions/adapters/memory';
import { MemoryStream } from '../../functions/adapters/memory/stream';
import type { HttpEvent } from '../../functions/api/http-io';
import { createApp } from '../../functions/app/app';
import { configFromEnv } from '../../functions/app/config';
import { randomIds } from '../../functions/app/deps';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { connect } from '../../functions/handlers/connect';
import { disconnect } from '../../functions/handlers/disconnect';
import { http } from '../../functions/handlers/http';
import { message } from '../../functions/handlers/message';
import type { WsEvent } from '../../functions/handlers/ws-event';
import { PRODUCTION } from '../../infra/production';

const START = Date.parse('2026-12-01T20:00:00.000Z');
const KB = 1024;
const MINUTE = 60_000;
const ping = JSON.stringify({ action: 'ping' });

/** A handler that keeps its events and answers 200. */
const recording =
  <E>(events: E[]) =>
  async (event: E) => {
    events.push(event);
    return { statusCode: 200, body: '{}' };
  };

/** A WebSocket API whose handlers record their events and accept every connection. */
function wsWorld(options: Partial<WebSocketApiOptions> = {}) {
  const clock = new SimClock(START);
  const account = new ApiGatewayAccount(clock);
  const calls = { connect: [] as WsEvent[], message: [] as WsEvent[], disconnect: [] as WsEvent[] };
  const ws = new WebSocketApiModel(account, { throttle: PRODUCTION.webSocketThrottle, ...options }).integrate({
    connect: recording(calls.connect),
    message: recording(calls.message),
    disconnect: recording(calls.disconnect),
  });
  return { clock, account, ws, calls, metrics: account.metrics.websocket };
}

async function opened(ws: WebSocketApiModel, query: Record<string, string> = { token: 't' }): Promise<SimConnection> {
  const outcome = await ws.connect(query);
  if (!('connection' in outcome)) throw new Error(`refused: ${JSON.stringify(outcome.refused)}`);
  return outcome.connection;
}

/** Run the virtual clock a millisecond at a time until `work` settles (the @connections round trips sleep on it). */
async function settled<T>(clock: SimClock, work: Promise<T>): Promise<T> {
  let done = false;
  void work.then(
    () => (done = true),
    () => (done = true),
  );
  while (!done) await clock.run(clock.now() + 1);
  return work;
}

/** A JSON message of exactly `bytes` bytes, routed as `action`. */
const messageOf = (bytes: number, action = 'chat'): string => {
  const shell = JSON.stringify({ action, text: '' });
  return JSON.stringify({ action, text: 'x'.repeat(bytes - shell.length) });
};
const frameOf = (bytes: number): ServerFrame =>
  ({ type: 'pong', pad: 'x'.repeat(bytes - JSON.stringify({ type: 'pong', pad: '' }).length) }) as ServerFrame;

describe('token bucket on the virtual clock', () => {
  it('holds `burstLimit` at once and refills at `rateLimit` a second as virtual time passes', async () => {
    const clock = new SimClock(START);
    const bucket = new TokenBucket(clock, { rateLimit: 10, burstLimit: 3 });
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    expect(bucket.waitMs()).toBe(100);
    await clock.run(START + 99);
    expect(bucket.take()).toBe(false);
    await clock.run(START + 100);
    expect(bucket.take()).toBe(true);
    await clock.run(START + 60_000);
    expect(bucket.available()).toBe(3);
  });
});

describe('WebSocket API: sizes (frame 32 KB, message 128 KB, else 1009)', () => {
  it('a 33 KB frame closes the connection with 1009 and never reaches the handler; a 32 KB one passes', async () => {
    const { ws, calls, metrics } = wsWorld();
    const conn = await opened(ws);
    expect(await conn.send(messageOf(LIMITS.frameBytes))).toBe('handled');
    expect(calls.message).toHaveLength(1);
    expect(calls.message[0]!.body).toHaveLength(32 * KB);
    expect(await conn.send(messageOf(33 * KB))).toBe('tooBig');
    expect(calls.message).toHaveLength(1);
    expect(conn.closed).toMatchObject({ code: CLOSE.tooBig, reason: 'tooBig' });
    expect(await conn.send(ping)).toBe('closed');
    expect(metrics.closes.tooBig).toBe(1);
    // Received and closed on: never metered.
    expect(metrics.messagesIn).toBe(1);
    expect(calls.disconnect.map((e) => e.requestContext.connectionId)).toEqual([conn.id]);
  });

  it('a fragmenting client sends up to 128 KB; a bigger message closes with 1009', async () => {
    const { ws, calls } = wsWorld();
    const conn = await opened(ws);
    expect(await conn.send(messageOf(LIMITS.messageBytes), { fragmented: true })).toBe('handled');
    expect(await conn.send(messageOf(LIMITS.messageBytes + 1), { fragmented: true })).toBe('tooBig');
    expect(calls.message).toHaveLength(1);
    expect(conn.closed?.code).toBe(1009);
  });
});

describe('WebSocket API: 500 new connections a second per account', () => {
  it('the 501st new connection in one second is refused with 429 before $connect runs, and one a second later is accepted', async () => {
    const { clock, ws, calls, metrics } = wsWorld({ throttle: { rateLimit: 10_000, burstLimit: 10_000 } });
    const outcomes = await Promise.all(Array.from({ length: 501 }, () => ws.connect({ token: 't' })));
    expect(outcomes.filter((o) => 'connection' in o)).toHaveLength(500);
    expect(outcomes[500]).toEqual({ refused: { statusCode: 429, by: 'newConnections' } });
    expect(calls.connect).toHaveLength(500);
    expect(metrics.newConnectionsRefused).toBe(1);
    await clock.run(START + 1000);
    expect('connection' in (await ws.connect({ token: 't' }))).toBe(true);
    expect(ws.openConnections).toBe(501);
  });

  it('$connect answering other than 200 refuses the connection', async () => {
    const clock = new SimClock(START);
    const account = new ApiGatewayAccount(clock);
    const ws = new WebSocketApiModel(account, { throttle: PRODUCTION.webSocketThrottle }).integrate({
      connect: async (e) => ({ statusCode: e.queryStringParameters?.token === 'good' ? 200 : 401 }),
      message: async () => ({ statusCode: 200 }),
      disconnect: async () => ({ statusCode: 200 }),
    });
    expect(await ws.connect({ token: 'bad' })).toEqual({ refused: { statusCode: 401, by: 'handler' } });
    expect('connection' in (await ws.connect({ token: 'good' }))).toBe(true);
    expect(account.metrics.websocket).toMatchObject({ connectsRefused: 1, connectsAccepted: 1 });
  });
});

describe('WebSocket API: idle timeout 10 minutes, connection duration 2 hours', () => {
  it('a connection idle 10 minutes is closed (1001) and $disconnect invoked', async () => {
    const { clock, ws, calls, metrics } = wsWorld();
    const conn = await opened(ws);
    await clock.run(START + LIMITS.idleTimeoutMs - 1);
    expect(conn.open).toBe(true);
    await clock.run(START + LIMITS.idleTimeoutMs);
    expect(conn.closed).toEqual({ code: CLOSE.goingAway, reason: 'idle', at: START + LIMITS.idleTimeoutMs });
    expect(calls.disconnect).toEqual([
      expect.objectContaining({
        requestContext: expect.objectContaining({ routeKey: '$disconnect', eventType: 'DISCONNECT', connectionId: conn.id }),
      }),
    ]);
    expect(metrics.closes.idle).toBe(1);
  });

  it('connections kept busy, by the client or by the server, are closed at 2 hours', async () => {
    const { clock, ws, metrics } = wsWorld();
    const [chatty, listening] = [await opened(ws), await opened(ws)];
    const sender = ws.sender();
    for (let t = 9 * MINUTE; t < 2 * 60 * MINUTE; t += 9 * MINUTE) {
      await clock.run(START + t);
      expect([chatty.open, listening.open]).toEqual([true, true]);
      await chatty.send(ping);
      await settled(clock, sender.send(listening.id, { type: 'pong' }));
    }
    await clock.run(START + LIMITS.maxConnectionMs);
    for (const conn of [chatty, listening])
      expect(conn.closed).toEqual({ code: CLOSE.goingAway, reason: 'maxDuration', at: START + LIMITS.maxConnectionMs });
    expect(metrics.closes).toMatchObject({ maxDuration: 2, idle: 0 });
    expect(metrics.connectionMinutes).toBe(2 * 120);
  });
});

describe('WebSocket API: $disconnect is best effort', () => {
  it('with a lost-disconnect probability of 1, $disconnect is never invoked, however the connection closed', async () => {
    const { clock, ws, calls, metrics } = wsWorld({ disconnectLoss: 1 });
    const [a, b, c, d] = [await opened(ws), await opened(ws), await opened(ws), await opened(ws)];
    a.close();
    await b.send(messageOf(40 * KB));
    await settled(clock, ws.sender().close!(c.id));
    await clock.run(START + LIMITS.idleTimeoutMs + MINUTE);
    expect([a, b, c, d].map((x) => x.closed?.reason)).toEqual(['client', 'tooBig', 'deleted', 'idle']);
    expect(calls.disconnect).toEqual([]);
    expect(metrics).toMatchObject({ disconnectsLost: 4, disconnectsDelivered: 0 });
  });

  it('a probability between loses some, the same ones for the same seed', async () => {
    const lost = async (seed: number) => {
      const { ws, calls } = wsWorld({ disconnectLoss: 0.5, seed });
      const conns = [];
      for (let i = 0; i < 40; i++) conns.push(await opened(ws));
      for (const c of conns) c.close();
      const delivered = new Set(calls.disconnect.map((e) => e.requestContext.connectionId));
      return conns.map((c) => !delivered.has(c.id));
    };
    const first = await lost(7);
    expect(first.filter(Boolean).length).toBeGreaterThan(5);
    expect(first.filter((x) => !x).length).toBeGreaterThan(5);
    expect(await lost(7)).toEqual(first);
  });
});

describe('WebSocket API: @connections', () => {
  it('a POST to a closed or unknown connection answers 410, which the Sender reports as gone; DELETE of one is fine', async () => {
    const { clock, ws, metrics } = wsWorld();
    const sender = ws.sender();
    const conn = await opened(ws);
    conn.close();
    expect(await settled(clock, sender.send(conn.id, { type: 'pong' }))).toBe('gone');
    expect(await settled(clock, sender.send('no-such-connection', { type: 'pong' }))).toBe('gone');
    await settled(clock, sender.close!(conn.id));
    expect(metrics.gone).toBe(3);
    expect(conn.inbox).toEqual([]);
  });

  it('frames arrive after the round trip, stamped with their virtual time; over 128 KB is refused', async () => {
    const { clock, ws, metrics } = wsWorld({ postLatencyMs: { min: 10, max: 30 } });
    const sender = ws.sender();
    const conn = await opened(ws);
    const sentAt = clock.now();
    expect(await settled(clock, sender.send(conn.id, { type: 'pong' }))).toBe('sent');
    expect(conn.frames()).toEqual([{ type: 'pong' }]);
    expect(conn.inbox[0]!.at - sentAt).toBeGreaterThanOrEqual(10);
    expect(conn.inbox[0]!.at - sentAt).toBeLessThanOrEqual(30);
    expect(await settled(clock, sender.send(conn.id, frameOf(LIMITS.messageBytes + 1)))).toBe('failed');
    expect(await settled(clock, sender.send(conn.id, frameOf(LIMITS.messageBytes)))).toBe('sent');
    expect(metrics).toMatchObject({ postsTooLarge: 1, messagesOut: 2 });
    expect(conn.open).toBe(true);
  });
});

describe('throttles: the stage route throttle and the account throttle', () => {
  it("the stage throttle refuses the burst+1-th message in an instant with API Gateway's 429 frame, without the handler, and recovers at its rate", async () => {
    const { rateLimit: rate, burstLimit: burst } = PRODUCTION.webSocketThrottle;
    const { clock, ws, account, calls, metrics } = wsWorld();
    const conn = await opened(ws);
    const outcomes = await Promise.all(Array.from({ length: burst + 1 }, () => conn.send(ping)));
    expect(outcomes.filter((o) => o === 'handled')).toHaveLength(burst);
    expect(outcomes[burst]).toBe('throttled');
    expect(calls.message).toHaveLength(burst);
    expect(conn.frames()).toEqual([{ message: 'Too Many Requests', connectionId: conn.id, requestId: expect.any(String) }]);
    // Each route has its own bucket of the default settings.
    expect(await conn.send(JSON.stringify({ action: 'myGames' }))).toBe('handled');
    // One second refills `rate` tokens: that many pass, the next does not.
    await clock.run(START + 1000);
    const later = await Promise.all(Array.from({ length: rate + 1 }, () => conn.send(ping)));
    expect(later.filter((o) => o === 'handled')).toHaveLength(rate);
    expect(later[rate]).toBe('throttled');
    expect(metrics.messagesThrottled).toBe(2);
    expect(account.metrics.throttled).toEqual({ account: 0, byStage: { 'ws:prod': 2 }, byRoute: { 'ws:prod ping': 2 } });
  });

  it('one bucket for the stage, when asked: every route draws on it', async () => {
    const { ws, calls } = wsWorld({ throttle: { rateLimit: 1, burstLimit: 2 }, throttleScope: 'stage' });
    const conn = await opened(ws);
    // $connect took the first token.
    expect(await conn.send(ping)).toBe('handled');
    expect(await conn.send(JSON.stringify({ action: 'myGames' }))).toBe('throttled');
    expect(calls.message).toHaveLength(1);
  });

  it('the account throttle (10,000 a second, 5,000 at once) is shared by the HTTP API, the WebSocket API and @connections', async () => {
    const clock = new SimClock(START);
    const account = new ApiGatewayAccount(clock);
    const open = { rateLimit: 100_000, burstLimit: 100_000 };
    const ws = new WebSocketApiModel(account, { throttle: open, postLatencyMs: { min: 0, max: 0 } }).integrate({
      connect: async () => ({ statusCode: 200 }),
      message: async () => ({ statusCode: 200 }),
      disconnect: async () => ({ statusCode: 200 }),
    });
    const invoked: HttpEvent[] = [];
    const api = new HttpApiModel(account, { throttle: open, handler: recording(invoked) });
    const conn = await opened(ws);
    const answers = await Promise.all(Array.from({ length: 4998 }, () => api.request('GET', '/healthz')));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await conn.send(ping)).toBe('handled');
    expect(await conn.send(ping)).toBe('throttled');
    expect((await api.request('GET', '/healthz')).statusCode).toBe(429);
    expect(await settled(clock, ws.sender().send(conn.id, { type: 'pong' }))).toBe('failed');
    expect(account.metrics.throttled.account).toBe(3);
    expect(account.metrics.websocket.callbacksThrottled).toBe(1);
    expect(invoked).toHaveLength(4998);
    // 10,000 a second: ten tokens a millisecond.
    await clock.run(START + 1);
    expect(await settled(clock, ws.sender().send(conn.id, { type: 'pong' }))).toBe('sent');
  });
});

describe('metering and cost', () => {
  it('a 33 KB server message is billed as 2 messages, a 32 KB one as 1; client messages likewise', async () => {
    const { clock, ws, account, metrics } = wsWorld();
    const conn = await opened(ws);
    await settled(clock, ws.sender().send(conn.id, frameOf(33 * KB)));
    expect(metrics).toMatchObject({ messagesOut: 1, unitsOut: 2 });
    await settled(clock, ws.sender().send(conn.id, frameOf(32 * KB)));
    expect(metrics).toMatchObject({ messagesOut: 2, unitsOut: 3 });
    await conn.send(messageOf(33 * KB), { fragmented: true });
    expect(metrics).toMatchObject({ messagesIn: 1, unitsIn: 2 });
    // $1.00 a million 32 KB units.
    expect(account.report().cost.websocketMessages).toBeCloseTo(5 / 1_000_000, 12);
  });

  it('connection-minutes are counted per started minute, open connections included in a report', async () => {
    const { clock, ws, account } = wsWorld();
    const [short, minute, long] = [await opened(ws), await opened(ws), await opened(ws)];
    short.close(); // 0 s: still a started minute
    await clock.run(START + MINUTE);
    minute.close(); // exactly 1 minute
    await clock.run(START + MINUTE + 1000);
    expect(account.metrics.websocket.connectionMinutes).toBe(2);
    // `long` has started its second minute.
    const report = account.report();
    expect(report).toMatchObject({ openConnections: 1, websocket: { connectionMinutes: 4 } });
    expect(report.cost.websocketConnectionMinutes).toBeCloseTo((4 * 0.25) / 1_000_000, 12);
    expect(long.open).toBe(true);
  });
});

describe('HTTP API', () => {
  function httpWorld(routes?: string[]) {
    const clock = new SimClock(START);
    const account = new ApiGatewayAccount(clock);
    const events: HttpEvent[] = [];
    const api = new HttpApiModel(account, {
      throttle: PRODUCTION.httpThrottle,
      routes,
      handler: recording(events),
    });
    return { clock, account, api, events, metrics: account.metrics.http };
  }

  it('the stage throttle refuses the burst+1-th request with 429 {"message":"Too Many Requests"} without invoking, and recovers at its rate', async () => {
    const { rateLimit: rate, burstLimit: burst } = PRODUCTION.httpThrottle;
    const { clock, api, events, account } = httpWorld(['POST /api/players', 'GET /healthz']);
    const answers = await Promise.all(Array.from({ length: burst + 1 }, () => api.request('POST', '/api/players', '{"name":"Ana"}')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(burst);
    expect(answers[burst]).toMatchObject({ statusCode: 429, body: '{"message":"Too Many Requests"}' });
    expect(events).toHaveLength(burst);
    expect((await api.request('GET', '/healthz')).statusCode).toBe(200);
    await clock.run(START + 1000);
    const later = await Promise.all(Array.from({ length: rate + 1 }, () => api.request('POST', '/api/players', '{}')));
    expect(later.filter((a) => a.statusCode === 200)).toHaveLength(rate);
    expect(account.metrics.throttled.byStage).toEqual({ 'http:$default': 2 });
  });

  it('hands the handler a payload format 2.0 event; a path no route takes is 404 from API Gateway', async () => {
    const { api, events, metrics } = httpWorld(['GET /api/games/{gameId}/replay', 'POST /api/players']);
    await api.request('get', '/api/games/g-1/replay?from=3', '', { Authorization: 'Bearer x' }, '198.51.100.4');
    expect(events).toEqual([
      {
        routeKey: 'GET /api/games/{gameId}/replay',
        rawPath: '/api/games/g-1/replay',
        body: '',
        isBase64Encoded: false,
        headers: { authorization: 'Bearer x' },
        requestContext: { http: { method: 'GET', path: '/api/games/g-1/replay', sourceIp: '198.51.100.4' } },
      },
    ]);
    expect(await api.request('GET', '/api/players')).toMatchObject({ statusCode: 404, body: '{"message":"Not Found"}' });
    expect(events).toHaveLength(1);
    expect(metrics.notFound).toBe(1);
  });

  it('meters each request in 512 KB units: 512 KB is 1, 513 KB is 2, an empty one 1', async () => {
    const { api, metrics, account } = httpWorld();
    await api.request('POST', '/x', 'x'.repeat(512 * KB));
    await api.request('POST', '/x', 'x'.repeat(513 * KB));
    await api.request('GET', '/x');
    expect(metrics).toMatchObject({ requests: 3, units: 4 });
    expect(account.report().cost.httpRequests).toBeCloseTo(4 / 1_000_000, 12);
  });
});

describe('the stack template, read', () => {
  it("takes each API's stage throttle, route overrides and route keys from the template's resources", () => {
    const resources = {
      Ws: { Type: 'AWS::ApiGatewayV2::Api', Properties: { ProtocolType: 'WEBSOCKET' } },
      Http: { Type: 'AWS::ApiGatewayV2::Api', Properties: { ProtocolType: 'HTTP' } },
      WsStage: {
        Type: 'AWS::ApiGatewayV2::Stage',
        Properties: {
          ApiId: { Ref: 'Ws' },
          StageName: 'prod',
          DefaultRouteSettings: { ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 },
          RouteSettings: { chat: { ThrottlingRateLimit: 5 } },
        },
      },
      HttpStage: {
        Type: 'AWS::ApiGatewayV2::Stage',
        Properties: {
          ApiId: { Ref: 'Http' },
          StageName: '$default',
          DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
        },
      },
      R1: { Type: 'AWS::ApiGatewayV2::Route', Properties: { ApiId: { Ref: 'Ws' }, RouteKey: '$connect' } },
      R2: { Type: 'AWS::ApiGatewayV2::Route', Properties: { ApiId: { Ref: 'Http' }, RouteKey: 'POST /api/players' } },
      Sweep: {
        Type: 'AWS::Events::Rule',
        Properties: {
          ScheduleExpression: 'rate(2 minutes)',
          Targets: [
            { Arn: 'a', Input: '{"part":0,"of":2}' },
            { Arn: 'a', Input: '{"part":1,"of":2}' },
          ],
        },
      },
    };
    expect(apisOf(resources)).toEqual({
      webSocket: {
        stageName: 'prod',
        throttle: { rateLimit: 1000, burstLimit: 2000 },
        routeThrottles: { chat: { rateLimit: 5, burstLimit: 2000 } },
        routes: ['$connect'],
      },
      http: { stageName: '$default', throttle: { rateLimit: 50, burstLimit: 100 }, routeThrottles: {}, routes: ['POST /api/players'] },
      sweep: {
        everyMs: 120_000,
        events: [
          { part: 0, of: 2 },
          { part: 1, of: 2 },
        ],
      },
    });
  });
});

describe('the real app through the model', () => {
  it('registers over the HTTP API, connects, creates a tic-tac-toe game and receives its state in the inbox', async () => {
    const clock = new SimClock(START);
    const account = new ApiGatewayAccount(clock);
    const ws = new WebSocketApiModel(account, { throttle: PRODUCTION.webSocketThrottle });
    const env = { TABLE_NAME: 'caravela', CARAVELA_SECRET: 'a secret for the simulator test only, long enough' };
    const now = () => new Date(clock.now());
    const app = createApp({
      config: configFromEnv(env),
      now,
      ids: randomIds,
      stores: memoryStores({ now, stream: new MemoryStream() }),
      sender: ws.sender(),
      mailer: null,
    });
    ws.integrate({ connect: app.get(connect), disconnect: app.get(disconnect), message: app.get(message) });
    const api = new HttpApiModel(account, { throttle: PRODUCTION.httpThrottle, routes: ['POST /api/players'], handler: app.get(http) });

    const registered = await settled(
      clock,
      api.request('POST', '/api/players', JSON.stringify({ name: 'Ana' }), { 'content-type': 'application/json' }),
    );
    expect(registered.statusCode).toBe(201);
    const { token } = JSON.parse(registered.body) as { token: string };
    expect('refused' in (await ws.connect({ token: 'not a token' }))).toBe(true);
    const conn = await opened(ws, { token });

    const request = async (frame: Record<string, unknown>) => {
      const requestId = `r${conn.inbox.length}`;
      expect(await settled(clock, conn.send(JSON.stringify({ ...frame, requestId })))).toBe('handled');
      return conn.inbox.find((d) => (JSON.parse(d.data) as { requestId?: string }).requestId === requestId);
    };
    const created = await request({ action: 'createGame', game: 'tic-tac-toe', players: 2 });
    const { gameId } = JSON.parse(created!.data) as { type: string; gameId: string };
    expect(JSON.parse(created!.data)).toMatchObject({ type: 'gameCreated', gameId: expect.any(String) });
    const sentAt = clock.now();
    const state = await request({ action: 'subscribe', gameId });
    expect(JSON.parse(state!.data)).toMatchObject({ type: 'state', gameId, game: 'tic-tac-toe' });
    // Through @connections: one round trip (10–30 ms of virtual time) after the request.
    expect(state!.at - sentAt).toBeGreaterThanOrEqual(10);

    conn.close();
    await clock.run(clock.now() + 1000);
    expect(account.report()).toMatchObject({
      openConnections: 0,
      websocket: { connectsAccepted: 1, connectsRefused: 1, messagesIn: 2, disconnectsDelivered: 1, gone: 0 },
      http: { requests: 1, units: 1 },
    });
  });
});
