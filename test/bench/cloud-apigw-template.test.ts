/**
 * The API Gateway model run on the stack's own settings, read from its synthesized template (a
 * few seconds, hence not a unit test): the WebSocket stage's route throttle refuses the
 * burst+1-th message of an instant and recovers at its rate, and the HTTP API takes the
 * template's routes and throttle. The values themselves are the stack's (infra/production.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiGatewayAccount } from '../../bench/cloud/apigw/account';
import { HttpApiModel } from '../../bench/cloud/apigw/http-api';
import type { SimConnection } from '../../bench/cloud/apigw/sim-connection';
import { stackApis, type StackApis } from '../../bench/cloud/apigw/template';
import { WebSocketApiModel } from '../../bench/cloud/apigw/websocket-api';
import { SimClock } from '../../bench/cloud/clock';
import { ACTIONS } from '../../functions/core/protocol/frames';
import { PRODUCTION } from '../../infra/production';
import { SWEEP_PARTS, SWEEP_RATE } from '../../infra/stack';

const START = Date.parse('2026-12-01T20:00:00.000Z');
let apis: StackApis;

beforeAll(() => {
  apis = stackApis();
}, 120_000);

describe("the stack's API Gateway settings, from the template", () => {
  it('carry the production throttles and every route, and are synthesized once a process', () => {
    expect(apis.webSocket).toMatchObject({ stageName: 'prod', throttle: PRODUCTION.webSocketThrottle, routeThrottles: {} });
    expect(new Set(apis.webSocket.routes)).toEqual(new Set(['$connect', '$disconnect', '$default', ...ACTIONS]));
    expect(apis.http).toMatchObject({ stageName: '$default', throttle: PRODUCTION.httpThrottle });
    expect(apis.http.routes).toContain('POST /api/players');
    expect(stackApis()).toBe(apis);
  });

  it("carry the sweep's rate and one invocation per part, from the stack's own schedule", () => {
    expect(apis.sweep.everyMs).toBe(SWEEP_RATE.toMilliseconds());
    expect(apis.sweep.events).toEqual(Array.from({ length: SWEEP_PARTS }, (_, part) => ({ part, of: SWEEP_PARTS })));
  });

  it('the WebSocket stage throttle refuses the burst+1-th message in an instant and recovers at its rate', async () => {
    const { throttle, routes, routeThrottles, stageName } = apis.webSocket;
    const clock = new SimClock(START);
    const account = new ApiGatewayAccount(clock);
    const handled: unknown[] = [];
    const ws = new WebSocketApiModel(account, { throttle, routes, routeThrottles, stage: stageName }).integrate({
      connect: async () => ({ statusCode: 200 }),
      message: async (event) => {
        handled.push(event);
        return { statusCode: 200 };
      },
      disconnect: async () => ({ statusCode: 200 }),
    });
    const outcome = await ws.connect({ token: 't' });
    const conn = (outcome as { connection: SimConnection }).connection;
    const command = JSON.stringify({ action: 'command', gameId: 'g', commandId: 'c', command: { type: 'play' } });
    const burst = await Promise.all(Array.from({ length: throttle.burstLimit + 1 }, () => conn.send(command)));
    expect(burst.filter((o) => o === 'handled')).toHaveLength(throttle.burstLimit);
    expect(burst.at(-1)).toBe('throttled');
    expect(handled).toHaveLength(throttle.burstLimit);
    expect(conn.frames()).toEqual([expect.objectContaining({ message: 'Too Many Requests' })]);
    await clock.run(START + 1000);
    const second = await Promise.all(Array.from({ length: throttle.rateLimit + 1 }, () => conn.send(command)));
    expect(second.filter((o) => o === 'handled')).toHaveLength(throttle.rateLimit);
    expect(account.metrics.throttled.byRoute).toEqual({ 'ws:prod command': 2 });
  });

  it("the HTTP API answers only the template's routes, within its stage throttle", async () => {
    const { throttle, routes, stageName } = apis.http;
    const clock = new SimClock(START);
    const account = new ApiGatewayAccount(clock);
    const api = new HttpApiModel(account, { throttle, routes, stage: stageName, handler: async () => ({ statusCode: 201, body: '{}' }) });
    expect((await api.request('GET', '/api/players')).statusCode).toBe(404);
    const answers = await Promise.all(Array.from({ length: throttle.burstLimit + 1 }, () => api.request('POST', '/api/players', '{}')));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(throttle.burstLimit);
    expect(answers.at(-1)!.statusCode).toBe(429);
    expect((await api.request('GET', '/api/games/g-1/replay')).statusCode).toBe(201);
  });
});
