/**
 * CDK assertions on the synthesized Caravela stack. Synthesis bundles the nine handlers with the
 * local esbuild (no Docker, no AWS). Every check compares against the stack's own constructs
 * (logical ids resolved from them), so removing a route, a grant or an alarm fails a test.
 * A second stack, synthesized with every optional context setting (and without bundling, which
 * the first already proved), checks what those settings switch on. The web client deployed is a
 * fixture folder (webAssetPath), so these tests do not depend on the client compiling.
 * Template.fromStack itself refuses a template with a dependency cycle (CloudFormation would),
 * which is why the HTTP API's CORS cannot name the distribution whose CSP names the API.
 */
import { REACTED_TO } from '../../functions/handlers/stream';
import { RATED_FROM, ratesOn } from '../../functions/handlers/ratings';
import { playsOn } from '../../functions/handlers/automatic-moves';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS } from '../../functions/core/protocol/frames';
import { METRIC_NAMESPACE, METRICS } from '../../functions/observe/metric-names';
import { PRODUCTION } from '../../infra/production';
import { TABLE } from '../../functions/adapters/store/table';
import {
  CaravelaStack,
  ALARM_DATAPOINTS,
  ALARM_PERIOD,
  ALARM_WINDOW,
  FAILING_PERCENT,
  contentSecurityPolicy,
  emailAddressOf,
  ITERATOR_AGE_ALARM,
  FAILED_BATCH_RETENTION,
  STREAM_MAX_RECORD_AGE,
  VAPID_SECRET_TEMPLATE,
  WEB_CACHE_CONTROL,
  WEB_HASHED_CACHE_CONTROL,
  WEB_WORKER_CACHE_CONTROL,
  INLINE_CONFIG_ID,
  OPEN_WRITE_ROUTES,
  PASSKEY_ROUTES,
  SESSION_ROUTES,
  SWEEP_PARTS,
  SWEEP_RATE,
  WEB_DIR,
  WS_STAGE,
} from '../../infra/stack';
import { CLOCK_SHARDS } from '../../functions/adapters/store/keys';
import { ASSUMPTIONS } from '../../cost/model';
import { shardsIn, sweepPartOf } from '../../functions/core/sweep-part';
import { sessionRoutes } from '../../functions/api/session-routes';
import { redriveSetup, stackOutputs } from '../../scripts/redrive';
import { passkeyRoutes } from '../../functions/api/passkey-routes';
import { createApp } from '../../functions/app/app';
import { configFromEnv } from '../../functions/app/config';
import { randomIds } from '../../functions/app/deps';

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON, read by path
type Json = Record<string, any>;
type Resource = { Type: string; Properties: Json; DeletionPolicy?: string; UpdateReplacePolicy?: string; DependsOn?: string[] };
type FnName = 'http' | 'connect' | 'disconnect' | 'message' | 'notify' | 'sweep' | 'bots' | 'sesEvents' | 'passkey';
const FN_NAMES: FnName[] = ['http', 'connect', 'disconnect', 'message', 'notify', 'sweep', 'bots', 'sesEvents', 'passkey'];
interface Statement {
  Effect: string;
  Action: string[];
  Resource: unknown;
}

/** The WebSocket API's routes: API Gateway's own three and one per protocol action (functions/core/protocol/frames.ts). */
const ACTION_ROUTES = ACTIONS;
const ALL_ROUTES = ['$connect', '$disconnect', '$default', ...ACTION_ROUTES];

/** Every optional setting, as `npm run deploy -- -c key=value` would pass it. */
const CONTEXT = {
  publicUrl: 'https://games.example.com',
  emailFrom: 'Caravela <games@example.com>',
  webhookAllow: 'https://discord.com/api/webhooks/,https://chat.example.com/hooks/',
  connectionsEndpoint: 'https://ws.example.com/',
};

interface Synth {
  stack: CaravelaStack;
  template: Template;
}
let stack: CaravelaStack;
let template: Template;
/** A stand-in for dist/web (what `npm run build:web` writes). */
let webDir: string;
const WEB_FILES: Record<string, string> = {
  'index.html': '<!doctype html><head><title>fixture</title><script type="module" src="app-FIXTURE.js"></script></head>',
  'app-FIXTURE.js': 'console.log("fixture");',
  'app-FIXTURE.css': 'body{}',
  'sw.js': 'self.addEventListener("fetch",()=>{});',
};
/** The stack synthesized with CONTEXT. */
let configured: Synth;
const main = (): Synth => ({ stack, template });

/** The logical id CloudFormation knows a construct (or its default child) by. */
const idOf = (c: IConstruct, s = main()): string => s.stack.getLogicalId((c.node.defaultChild ?? c) as CfnElement);
const ref = (c: IConstruct, s = main()) => ({ Ref: idOf(c, s) });
const arnOf = (c: IConstruct, s = main()) => ({ 'Fn::GetAtt': [idOf(c, s), 'Arn'] });
const resources = (type: string, s = main()): Record<string, Resource> => s.template.findResources(type) as Record<string, Resource>;
/** Whether `value` contains `needle` anywhere in its JSON (for intrinsic-function values). */
const mentions = (value: unknown, needle: unknown): boolean => (JSON.stringify(value) ?? '').includes(JSON.stringify(needle));

/** Every statement of the IAM policies attached to a function's role, actions as arrays. */
function statementsOf(name: FnName, s = main()): Statement[] {
  const role = s.stack.functions[name].role!;
  return Object.values(resources('AWS::IAM::Policy', s))
    .filter((p) => (p.Properties.Roles as unknown[]).some((r) => mentions(r, ref(role, s))))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Json[])
    .map((s) => ({ Effect: s.Effect, Action: [s.Action].flat(), Resource: s.Resource }));
}

/** The actions a function may perform on resources mentioning `target` (allow statements only). */
function allowedOn(name: FnName, target: unknown, s = main()): string[] {
  return statementsOf(name, s)
    .filter((st) => st.Effect === 'Allow' && mentions(st.Resource, target))
    .flatMap((st) => st.Action);
}
const allActions = (name: FnName, s = main()) => statementsOf(name, s).flatMap((st) => st.Action);
/** A function's environment variables as synthesized. */
const envOf = (name: FnName, s = main()) =>
  resources('AWS::Lambda::Function', s)[idOf(s.stack.functions[name], s)]!.Properties.Environment.Variables as Json;

/** Whether an EventBridge/Lambda filter pattern (lists of exact values and `exists`) matches an event. */
function patternMatches(pattern: Json, event: unknown): boolean {
  return Object.entries(pattern).every(([key, want]) => {
    const present = typeof event === 'object' && event !== null && key in event;
    const value = present ? (event as Json)[key] : undefined;
    if (!Array.isArray(want)) return present && patternMatches(want as Json, value);
    return want.some((w) => (typeof w === 'object' && w !== null && 'exists' in w ? w.exists === present : present && w === value));
  });
}

/** The function a WebSocket/HTTP route's integration invokes (logical id of the Lambda function). */
function routeTargets(apiId: string): Map<string, string> {
  const integrations = resources('AWS::ApiGatewayV2::Integration');
  const functionIds = Object.keys(resources('AWS::Lambda::Function'));
  const out = new Map<string, string>();
  for (const route of Object.values(resources('AWS::ApiGatewayV2::Route'))) {
    if (!mentions(route.Properties.ApiId, { Ref: apiId })) continue;
    const integrationId = Object.keys(integrations).find((id) => mentions(route.Properties.Target, { Ref: id }));
    expect(integrationId, `route ${route.Properties.RouteKey} has an integration`).toBeDefined();
    const uri = integrations[integrationId!]!.Properties.IntegrationUri;
    const target = functionIds.filter((f) => mentions(uri, { 'Fn::GetAtt': [f, 'Arn'] }));
    expect(target, `route ${route.Properties.RouteKey} invokes one function`).toHaveLength(1);
    out.set(route.Properties.RouteKey as string, target[0]!);
  }
  return out;
}

beforeAll(() => {
  webDir = mkdtempSync(path.join(tmpdir(), 'caravela-web-'));
  for (const [name, text] of Object.entries(WEB_FILES)) writeFileSync(path.join(webDir, name), text);
  stack = new CaravelaStack(new App(), 'CaravelaTest', { webAssetPath: webDir });
  template = Template.fromStack(stack);
  // No stack bundles here ('aws:cdk:bundling-stacks' empty): the code is the same as above.
  const other = new CaravelaStack(new App({ context: { ...CONTEXT, 'aws:cdk:bundling-stacks': [] } }), 'CaravelaConfigured', {
    webAssetPath: webDir,
  });
  configured = { stack: other, template: Template.fromStack(other) };
}, 180_000);

afterAll(() => rmSync(webDir, { recursive: true, force: true }));

