/** AWS SDK clients, created once per process (per Lambda container) and reused. */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { config } from './config';

/**
 * How every SDK client here talks HTTP. A Lambda instance handles one request at a time, but
 * the local runtime serves every connection from one process: allow more than the SDK's default
 * 50 sockets per client. On Lambda a hung connection or request gives up (and the SDK retries)
 * long before the function's own timeout; the local runtime, which has none, waits as long as
 * its loaded store needs.
 */
const onLambda = process.env.AWS_LAMBDA_FUNCTION_NAME !== undefined;
export const requestHandler = {
  httpAgent: new HttpAgent({ keepAlive: true, maxSockets: 256 }),
  httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: 256 }),
  ...(onLambda ? { connectionTimeout: 2_000, requestTimeout: 5_000 } : {}),
};

let doc: DynamoDBDocumentClient | undefined;
const management = new Map<string, ApiGatewayManagementApiClient>();

export function dynamo(): DynamoDBDocumentClient {
  if (!doc) {
    const c = config();
    const client = new DynamoDBClient({ region: c.region, requestHandler, ...(c.dynamoEndpoint ? { endpoint: c.dynamoEndpoint } : {}) });
    doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }
  return doc;
}

/** The @connections client for a WebSocket API stage (`https://{domain}/{stage}` in the cloud). */
export function connections(endpoint: string): ApiGatewayManagementApiClient {
  let client = management.get(endpoint);
  if (!client) {
    // Posting frames is most of a move's SDK calls: build the command's middleware stack once,
    // not per call (the SDK's own option; safe for a plain client, unlike lib-dynamodb's wrapper).
    client = new ApiGatewayManagementApiClient({ region: config().region, endpoint, requestHandler, cacheMiddleware: true });
    management.set(endpoint, client);
  }
  return client;
}

/** The token secret is a key set now (signing-keys.ts); this name stays for the code that signs without a kid. */
export { tokenSecret } from './signing-keys';
