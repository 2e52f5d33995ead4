/**
 * The deployed stack, played on loopback: the synthesized template's functions run from their
 * bundles (lambda.ts) behind API Gateway (gateway.ts), fed by the table's stream as the event
 * source mapping says and by the schedule's rule, against DynamoDB Local with the template's
 * table, Secrets Manager and SES stand-ins (aws-services.ts), with faults injected (Faults).
 */
import { CreateTableCommand, DynamoDBClient, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import webPush from 'web-push';
import { startDynamo, LOCAL_CREDENTIALS, type LocalDynamo } from '../../local/dynamodb';
import { startStreamPoller, type StreamPoller } from '../../local/stream';
import { startAwsServices, type AwsServices } from './aws-services';
import { startGateway, type Gateway } from './gateway';
import { FunctionPool, type Faults } from './lambda';
import { patternMatches, resolve, synthesize, type Deployed, type StreamMapping } from './template';

const TABLE_NAME = 'caravela-deployed';

export interface HarnessOptions {
  faults: Faults;
  /** How often the schedule's rule fires (its own rate is minutes; the harness speeds it up). */
  scheduleEveryMs: number;
  /** Instances a function may scale out to at once. */
  maxInstances: number;
  /**
   * Secrets the template's secrets hold (by logical id prefix: TokenSecret, VapidKeys); default
   * (harnessSecrets): a token secret and fresh VAPID keys, all the stack needs.
   */
  secrets?: Record<string, string>;
  /** Added to every function's environment (documented settings only, e.g. REDRIVE_AFTER_MS). */
  settings: Record<string, string>;
}

export interface StreamStats {
  batches: number;
  /** Batches delivered again (after a failure or a dead instance). */
  redeliveries: number;
  /** Records given up after the mapping's retries (its on-failure destination). */
  deadLetters: number;
}

export interface Harness {
  deployed: Deployed;
  gateway: Gateway;
  services: AwsServices;
  dynamo: LocalDynamo;
  tableName: string;
  pools: Map<string, FunctionPool>;
  /** Pool by the stack's function name (http, connect, …) via its logical id prefix. */
  pool(prefix: string): FunctionPool;
  stream: StreamStats;
  scheduleRuns: { ok: number; failed: number };
  stop(): Promise<void>;
}

/** The secrets the stack reads: its token-signing secret and a Web Push key pair. */
export function harnessSecrets(): Record<string, string> {
  return {
    TokenSecret: 'harness-token-secret-harness-token-secret',
    VapidKeys: JSON.stringify({ ...webPush.generateVAPIDKeys(), subject: 'mailto:admin@example.com' }),
  };
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const dynamo = await startDynamo(null);
  const services = await startAwsServices();
  const gateway = await startGateway('prod');
  // The @connections endpoint from configuration, as an operator behind a custom domain sets it.
  const deployed = synthesize({
    connectionsEndpoint: `${gateway.url}/${gateway.stage}`,
    emailFrom: 'Caravela <games@example.com>',
    publicUrl: gateway.url,
  });
  const { resources } = deployed;

  // The table as the template defines it.
  const table = resources[deployed.tableId]!.Properties as Record<string, never>;
  const admin = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
  await admin.send(
    new CreateTableCommand({
      TableName: TABLE_NAME,
      KeySchema: table.KeySchema,
      AttributeDefinitions: table.AttributeDefinitions,
      BillingMode: table.BillingMode,
      StreamSpecification: {
        StreamEnabled: true,
        StreamViewType: (table.StreamSpecification as unknown as { StreamViewType: 'NEW_IMAGE' }).StreamViewType,
      },
    }),
  );
  const ttl = table.TimeToLiveSpecification as { AttributeName: string; Enabled: boolean } | undefined;
  if (ttl) await admin.send(new UpdateTimeToLiveCommand({ TableName: TABLE_NAME, TimeToLiveSpecification: ttl }));
  admin.destroy();

  // What each resource a function's environment names stands for here.
  const secretArn = (id: string) => `arn:aws:secretsmanager:us-east-1:000000000000:secret:${id}`;
  for (const [prefix, value] of Object.entries(options.secrets ?? harnessSecrets())) {
    const id = Object.keys(resources).find((r) => r.startsWith(prefix) && resources[r]!.Type === 'AWS::SecretsManager::Secret');
    if (!id) throw new Error(`no secret ${prefix} in the template`);
    services.secrets.set(secretArn(id), value);
  }
  const refs = (id: string, attribute?: string): string => {
    const type = resources[id]?.Type;
    if (type === 'AWS::DynamoDB::Table') return TABLE_NAME;
    if (type === 'AWS::SecretsManager::Secret') return secretArn(id);
    if (type === 'AWS::CloudFront::Distribution' && attribute === 'DomainName') return `127.0.0.1:${gateway.port}`;
    if (type === 'AWS::SES::ConfigurationSet') return id;
    throw new Error(`the harness has no stand-in for ${id} (${type}) ${attribute ?? ''}`);
  };

  const pools = new Map<string, FunctionPool>();
  for (const [id, spec] of deployed.functions) {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'harness',
      AWS_SECRET_ACCESS_KEY: 'harness',
      AWS_LAMBDA_FUNCTION_NAME: id,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: services.url,
      AWS_ENDPOINT_URL_SESV2: services.url,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...Object.fromEntries(Object.entries(spec.environment).map(([k, v]) => [k, resolve(v, refs)])),
      ...options.settings,
    };
    pools.set(
      id,
      new FunctionPool(id, spec, env, { dynamo: dynamo.endpoint, connections: gateway.url }, options.faults, options.maxInstances),
    );
  }
  const poolOf = (id: string) => pools.get(id)!;
  gateway.attach({
    ws: new Map([...deployed.wsRoutes].map(([k, id]) => [k, poolOf(id)])),
    routeSelection: deployed.routeSelection,
    http: new Map([...deployed.httpRoutes].map(([k, id]) => [k, poolOf(id)])),
  });

  // Each event source mapping reads the stream on its own: filtered records in batches of its
  // size, in order; a failed batch (reported records, an error, a dead instance) is delivered
  // again from its first failed record, up to the mapping's retries, then given to the
  // on-failure destination.
  const stream: StreamStats = { batches: 0, redeliveries: 0, deadLetters: 0 };
  const consumer = (mapping: StreamMapping) => {
    const attempts = new Map<string, number>();
    const target = poolOf(mapping.functionId);
    return async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
      const records = event.Records.filter((r) => mapping.patterns.length === 0 || mapping.patterns.some((p) => patternMatches(p, r)));
      for (let i = 0; i < records.length; i += mapping.batchSize) {
        const batch = records.slice(i, i + mapping.batchSize);
        const first = batch[0]!.dynamodb!.SequenceNumber!;
        const tries = attempts.get(first) ?? 0;
        if (tries > 0) stream.redeliveries++;
        stream.batches++;
        let failedAt: string | null = null;
        try {
          const result = (await target.invoke({ Records: batch })) as DynamoDBBatchResponse | null;
          failedAt = mapping.reportBatchItemFailures ? (result?.batchItemFailures?.[0]?.itemIdentifier ?? null) : null;
        } catch {
          failedAt = first;
        }
        if (failedAt === null) {
          attempts.delete(first);
          continue;
        }
        if (mapping.maximumRetryAttempts >= 0 && tries >= mapping.maximumRetryAttempts) {
          // Given up: to the dead-letter queue, and the mapping moves past the batch.
          stream.deadLetters += batch.length;
          attempts.delete(first);
          continue;
        }
        attempts.set(failedAt, tries + 1);
        // Everything from the failed record on is read again (the poller's iterator stays there).
        const failedIndex = event.Records.findIndex((r: DynamoDBRecord) => r.dynamodb?.SequenceNumber === failedAt);
        return { batchItemFailures: event.Records.slice(failedIndex).map((r) => ({ itemIdentifier: r.dynamodb!.SequenceNumber! })) };
      }
      return { batchItemFailures: [] };
    };
  };
  const pollers: StreamPoller[] = await Promise.all(
    deployed.streams.map((mapping) =>
      startStreamPoller({
        endpoint: dynamo.endpoint,
        tableName: TABLE_NAME,
        checkpointFile: null,
        handler: consumer(mapping),
        intervalMs: 50,
      }),
    ),
  );

  // The schedule's rule, fired on a fast tick; an invocation that fails is done by the next.
  const scheduleRuns = { ok: 0, failed: 0 };
  let ticking = true;
  const tickers = deployed.schedules.map(({ functionId }) => {
    let running = false;
    return setInterval(() => {
      if (running || !ticking) return;
      running = true;
      poolOf(functionId)
        .invoke({ source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} })
        .then(
          () => scheduleRuns.ok++,
          () => scheduleRuns.failed++,
        )
        .finally(() => (running = false));
    }, options.scheduleEveryMs);
  });

  return {
    deployed,
    gateway,
    services,
    dynamo,
    tableName: TABLE_NAME,
    pools,
    pool: (prefix) => {
      const id = [...pools.keys()].find((k) => k.startsWith(prefix));
      if (!id) throw new Error(`no function ${prefix}`);
      return pools.get(id)!;
    },
    stream,
    scheduleRuns,
    async stop() {
      ticking = false;
      for (const t of tickers) clearInterval(t);
      await gateway.close();
      await Promise.all(pollers.map((p) => p.stop()));
      await Promise.all([...pools.values()].map((p) => p.stop()));
      await services.close();
      await dynamo.stop();
      deployed.remove();
    },
  };
}