/** The https:// URL of the stack's CloudFront distribution, as the template spells it. */
const distributionUrl = (s = main()) => ({
  'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [idOf(s.stack.distribution, s), 'DomainName'] }]],
});

/**
 * A template value as text: Fn::Join flattened, references written {Id} and attributes {Id.Attr},
 * so a policy assembled from tokens can be read like the string it becomes.
 */
function render(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as Json;
  if (v['Fn::Join']) return (v['Fn::Join'][1] as unknown[]).map(render).join(v['Fn::Join'][0] as string);
  if (v.Ref) return `{${v.Ref}}`;
  if (v['Fn::GetAtt']) return `{${(v['Fn::GetAtt'] as string[]).join('.')}}`;
  return JSON.stringify(value);
}

describe('table', () => {
  it('keys, on-demand billing, NEW_IMAGE stream, PITR, TTL, retained', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: {
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
        ],
        AttributeDefinitions: Match.arrayWith([
          { AttributeName: TABLE.partitionKey, AttributeType: 'S' },
          { AttributeName: TABLE.sortKey, AttributeType: 'S' },
        ]),
        BillingMode: 'PAY_PER_REQUEST',
        StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
        DeletionProtectionEnabled: true,
      },
    });
  });
});

describe('secrets', () => {
  it('token secret: generated (64 chars, no punctuation) and retained with the table', () => {
    template.resourceCountIs('AWS::SecretsManager::Secret', 2);
    const token = resources('AWS::SecretsManager::Secret')[idOf(stack.tokenSecret)]!;
    expect(token.DeletionPolicy).toBe('Retain');
    expect(token.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    // No literal secret in the template.
    for (const [id, secret] of Object.entries(resources('AWS::SecretsManager::Secret')))
      expect(secret.Properties.SecretString, id).toBeUndefined();
  });

  it('VAPID secret: retained, created without keys (only a placeholder subject), the same whatever the context', () => {
    const vapid = resources('AWS::SecretsManager::Secret')[idOf(stack.vapidSecret)]!;
    expect(vapid.DeletionPolicy).toBe('Retain');
    const generate = vapid.Properties.GenerateSecretString as Json;
    expect(generate.GenerateStringKey).toBe('unused');
    const initial = JSON.parse(generate.SecretStringTemplate as string) as Json;
    expect(initial).toEqual(VAPID_SECRET_TEMPLATE);
    expect(initial.subject).toMatch(/^mailto:/);
    expect(initial).not.toHaveProperty('publicKey');
    expect(initial).not.toHaveProperty('privateKey');
    // A changed GenerateSecretString would make CloudFormation overwrite the operator's keys.
    const other = resources('AWS::SecretsManager::Secret', configured)[idOf(configured.stack.vapidSecret, configured)]!;
    expect(other.Properties.GenerateSecretString).toEqual(generate);
    expect(template.findOutputs('VapidSecretArn').VapidSecretArn?.Value).toEqual(ref(stack.vapidSecret));
  });
});

describe('WebSocket API', () => {
  it('selects routes by $request.body.action', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: '$request.body.action',
    });
  });

  it("routes exactly the protocol's actions, besides API Gateway's own", () => {
    const routes = [...routeTargets(idOf(stack.webSocketApi)).keys()].filter((r) => !r.startsWith('$'));
    expect(routes.sort()).toEqual([...ACTIONS].sort());
  });

  it(`has exactly the ${ALL_ROUTES.length} routes, each on the right function`, () => {
    const routes = routeTargets(idOf(stack.webSocketApi));
    expect([...routes.keys()].sort()).toEqual([...ALL_ROUTES].sort());
    expect(routes.get('$connect')).toBe(idOf(stack.functions.connect));
    expect(routes.get('$disconnect')).toBe(idOf(stack.functions.disconnect));
    for (const key of ['$default', ...ACTION_ROUTES]) expect(routes.get(key), key).toBe(idOf(stack.functions.message));
  });

  it('API Gateway may invoke the WebSocket functions', () => {
    for (const name of ['connect', 'disconnect', 'message'] as const) {
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        Principal: 'apigateway.amazonaws.com',
        FunctionName: arnOf(stack.functions[name]),
      });
    }
  });

  it('has the auto-deployed, throttled prod stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: ref(stack.webSocketApi),
      StageName: WS_STAGE,
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
    expect(WS_STAGE).toBe('prod');
    const stage = Object.values(resources('AWS::ApiGatewayV2::Stage')).find((s) => s.Properties.StageName === WS_STAGE)!;
    const { ThrottlingRateLimit: rate, ThrottlingBurstLimit: burst } = stage.Properties.DefaultRouteSettings;
    // Sized from 1,000,000 games a month (infra/production.ts): ≈ 370 messages a second at the evening peak, 2.5× headroom.
    expect({ rateLimit: rate, burstLimit: burst }).toEqual(PRODUCTION.webSocketThrottle);
    expect(rate).toBe(1000);
    expect(burst).toBeGreaterThanOrEqual(rate);
  });

  it("logs every request of both stages as JSON to a log group kept a month, through the account's API Gateway role", () => {
    for (const api of [stack.webSocketApi, stack.httpApi]) {
      const stage = Object.values(resources('AWS::ApiGatewayV2::Stage')).find((s) => mentions(s.Properties.ApiId, ref(api)))!;
      const settings = stage.Properties.AccessLogSettings as Json;
      expect(JSON.parse(settings.Format as string)).toMatchObject({
        requestId: '$context.requestId',
        routeKey: '$context.routeKey',
        status: '$context.status',
      });
      // Tokens ride in the WebSocket URL's query and in Authorization headers: neither is logged.
      expect(settings.Format as string).not.toMatch(/querystring|header|request\.|path|\$input|\$request/i);
      const logGroupId = Object.keys(resources('AWS::Logs::LogGroup')).find((id) =>
        mentions(settings.DestinationArn, { 'Fn::GetAtt': [id, 'Arn'] }),
      );
      expect(resources('AWS::Logs::LogGroup')[logGroupId!]!.Properties.RetentionInDays).toBe(30);
      expect(stage.DependsOn).toEqual(expect.arrayContaining([Object.keys(resources('AWS::ApiGateway::Account'))[0]]));
    }
  });
});

describe('HTTP API', () => {
  it('has GET /healthz, POST /api/players, GET /api/push-key, POST /api/email/confirm, GET /api/games/{gameId}/replay and the sign-in routes on the Http function, the passkey routes on the Passkey function, payload 2.0', () => {
    const routes = routeTargets(idOf(stack.httpApi));
    const http = [
      'GET /api/games/{gameId}/replay',
      'GET /api/push-key',
      'GET /healthz',
      'POST /api/email/confirm',
      'POST /api/players',
      ...SESSION_ROUTES.map((r) => `POST ${r}`),
    ];
    const passkey = PASSKEY_ROUTES.map((r) => `POST ${r}`);
    expect([...routes.keys()].sort()).toEqual([...http, ...passkey].sort());
    for (const key of http) expect(routes.get(key), key).toBe(idOf(stack.functions.http));
    for (const key of passkey) expect(routes.get(key), key).toBe(idOf(stack.functions.passkey));
    // The lists are the handlers' own routes.
    const app = createApp({ config: configFromEnv({}), now: () => new Date(), ids: randomIds });
    expect([...app.get(sessionRoutes).keys()].sort()).toEqual([...SESSION_ROUTES].sort());
    expect([...app.get(passkeyRoutes).keys()].sort()).toEqual([...PASSKEY_ROUTES].sort());
    template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      ApiId: ref(stack.httpApi),
      IntegrationUri: arnOf(stack.functions.http),
      PayloadFormatVersion: '2.0',
    });
  });

  it('allows any origin to GET/POST with content-type and authorization, and has a throttled auto-deployed stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowOrigins: ['*'],
        AllowMethods: Match.arrayWith(['GET', 'POST']),
        AllowHeaders: Match.arrayWith(['content-type', 'authorization']),
      }),
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: ref(stack.httpApi),
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
  });

  it('throttles the stage above the evening peak of token refreshes, and the unauthenticated writes each on their own, lower', () => {
    const stage = Object.values(resources('AWS::ApiGatewayV2::Stage')).find((s) => mentions(s.Properties.ApiId, ref(stack.httpApi)))!;
    // 1,000,000 games a month × 150 HTTP requests (≈ 145 refreshes) ≈ 58 a second, × 3 at the peak, × 2.5 headroom.
    expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 });
    expect(PRODUCTION.httpThrottle).toEqual({ rateLimit: 500, burstLimit: 1000 });
    expect(OPEN_WRITE_ROUTES).toEqual(['POST /api/players', 'POST /api/signin/email']);
    expect(stage.Properties.RouteSettings).toEqual(
      Object.fromEntries(OPEN_WRITE_ROUTES.map((r) => [r, { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 }])),
    );
    // Each named route exists, and the stage is made after it (route settings name existing routes).
    const routes = Object.entries(resources('AWS::ApiGatewayV2::Route')).filter(([, r]) =>
      mentions(r.Properties.ApiId, ref(stack.httpApi)),
    );
    for (const key of OPEN_WRITE_ROUTES) {
      const id = routes.find(([, r]) => r.Properties.RouteKey === key)?.[0];
      expect(id, key).toBeDefined();
      expect(stage.DependsOn).toContain(id);
    }
  });
});

