/**
 * The HTTP API's events and answers (API Gateway HTTP API, payload format 2.0), and the small
 * things every route does with them: read a JSON body within a size, answer JSON, read a header.
 */
import { deviceLabel } from '../core/device-label';
import type { HttpAnswer, HttpAnswerName } from '../core/protocol/http-bodies';

export interface HttpEvent {
  routeKey?: string;
  rawPath: string;
  body?: string | null;
  isBase64Encoded?: boolean;
  headers?: Record<string, string | undefined>;
  /** `sourceIp`: the client's address as API Gateway saw it (the HTTP API is called directly, not through CloudFront). */
  requestContext: { http: { method: string; path: string; sourceIp?: string } };
}

export interface HttpResult {
  statusCode: number;
  headers?: Record<string, string>;
  body: string;
}

export type Route = (event: HttpEvent) => Promise<HttpResult>;

export const json = (statusCode: number, body: unknown): HttpResult => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** An answer of the protocol's HTTP bodies (protocol/http-bodies.ts): the type says which. */
export const answer = <N extends HttpAnswerName>(statusCode: number, _name: N, body: HttpAnswer<N>): HttpResult => json(statusCode, body);
export const refusal = (statusCode: number, body: HttpAnswer<'Error'>): HttpResult => json(statusCode, body);
export const badRequest = (message: string): HttpResult => refusal(400, { code: 'BAD_REQUEST', message });

const text = (event: HttpEvent) => (event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? ''));

/** A JSON body of at most `maxBytes`, or the answer to one that is not (`example` shows what to send). */
export function jsonBody(event: HttpEvent, maxBytes: number, example: string): { data: unknown } | { refusal: HttpResult } {
  const raw = text(event);
  if (raw.length > maxBytes) return { refusal: badRequest('The request body is too large.') };
  try {
    return { data: JSON.parse(raw) };
  } catch {
    return { refusal: badRequest(`Send JSON like ${example}.`) };
  }
}

/** A JSON object body of at most `maxBytes` (none: `{}`), or the answer to one that is not. */
export function objectBody(
  event: HttpEvent,
  maxBytes: number,
  example: string,
): { data: Record<string, unknown> } | { refusal: HttpResult } {
  const raw = text(event);
  if (raw.length > maxBytes) return { refusal: badRequest('The request body is too large.') };
  try {
    const data = JSON.parse(raw || '{}') as unknown;
    if (data && typeof data === 'object' && !Array.isArray(data)) return { data: data as Record<string, unknown> };
  } catch {
    // answered below
  }
  return { refusal: badRequest(`Send a JSON object like ${example}.`) };
}

export const header = (event: HttpEvent, name: string): string | undefined => event.headers?.[name] ?? event.headers?.[name.toLowerCase()];

/** The token of an "Authorization: Bearer TOKEN" header. */
export const bearer = (event: HttpEvent): string | undefined => header(event, 'Authorization')?.replace(/^Bearer\s+/i, '');

/** What a new device is called: the client's label, else its User-Agent's browser and system. */
export const labelOf = (event: HttpEvent, data: { label?: unknown }): string => deviceLabel(data.label, header(event, 'user-agent'));
