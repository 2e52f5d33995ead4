/**
 * The table model behind the document client's face: the application's own DynamoDB stores
 * (functions/adapters/store/) send it the commands they send AWS — Get, Put, Update, Delete,
 * Query, TransactWrite — and get the answers and errors the SDK gives them
 * (ConditionalCheckFailedException, TransactionCanceledException with its reasons,
 * ValidationException). A throttled request is retried as the SDK's standard retry mode does
 * (3 attempts, exponential back-off with full jitter from 100 ms, "Retry behavior" in the AWS SDKs
 * reference), on the virtual clock; a request still throttled reaches the application.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { Rng } from '../../../domain/engine/rng';
import type { VirtualClock } from '../clock';
import { currentInvocation, lambdaIo } from '../lambda/invocation';
import { compile, compileQuery, type Doc } from './expressions';
import { itemSize } from './item-size';
import { LIMITS, TableModel, ThroughputExceeded, ValidationError } from './table';

type Input = Record<string, unknown> & { TableName?: string };
type Names = { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> };

const $metadata = {};
const MAX_ATTEMPTS = 3;
const BASE_DELAY_MS = 100;
const MAX_DELAY_MS = 20_000;

export interface ClientStats {
  /** Requests (each attempt) by the function whose invocation made them ('outside' for none). */
  requestsBy: Record<string, number>;
  /** Requests that were throttled at least once and then went through. */
  recovered: number;
  /** Requests the application saw fail with a throttling error after the retries. */
  failedThrottled: number;
}

export class ModelDocumentClient {
  readonly stats: ClientStats = { requestsBy: {}, recovered: 0, failedThrottled: 0 };
  private readonly rng: Rng;

  constructor(
    private readonly tables: Map<string, TableModel>,
    private readonly clock: VirtualClock,
    seed = 1,
    /** Called before each request reaches the table (the Lambda model stops a killed invocation here). */
    private readonly beforeRequest: () => void = () => undefined,
  ) {
    this.rng = Rng.fromSeed(seed);
  }

  /** What the SDK's `send` does, for the commands the stores use. */
  async send(command: { input: Input; constructor: { name: string } }): Promise<Record<string, unknown>> {
    for (let attempt = 1; ; attempt++) {
      this.beforeRequest();
      const by = currentInvocation()?.functionName ?? 'outside';
      this.stats.requestsBy[by] = (this.stats.requestsBy[by] ?? 0) + 1;
      try {
        // Through the running invocation, if any: it pays its CPU first, and a dead one sends nothing.
        const out = await lambdaIo(async () => this.handle(command.constructor.name, command.input));
        if (attempt > 1) this.stats.recovered++;
        return out;
      } catch (error) {
        if (!(error instanceof ThroughputExceeded)) throw error;
        if (attempt >= MAX_ATTEMPTS) {
          this.stats.failedThrottled++;
          throw error;
        }
        const cap = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
        await this.clock.sleep((this.rng.int(1000) / 1000) * cap);
      }
    }
  }

  destroy(): void {}

  private table(input: Input): TableModel {
    const table = this.tables.get(input.TableName ?? '');
    if (!table)
      throw Object.assign(new Error(`Requested resource not found: table ${input.TableName}`), { name: 'ResourceNotFoundException' });
    return table;
  }

  private handle(kind: string, input: Input): Record<string, unknown> {
    switch (kind) {
      case 'GetCommand':
        return this.get(input);
      case 'PutCommand':
        return this.writeOne('put', input);
      case 'UpdateCommand':
        return this.writeOne('update', input);
      case 'DeleteCommand':
        return this.writeOne('delete', input);
      case 'QueryCommand':
        return this.query(input);
      case 'TransactWriteCommand':
        return this.transact(input);
      default:
        throw new ValidationError(`The cloud model does not know ${kind}`);
    }
  }

  private get(input: Input): Record<string, unknown> {
    const table = this.table(input);
    const { pk, sk } = table.keyOf(input.Key as Doc);
    const refs = input as Names;
    const compiled = compile(
      { ...(input.ProjectionExpression ? { projection: input.ProjectionExpression as string } : {}) },
      { names: refs.ExpressionAttributeNames, values: refs.ExpressionAttributeValues },
    );
    const item = table.get(pk, sk);
    table.charge([{ pk, read: TableModel.readUnitsFor(item ? itemSize(item) : 0, input.ConsistentRead === true) }]);
    table.usage.requests++;
    if (!item) return { $metadata };
    return { Item: structuredClone(compiled.project ? compiled.project(item) : item), $metadata };
  }

