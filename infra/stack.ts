/**
 * The Caravela stack: the DynamoDB table and the HTTP API, with handlers bundled by the
 * locally installed esbuild (never Docker) for the Node.js 22 runtime on arm64.
 */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, BillingMode, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import { TABLE } from '../functions/store/table';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export class CaravelaStack extends Stack {
  readonly table: Table;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      stream: StreamViewType.NEW_IMAGE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE.ttlAttribute,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const http = this.fn('Http', 'functions/http/api.ts');
    const httpApi = new HttpApi(this, 'HttpApi');
    httpApi.addRoutes({ path: '/healthz', methods: [HttpMethod.GET], integration: new HttpLambdaIntegration('Health', http) });

    new CfnOutput(this, 'HttpUrl', { value: httpApi.apiEndpoint });
  }

  private fn(id: string, entry: string, environment: Record<string, string> = {}): NodejsFunction {
    return new NodejsFunction(this, id, {
      entry: path.join(root, entry),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(10),
      environment: { TABLE_NAME: this.table.tableName, ...environment },
      bundling: { format: OutputFormat.ESM, target: 'node22', minify: true, sourceMap: false, forceDockerBundling: false },
      depsLockFilePath: path.join(root, 'package-lock.json'),
      projectRoot: root,
    });
  }
}