describe('functions', () => {
  it("all nine run nodejs22.x on arm64 from a bundled index.handler; the only other function is the web deployment's", () => {
    const fns = resources('AWS::Lambda::Function');
    const ours = FN_NAMES.map((n) => idOf(stack.functions[n])).sort();
    const others = Object.keys(fns).filter((id) => !ours.includes(id));
    expect(
      Object.keys(fns)
        .filter((id) => ours.includes(id))
        .sort(),
    ).toEqual(ours);
    expect(others).toHaveLength(1);
    expect(fns[others[0]!]!.Properties.Role).toEqual(arnOf(stack.webDeployment.handlerRole));
    for (const id of ours) {
      const fn = fns[id]!;
      expect(fn.Properties.Runtime, id).toBe('nodejs22.x');
      expect(fn.Properties.Architectures, id).toEqual(['arm64']);
      expect(fn.Properties.Handler, id).toBe('index.handler');
    }
  });

  it('get the minimal environment: TABLE_NAME everywhere, SECRET_ARN only for Http, Connect, Message, Notify and Passkey, VAPID_SECRET_ARN where keys are used, PUBLIC_URL where links are sent or passkeys checked', () => {
    const table = ref(stack.table);
    const secret = ref(stack.tokenSecret);
    const vapid = ref(stack.vapidSecret);
    const endpoint = stack.resolve(stack.webSocketStage.callbackUrl);
    // Http: a replayed refresh token signs its device out, closing its sockets.
    expect(envOf('http')).toEqual({
      TABLE_NAME: table,
      SECRET_ARN: secret,
      VAPID_SECRET_ARN: vapid,
      PUBLIC_URL: distributionUrl(),
      CONNECTIONS_ENDPOINT: endpoint,
    });
    expect(envOf('passkey')).toEqual({ TABLE_NAME: table, SECRET_ARN: secret, PUBLIC_URL: distributionUrl() });
    expect(envOf('connect')).toEqual({ TABLE_NAME: table, SECRET_ARN: secret });
    expect(envOf('disconnect')).toEqual({ TABLE_NAME: table, CONNECTIONS_ENDPOINT: endpoint });
    // Message: setNotifications mails a new address its signed confirmation link.
    expect(envOf('message')).toEqual({
      TABLE_NAME: table,
      SECRET_ARN: secret,
      VAPID_SECRET_ARN: vapid,
      PUBLIC_URL: distributionUrl(),
      CONNECTIONS_ENDPOINT: endpoint,
    });
    // Notify: it also mails sign-in links, signed with the token secret.
    expect(envOf('notify')).toEqual({
      TABLE_NAME: table,
      SECRET_ARN: secret,
      VAPID_SECRET_ARN: vapid,
      PUBLIC_URL: distributionUrl(),
      CONNECTIONS_ENDPOINT: stack.resolve(stack.webSocketStage.callbackUrl),
    });
    expect(Object.keys(envOf('sweep')).sort()).toEqual(['CONNECTIONS_ENDPOINT', 'PUBLIC_URL', 'TABLE_NAME', 'VAPID_SECRET_ARN']);
    expect(envOf('sweep')).toMatchObject({ TABLE_NAME: table, VAPID_SECRET_ARN: vapid });
    // The Bots function sends the states of the moves it plays (its ratings read and write the table, nothing else).
    expect(envOf('bots')).toEqual({ TABLE_NAME: table, CONNECTIONS_ENDPOINT: endpoint });
    expect(envOf('sesEvents')).toEqual({ TABLE_NAME: table });
  });

  it('context settings reach the notifier, the sweep and the message handler (PUBLIC_URL, EMAIL_FROM, WEBHOOK_ALLOW), sign-in links and passkeys what they need', () => {
    const configurationSet = ref(configured.stack.emailConfigurationSet, configured);
    const settings = {
      PUBLIC_URL: CONTEXT.publicUrl,
      EMAIL_FROM: CONTEXT.emailFrom,
      WEBHOOK_ALLOW: CONTEXT.webhookAllow,
      SES_CONFIGURATION_SET: configurationSet,
    };
    // setNotifications checks webhook URLs against the list the notifier will send to, and mails confirmation links.
    for (const name of ['notify', 'sweep', 'message'] as const) expect(envOf(name, configured), name).toMatchObject(settings);
    // The Http function mails sign-in links (through the configuration set, so their bounces count too); the Passkey function's relying party is the public URL.
    expect(envOf('http', configured)).toMatchObject({
      PUBLIC_URL: CONTEXT.publicUrl,
      EMAIL_FROM: CONTEXT.emailFrom,
      SES_CONFIGURATION_SET: configurationSet,
    });
    expect(envOf('http', configured)).not.toHaveProperty('WEBHOOK_ALLOW');
    expect(envOf('passkey', configured)).toMatchObject({ PUBLIC_URL: CONTEXT.publicUrl });
    for (const key of ['EMAIL_FROM', 'WEBHOOK_ALLOW', 'SES_CONFIGURATION_SET'])
      expect(envOf('passkey', configured), key).not.toHaveProperty(key);
    for (const name of ['connect', 'disconnect', 'bots', 'sesEvents'] as const) {
      for (const key of Object.keys(settings)) expect(envOf(name, configured), `${name} ${key}`).not.toHaveProperty(key);
    }
    for (const name of FN_NAMES)
      for (const key of ['EMAIL_FROM', 'WEBHOOK_ALLOW', 'SES_CONFIGURATION_SET'])
        expect(envOf(name), `${name} ${key} without context`).not.toHaveProperty(key);
  });

  it('keeps concurrency for the message function alone (a stream catch-up cannot take it), unless the messageConcurrency setting says 0', () => {
    const reserved = (st: CaravelaStack) =>
      Object.fromEntries(
        FN_NAMES.map((n) => [
          n,
          Template.fromStack(st).toJSON().Resources[st.getLogicalId(st.functions[n].node.defaultChild as CfnElement)].Properties
            .ReservedConcurrentExecutions,
        ]),
      );
    expect(PRODUCTION.messageReservedConcurrency).toBe(100);
    expect(reserved(stack)).toEqual({ ...Object.fromEntries(FN_NAMES.map((n) => [n, undefined])), message: 100 });
    const none = new CaravelaStack(new App({ context: { messageConcurrency: '0', 'aws:cdk:bundling-stacks': [] } }), 'NoReserve', {
      webAssetPath: webDir,
    });
    expect(Object.values(reserved(none)).filter((v) => v !== undefined)).toEqual([]);
  });

  it('a custom @connections endpoint reaches every function that sends, and only those', () => {
    for (const name of ['message', 'disconnect', 'notify', 'sweep', 'http', 'bots'] as const)
      expect(envOf(name, configured).CONNECTIONS_ENDPOINT, name).toBe('https://ws.example.com');
    for (const name of ['connect', 'passkey'] as const) expect(envOf(name, configured), name).not.toHaveProperty('CONNECTIONS_ENDPOINT');
  });

  it("without publicUrl, links in notifications, confirmation and sign-in emails lead to the stack's own CloudFront distribution", () => {
    for (const name of ['notify', 'sweep', 'message', 'http', 'passkey'] as const) {
      const url = envOf(name).PUBLIC_URL;
      expect(url, name).toEqual(distributionUrl());
      expect(render(url), name).toBe(`https://{${idOf(stack.distribution)}.DomainName}`);
      expect(url, name).toEqual(template.findOutputs('WebUrl').WebUrl!.Value);
    }
    for (const name of ['connect', 'disconnect'] as const) expect(envOf(name), name).not.toHaveProperty('PUBLIC_URL');
  });

  it('a malformed setting fails synthesis', () => {
    for (const context of [
      { emailFrom: 'nobody' },
      { publicUrl: 'games.example.com' },
      { webhookAllow: 'discord.com/api/webhooks/' },
      { connectionsEndpoint: 'ws.example.com' },
      { messageConcurrency: 'lots' },
      { messageConcurrency: '-5' },
    ]) {
      expect(
        () => new CaravelaStack(new App({ context: { ...context, 'aws:cdk:bundling-stacks': [] } }), 'Bad', { webAssetPath: webDir }),
        JSON.stringify(context),
      ).toThrow(new RegExp(Object.keys(context)[0]!));
    }
    expect(emailAddressOf('games@example.com')).toEqual({ address: 'games@example.com', domain: 'example.com' });
    expect(emailAddressOf('Caravela Games <games@Mail.Example.com>')).toEqual({
      address: 'games@mail.example.com',
      domain: 'mail.example.com',
    });
    expect(emailAddressOf('games@')).toBeNull();
  });

  it('log to their own log group kept for a month', () => {
    const groups = resources('AWS::Logs::LogGroup');
    for (const [id, fn] of Object.entries(resources('AWS::Lambda::Function'))) {
      const groupId = (fn.Properties.LoggingConfig?.LogGroup as { Ref?: string } | undefined)?.Ref;
      expect(groupId, id).toBeDefined();
      expect(groups[groupId!]?.Properties.RetentionInDays, id).toBe(30);
    }
  });
});

