/** The parts of API Gateway's WebSocket event that the handlers read. */
export interface WsEvent {
  requestContext: {
    routeKey: string;
    eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT';
    connectionId: string;
    domainName?: string;
    stage?: string;
  };
  body?: string | null;
  isBase64Encoded?: boolean;
  queryStringParameters?: Record<string, string | undefined> | null;
}

export interface WsResult {
  statusCode: number;
  body?: string;
}
