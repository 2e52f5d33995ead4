/**
 * What the server sends, held to the published schemas (docs/schemas and docs/asyncapi.json,
 * as `npm run schemas` wrote them) by an independent validator, Ajv (with its formats): every
 * frame a test client receives (against server-frames.json, JSON Schema 2020-12, and against
 * its message's payload in the AsyncAPI document, draft 7), the frame that answers each
 * request, and every HTTP answer the support code reads (http.json). One that does not match fails the test that received it (a soft
 * assertion: the test goes on and fails at its end); outside a test, the run fails.
 *
 * With CARAVELA_SCHEMA_COUNTS set to a file, each test file appends how many frames and bodies
 * it checked, as one JSON line.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, expect } from 'vitest';
import { HTTP_ROUTES } from '../../functions/core/protocol/http-bodies';
import { ANSWERS } from '../../functions/core/protocol/server-frames';

const DOCS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../docs');
const read = (file: string) => JSON.parse(readFileSync(path.join(DOCS, file), 'utf8'));

const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
for (const file of ['server-frames.json', 'http.json']) ajv.addSchema(read(`schemas/${file}`), file);
const anyFrame = ajv.getSchema('server-frames.json')!;
const frameSchemas = new Map<string, ValidateFunction>();
// The AsyncAPI document is not a schema itself (hence not strict): its component schemas are.
const asyncApi = new Ajv({ allErrors: true, strict: false });
addFormats(asyncApi);
asyncApi.addSchema(read('asyncapi.json'), 'asyncapi.json');
const payloads = new Map<string, ValidateFunction | undefined>();
const bodySchemas = new Map<string, ValidateFunction>();

export const checked = { frames: 0, bodies: 0 };

function problemsOf(validate: ValidateFunction, value: unknown): string | null {
  if (validate(value)) return null;
  return (validate.errors ?? [])
    .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('; ');
}

const excerpt = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
};

/** Why a server frame does not match its published schema (the one its `type` names), or null. */
export function frameProblem(frame: unknown): string | null {
  checked.frames++;
  const type = (frame as { type?: unknown } | null)?.type;
  let validate = typeof type === 'string' ? frameSchemas.get(type) : undefined;
  if (!validate && typeof type === 'string') {
    validate = ajv.getSchema(`server-frames.json#/$defs/${type}`);
    if (validate) frameSchemas.set(type, validate);
  }
  const problem = problemsOf(validate ?? anyFrame, frame);
  if (problem) return `a ${JSON.stringify(type)} frame does not match docs/schemas/server-frames.json: ${problem} — ${excerpt(frame)}`;
  const name = `server.${String(type)}`;
  if (!payloads.has(name)) payloads.set(name, asyncApi.getSchema(`asyncapi.json#/components/schemas/${name}`));
  const payload = payloads.get(name);
  const inAsyncApi = payload ? problemsOf(payload, frame) : 'no such message';
  return (
    inAsyncApi && `a ${JSON.stringify(type)} frame does not match its payload in docs/asyncapi.json: ${inAsyncApi} — ${excerpt(frame)}`
  );
}

/** Why a frame cannot be the answer to this client frame (the protocol's ANSWERS, or `error`), or null. */
export function answerProblem(request: { action?: unknown }, answer: { type: string }): string | null {
  const allowed = (ANSWERS as Record<string, readonly string[]>)[String(request.action)];
  if (!allowed || answer.type === 'error' || allowed.includes(answer.type)) return null;
  return `${JSON.stringify(request.action)} was answered with ${JSON.stringify(answer.type)}, not ${allowed.join(' or ')} — ${excerpt(answer)}`;
}

const routes = Object.entries(HTTP_ROUTES).map(([route, spec]) => {
  const [method, template] = route.split(' ') as [string, string];
  return { method, pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`), spec, route };
});

/** Why an HTTP answer's JSON body does not match the published schema of its route and status, or null. */
export function httpProblem(method: string, url: string, status: number, body: unknown): string | null {
  checked.bodies++;
  const pathname = new URL(url, 'http://localhost').pathname;
  const found = routes.find((r) => r.method === method && r.pattern.test(pathname));
  const names = status >= 400 ? ['Error'] : found?.spec.answers[status];
  if (!names) return `${method} ${pathname} answered ${status}, which docs/protocol.md does not give it — ${excerpt(body)}`;
  const problems: string[] = [];
  for (const name of names) {
    let validate = bodySchemas.get(name);
    if (!validate) bodySchemas.set(name, (validate = ajv.getSchema(`http.json#/$defs/${name}`)!));
    const problem = problemsOf(validate, body);
    if (!problem) return null;
    problems.push(`${name}: ${problem}`);
  }
  return `the ${status} answer of ${method} ${pathname} does not match docs/schemas/http.json (${problems.join(' | ')}) — ${excerpt(body)}`;
}

/** The problems reported so far, without the frame: the same one is reported once. */
const reported = new Set<string>();

/** Fail the running test (softly: it finishes, then fails), or the run when no test is running. */
export function report(problem: string): void {
  const kind = problem.replace(/ — .*$/s, '').replace(/^.*? received /, '');
  if (reported.has(kind)) return;
  reported.add(kind);
  try {
    expect.soft(problem, 'a server answer that breaks the published schemas').toBeNull();
  } catch (error) {
    if (!(error instanceof Error) || !/only be used inside a test/.test(error.message)) throw error;
    setImmediate(() => {
      throw new Error(problem);
    });
  }
}

const countsFile = process.env.CARAVELA_SCHEMA_COUNTS;
if (countsFile)
  afterAll(() => {
    appendFileSync(countsFile, `${JSON.stringify({ file: expect.getState().testPath, ...checked })}\n`);
  });
