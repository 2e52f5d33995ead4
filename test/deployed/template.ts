/**
 * The stack as CloudFormation would receive it: synthesized into a cdk.out folder (bundling
 * every function with the local esbuild, as `npm run synth` does), then read back. Everything
 * the harness runs — functions, their bundles, handlers and environment, routes, the stream's
 * event source mappings, the schedule — comes from the template, never from the stack's code.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { CaravelaStack } from '../../infra/stack';

type Json = Record<string, unknown>;
interface Resource {
  Type: string;
  Properties: Json;
}

export interface FunctionSpec {
  logicalId: string;
  /** The bundle to import and the export to call (from Handler `index.handler`). */
  bundle: string;
  exportName: string;
  timeoutSeconds: number;
  /** As written in the template: strings or intrinsic functions (see resolve). */
  environment: Record<string, unknown>;
}

export interface StreamMapping {
  functionId: string;
  batchSize: number;
  maximumRetryAttempts: number;
  reportBatchItemFailures: boolean;
  /** Each a Lambda filter pattern: a record is delivered if any matches. */
  patterns: Json[];
  hasOnFailure: boolean;
}

export interface Deployed {
  outdir: string;
  /** Remove the synthesized folders. */
  remove(): void;
  resources: Record<string, Resource>;
  functions: Map<string, FunctionSpec>;
  /** WebSocket route key → function logical id, and the API's route selection expression. */
  wsRoutes: Map<string, string>;
  routeSelection: string;
  wsStage: string;
  /** HTTP API route key ("POST /api/players", "$default") → function logical id. */
  httpRoutes: Map<string, string>;
  /** Every event source mapping on the table's stream (the notifier's, the Bots function's: its automatic moves and ratings). */
  streams: StreamMapping[];
  /** Functions a schedule rule targets, with the rule's expression. */
  schedules: { functionId: string; expression: string }[];
  tableId: string;
}

const WEB_FILES = { 'index.html': '<!doctype html><title>Caravela</title>' };

export function synthesize(context: Record<string, string>): Deployed {
  const outdir = mkdtempSync(path.join(tmpdir(), 'caravela-cdk-out-'));
  const webDir = mkdtempSync(path.join(tmpdir(), 'caravela-web-'));
  for (const [name, text] of Object.entries(WEB_FILES)) writeFileSync(path.join(webDir, name), text);
  const app = new App({ outdir, context });
  new CaravelaStack(app, 'CaravelaDeployed', { webAssetPath: webDir });
  app.synth();
  // The AWS SDK is not bundled: the Lambda runtime carries it. Here the project's own
  // node_modules, beside the assets, stands in for the runtime's.
  symlinkSync(path.resolve(import.meta.dirname, '../../node_modules'), path.join(outdir, 'node_modules'));
  const template = JSON.parse(readFileSync(path.join(outdir, 'CaravelaDeployed.template.json'), 'utf8')) as {
    Resources: Record<string, Resource>;
  };
  // The asset manifest says which folder is uploaded under which S3 key (a function's Code.S3Key).
  const manifest = JSON.parse(readFileSync(path.join(outdir, 'CaravelaDeployed.assets.json'), 'utf8')) as {
    files: Record<string, { source: { path: string }; destinations: Record<string, { objectKey: string }> }>;
  };
  const assets = new Map<string, string>();
  for (const file of Object.values(manifest.files))
    for (const d of Object.values(file.destinations)) assets.set(d.objectKey, path.join(outdir, file.source.path));
  const deployed = read(outdir, template.Resources, assets);
  deployed.remove = () => [outdir, webDir].forEach((d) => rmSync(d, { recursive: true, force: true }));
  return deployed;
}

/** Whether `value` mentions `needle` anywhere in its JSON. */
const mentions = (value: unknown, needle: unknown): boolean => JSON.stringify(value ?? null).includes(JSON.stringify(needle));

