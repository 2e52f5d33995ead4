/**
 * What an operator sees when something fails on Lambda: a JSON log line carrying the request's
 * keys, and the embedded-metric-format line CloudWatch turns into the metric the alarms watch.
 * The handlers run as on Lambda (AWS_LAMBDA_FUNCTION_NAME set) against a DynamoDB and an
 * @connections endpoint on loopback that refuse every connection: the failures are real.
 */
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { METRIC_NAMESPACE, METRICS } from '../../functions/observe/metric-names';

let closed: Server;
const saved = new Map<string, string | undefined>();
let out: string[] = [];
/** Each console call is one entry (Powertools' development mode writes JSON over several lines). */
const lines = () =>
  out.flatMap((entry) => {
    try {
      return [JSON.parse(entry) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
const metricLines = () => lines().filter((l) => l._aws);
const metric = (name: string) =>
  metricLines()
    .filter((l) =>
      (l._aws as { CloudWatchMetrics: { Namespace: string; Metrics: { Name: string }[] }[] }).CloudWatchMetrics[0]!.Metrics.some(
        (m) => m.Name === name,
      ),
    )
    .map((l) => ({
      namespace: (l._aws as { CloudWatchMetrics: { Namespace: string }[] }).CloudWatchMetrics[0]!.Namespace,
      value: l[name],
    }));

beforeAll(async () => {
  // A port that accepts and at once drops every connection.
  closed = createServer((socket) => socket.destroy());
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const port = (closed.address() as AddressInfo).port;
  const lambdaEnv = {
    AWS_LAMBDA_FUNCTION_NAME: 'caravela-test',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${port}`,
    CONNECTIONS_ENDPOINT: `http://127.0.0.1:${port}/prod`,
    TABLE_NAME: 'caravela',
    LOG_LEVEL: 'INFO',
    // Powertools writes through the global console in development mode (spied on below);
    // metrics stay on, as on Lambda.
    POWERTOOLS_DEV: 'true',
    POWERTOOLS_METRICS_DISABLED: 'false',
  };
  for (const [key, value] of Object.entries(lambdaEnv)) {
    saved.set(key, process.env[key]);
    process.env[key] = value;
  }
  // A Lambda entry builds its app from the environment on its first call and keeps it: load the
  // entries afresh, so theirs is built from the environment above.
  vi.resetModules();
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void out.push(args.map(String).join(' ')));
  }
});
afterAll(() => {
  // The environment is the process's: other test files in this worker must not see Lambda's.
  for (const [key, value] of saved) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  vi.restoreAllMocks();
  closed?.close();
});

describe('observability on Lambda', () => {
  it("an INTERNAL answer is an error log line with the request's keys and an InternalErrors metric", async () => {
    out = [];
    const { handler } = await import('../../functions/lambda/message');
    const result = await handler(
      {
        requestContext: { routeKey: 'subscribe', eventType: 'MESSAGE', connectionId: 'conn-1', requestId: 'req-1' },
        body: JSON.stringify({ action: 'subscribe', gameId: 'g-1' }),
      } as never,
      { awsRequestId: 'aws-1' },
    );
    expect(result).toEqual({ statusCode: 200 });
    const error = lines().find((l) => l.message === 'message failed; answered INTERNAL');
    expect(error).toMatchObject({
      level: 'ERROR',
      service: 'caravela',
      handler: 'message',
      requestId: 'req-1',
      connectionId: 'conn-1',
      gameId: 'g-1',
      action: 'subscribe',
    });
    expect((error!.error as { message: string }).message).toBeTruthy();
    expect(metric(METRICS.internalErrors)).toEqual([{ namespace: METRIC_NAMESPACE, value: 1 }]);
    // The error frame could not reach the client either (the endpoint refuses): a send failure.
    expect(metric(METRICS.sendFailures)).toEqual([{ namespace: METRIC_NAMESPACE, value: 1 }]);
  }, 60_000);

  it('a failed reaction to a commit is logged with its game and version, counted, and handed back to the stream', async () => {
    out = [];
    const { handler } = await import('../../functions/lambda/stream');
    const image = {
      kind: { S: 'commit' },
      gameId: { S: 'g-2' },
      version: { N: '7' },
      game: { S: 'tic-tac-toe' },
      status: { S: 'active' },
      wasStatus: { S: 'active' },
      // Ana's turn: her notification reads her settings, and there is no table to read.
      activeSeats: { L: [{ N: '0' }] },
      wasActive: { L: [{ N: '1' }] },
      seats: {
        L: [
          { M: { seat: { N: '0' }, playerId: { S: 'p' }, name: { S: 'Ana' } } },
          { M: { seat: { N: '1' }, playerId: { S: 'b' }, name: { S: 'Bot' }, bot: { S: 'random' } } },
        ],
      },
      absent: { L: [{ BOOL: false }, { BOOL: false }] },
      summary: { S: '' },
      events: { S: '[]' },
    };
    const result = await handler({ Records: [{ eventName: 'INSERT', dynamodb: { NewImage: image, SequenceNumber: '100' } }] } as never, {
      awsRequestId: 'aws-2',
    });
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: '100' }] });
    expect(lines().find((l) => l.message === 'reacting to a commit failed; the stream delivers it again')).toMatchObject({
      level: 'ERROR',
      handler: 'stream',
      requestId: 'aws-2',
      gameId: 'g-2',
      version: 7,
    });
    expect(metric(METRICS.reactorFailures)).toEqual([{ namespace: METRIC_NAMESPACE, value: 1 }]);
  }, 60_000);

  it('an invocation that counted nothing writes nothing (Powertools would warn "No application metrics" every time)', async () => {
    out = [];
    const { createObserver } = await import('../../functions/observe/observer');
    const observer = createObserver({ level: 'INFO', onLambda: true });
    observer.publish();
    observer.count(METRICS.retries);
    observer.publish();
    observer.publish();
    expect(out.filter((l) => /No application metrics/.test(l))).toEqual([]);
    expect(metricLines()).toHaveLength(1);
    expect(metric(METRICS.retries)).toEqual([{ namespace: METRIC_NAMESPACE, value: 1 }]);
  });
});
