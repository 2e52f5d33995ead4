/**
 * HTTP API handler (API Gateway HTTP API, payload format 2.0):
 * `POST /api/players` registers a player and returns a signed token; `GET /healthz`.
 */
import { z } from 'zod';
import { tokenSecret } from '../aws';
import { issueToken } from '../auth/token';
import { getRuntime, newPlayerId } from '../runtime';

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

const badRequest = (message: string) => json(400, { code: 'BAD_REQUEST', message });

export const playerRequest = z.object({ name: z.string().trim().min(1).max(32) });

async function registerPlayer(event: HttpEvent): Promise<HttpResult> {
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  if (raw.length > 4096) return badRequest('The request body is too large.');
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return badRequest('Send JSON like {"name":"Ana"}.');
  }
  const parsed = playerRequest.safeParse(data);
  if (!parsed.success) return badRequest('A name of 1 to 32 characters is required, like {"name":"Ana"}.');
  const player = { playerId: newPlayerId(), name: parsed.data.name };
  await getRuntime().records.putPlayer(player.playerId, player.name);
  return json(201, { playerId: player.playerId, token: issueToken(player, await tokenSecret()) });
}

export async function handler(event: HttpEvent): Promise<HttpResult> {
  const { method } = event.requestContext.http;
  const path = event.rawPath;
  if (path === '/healthz' && method === 'GET') return json(200, { ok: true });
  if (path === '/api/players' && method === 'POST') return registerPlayer(event);
  return json(404, { code: 'NOT_FOUND', message: `There is no ${method} ${path}.` });
}
