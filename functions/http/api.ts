/**
 * HTTP API handler (API Gateway HTTP API, payload format 2.0): `GET /healthz`.
 */
export interface HttpEvent {
  routeKey?: string;
  rawPath: string;
  body?: string | null;
  isBase64Encoded?: boolean;
  headers?: Record<string, string | undefined>;
  requestContext: { http: { method: string; path: string } };
}

export interface HttpResult {
  statusCode: number;
  headers?: Record<string, string>;
  body: string;
}

export const json = (statusCode: number, body: unknown): HttpResult => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function handler(event: HttpEvent): Promise<HttpResult> {
  const { method } = event.requestContext.http;
  if (method === 'GET' && event.rawPath === '/healthz') return json(200, { ok: true });
  return json(404, { code: 'NOT_FOUND', message: `There is no ${method} ${event.rawPath}.` });
}
