/**
 * The stack's own API Gateway settings, read from its synthesized template rather than from the
 * code that makes it (infra/production.ts), so the simulator models what would be deployed: each
 * API's stage, the stage's default route throttle (DefaultRouteSettings), per-route overrides
 * (RouteSettings) and route keys. Synthesis skips bundling the functions (only the template is
 * read) and still takes a few seconds, so its result is kept for the process.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { CaravelaStack } from '../../../infra/stack';
import type { Throttle } from './token-bucket';

export interface StageSettings {
  stageName: string;
  /** DefaultRouteSettings: every route's throttle unless RouteSettings overrides it. */
  throttle: Throttle;
  routeThrottles: Record<string, Throttle>;
  /** Route keys: "$connect", "createGame"…; "POST /api/players"… */
  routes: string[];
}

/** The sweep's schedule: how often EventBridge invokes it, and the event of each target (one per part of the shards). */
export interface SweepSchedule {
  everyMs: number;
  events: unknown[];
}

export interface StackApis {
  webSocket: StageSettings;
  http: StageSettings;
  sweep: SweepSchedule;
}

interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
}

interface RouteSettings {
  ThrottlingRateLimit?: number;
  ThrottlingBurstLimit?: number;
}

const STACK_ID = 'CaravelaSimulated';

/** Read the APIs of a synthesized template's resources. */
export function apisOf(resources: Record<string, Resource>): StackApis {
  const all = Object.entries(resources);
  const apiId = (protocol: string) => {
    const found = all.filter(([, r]) => r.Type === 'AWS::ApiGatewayV2::Api' && r.Properties.ProtocolType === protocol);
    if (found.length !== 1) throw new Error(`expected one ${protocol} API in the template, found ${found.length}`);
    return found[0]![0];
  };
  const of = (id: string) => (r: Resource) => (r.Properties.ApiId as { Ref?: string } | undefined)?.Ref === id;
  const settings = (id: string): StageSettings => {
    const stages = all.map(([, r]) => r).filter((r) => r.Type === 'AWS::ApiGatewayV2::Stage' && of(id)(r));
    if (stages.length !== 1) throw new Error(`expected one stage of API ${id}, found ${stages.length}`);
    const stage = stages[0]!.Properties;
    const throttle = throttleOf(stage.DefaultRouteSettings as RouteSettings | undefined, `${id}'s DefaultRouteSettings`);
    const routeThrottles = Object.fromEntries(
      Object.entries((stage.RouteSettings ?? {}) as Record<string, RouteSettings>)
        .filter(([, s]) => s.ThrottlingRateLimit !== undefined || s.ThrottlingBurstLimit !== undefined)
        .map(([route, s]) => [
          route,
          { rateLimit: s.ThrottlingRateLimit ?? throttle.rateLimit, burstLimit: s.ThrottlingBurstLimit ?? throttle.burstLimit },
        ]),
    );
    const routes = all
      .map(([, r]) => r)
      .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route' && of(id)(r))
      .map((r) => r.Properties.RouteKey as string);
    return { stageName: stage.StageName as string, throttle, routeThrottles, routes };
  };
  return { webSocket: settings(apiId('WEBSOCKET')), http: settings(apiId('HTTP')), sweep: sweepScheduleOf(all.map(([, r]) => r)) };
}

const RATE_UNITS_MS: Record<string, number> = { minute: 60_000, minutes: 60_000, hour: 3_600_000, hours: 3_600_000 };

/** The one scheduled rule's rate and its targets' inputs. */
function sweepScheduleOf(resources: Resource[]): SweepSchedule {
  const rules = resources.filter((r) => r.Type === 'AWS::Events::Rule' && r.Properties.ScheduleExpression);
  if (rules.length !== 1) throw new Error(`expected one scheduled rule in the template, found ${rules.length}`);
  const rule = rules[0]!.Properties;
  const rate = /^rate\((\d+) (\w+)\)$/.exec(rule.ScheduleExpression as string);
  if (!rate || !RATE_UNITS_MS[rate[2]!]) throw new Error(`a schedule the simulator does not read: ${String(rule.ScheduleExpression)}`);
  const targets = rule.Targets as { Input?: string }[];
  return {
    everyMs: Number(rate[1]) * RATE_UNITS_MS[rate[2]!]!,
    events: targets.map((t) => (t.Input === undefined ? {} : (JSON.parse(t.Input) as unknown))),
  };
}

function throttleOf(s: RouteSettings | undefined, what: string): Throttle {
  if (s?.ThrottlingRateLimit === undefined || s.ThrottlingBurstLimit === undefined) throw new Error(`${what} carry no throttle`);
  return { rateLimit: s.ThrottlingRateLimit, burstLimit: s.ThrottlingBurstLimit };
}

/** Synthesize the stack (without bundling) and read its APIs. */
export function synthesizeApis(): StackApis {
  const outdir = mkdtempSync(path.join(tmpdir(), 'caravela-sim-cdk-'));
  const webDir = mkdtempSync(path.join(tmpdir(), 'caravela-sim-web-'));
  try {
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Caravela</title>');
    // No stack bundles: the functions' code is not what is read here.
    const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
    new CaravelaStack(app, STACK_ID, { webAssetPath: webDir });
    app.synth();
    const template = JSON.parse(readFileSync(path.join(outdir, `${STACK_ID}.template.json`), 'utf8')) as {
      Resources: Record<string, Resource>;
    };
    return apisOf(template.Resources);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  }
}

/** The stack's APIs, synthesized on first use and kept for the process (the one cache here). */
export const stackApis: () => StackApis = (() => {
  let apis: StackApis | undefined;
  return () => (apis ??= synthesizeApis());
})();
