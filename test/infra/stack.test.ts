/**
 * CDK assertions on the synthesized Caravela stack. Synthesis bundles the four handlers with the
 * local esbuild (no Docker, no AWS). Every check compares against the stack's own constructs
 * (logical ids resolved from them), so removing a route, a grant or an alarm fails a test.
 */
import { App, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE } from '../../functions/store/table';
import { CaravelaStack, WS_STAGE } from '../../infra/stack';

type Json = Record<string, any>;
type Resource = { Type: string; Properties: Json; DeletionPolicy?: string; UpdateReplacePolicy?: string };
type FnName = 'http' | 'connect' | 'disconnect' | 'message';
interface Statement {
  Effect: string;
  Action: string[];
  Resource: unknown;
}

const ACTION_ROUTES = ['createGame', 'joinGame', 'subscribe', 'command', 'myGames', 'ping'];
const ALL_ROUTES = ['$connect', '$disconnect', '$default', ...ACTION_ROUTES];

let stack: CaravelaStack;
let template: Template;

/** The logical id CloudFormation knows a construct (or its default child) by. */
const idOf = (c: IConstruct): string => stack.getLogicalId((c.node.defaultChild ?? c) as CfnElement);
const ref = (c: IConstruct) => ({ Ref: idOf(c) });
const arnOf = (c: IConstruct) => ({ 'Fn::GetAtt': [idOf(c), 'Arn'] });
const resources = (type: string): Record<string, Resource> => template.findResources(type) as Record<string, Resource>;
/** Whether `value` contains `needle` anywhere in its JSON (for intrinsic-function values). */
const mentions = (value: unknown, needle: unknown): boolean => (JSON.stringify(value) ?? '').includes(JSON.stringify(needle));

/** Every statement of the IAM policies attached to a function's role, actions as arrays. */
function statementsOf(name: FnName): Statement[] {
  const role = stack.functions[name].role!;
  return Object.values(resources('AWS::IAM::Policy'))
    .filter((p) => (p.Properties.Roles as unknown[]).some((r) => mentions(r, ref(role))))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Json[])
    .map((s) => ({ Effect: s.Effect, Action: [s.Action].flat(), Resource: s.Resource }));
}

/** The actions a function may perform on resources mentioning `target` (allow statements only). */
function allowedOn(name: FnName, target: unknown): string[] {
  return statementsOf(name)
    .filter((s) => s.Effect === 'Allow' && mentions(s.Resource, target))
    .flatMap((s) => s.Action);
}
const allActions = (name: FnName) => statementsOf(name).flatMap((s) => s.Action);

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
  stack = new CaravelaStack(new App(), 'CaravelaTest');
  template = Template.fromStack(stack);
}, 60_000);

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
      },
    });
  });
});

describe('token secret', () => {
  it('is generated (64 chars, no punctuation) and retained with the table', () => {
    template.resourceCountIs('AWS::SecretsManager::Secret', 1);
    template.hasResource('AWS::SecretsManager::Secret', {
      DeletionPolicy: 'Retain',
      Properties: { GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }) },
    });
    // No literal secret in the template.
    template.hasResourceProperties('AWS::SecretsManager::Secret', { SecretString: Match.absent() });
  });
});

describe('WebSocket API', () => {
  it('selects routes by $request.body.action', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: '$request.body.action',
    });
  });

  it('has exactly the 9 routes, each on the right function', () => {
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
    expect(rate).toBeGreaterThan(0);
    expect(burst).toBeGreaterThanOrEqual(rate);
  });
});

describe('HTTP API', () => {
  it('has GET /healthz and POST /api/players on the Http function, payload 2.0', () => {
    const routes = routeTargets(idOf(stack.httpApi));
    expect([...routes.keys()].sort()).toEqual(['GET /healthz', 'POST /api/players']);
    for (const target of routes.values()) expect(target).toBe(idOf(stack.functions.http));
    template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      ApiId: ref(stack.httpApi),
      IntegrationUri: arnOf(stack.functions.http),
      PayloadFormatVersion: '2.0',
    });
  });

  it('allows any origin to GET/POST with content-type, and has a throttled auto-deployed stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowOrigins: ['*'],
        AllowMethods: Match.arrayWith(['GET', 'POST']),
        AllowHeaders: Match.arrayWith(['content-type']),
      }),
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: ref(stack.httpApi),
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
  });
});

