/**
 * The functions' settings read from the stack's synthesized template, not restated by hand: each
 * function's memory, timeout and reserved concurrency, and each event source mapping on it.
 * Synthesized once per process (about 3 s), without bundling the handlers (the template's values
 * do not depend on the bundles), in a temporary folder removed afterwards.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { type CaravelaFunctions, CaravelaStack } from '../../../infra/stack';
import { LAMBDA_LIMITS, STREAM_LIMITS } from './limits';
import type { FunctionName, FunctionSettings, StreamMappingSettings } from './settings';

type Json = Record<string, unknown>;
interface Resource {
  Type: string;
  Properties: Json;
}

const STACK_ID = 'CaravelaSim';

/**
 * The synthesis, cached: a process needs it once, and it never changes while it runs (a memo
 * of a constant, the one piece of module state here).
 */
let cached: Record<FunctionName, FunctionSettings> | undefined;

export function deployedFunctions(): Record<FunctionName, FunctionSettings> {
  cached ??= synthesize();
  return cached;
}

function synthesize(): Record<FunctionName, FunctionSettings> {
  const outdir = mkdtempSync(path.join(tmpdir(), 'caravela-sim-cdk-'));
  const webDir = mkdtempSync(path.join(tmpdir(), 'caravela-sim-web-'));
  try {
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Caravela</title>');
    // No stack is bundled ('aws:cdk:bundling-stacks' empty): esbuild would only slow this down.
    const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new CaravelaStack(app, STACK_ID, { webAssetPath: webDir });
    app.synth();
    const template = JSON.parse(readFileSync(path.join(outdir, `${STACK_ID}.template.json`), 'utf8')) as {
      Resources: Record<string, Resource>;
    };
    const resources = Object.entries(template.Resources);
    const ofType = (type: string) => resources.filter(([, r]) => r.Type === type);
    const names = (Object.entries(stack.functions) as [keyof CaravelaFunctions, CaravelaFunctions[keyof CaravelaFunctions]][]).map(
      ([key, fn]) => {
        const name = fn.node.id as FunctionName;
        if (name !== key.charAt(0).toUpperCase() + key.slice(1)) throw new Error(`stack.functions.${key} is the construct ${name}`);
        return { name, logicalId: stack.getLogicalId(fn.node.defaultChild as never) };
      },
    );
    const refersTo = (value: unknown, logicalId: string) => {
      const text = JSON.stringify(value ?? null);
      return text.includes(JSON.stringify({ Ref: logicalId })) || text.includes(JSON.stringify({ 'Fn::GetAtt': [logicalId, 'Arn'] }));
    };
    const out = {} as Record<FunctionName, FunctionSettings>;
    for (const { name, logicalId } of names) {
      const fn = template.Resources[logicalId];
      if (fn?.Type !== 'AWS::Lambda::Function') throw new Error(`${name}: no AWS::Lambda::Function ${logicalId} in the template`);
      const p = fn.Properties;
      const invokeConfig = ofType('AWS::Lambda::EventInvokeConfig').find(([, r]) => refersTo(r.Properties.FunctionName, logicalId));
      out[name] = {
        name,
        logicalId,
        // CloudFormation's defaults when a property is left out.
        memoryMB: (p.MemorySize as number | undefined) ?? LAMBDA_LIMITS.minMemoryMB,
        timeoutSeconds: (p.Timeout as number | undefined) ?? LAMBDA_LIMITS.defaultTimeoutSeconds,
        reservedConcurrency: p.ReservedConcurrentExecutions as number | undefined,
        asyncRetryAttempts: invokeConfig?.[1].Properties.MaximumRetryAttempts as number | undefined,
        streamMappings: ofType('AWS::Lambda::EventSourceMapping')
          .filter(([, r]) => refersTo(r.Properties.FunctionName, logicalId))
          .map(([id, r]) => mapping(id, r.Properties, template.Resources)),
      };
    }
    return out;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  }
}

const DESTINATION_KINDS: Record<string, 's3' | 'sqs' | 'sns'> = {
  'AWS::S3::Bucket': 's3',
  'AWS::SQS::Queue': 'sqs',
  'AWS::SNS::Topic': 'sns',
};

function mapping(logicalId: string, p: Json, resources: Record<string, Resource>): StreamMappingSettings {
  const filters = ((p.FilterCriteria as Json | undefined)?.Filters as { Pattern: string }[] | undefined) ?? [];
  // The destination's ARN: the bucket's or queue's Arn attribute, or a topic's Ref.
  const destination = ((p.DestinationConfig as Json | undefined)?.OnFailure as Json | undefined)?.Destination as
    | { 'Fn::GetAtt'?: [string, string]; Ref?: string }
    | undefined;
  const target = destination?.['Fn::GetAtt']?.[0] ?? destination?.Ref;
  const kind = target ? DESTINATION_KINDS[resources[target]?.Type ?? ''] : undefined;
  if (destination && !kind)
    throw new Error(`${logicalId}: an on-failure destination the model does not know: ${JSON.stringify(destination)}`);
  return {
    logicalId,
    batchSize: (p.BatchSize as number | undefined) ?? STREAM_LIMITS.defaultBatchSize,
    parallelizationFactor: (p.ParallelizationFactor as number | undefined) ?? 1,
    maximumBatchingWindowSeconds: (p.MaximumBatchingWindowInSeconds as number | undefined) ?? 0,
    maximumRetryAttempts: (p.MaximumRetryAttempts as number | undefined) ?? -1,
    maximumRecordAgeSeconds: (p.MaximumRecordAgeInSeconds as number | undefined) ?? -1,
    bisectBatchOnError: (p.BisectBatchOnFunctionError as boolean | undefined) ?? false,
    functionResponseTypes: (p.FunctionResponseTypes as string[] | undefined) ?? [],
    destinationConfig: p.DestinationConfig as Json | undefined,
    onFailure: kind && target ? { kind, logicalId: target } : null,
    filterPatterns: filters.map((f) => JSON.parse(f.Pattern) as Json),
    startingPosition: p.StartingPosition as 'LATEST' | 'TRIM_HORIZON',
  };
}
