/**
 * The Lambda model's settings come from the stack's synthesized template (about 3 s to
 * synthesize, hence not a unit test): the values the stack deploys, and model options built from
 * them that the models accept.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION } from '../../infra/production';
import { SimClock } from '../../bench/cloud/clock';
import { LambdaAccount } from '../../bench/cloud/lambda/account';
import { LambdaFunctionModel } from '../../bench/cloud/lambda/function-model';
import { functionOptions, streamMappingOptions } from '../../bench/cloud/lambda/settings';
import { StreamEventSourceMapping } from '../../bench/cloud/lambda/stream-mapping';
import { MemoryStream } from '../../bench/cloud/lambda/stream-source';
import type { FunctionName, FunctionSettings } from '../../bench/cloud/lambda/settings';
import { deployedFunctions } from '../../bench/cloud/lambda/template';

describe('the deployed functions, from the synthesized template', () => {
  let functions: Record<FunctionName, FunctionSettings>;
  beforeAll(() => {
    functions = deployedFunctions();
  });

  it('names every function of the stack, each at 512 MB but Bots (a whole vCPU) with its timeout; only the message function has reserved concurrency', () => {
    expect(Object.keys(functions).sort()).toEqual(
      ['Bots', 'Connect', 'Disconnect', 'Http', 'Message', 'Notify', 'Passkey', 'SesEvents', 'Sweep'].sort(),
    );
    const timeouts = Object.fromEntries(Object.values(functions).map((f) => [f.name, f.timeoutSeconds]));
    expect(timeouts).toEqual({
      Http: 10,
      Connect: 10,
      Disconnect: 10,
      Message: 10,
      Notify: 60,
      Sweep: 60,
      Bots: 60,
      SesEvents: 10,
      Passkey: 10,
    });
    for (const f of Object.values(functions)) {
      expect(f.memoryMB).toBe(f.name === 'Bots' ? 1769 : 512);
      expect(f.reservedConcurrency).toBe(f.name === 'Message' ? 100 : undefined);
    }
    expect(functions.Sweep.asyncRetryAttempts).toBe(0);
    expect(functions.SesEvents.asyncRetryAttempts).toBeUndefined();
    expect(deployedFunctions()).toBe(functions); // synthesized once
  });

  it('reads the stream mappings of Notify and Bots as deployed: the two readers a shard allows, the Bots function with two filters', () => {
    const readers = Object.values(functions).filter((f) => f.streamMappings.length);
    expect(readers.map((f) => f.name).sort()).toEqual(['Bots', 'Notify']);
    const notify = functions.Notify.streamMappings;
    expect(notify).toHaveLength(1);
    expect(notify[0]).toMatchObject({
      batchSize: 25,
      parallelizationFactor: PRODUCTION.streamParallelization,
      maximumBatchingWindowSeconds: 0,
      maximumRetryAttempts: -1,
      maximumRecordAgeSeconds: 6 * 3600,
      bisectBatchOnError: true,
      functionResponseTypes: ['ReportBatchItemFailures'],
      startingPosition: 'LATEST',
      filterPatterns: [{ eventName: ['INSERT'], dynamodb: { NewImage: { kind: { S: ['commit', 'chatMessage', 'signInAsk'] } } } }],
    });
    expect(JSON.stringify(notify[0]!.destinationConfig)).toMatch(/"OnFailure".*NotifyFailedBatches/);
    // A bucket: the model keeps the records of the batches given up on, as Lambda does there.
    expect(notify[0]!.onFailure).toEqual({ kind: 's3', logicalId: expect.stringMatching(/^NotifyFailedBatches/) });
    expect(functions.Bots.streamMappings).toHaveLength(1);
    expect(functions.Bots.streamMappings[0]).toMatchObject({
      batchSize: 10,
      parallelizationFactor: 10,
      bisectBatchOnError: true,
      maximumRetryAttempts: -1,
      onFailure: { kind: 's3', logicalId: expect.stringMatching(/^BotsFailedBatches/) },
      filterPatterns: [
        { eventName: ['INSERT'], dynamodb: { NewImage: { kind: { S: ['commit'] }, automatic: { N: [{ exists: true }] } } } },
        { eventName: ['INSERT'], dynamodb: { NewImage: { kind: { S: ['commit', 'rateAsk'] }, status: { S: ['finished'] } } } },
      ],
    });
  });

  it('gives options the models accept', () => {
    const clock = new SimClock(0);
    const account = new LambdaAccount({ clock });
    const notify = new LambdaFunctionModel({ ...functionOptions(functions.Notify), account, handler: async () => undefined });
    expect(notify).toMatchObject({ name: 'Notify', memoryMB: 512, timeoutSeconds: 60 });
    const sweep = new LambdaFunctionModel({ ...functionOptions(functions.Sweep), account, handler: async () => undefined });
    expect(sweep.asyncRetryAttempts).toBe(0);
    // The Bots function computes at a whole vCPU: no slowdown, where the others take 1,769 / 512 times as long.
    const bots = new LambdaFunctionModel({ ...functionOptions(functions.Bots), account, handler: async () => undefined });
    expect([bots.cpuSlowdown, notify.cpuSlowdown]).toEqual([1, 1769 / 512]);
    // Both mappings on the table's stream read one stream model, as the simulated world's do: it takes both.
    const stream = new MemoryStream({ clock });
    const mapping = (settings: FunctionSettings, target: typeof notify) =>
      new StreamEventSourceMapping({ ...streamMappingOptions(settings.streamMappings[0]!), source: stream, target });
    expect(mapping(functions.Notify, notify)).toMatchObject({ batchSize: 25, maximumRetryAttempts: -1, maximumRecordAgeSeconds: 21_600 });
    expect(mapping(functions.Bots, bots)).toMatchObject({ batchSize: 10, parallelizationFactor: 10, maximumRecordAgeSeconds: 21_600 });
  });
});