describe('functions', () => {
  it('all four run nodejs22.x on arm64 from a bundled index.handler', () => {
    const fns = resources('AWS::Lambda::Function');
    expect(Object.keys(fns).sort()).toEqual((['http', 'connect', 'disconnect', 'message'] as const).map((n) => idOf(stack.functions[n])).sort());
    for (const [id, fn] of Object.entries(fns)) {
      expect(fn.Properties.Runtime, id).toBe('nodejs22.x');
      expect(fn.Properties.Architectures, id).toEqual(['arm64']);
      expect(fn.Properties.Handler, id).toBe('index.handler');
    }
  });

  it('get the minimal environment: TABLE_NAME everywhere, SECRET_ARN only for Http and Connect', () => {
    const envOf = (fn: NodejsFunction) => resources('AWS::Lambda::Function')[idOf(fn)]!.Properties.Environment.Variables as Json;
    const table = ref(stack.table);
    const secret = ref(stack.tokenSecret);
    expect(envOf(stack.functions.http)).toEqual({ TABLE_NAME: table, SECRET_ARN: secret });
    expect(envOf(stack.functions.connect)).toEqual({ TABLE_NAME: table, SECRET_ARN: secret });
    expect(envOf(stack.functions.disconnect)).toEqual({ TABLE_NAME: table });
    expect(envOf(stack.functions.message)).toEqual({ TABLE_NAME: table });
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

  it('message may manage connections of the prod stage of this WebSocket API only', () => {
    const manage = statementsOf('message').filter((s) => s.Action.includes('execute-api:ManageConnections'));
    expect(manage).toHaveLength(1);
    expect(mentions(manage[0]!.Resource, ref(stack.webSocketApi))).toBe(true);
    expect(JSON.stringify(manage[0]!.Resource)).toContain(`/${WS_STAGE}/`);
    expect(JSON.stringify(manage[0]!.Resource)).toContain('@connections');
    for (const other of ['http', 'connect', 'disconnect'] as const) expect(allActions(other), other).not.toContain('execute-api:ManageConnections');
  });

  it('message may read and write the table, but not the secret', () => {
    const onTable = allowedOn('message', tableArn());
    for (const action of ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'BatchWriteItem']) expect(onTable).toContain(`dynamodb:${action}`);
    expect(allActions('message').some((a) => a.startsWith('secretsmanager:'))).toBe(false);
  });

  it('connect may put items and read the secret, and nothing more on the table', () => {
    expect(allowedOn('connect', tableArn())).toEqual(['dynamodb:PutItem']);
    expect(allowedOn('connect', secretRef())).toContain('secretsmanager:GetSecretValue');
    for (const action of ['dynamodb:DeleteItem', 'dynamodb:UpdateItem', 'dynamodb:Query', 'dynamodb:Scan']) expect(allActions('connect')).not.toContain(action);
  });

  it('http may put items and read the secret, and nothing more on the table', () => {
    expect(allowedOn('http', tableArn())).toEqual(['dynamodb:PutItem']);
    expect(allowedOn('http', secretRef())).toContain('secretsmanager:GetSecretValue');
    expect(allActions('http')).not.toContain('dynamodb:DeleteItem');
  });

  it('disconnect may only get and delete items, and cannot read the secret', () => {
    expect(allowedOn('disconnect', tableArn()).sort()).toEqual(['dynamodb:DeleteItem', 'dynamodb:GetItem']);
    expect(allActions('disconnect').some((a) => a.startsWith('secretsmanager:'))).toBe(false);
  });

  it('no function has wildcard actions', () => {
    for (const name of ['http', 'connect', 'disconnect', 'message'] as const) {
      expect(allActions(name).filter((a) => a === '*' || a.endsWith(':*')), name).toEqual([]);
    }
  });
});

describe('alarms', () => {
  it('9 alarms: Errors and Throttles per function, table throttling; all fire at ≥1 in 5 minutes', () => {
    template.resourceCountIs('AWS::CloudWatch::Alarm', 9);
    const alarms = Object.values(resources('AWS::CloudWatch::Alarm'));
    for (const a of alarms) {
      expect(a.Properties).toMatchObject({ Threshold: 1, EvaluationPeriods: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    }
    for (const name of ['http', 'connect', 'disconnect', 'message'] as const) {
      for (const metric of ['Errors', 'Throttles']) {
        template.hasResourceProperties('AWS::CloudWatch::Alarm', {
          Namespace: 'AWS/Lambda',
          MetricName: metric,
          Period: 300,
          Statistic: 'Sum',
          Dimensions: [{ Name: 'FunctionName', Value: ref(stack.functions[name]) }],
        });
      }
    }
    const table = alarms.filter((a) => mentions(a.Properties.Metrics, ref(stack.table)));
    expect(table).toHaveLength(1);
    const metrics = (table[0]!.Properties.Metrics as Json[]).filter((m) => m.MetricStat);
    expect(metrics.length).toBeGreaterThan(0);
    for (const m of metrics) expect(m.MetricStat).toMatchObject({ Metric: { Namespace: 'AWS/DynamoDB', MetricName: 'ThrottledRequests' }, Period: 300 });
  });
});

describe('outputs', () => {
  it('WebSocketUrl (wss, prod stage), HttpUrl and TableName', () => {
    const outputs = template.findOutputs('*');
    expect(Object.keys(outputs).sort()).toEqual(['HttpUrl', 'TableName', 'WebSocketUrl']);
    const ws = JSON.stringify(outputs.WebSocketUrl!.Value);
    expect(ws).toContain('wss://');
    expect(ws).toContain(`/${WS_STAGE}`);
    expect(mentions(outputs.WebSocketUrl!.Value, ref(stack.webSocketApi))).toBe(true);
    expect(JSON.stringify(outputs.HttpUrl!.Value)).toContain('https://');
    expect(mentions(outputs.HttpUrl!.Value, ref(stack.httpApi))).toBe(true);
    expect(outputs.TableName!.Value).toEqual(ref(stack.table));
  });
});