describe('IAM (least privilege)', () => {
  const tableArn = () => arnOf(stack.table);
  const secretRef = () => ref(stack.tokenSecret);

  it('message, sweep, notify (lobby frames), bots (the moves it plays), disconnect (presence) and http (a device signed out) may manage connections of the prod stage of this WebSocket API only', () => {
    for (const name of ['message', 'sweep', 'notify', 'bots', 'disconnect', 'http'] as const) {
      const manage = statementsOf(name).filter((s) => s.Action.includes('execute-api:ManageConnections'));
      expect(manage, name).toHaveLength(1);
      expect(mentions(manage[0]!.Resource, ref(stack.webSocketApi)), name).toBe(true);
      expect(JSON.stringify(manage[0]!.Resource), name).toContain(`/${WS_STAGE}/`);
      expect(JSON.stringify(manage[0]!.Resource), name).toContain('@connections');
    }
    for (const other of ['connect', 'passkey'] as const) expect(allActions(other), other).not.toContain('execute-api:ManageConnections');
  });

  it("message, notify, sweep and bots (its ratings' transaction is puts and deletes) may get, put, update, delete and query items, nothing more (no scans, no batches); of them message (confirmation links) and notify (sign-in links) may read the token secret", () => {
    for (const name of ['message', 'notify', 'sweep', 'bots'] as const) {
      const onTable = allowedOn(name, tableArn());
      expect(onTable.filter((a) => a.startsWith('dynamodb:') && !a.includes('Stream')).sort(), name).toEqual(
        ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'].map((a) => `dynamodb:${a}`).sort(),
      );
    }
    for (const name of ['message', 'notify'] as const)
      expect(allowedOn(name, secretRef()), name).toContain('secretsmanager:GetSecretValue');
    expect(allowedOn('sweep', secretRef())).toEqual([]);
    expect(allowedOn('bots', secretRef())).toEqual([]);
  });

  it('the functions that use Web Push keys may read the VAPID secret, the others not', () => {
    for (const name of ['http', 'message', 'notify', 'sweep'] as const)
      expect(allowedOn(name, ref(stack.vapidSecret)), name).toContain('secretsmanager:GetSecretValue');
    for (const name of ['connect', 'disconnect'] as const) expect(allowedOn(name, ref(stack.vapidSecret)), name).toEqual([]);
  });

  it("connect may put items, get and update (the player's live connections), and read the secret; nothing more on the table", () => {
    expect(allowedOn('connect', tableArn()).sort()).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(allowedOn('connect', secretRef())).toContain('secretsmanager:GetSecretValue');
    for (const action of ['dynamodb:DeleteItem', 'dynamodb:Query', 'dynamodb:Scan', 'dynamodb:BatchWriteItem'])
      expect(allActions('connect')).not.toContain(action);
  });

  it('http and passkey may get, put, update, delete items and query (replays, devices, one-use codes and challenges), and read the secret; no scans, no batches', () => {
    for (const name of ['http', 'passkey'] as const) {
      expect(allowedOn(name, tableArn()).sort(), name).toEqual([
        'dynamodb:DeleteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
      ]);
      expect(allowedOn(name, secretRef()), name).toContain('secretsmanager:GetSecretValue');
      for (const action of ['dynamodb:Scan', 'dynamodb:BatchWriteItem']) expect(allActions(name), name).not.toContain(action);
    }
    expect(allowedOn('passkey', ref(stack.vapidSecret))).toEqual([]);
  });

  it('disconnect may only get, delete, query and update items (presence, live connections), and cannot read the secret', () => {
    expect(allowedOn('disconnect', tableArn()).sort()).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(allActions('disconnect').some((a) => a.startsWith('secretsmanager:'))).toBe(false);
    const other = allActions('disconnect').filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:'));
    expect(other).toEqual(['execute-api:ManageConnections']);
  });

  it('no function has wildcard actions', () => {
    for (const s of [main(), configured]) {
      for (const name of FN_NAMES)
        expect(
          allActions(name, s).filter((a) => a === '*' || a.endsWith(':*')),
          name,
        ).toEqual([]);
    }
  });

  it('without emailFrom, no function may use SES', () => {
    for (const name of FN_NAMES)
      expect(
        allActions(name).filter((a) => a.startsWith('ses:')),
        name,
      ).toEqual([]);
  });

  it('with emailFrom, message (confirmation links), notify (notifications, sign-in links) and sweep may ses:SendEmail from its identity (domain or address) through the configuration set only', () => {
    for (const name of ['message', 'notify', 'sweep'] as const) {
      const ses = statementsOf(name, configured).filter((s) => s.Action.some((a) => a.startsWith('ses:')));
      expect(ses, name).toHaveLength(1);
      expect(ses[0]!.Effect).toBe('Allow');
      expect(ses[0]!.Action).toEqual(['ses:SendEmail']);
      const arns = [ses[0]!.Resource].flat().map((r) => JSON.stringify(r));
      expect(arns, name).toHaveLength(3);
      expect(
        arns.some((a) => a.includes(':ses:') && a.endsWith(':identity/example.com"]]}')),
        name,
      ).toBe(true);
      expect(
        arns.some((a) => a.includes(':ses:') && a.endsWith(':identity/games@example.com"]]}')),
        name,
      ).toBe(true);
      expect(
        arns.some(
          (a) => a.includes(':configuration-set/') && a.includes(JSON.stringify(ref(configured.stack.emailConfigurationSet, configured))),
        ),
        name,
      ).toBe(true);
      expect(
        arns.some((a) => a.includes('*')),
        name,
      ).toBe(false);
    }
    for (const name of ['http', 'connect', 'disconnect', 'bots', 'sesEvents', 'passkey'] as const) {
      expect(
        allActions(name, configured).filter((a) => a.startsWith('ses:')),
        name,
      ).toEqual([]);
    }
  });

  it('sesEvents may get and put items (settings), and neither reads a secret nor sends', () => {
    expect(allowedOn('sesEvents', tableArn()).sort()).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem']);
    expect(allActions('sesEvents').filter((a) => a.startsWith('secretsmanager:') || a.startsWith('execute-api:'))).toEqual([]);
  });
});

describe('notifier', () => {
  const mapping = () => {
    const mappings = Object.values(resources('AWS::Lambda::EventSourceMapping'));
    // Two consumers of the table's stream (a shard allows two readers at once): the notifier and the Bots function.
    expect(mappings).toHaveLength(2);
    const mine = mappings.filter((m) => mentions(m.Properties.FunctionName, ref(stack.functions.notify)));
    expect(mine).toHaveLength(1);
    return mine[0]!.Properties;
  };

  it('reads the table stream, reports batch item failures, splits a batch the function fails on, retries until a record is 6 hours old, then keeps its batch in a bucket', () => {
    expect(mapping()).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [idOf(stack.table), 'StreamArn'] },
      FunctionName: ref(stack.functions.notify),
      StartingPosition: 'LATEST',
      BatchSize: 25,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: -1,
      MaximumRecordAgeInSeconds: 6 * 3600,
      // ≈ 220 commits a second at the evening peak of 1,000,000 games a month; one batch at a time carries ≈ 80 per shard.
      ParallelizationFactor: PRODUCTION.streamParallelization,
      DestinationConfig: { OnFailure: { Destination: arnOf(stack.notifyFailedBatches) } },
      MetricsConfig: { Metrics: ['EventCount'] },
    });
  });

  it('only receives INSERTs of commit, chat message and sign-in ask items, the kinds the stream handler reacts to', () => {
    const filters = mapping().FilterCriteria.Filters as { Pattern: string }[];
    expect(filters).toHaveLength(1);
    const pattern = JSON.parse(filters[0]!.Pattern) as Json;
    expect(pattern).toEqual({ eventName: ['INSERT'], dynamodb: { NewImage: { kind: { S: REACTED_TO } } } });
    const record = (eventName: string, kind: string) => ({
      eventName,
      dynamodb: { NewImage: { kind: { S: kind }, pk: { S: 'G#x' } }, SequenceNumber: '1' },
    });
    expect(patternMatches(pattern, record('INSERT', 'commit'))).toBe(true);
    expect(patternMatches(pattern, record('INSERT', 'chatMessage'))).toBe(true);
    expect(patternMatches(pattern, record('INSERT', 'signInAsk'))).toBe(true);
    for (const [event, kind] of [
      ['MODIFY', 'commit'],
      ['REMOVE', 'commit'],
      ['INSERT', 'snapshot'],
      ['INSERT', 'connection'],
      ['INSERT', 'delivery'],
      ['MODIFY', 'chatMessage'],
      ['INSERT', 'chatHead'],
      ['MODIFY', 'chatRate'],
    ]) {
      expect(patternMatches(pattern, record(event!, kind!)), `${event} ${kind}`).toBe(false);
    }
  });

  it('has a minute per batch', () => {
    expect(resources('AWS::Lambda::Function')[idOf(stack.functions.notify)]!.Properties.Timeout).toBe(60);
  });
});

