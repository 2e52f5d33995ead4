/** Parts that reach outside the process: the table's client, @connections, the web client's links. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type ClientOptions, ConnectionsClients, createDynamo, requestHandlerFor } from '../adapters/aws';
import { ManagementApiSender, type Sender } from '../adapters/sender';
import type { App } from './app';
import { createObserver, type Observer } from '../observe/observer';
import { linksOf, type Links } from './config';

/** How every SDK client of the app is made: its region, HTTP handling and (locally) credentials. */
export function clientOptions(app: App): ClientOptions {
  const { onLambda, region, credentials } = app.deps.config;
  return { region, requestHandler: requestHandlerFor(onLambda), ...(credentials ? { credentials } : {}) };
}

export function dynamo(app: App): DynamoDBDocumentClient {
  return app.deps.dynamo ?? createDynamo({ ...app.get(clientOptions), endpoint: app.deps.config.dynamoEndpoint });
}

/** The app's log lines and metrics. */
export function observer(app: App): Observer {
  const { logLevel, onLambda } = app.deps.config;
  return app.deps.observer ?? createObserver({ level: logLevel, onLambda });
}

export function links(app: App): Links {
  return linksOf(app.deps.config);
}

/** The @connections clients, one per API stage (the cost measurement counts their calls). */
export function connectionsClients(app: App): ConnectionsClients {
  return new ConnectionsClients(app.get(clientOptions));
}

/** A sender per @connections endpoint. */
function managementSenders(app: App): (endpoint: string) => Sender {
  const clients = app.get(connectionsClients);
  const senders = new Map<string, ManagementApiSender>();
  return (endpoint) => {
    let sender = senders.get(endpoint);
    if (!sender) senders.set(endpoint, (sender = new ManagementApiSender(clients.get(endpoint), app.get(observer))));
    return sender;
  };
}

/**
 * Where to send frames for a request: the app's own sender (the local runtime's sockets, a
 * test's), else the configured @connections endpoint, else the WebSocket API's own stage URL.
 */
export function senderFor(app: App): (requestContext?: { domainName?: string; stage?: string }) => Sender {
  return (requestContext = {}) => {
    if (app.deps.sender) return app.deps.sender;
    const configured = app.deps.config.connectionsEndpoint;
    if (!configured && !(requestContext.domainName && requestContext.stage)) {
      throw new Error('no @connections endpoint: set CONNECTIONS_ENDPOINT or call from a WebSocket request');
    }
    return app.get(managementSenders)(configured ?? `https://${requestContext.domainName}/${requestContext.stage}`);
  };
}
