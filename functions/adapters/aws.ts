/** AWS SDK clients, built by the composition root once per app (per Lambda container) and reused. */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';

/**
 * How every SDK client here talks HTTP. A Lambda instance handles one request at a time, but
 * the local runtime serves every connection from one process: allow more than the SDK's default
 * 50 sockets per client. On Lambda a hung connection or request gives up (and the SDK retries)
 * long before the function's own timeout; the local runtime, which has none, waits as long as
 * its loaded store needs.
 */
export function requestHandlerFor(onLambda: boolean) {
  return {
    httpAgent: new HttpAgent({ keepAlive: true, maxSockets: 256 }),
    httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: 256 }),
    ...(onLambda ? { connectionTimeout: 2_000, requestTimeout: 5_000 } : {}),
  };
}

export type RequestHandler = ReturnType<typeof requestHandlerFor>;

/** What every SDK client of an app is made with: its region, HTTP handling and (locally) credentials. */
export interface ClientOptions {
  region: string;
  requestHandler: RequestHandler;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** The document client of the table (undefined attributes are left out, as the items expect). */
export function createDynamo(options: ClientOptions & { endpoint?: string }): DynamoDBDocumentClient {
  const client = new DynamoDBClient({ ...options, ...(options.endpoint ? { endpoint: options.endpoint } : {}) });
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

/** The @connections clients of one app, one per WebSocket API stage (`https://{domain}/{stage}` in the cloud). */
export class ConnectionsClients {
  private readonly clients = new Map<string, ApiGatewayManagementApiClient>();

  constructor(private readonly options: ClientOptions) {}

  get(endpoint: string): ApiGatewayManagementApiClient {
    let client = this.clients.get(endpoint);
    if (!client) {
      // Posting frames is most of a move's SDK calls: build the command's middleware stack once,
      // not per call (the SDK's own option; safe for a plain client, unlike lib-dynamodb's wrapper).
      client = new ApiGatewayManagementApiClient({ ...this.options, endpoint, cacheMiddleware: true });
      this.clients.set(endpoint, client);
    }
    return client;
  }
}