describe("the stream readers' failed batches", () => {
  const readers = () =>
    [
      ['notify', stack.notifyFailedBatches],
      ['bots', stack.botsFailedBatches],
    ] as const;
  const mappingOf = (name: 'notify' | 'bots') =>
    Object.entries(resources('AWS::Lambda::EventSourceMapping')).find(([, m]) =>
      mentions(m.Properties.FunctionName, ref(stack.functions[name])),
    )!;

  it('wait for a record-age limit below the stream’s 24-hour retention, never a count of retries', () => {
    expect(STREAM_MAX_RECORD_AGE.toHours()).toBe(6);
    expect(STREAM_MAX_RECORD_AGE.toHours()).toBeLessThan(24);
    for (const [name] of readers())
      expect(mappingOf(name)[1].Properties, name).toMatchObject({
        MaximumRetryAttempts: -1,
        MaximumRecordAgeInSeconds: STREAM_MAX_RECORD_AGE.toSeconds(),
      });
  });

  it('go whole to a bucket of each reader’s own: private, encrypted, SSL only, kept 30 days, retained with the stack', () => {
    expect(FAILED_BATCH_RETENTION.toDays()).toBe(30);
    expect(stack.notifyFailedBatches).not.toBe(stack.botsFailedBatches);
    for (const [name, bucket] of readers()) {
      const b = resources('AWS::S3::Bucket')[idOf(bucket)]!;
      expect(mappingOf(name)[1].Properties.DestinationConfig, name).toEqual({ OnFailure: { Destination: arnOf(bucket) } });
      expect(b.DeletionPolicy, name).toBe('Retain');
      expect(b.Properties, name).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        LifecycleConfiguration: { Rules: [{ ExpirationInDays: 30, Status: 'Enabled' }] },
      });
      expect(b.Properties.VersioningConfiguration, name).toBeUndefined();
      const policy = Object.values(resources('AWS::S3::BucketPolicy')).find((p) => mentions(p.Properties.Bucket, ref(bucket)))!;
      expect(policy.Properties.PolicyDocument.Statement, name).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('may only be written by their reader (under the prefix Lambda writes to) and listed, never read or deleted by it', () => {
    for (const [name, bucket] of readers()) {
      const actions = statementsOf(name)
        .filter((st) => mentions(st.Resource, arnOf(bucket)))
        .map((st) => ({ actions: st.Action, resource: render(st.Resource) }));
      expect(actions, name).toEqual([
        { actions: ['s3:PutObject'], resource: `{${idOf(bucket)}.Arn}/aws/lambda/*` },
        { actions: ['s3:ListBucket'], resource: `{${idOf(bucket)}.Arn}` },
      ]);
      // The other reader's bucket is not theirs.
      const other = bucket === stack.notifyFailedBatches ? stack.botsFailedBatches : stack.notifyFailedBatches;
      expect(allowedOn(name, arnOf(other)), name).toEqual([]);
    }
    // No queue is left: nothing receives the metadata-only dead letters any more.
    template.resourceCountIs('AWS::SQS::Queue', 0);
  });

  it('raise an alarm at once when a batch lands in a bucket (the mapping’s own metric), and when one could not be written there', () => {
    for (const [name] of readers()) {
      const [mappingId] = mappingOf(name);
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/Lambda',
        MetricName: 'OnFailureDestinationDeliveredEventCount',
        Dimensions: [{ Name: 'EventSourceMappingUUID', Value: { Ref: mappingId } }],
        Statistic: 'Sum',
        Period: 60,
        Threshold: 1,
        EvaluationPeriods: 1,
        AlarmDescription: Match.stringLikeRegexp('npm run redrive'),
      });
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/Lambda',
        MetricName: 'DestinationDeliveryFailures',
        Dimensions: [{ Name: 'FunctionName', Value: ref(stack.functions[name]) }],
        Threshold: 1,
        EvaluationPeriods: 1,
      });
    }
  });

  it("are named in the outputs with the notifier's environment, which npm run redrive builds its handlers with", () => {
    const outputs = template.findOutputs('*');
    expect(outputs.NotifyFailedBatchesBucket!.Value).toEqual(ref(stack.notifyFailedBatches));
    expect(outputs.BotsFailedBatchesBucket!.Value).toEqual(ref(stack.botsFailedBatches));
    // No third reader, no third bucket (a stack before the ratings were the Bots function's had one: README).
    expect(outputs.RatingsFailedBatchesBucket).toBeUndefined();
    // The output is the function's own environment, whatever is added to it, and the region.
    const rendered = render(outputs.RedriveEnvironment!.Value);
    const env = envOf('notify');
    const expected = JSON.stringify({
      region: '{AWS::Region}',
      environment: { variables: Object.fromEntries(Object.entries(env).map(([k, v]) => [k, render(v)])) },
    });
    expect(rendered).toBe(expected);
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['TABLE_NAME', 'SECRET_ARN', 'CONNECTIONS_ENDPOINT', 'PUBLIC_URL']));
    // Every key the Bots function has, the notifier has too (one environment builds both handlers).
    for (const [key, value] of Object.entries(envOf('bots'))) expect(env[key], key).toEqual(value);
  });
});

describe('npm run redrive', () => {
  /** The stack's outputs as the deploy writes them, values rendered ({Id} for a reference). */
  const rendered = () => Object.fromEntries(Object.entries(template.findOutputs('*')).map(([k, o]) => [k, render(o.Value)]));

  it("finds each reader's bucket and the notifier's environment in the stack's outputs, as cdk writes them or as CloudFormation describes them", () => {
    const outputs = rendered();
    const fromCdk = redriveSetup(stackOutputs({ Other: {}, CaravelaTest: outputs }, 'CaravelaTest'));
    const described = {
      Stacks: [
        { StackName: 'CaravelaTest', Outputs: Object.entries(outputs).map(([OutputKey, OutputValue]) => ({ OutputKey, OutputValue })) },
      ],
    };
    expect(redriveSetup(stackOutputs(described, 'CaravelaTest'))).toEqual(fromCdk);
    expect(fromCdk.buckets).toEqual({
      notify: `{${idOf(stack.notifyFailedBatches)}}`,
      bots: `{${idOf(stack.botsFailedBatches)}}`,
    });
    expect(fromCdk.env).toEqual({
      ...Object.fromEntries(Object.entries(envOf('notify')).map(([k, v]) => [k, render(v)])),
      AWS_REGION: '{AWS::Region}',
    });
  });

  it('says plainly when the outputs are not those of a stack that keeps failed batches', () => {
    const { NotifyFailedBatchesBucket: _, ...older } = rendered();
    expect(() => stackOutputs({ CaravelaTest: older }, 'CaravelaTest')).toThrow(/lack NotifyFailedBatchesBucket: deploy this version/);
    expect(() => stackOutputs({ CaravelaTest: rendered() }, 'Elsewhere')).toThrow(/stack Elsewhere/);
  });
});

