/**
 * Accounts over HTTP for tests: sign up as a device, call the sign-in routes, read the sign-in
 * mail in the outbox. Every JSON answer is held to the published schemas (schema-check.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Player } from './client';
import { fetchFrom, type InProcessResponse } from './in-process';

const schemaCheck = process.env.VITEST ? await import('./schema-check') : undefined;

export interface DeviceSession extends Player {
  deviceId: string;
  refreshToken: string;
  expiresIn: number;
  socketToken: string;
  socketExpiresIn: number;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T & { code?: string; message?: string };
}

/** POST a JSON body (a string is sent as it is), with a bearer token if given. */
export async function post<T = Record<string, unknown>>(
  baseUrl: string,
  route: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await fetchFrom(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return answerOf<T>('POST', res);
}

/** GET a route, with a bearer token if given. */
export async function get<T = Record<string, unknown>>(baseUrl: string, route: string, token?: string): Promise<Answer<T>> {
  const res = await fetchFrom(`${baseUrl}${route}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return answerOf<T>('GET', res);
}

/** The answer's status and JSON body (`{}` for a body that is not JSON), the body checked against the published schemas. */
async function answerOf<T>(method: string, res: Response | InProcessResponse): Promise<Answer<T>> {
  const text = await res.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return { status: res.status, body: {} as Answer<T>['body'] };
  }
  const problem = schemaCheck?.httpProblem(method, res.url, res.status, answer);
  if (problem) schemaCheck?.report(problem);
  return { status: res.status, body: answer as Answer<T>['body'] };
}

/** A new player signed in as a device. */
export async function signUp(baseUrl: string, name: string, label = `${name}'s laptop`): Promise<DeviceSession> {
  const answer = await post<DeviceSession>(baseUrl, '/api/players', { name, device: { label } });
  if (answer.status !== 201) throw new Error(`sign up ${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The sign-in links mailed so far, oldest first (their tokens). */
export function signInLinks(outboxDir: string): string[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir);
  } catch {
    return [];
  }
  return files
    .filter((f) => f.includes('-signin-'))
    .sort()
    .map((f) => decodeURIComponent(/#\/signin\/(\S+)\r$/m.exec(readFileSync(path.join(outboxDir, f), 'utf8'))![1]!));
}

/** The email confirmation links mailed so far, oldest first (their tokens). */
export function confirmationTokens(outboxDir: string): string[] {
  return readdirSync(outboxDir)
    .filter((f) => f.includes('confirm-email'))
    .sort()
    .map((f) => decodeURIComponent(/#\/confirm-email\/(\S+)\r$/m.exec(readFileSync(path.join(outboxDir, f), 'utf8'))![1]!));
}