function read(outdir: string, resources: Record<string, Resource>, assets: Map<string, string>): Deployed {
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const functions = new Map<string, FunctionSpec>();
  for (const [id, r] of ofType('AWS::Lambda::Function')) {
    const asset = assets.get(((r.Properties.Code as Json | undefined)?.S3Key as string | undefined) ?? '');
    const handler = r.Properties.Handler as string | undefined;
    // Only the stack's own Node.js functions (not CDK's custom-resource providers).
    if (
      !asset ||
      !handler ||
      r.Properties.Runtime !== 'nodejs22.x' ||
      !('TABLE_NAME' in (((r.Properties.Environment as Json | undefined)?.Variables as Json) ?? {}))
    )
      continue;
    const [file, exportName] = handler.split('.') as [string, string];
    functions.set(id, {
      logicalId: id,
      bundle: path.join(asset, `${file}.mjs`),
      exportName,
      timeoutSeconds: (r.Properties.Timeout as number | undefined) ?? 3,
      environment: ((r.Properties.Environment as Json).Variables as Record<string, unknown>) ?? {},
    });
  }
  const functionOf = (value: unknown): string => {
    const hits = [...functions.keys()].filter((f) => mentions(value, { 'Fn::GetAtt': [f, 'Arn'] }) || mentions(value, { Ref: f }));
    if (hits.length !== 1) throw new Error(`expected one function in ${JSON.stringify(value)}, found ${hits.join(', ') || 'none'}`);
    return hits[0]!;
  };

  const apis = ofType('AWS::ApiGatewayV2::Api');
  const [wsApiId, wsApi] = apis.find(([, r]) => r.Properties.ProtocolType === 'WEBSOCKET')!;
  const [httpApiId] = apis.find(([, r]) => r.Properties.ProtocolType === 'HTTP')!;
  const integrations = Object.fromEntries(ofType('AWS::ApiGatewayV2::Integration'));
  const routesOf = (apiId: string) => {
    const out = new Map<string, string>();
    for (const [, route] of ofType('AWS::ApiGatewayV2::Route')) {
      if (!mentions(route.Properties.ApiId, { Ref: apiId })) continue;
      const integrationId = Object.keys(integrations).find((id) => mentions(route.Properties.Target, { Ref: id }));
      if (!integrationId) throw new Error(`route ${String(route.Properties.RouteKey)} has no integration`);
      out.set(route.Properties.RouteKey as string, functionOf(integrations[integrationId]!.Properties.IntegrationUri));
    }
    return out;
  };
  const wsStage = ofType('AWS::ApiGatewayV2::Stage').find(([, r]) => mentions(r.Properties.ApiId, { Ref: wsApiId }))![1].Properties
    .StageName as string;

  const streams: StreamMapping[] = ofType('AWS::Lambda::EventSourceMapping').map(([, mapping]) => {
    const filters = ((mapping.Properties.FilterCriteria as Json | undefined)?.Filters as { Pattern: string }[] | undefined) ?? [];
    return {
      functionId: functionOf(mapping.Properties.FunctionName),
      batchSize: (mapping.Properties.BatchSize as number | undefined) ?? 100,
      maximumRetryAttempts: (mapping.Properties.MaximumRetryAttempts as number | undefined) ?? -1,
      reportBatchItemFailures: ((mapping.Properties.FunctionResponseTypes as string[] | undefined) ?? []).includes(
        'ReportBatchItemFailures',
      ),
      patterns: filters.map((f) => JSON.parse(f.Pattern) as Json),
      hasOnFailure: Boolean((mapping.Properties.DestinationConfig as Json | undefined)?.OnFailure),
    };
  });

  const schedules = ofType('AWS::Events::Rule').flatMap(([, r]) =>
    ((r.Properties.Targets as { Arn: unknown }[] | undefined) ?? []).map((t) => ({
      functionId: functionOf(t.Arn),
      expression: r.Properties.ScheduleExpression as string,
    })),
  );
  const [tableId] = ofType('AWS::DynamoDB::Table')[0]!;
  return {
    outdir,
    remove: () => undefined,
    resources,
    functions,
    wsRoutes: routesOf(wsApiId),
    routeSelection: wsApi.Properties.RouteSelectionExpression as string,
    wsStage,
    httpRoutes: routesOf(httpApiId),
    streams,
    schedules,
    tableId,
  };
}

/** Whether a Lambda event filter pattern (exact-value lists, `exists`, nested objects) matches a record. */
export function patternMatches(pattern: Json, event: unknown): boolean {
  return Object.entries(pattern).every(([key, want]) => {
    const present = typeof event === 'object' && event !== null && key in event;
    const value = present ? (event as Json)[key] : undefined;
    if (!Array.isArray(want)) return present && patternMatches(want as Json, value);
    return want.some((w) => (typeof w === 'object' && w !== null && 'exists' in w ? w.exists === present : present && w === value));
  });
}

/**
 * A template value with the intrinsic functions the functions' environment uses resolved:
 * `refs` names what each resource's Ref and GetAtt stand for on loopback.
 */
export function resolve(value: unknown, refs: (logicalId: string, attribute?: string) => string): string {
  if (typeof value === 'string') return value;
  const v = value as Json;
  if ('Ref' in v) {
    const id = v.Ref as string;
    return (
      { 'AWS::Region': 'us-east-1', 'AWS::URLSuffix': 'amazonaws.com', 'AWS::AccountId': '000000000000', 'AWS::Partition': 'aws' }[id] ??
      refs(id)
    );
  }
  if ('Fn::GetAtt' in v) {
    const [id, attribute] = v['Fn::GetAtt'] as [string, string];
    return refs(id, attribute);
  }
  if ('Fn::Join' in v) {
    const [separator, parts] = v['Fn::Join'] as [string, unknown[]];
    return parts.map((p) => resolve(p, refs)).join(separator);
  }
  throw new Error(`cannot resolve ${JSON.stringify(value)}`);
}