describe('Bots function', () => {
  const mapping = () => {
    const mine = Object.values(resources('AWS::Lambda::EventSourceMapping')).filter((m) =>
      mentions(m.Properties.FunctionName, ref(stack.functions.bots)),
    );
    expect(mine).toHaveLength(1);
    return mine[0]!.Properties;
  };

  it('has a whole vCPU (1,769 MB) for the search, and a minute per batch', () => {
    expect(PRODUCTION.botsMemoryMB).toBe(1769);
    const fn = resources('AWS::Lambda::Function')[idOf(stack.functions.bots)]!.Properties;
    expect([fn.MemorySize, fn.Timeout]).toEqual([1769, 60]);
    // Every other function keeps 512 MB.
    for (const name of FN_NAMES.filter((n) => n !== 'bots'))
      expect(resources('AWS::Lambda::Function')[idOf(stack.functions[name])]!.Properties.MemorySize, name).toBe(512);
  });

  it("is the table stream's second reader and its last: a shard allows two at once, the notifier being the other", () => {
    const mappings = Object.values(resources('AWS::Lambda::EventSourceMapping'));
    const stream = { 'Fn::GetAtt': [idOf(stack.table), 'StreamArn'] };
    expect(mappings.filter((m) => mentions(m.Properties.EventSourceArn, stream))).toHaveLength(2);
    expect(mappings.map((m) => m.Properties.FunctionName).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)))).toEqual(
      [ref(stack.functions.bots), ref(stack.functions.notify)].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
    );
  });

  it('is the ratings’ function too: no Ratings function, no third mapping, bucket or alarms of its own', () => {
    expect(Object.keys(stack.functions)).not.toContain('ratings');
    expect(FN_NAMES).toHaveLength(9);
    const ids = Object.keys(template.toJSON().Resources as Json);
    expect(ids.filter((id) => id.startsWith('Ratings') && !id.startsWith('RatingsAsked'))).toEqual([]);
    // Only the sweep's ask (RatingsAsked) names the ratings among the alarms.
    const alarms = Object.values(resources('AWS::CloudWatch::Alarm')).filter((a) => /ratings/i.test(JSON.stringify(a.Properties)));
    expect(alarms.map((a) => a.Properties.MetricName)).toEqual([METRICS.ratingsAsked]);
  });

  it('reads the table stream on its own mapping: small batches, every lane of a shard, batch item failures, bisection, retries, its own bucket', () => {
    expect(mapping()).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [idOf(stack.table), 'StreamArn'] },
      StartingPosition: 'LATEST',
      BatchSize: 10,
      ParallelizationFactor: 10,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: -1,
      MaximumRecordAgeInSeconds: STREAM_MAX_RECORD_AGE.toSeconds(),
      DestinationConfig: { OnFailure: { Destination: arnOf(stack.botsFailedBatches) } },
      MetricsConfig: { Metrics: ['EventCount'] },
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'IteratorAge',
      Dimensions: [{ Name: 'FunctionName', Value: ref(stack.functions.bots) }],
    });
  });

  /** The mapping's filters (Lambda ORs them): the automatic moves', then the ratings'. */
  const filters = () => {
    const filters = mapping().FilterCriteria.Filters as { Pattern: string }[];
    expect(filters).toHaveLength(2);
    return filters.map((f) => JSON.parse(f.Pattern) as Json);
  };

  it('is invoked by a commit whose head names an automatic seat to act, as its automatic moves read it', () => {
    const pattern = filters()[0]!;
    const image = (kind: string, automatic: Json | undefined) => ({ kind: { S: kind }, ...(automatic ? { automatic } : {}) });
    const record = (eventName: string, kind: string, automatic: Json | undefined) => ({
      eventName,
      dynamodb: { NewImage: image(kind, automatic) },
    });
    expect(patternMatches(pattern, record('INSERT', 'commit', { N: '1' }))).toBe(true);
    expect(playsOn(image('commit', { N: '1' }))).toBe(true);
    for (const [event, kind, automatic] of [
      ['INSERT', 'commit', { NULL: true }],
      ['INSERT', 'commit', undefined],
      ['MODIFY', 'commit', { N: '0' }],
      ['INSERT', 'snapshot', { N: '0' }],
    ] as [string, string, Json | undefined][]) {
      expect(patternMatches(pattern, record(event, kind, automatic)), `${event} ${kind} ${JSON.stringify(automatic)}`).toBe(false);
      if (event === 'INSERT') expect(playsOn(image(kind, automatic)), `${kind} ${JSON.stringify(automatic)}`).toBe(false);
    }
  });

  it("is invoked by the commit that finishes a game and the sweep's ask to rate one, the kinds its ratings rate from", () => {
    const pattern = filters()[1]!;
    expect(pattern).toEqual({ eventName: ['INSERT'], dynamodb: { NewImage: { kind: { S: RATED_FROM }, status: { S: ['finished'] } } } });
    const image = (kind: string, status: string) => ({ kind: { S: kind }, status: { S: status } });
    const record = (eventName: string, kind: string, status: string) => ({ eventName, dynamodb: { NewImage: image(kind, status) } });
    for (const kind of ['commit', 'rateAsk']) {
      expect(patternMatches(pattern, record('INSERT', kind, 'finished')), kind).toBe(true);
      expect(ratesOn(image(kind, 'finished')), kind).toBe(true);
    }
    for (const [event, kind, status] of [
      ['INSERT', 'commit', 'active'],
      ['INSERT', 'commit', 'open'],
      ['MODIFY', 'commit', 'finished'],
      ['MODIFY', 'rateAsk', 'finished'],
      ['INSERT', 'rating', 'finished'],
      ['INSERT', 'snapshot', 'finished'],
    ]) {
      expect(patternMatches(pattern, record(event!, kind!, status!)), `${event} ${kind} ${status}`).toBe(false);
      if (event === 'INSERT') expect(ratesOn(image(kind!, status!)), `${kind} ${status}`).toBe(false);
    }
  });

  it('is invoked by nothing else: a record neither filter matches, none; one both match (a finished commit naming an automatic seat), once', () => {
    const record = (image: Json) => ({ eventName: 'INSERT', dynamodb: { NewImage: image } });
    const matching = (image: Json) => filters().filter((p) => patternMatches(p, record(image))).length;
    expect(matching({ kind: { S: 'commit' }, status: { S: 'active' }, automatic: { NULL: true } })).toBe(0);
    expect(matching({ kind: { S: 'chatMessage' }, status: { S: 'finished' } })).toBe(0);
    // Both filters match; Lambda hands the record over once, and the handler gives it to both parts (test/async/bots-batch.unit.test.ts).
    expect(matching({ kind: { S: 'commit' }, status: { S: 'finished' }, automatic: { N: '1' } })).toBe(2);
  });
});

describe('SES events', () => {
  it('a configuration set reports bounces and complaints to an SSL-only topic that SES alone may publish to, and the sesEvents function reads it', () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: ref(stack.emailConfigurationSet),
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        SnsDestination: { TopicARN: ref(stack.emailEvents) },
      },
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: ref(stack.emailEvents),
      Endpoint: arnOf(stack.functions.sesEvents),
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'sns.amazonaws.com',
      FunctionName: arnOf(stack.functions.sesEvents),
      SourceArn: ref(stack.emailEvents),
    });
    const policies = Object.values(resources('AWS::SNS::TopicPolicy')).filter((p) => mentions(p.Properties.Topics, ref(stack.emailEvents)));
    const statements = policies.flatMap((p) => p.Properties.PolicyDocument.Statement as Json[]);
    expect(statements.filter((st) => st.Effect === 'Allow').map((st) => st.Principal)).toEqual([{ Service: 'ses.amazonaws.com' }]);
    expect(statements.some((st) => st.Effect === 'Deny' && mentions(st.Condition, { 'aws:SecureTransport': 'false' }))).toBe(true);
  });
});

describe('clock sweep', () => {
  it('runs every minute on an EventBridge rule invoking the sweep once per part of the shards, which EventBridge may invoke', () => {
    const rules = resources('AWS::Events::Rule');
    expect(Object.keys(rules)).toEqual([idOf(stack.sweepSchedule)]);
    const rule = rules[idOf(stack.sweepSchedule)]!.Properties;
    expect(rule.ScheduleExpression).toBe('rate(1 minute)');
    expect(rule.State).toBe('ENABLED');
    expect(rule.Targets).toHaveLength(SWEEP_PARTS);
    for (const t of rule.Targets as Json[]) expect(t.Arn).toEqual(arnOf(stack.functions.sweep));
    // Every shard in exactly one part: the parts are 0…n-1 of n, each a valid part.
    const parts = (rule.Targets as Json[]).map((t) => sweepPartOf(JSON.parse(t.Input as string), CLOCK_SHARDS));
    expect(parts.map((p) => p.part).sort()).toEqual(Array.from({ length: SWEEP_PARTS }, (_, i) => i));
    expect(parts.flatMap((p) => shardsIn(p, CLOCK_SHARDS)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: CLOCK_SHARDS }, (_, i) => i),
    );
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      FunctionName: arnOf(stack.functions.sweep),
      SourceArn: arnOf(stack.sweepSchedule),
    });
  });

  it("is costed as scheduled: the cost model's sweep rate and parts are the stack's", () => {
    expect(ASSUMPTIONS.sweepMinutes.value).toBe(SWEEP_RATE.toMinutes());
    expect(ASSUMPTIONS.sweepParts.value).toBe(SWEEP_PARTS);
  });

  it('has 60 s, no asynchronous retries (the next run is the retry)', () => {
    expect(resources('AWS::Lambda::Function')[idOf(stack.functions.sweep)]!.Properties.Timeout).toBe(60);
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: ref(stack.functions.sweep), MaximumRetryAttempts: 0 });
  });

  it("broadcasts through the prod stage's https callback URL (CONNECTIONS_ENDPOINT)", () => {
    const endpoint = envOf('sweep').CONNECTIONS_ENDPOINT as Json;
    const text = JSON.stringify(endpoint);
    expect(text).toContain('"https://"');
    expect(text).toContain('.execute-api.');
    expect(text).toMatch(new RegExp(`"/${WS_STAGE}"\\]\\]}$`));
    expect(mentions(endpoint, ref(stack.webSocketApi))).toBe(true);
    expect(endpoint).toEqual(stack.resolve(stack.webSocketStage.callbackUrl));
  });
});