  /** The change one Put/Update/Delete would make, or why it may not; nothing is stored yet. */
  private plan(kind: 'put' | 'update' | 'delete', input: Input, table: TableModel) {
    const refs = input as Names;
    const compiled = compile(
      {
        ...(input.ConditionExpression ? { condition: input.ConditionExpression as string } : {}),
        ...(kind === 'update' ? { update: input.UpdateExpression as string } : {}),
      },
      { names: refs.ExpressionAttributeNames, values: refs.ExpressionAttributeValues },
    );
    const key = kind === 'put' ? (input.Item as Doc) : (input.Key as Doc);
    const { pk, sk } = table.keyOf(key);
    const before = table.get(pk, sk);
    // The condition is checked on the item as it is; a write whose condition fails is never evaluated.
    const ok = compiled.condition ? compiled.condition(before) : true;
    let after: Doc | undefined;
    if (ok && kind === 'put') after = structuredClone(input.Item as Doc);
    else if (ok && kind === 'update') {
      after = compiled.update!(before ?? { [table.keySchema.partition]: pk, [table.keySchema.sort]: sk });
      if (after[table.keySchema.partition] !== pk || after[table.keySchema.sort] !== sk)
        throw new ValidationError(
          'One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key',
        );
    }
    const bytes = after ? table.checkItem(after) : kind === 'put' ? table.checkItem(input.Item as Doc) : 0;
    const units = TableModel.writeUnitsFor(bytes, before ? itemSize(before) : 0);
    return { pk, sk, before, after, ok, units, touched: compiled.touched ?? [] };
  }

  private writeOne(kind: 'put' | 'update' | 'delete', input: Input): Record<string, unknown> {
    const table = this.table(input);
    const p = this.plan(kind, input, table);
    // A failed condition is billed as the write would have been.
    table.charge([{ pk: p.pk, write: p.units }]);
    table.usage.requests++;
    if (!p.ok) {
      table.usage.conditionalFailures++;
      throw new ConditionalCheckFailedException({
        message: 'The conditional request failed',
        $metadata,
        // Errors carry the item as DynamoDB sends it (the document client does not convert it).
        ...(input.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && p.before ? { Item: marshall(p.before) } : {}),
      });
    }
    table.write(p.pk, p.sk, p.after);
    return { ...returned(input.ReturnValues as string | undefined, p), $metadata };
  }

  private query(input: Input): Record<string, unknown> {
    const table = this.table(input);
    const refs = input as Names;
    const q = compileQuery(
      {
        key: input.KeyConditionExpression as string,
        ...(input.FilterExpression ? { filter: input.FilterExpression as string } : {}),
        ...(input.ProjectionExpression ? { projection: input.ProjectionExpression as string } : {}),
      },
      { names: refs.ExpressionAttributeNames, values: refs.ExpressionAttributeValues },
      table.keySchema,
    );
    if (typeof q.key.partition !== 'string') throw new ValidationError('The partition key must be a string');
    const pk = q.key.partition;
    const forward = input.ScanIndexForward !== false;
    let keys = table.sortKeys(pk).filter(q.key.sortTest);
    if (!forward) keys = [...keys].reverse();
    const start = (input.ExclusiveStartKey as Doc | undefined)?.[table.keySchema.sort];
    if (typeof start === 'string') {
      const at = keys.indexOf(start);
      keys = at >= 0 ? keys.slice(at + 1) : keys.filter((k) => (forward ? k > start : k < start));
    }
    const limit = typeof input.Limit === 'number' ? input.Limit : Number.POSITIVE_INFINITY;
    const items: Doc[] = [];
    let read = 0;
    let bytes = 0;
    let last: string | undefined;
    for (const sk of keys) {
      if (read >= limit || bytes >= LIMITS.queryPageBytes) break;
      const item = table.get(pk, sk)!;
      read++;
      bytes += itemSize(item);
      last = sk;
      if (!q.filter || q.filter(item)) items.push(structuredClone(q.project ? q.project(item) : item));
    }
    const more = last !== undefined && keys.indexOf(last) < keys.length - 1;
    table.charge([{ pk, read: TableModel.readUnitsFor(bytes, input.ConsistentRead === true) }]);
    table.usage.requests++;
    return {
      ...(input.Select === 'COUNT' ? {} : { Items: items }),
      Count: items.length,
      ScannedCount: read,
      ...(more ? { LastEvaluatedKey: { [table.keySchema.partition]: pk, [table.keySchema.sort]: last } } : {}),
      $metadata,
    };
  }