describe('alarms', () => {
  it("31 alarms: Errors and Throttles per function, table throttling, the stream consumers' lag and failed batches, the functions' own metrics; each sent to the alarm topic", () => {
    template.resourceCountIs('AWS::CloudWatch::Alarm', 31);
    const alarms = Object.values(resources('AWS::CloudWatch::Alarm'));
    for (const a of alarms) {
      expect(a.Properties).toMatchObject({ ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' });
      expect(a.Properties.AlarmActions).toEqual([ref(stack.alarmTopic)]);
      expect(a.Properties.OKActions).toEqual([ref(stack.alarmTopic)]);
    }
    // Three bad minutes in five raise an alarm, not one (a burst at volume); a failed batch, a
    // late sweep or a game left unrated at once.
    const atOnce = alarms.filter((a) => a.Properties.EvaluationPeriods === 1);
    expect(atOnce.map((a) => a.Properties.MetricName).sort()).toEqual([
      'DestinationDeliveryFailures',
      'DestinationDeliveryFailures',
      'OnFailureDestinationDeliveredEventCount',
      'OnFailureDestinationDeliveredEventCount',
      METRICS.ratingsAsked,
      METRICS.sweepLagSeconds,
    ]);
    for (const a of alarms.filter((x) => !atOnce.includes(x)))
      expect(a.Properties).toMatchObject({ EvaluationPeriods: ALARM_WINDOW, DatapointsToAlarm: ALARM_DATAPOINTS });
    expect([ALARM_WINDOW, ALARM_DATAPOINTS, ALARM_PERIOD.toSeconds()]).toEqual([5, 3, 60]);
    for (const name of Object.values(METRICS))
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: METRIC_NAMESPACE,
        MetricName: name,
        Period: 60,
        Dimensions: [{ Name: 'service', Value: 'caravela' }],
      });
    const table = alarms.filter((a) => mentions(a.Properties.Metrics, ref(stack.table)));
    expect(table).toHaveLength(1);
    const metrics = (table[0]!.Properties.Metrics as Json[]).filter((m) => m.MetricStat);
    // Every operation the handlers send, transactions included.
    const operations = metrics.map(
      (m) =>
        (m.MetricStat as { Metric: { Dimensions: { Name: string; Value: string }[] } }).Metric.Dimensions.find(
          (d) => d.Name === 'Operation',
        )!.Value,
    );
    expect(operations.sort()).toEqual(
      ['DeleteItem', 'GetItem', 'PutItem', 'Query', 'TransactWriteItems', 'UpdateItem', 'BatchWriteItem'].sort(),
    );
    for (const m of metrics)
      expect(m.MetricStat).toMatchObject({ Metric: { Namespace: 'AWS/DynamoDB', MetricName: 'ThrottledRequests' }, Period: 60 });
  });

  it("judges each function's errors and throttles as a share of its calls: 1% or more", () => {
    const alarms = Object.values(resources('AWS::CloudWatch::Alarm'));
    for (const name of FN_NAMES) {
      for (const [metric, expression] of [
        ['Errors', 'IF(calls > 0, 100 * part / calls, 0)'],
        ['Throttles', 'IF(calls + part > 0, 100 * part / (calls + part), 0)'],
      ] as const) {
        const alarm = alarms.find(
          (a) =>
            mentions(a.Properties.Metrics, ref(stack.functions[name])) &&
            (a.Properties.Metrics as Json[]).some(
              (m) => (m.MetricStat as { Metric?: { MetricName?: string } })?.Metric?.MetricName === metric,
            ),
        );
        expect(alarm, `${name} ${metric}`).toBeDefined();
        expect(alarm!.Properties.Threshold).toBe(FAILING_PERCENT);
        const metrics = alarm!.Properties.Metrics as Json[];
        expect(metrics.find((m) => m.ReturnData !== false)).toMatchObject({ Expression: expression });
        const stats = metrics.filter((m) => m.MetricStat).map((m) => m.MetricStat as { Metric: { MetricName: string }; Period: number });
        expect(stats.map((m) => m.Metric.MetricName).sort()).toEqual(['Invocations', metric].sort());
        // One-minute datapoints, the sweep's too (it runs every minute).
        for (const m of stats) expect(m.Period).toBe(60);
      }
    }
    expect(FAILING_PERCENT).toBe(1);
  });

  it('the notifier falling 15 minutes behind the stream raises an alarm', () => {
    expect(ITERATOR_AGE_ALARM.toMinutes()).toBe(15);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'IteratorAge',
      Statistic: 'Maximum',
      Period: 60,
      Dimensions: [{ Name: 'FunctionName', Value: ref(stack.functions.notify) }],
      Threshold: 15 * 60 * 1000,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('alarms reach an email address only when the alarmEmail setting names one', () => {
    // The only subscription without the setting is the SES events function's.
    expect(Object.values(resources('AWS::SNS::Subscription')).map((sub) => sub.Properties.Protocol)).toEqual(['lambda']);
    const other = new CaravelaStack(
      new App({ context: { alarmEmail: 'ops@example.com', 'aws:cdk:bundling-stacks': [] } }),
      'CaravelaAlarmEmail',
      { webAssetPath: webDir },
    );
    Template.fromStack(other).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: { Ref: other.getLogicalId(other.alarmTopic.node.defaultChild as CfnElement) },
    });
  });
});

describe('web client', () => {
  const bucket = () => resources('AWS::S3::Bucket')[idOf(stack.webBucket)]!;
  const distributionConfig = () =>
    resources('AWS::CloudFront::Distribution')[idOf(stack.distribution)]!.Properties.DistributionConfig as Json;
  const bucketPolicy = () => {
    const policies = Object.values(resources('AWS::S3::BucketPolicy')).filter((p) => mentions(p.Properties.Bucket, ref(stack.webBucket)));
    expect(policies).toHaveLength(1);
    return policies[0]!.Properties.PolicyDocument.Statement as Json[];
  };
  /** The CSP's directives by name, tokens rendered as {Id.Attr}. */
  const csp = (): Map<string, string> => {
    const policies = resources('AWS::CloudFront::ResponseHeadersPolicy');
    expect(Object.keys(policies)).toHaveLength(3);
    // The content-hashed files and the service worker get the very same security headers.
    for (const other of [stack.webHashedHeaders, stack.webWorkerHeaders]) {
      expect(policies[idOf(other)]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig).toEqual(
        policies[idOf(stack.webHeaders)]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig,
      );
    }
    const header = policies[idOf(stack.webHeaders)]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig
      .ContentSecurityPolicy as Json;
    expect(header.Override).toBe(true);
    const directives = render(header.ContentSecurityPolicy)
      .split(';')
      .map((d) => d.trim().split(/\s+/));
    return new Map(directives.map(([name, ...values]) => [name!, values.join(' ')]));
  };
  const deployment = () => {
    const deployments = Object.values(resources('Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(1);
    return deployments[0]!.Properties;
  };

  it('lives in a private, encrypted, SSL-only, retained bucket', () => {
    // Its own, apart from the stream readers' failed-batch buckets.
    expect(Object.keys(resources('AWS::S3::Bucket')).sort()).toEqual(
      [idOf(stack.webBucket), idOf(stack.notifyFailedBatches), idOf(stack.botsFailedBatches)].sort(),
    );
    expect(bucket().Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket().Properties.BucketEncryption.ServerSideEncryptionConfiguration).toEqual([
      { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
    ]);
    expect(bucket().DeletionPolicy).toBe('Retain');
    const ssl = bucketPolicy().filter((st) => st.Effect === 'Deny' && mentions(st.Condition, { 'aws:SecureTransport': 'false' }));
    expect(ssl).toHaveLength(1);
    expect(ssl[0]!.Action).toBe('s3:*');
    // Nothing but CloudFront (and the deny) in the bucket policy: no public read.
    for (const st of bucketPolicy().filter((st) => st.Effect === 'Allow'))
      expect(st.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
  });

  it('is served by CloudFront through origin access control: index.html at the root, HTTPS only, compressed', () => {
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    const config = distributionConfig();
    expect(config.Enabled).toBe(true);
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      Compress: true,
      AllowedMethods: ['GET', 'HEAD'],
    });
    expect(config.Origins).toHaveLength(1);
    const origin = config.Origins[0] as Json;
    expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [idOf(stack.webBucket), 'RegionalDomainName'] });
    expect(config.DefaultCacheBehavior.TargetOriginId).toBe(origin.Id);
    // OAC, not the legacy origin access identity.
    expect(origin.S3OriginConfig.OriginAccessIdentity).toBe('');
    const oacs = resources('AWS::CloudFront::OriginAccessControl');
    expect(Object.keys(oacs)).toHaveLength(1);
    const [oacId, oac] = Object.entries(oacs)[0]!;
    expect(origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    // … and the bucket lets exactly this distribution read it.
    const reads = bucketPolicy().filter((st) => st.Effect === 'Allow' && [st.Action].flat().includes('s3:GetObject'));
    expect(reads).toHaveLength(1);
    expect(reads[0]!.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect(mentions(reads[0]!.Condition, ref(stack.distribution))).toBe(true);
    expect(mentions(reads[0]!.Resource, arnOf(stack.webBucket))).toBe(true);
  });

  it('sends security headers, with a CSP that lets the client reach only itself and its two APIs', () => {
    expect(distributionConfig().DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual(ref(stack.webHeaders));
    const directives = csp();
    const httpOrigin = `{${idOf(stack.httpApi)}.ApiEndpoint}`;
    const wsOrigin = `{${idOf(stack.webSocketApi)}.ApiEndpoint}`;
    expect(directives.get('connect-src')).toBe(`'self' ${httpOrigin} ${wsOrigin}`);
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('style-src')).toBe("'self'");
    expect(directives.get('img-src')).toBe("'self' data:");
    expect(directives.get('worker-src')).toBe("'self'");
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    // Nothing loosens it anywhere.
    for (const [name, values] of directives) expect(values, name).not.toMatch(/unsafe-|\*/);
    // The origins are the APIs' endpoints: https for the HTTP API, wss for the WebSocket API.
    const policy = contentSecurityPolicy('https://h.example', 'wss://w.example');
    expect(policy).toContain("connect-src 'self' https://h.example wss://w.example");
    const config = resources('AWS::CloudFront::ResponseHeadersPolicy');
    const security = config[idOf(stack.webHeaders)]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig as Json;
    expect(security.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 365 * 24 * 3600, Override: true });
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(security.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(security.ReferrerPolicy).toMatchObject({ Override: true });
  });

  it('is uploaded with a generated config.json naming both APIs and its own address, revalidated by browsers, and CloudFront invalidated', () => {
    const props = deployment();
    expect(props.DestinationBucketName).toEqual(ref(stack.webBucket));
    expect(props.DistributionId).toEqual(ref(stack.distribution));
    expect(props.DistributionPaths).toEqual(['/*']);
    expect(props.Prune).toBe(true);
    expect(props.SystemMetadata).toEqual({ 'cache-control': WEB_CACHE_CONTROL });
    expect(WEB_CACHE_CONTROL).toMatch(/(^|[ ,])max-age=0([ ,]|$)/);
    expect(WEB_CACHE_CONTROL).toContain('must-revalidate');
    // … except the content-hashed app files, which CloudFront serves as immutable (a visit does not ask for them again),
    // and the service worker, fresh for a day (its update check at each visit is then answered from the browser's cache).
    const behaviors = distributionConfig().CacheBehaviors as Json[];
    expect(behaviors.map((b) => b.PathPattern).sort()).toEqual(['app-*', 'sw.js']);
    for (const [pattern, policy, cacheControl] of [
      ['app-*', stack.webHashedHeaders, WEB_HASHED_CACHE_CONTROL],
      ['sw.js', stack.webWorkerHeaders, WEB_WORKER_CACHE_CONTROL],
    ] as const) {
      const b = behaviors.find((x) => x.PathPattern === pattern)!;
      expect(b).toMatchObject({
        ViewerProtocolPolicy: 'redirect-to-https',
        Compress: true,
        AllowedMethods: ['GET', 'HEAD'],
        TargetOriginId: distributionConfig().DefaultCacheBehavior.TargetOriginId,
      });
      expect(b.ResponseHeadersPolicyId).toEqual(ref(policy));
      const custom = resources('AWS::CloudFront::ResponseHeadersPolicy')[idOf(policy)]!.Properties.ResponseHeadersPolicyConfig
        .CustomHeadersConfig as Json;
      expect(custom.Items).toEqual([{ Header: 'Cache-Control', Value: cacheControl, Override: true }]);
    }
    expect(WEB_HASHED_CACHE_CONTROL).toContain('immutable');
    expect(WEB_WORKER_CACHE_CONTROL).toContain('max-age=86400');
    // Three sources: the client folder but its index.html, config.json, and index.html with the config inline, read back from the cloud assembly.
    const keys = props.SourceObjectKeys as string[];
    expect(keys).toHaveLength(3);
    const assembly = (stack.node.root as App).synth().directory;
    const sources = keys.map((key) => path.join(assembly, `asset.${key.replace(/\.zip$/, '')}`));
    const { 'index.html': html, ...files } = WEB_FILES;
    expect(Object.fromEntries(Object.keys(files).map((name) => [name, readFileSync(path.join(sources[0]!, name), 'utf8')]))).toEqual(files);
    expect(existsSync(path.join(sources[0]!, 'index.html'))).toBe(false);
    // Deploy-time values: the custom resource replaces each marker in config.json by its token's value.
    const rendered = (source: number, name: string) => {
      const markers = (props.SourceMarkers as Json[])[source]!;
      return readFileSync(path.join(sources[source]!, name), 'utf8').replace(/<<marker:0xbaba:\d+>>/g, (m) => render(markers[m]));
    };
    const config = JSON.parse(rendered(1, 'config.json')) as Json;
    // index.html carries the same config inline, in a JSON block the client reads first.
    const page = rendered(2, 'index.html');
    const block = new RegExp(`<script type="application/json" id="${INLINE_CONFIG_ID}">(.*)</script>`).exec(page);
    expect(JSON.parse(block![1]!)).toEqual(config);
    expect(page.replace(block![0], '').replace(/\s+/g, '')).toBe(html!.replace(/\s+/g, ''));
    expect(config).toEqual({
      httpUrl: `{${idOf(stack.httpApi)}.ApiEndpoint}`,
      wsUrl: render(stack.resolve(stack.webSocketStage.url)),
      // Invite links lead here: the distribution, without the publicUrl setting.
      publicUrl: `https://{${idOf(stack.distribution)}.DomainName}`,
    });
    expect(config.wsUrl).toBe(`wss://{${idOf(stack.webSocketApi)}}.execute-api.{AWS::Region}.{AWS::URLSuffix}/${WS_STAGE}`);
  });

  it('synthesis fails plainly when the web client was not built', () => {
    expect(WEB_DIR.endsWith(path.join('dist', 'web'))).toBe(true);
    const missing = path.join(webDir, 'nowhere');
    expect(() => new CaravelaStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'NoWeb', { webAssetPath: missing })).toThrow(
      /build:web/,
    );
  });
});

describe('outputs', () => {
  it('WebSocketUrl (wss, prod stage), HttpUrl, TableName, VapidSecretArn, TokenSecretArn, WebUrl and what npm run redrive reads', () => {
    const outputs = template.findOutputs('*');
    expect(Object.keys(outputs).sort()).toEqual([
      'AlarmTopicArn',
      'BotsFailedBatchesBucket',
      'HttpUrl',
      'NotifyFailedBatchesBucket',
      'RedriveEnvironment',
      'TableName',
      'TokenSecretArn',
      'VapidSecretArn',
      'WebSocketUrl',
      'WebUrl',
    ]);
    expect(outputs.TokenSecretArn!.Value).toEqual(ref(stack.tokenSecret));
    expect(outputs.WebUrl!.Value).toEqual(distributionUrl());
    const ws = JSON.stringify(outputs.WebSocketUrl!.Value);
    expect(ws).toContain('wss://');
    expect(ws).toContain(`/${WS_STAGE}`);
    expect(mentions(outputs.WebSocketUrl!.Value, ref(stack.webSocketApi))).toBe(true);
    expect(JSON.stringify(outputs.HttpUrl!.Value)).toContain('https://');
    expect(mentions(outputs.HttpUrl!.Value, ref(stack.httpApi))).toBe(true);
    expect(outputs.TableName!.Value).toEqual(ref(stack.table));
  });
});