  private transact(input: Input): Record<string, unknown> {
    const items = input.TransactItems as Record<string, Input>[];
    if (!items?.length || items.length > LIMITS.transactionItems)
      throw new ValidationError(`Member must have length less than or equal to ${LIMITS.transactionItems}`);
    const plans = items.map((entry) => {
      const [kind, op] = Object.entries(entry)[0]! as [string, Input];
      const table = this.table(op);
      if (kind === 'ConditionCheck') {
        const refs = op as Names;
        const compiled = compile(
          { condition: op.ConditionExpression as string },
          { names: refs.ExpressionAttributeNames, values: refs.ExpressionAttributeValues },
        );
        const { pk, sk } = table.keyOf(op.Key as Doc);
        const before = table.get(pk, sk);
        return {
          table,
          kind,
          pk,
          sk,
          before,
          after: before,
          ok: compiled.condition!(before),
          units: TableModel.writeUnitsFor(before ? itemSize(before) : 0),
          touched: [],
          write: false,
        };
      }
      const verb = kind === 'Put' ? 'put' : kind === 'Update' ? 'update' : kind === 'Delete' ? 'delete' : null;
      if (!verb) throw new ValidationError(`Unknown transaction action ${kind}`);
      return { table, kind, ...this.plan(verb, op, table), write: true };
    });
    const seen = new Set(plans.map((p) => `${p.table.name}\u0000${p.pk}\u0000${p.sk}`));
    if (seen.size !== plans.length) throw new ValidationError('Transaction request cannot include multiple operations on one item');
    const total = plans.reduce((n, p) => n + (p.after ? itemSize(p.after) : 0), 0);
    if (total > LIMITS.transactionBytes) throw new ValidationError('Transaction size has exceeded the maximum allowed size');
    // Transactions cost twice ("Read/write capacity mode": transactional requests), failed or not.
    for (const table of new Set(plans.map((p) => p.table)))
      table.charge(plans.filter((p) => p.table === table).map((p) => ({ pk: p.pk, write: 2 * p.units })));
    for (const table of new Set(plans.map((p) => p.table))) table.usage.requests++;
    if (plans.some((p) => !p.ok)) {
      for (const p of plans) if (!p.ok) p.table.usage.conditionalFailures++;
      throw new TransactionCanceledException({
        message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${plans.map((p) => (p.ok ? 'None' : 'ConditionalCheckFailed')).join(', ')}]`,
        $metadata,
        CancellationReasons: plans.map((p, i) =>
          p.ok
            ? { Code: 'None' }
            : {
                Code: 'ConditionalCheckFailed',
                Message: 'The conditional request failed',
                ...(Object.values(items[i]!)[0]!.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && p.before
                  ? { Item: marshall(p.before) }
                  : {}),
              },
        ),
      });
    }
    for (const p of plans) if (p.write) p.table.write(p.pk, p.sk, p.after);
    return { $metadata };
  }
}

/** What a write answers for its ReturnValues. */
function returned(mode: string | undefined, p: { before?: Doc; after?: Doc; touched: string[] }): { Attributes?: Doc } {
  const pick = (doc: Doc | undefined) => {
    if (!doc) return undefined;
    const out: Doc = {};
    for (const name of p.touched) if (doc[name] !== undefined) out[name] = structuredClone(doc[name]);
    return Object.keys(out).length ? out : undefined;
  };
  const attributes =
    mode === 'ALL_OLD'
      ? p.before
      : mode === 'ALL_NEW'
        ? p.after
        : mode === 'UPDATED_OLD'
          ? pick(p.before)
          : mode === 'UPDATED_NEW'
            ? pick(p.after)
            : undefined;
  return attributes ? { Attributes: structuredClone(attributes) } : {};
}
