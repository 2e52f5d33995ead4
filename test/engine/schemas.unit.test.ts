/**
 * The published schemas (docs/schemas, docs/asyncapi.json) match the zod schemas they are made
 * from; the AsyncAPI document is valid AsyncAPI 3.0 whose references all resolve; and the
 * schemas the end-to-end tests hold the server to refuse what the server must not send.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { asyncApiDocument, schemaFiles } from '../../scripts/schemas';
import { ACTIONS, clientFrames } from '../../functions/core/protocol/frames';
import { ANSWERS, SERVER_FRAME_TYPES } from '../../functions/core/protocol/server-frames';
import { HTTP_ROUTES } from '../../functions/core/protocol/http-bodies';
import { answerProblem, frameProblem, httpProblem } from '../support/schema-check';

const docs = path.join(__dirname, '../../docs');
const asyncApi = () => JSON.parse(readFileSync(path.join(docs, 'asyncapi.json'), 'utf8')) as Record<string, unknown>;

describe('docs/schemas and docs/asyncapi.json', () => {
  it.each(Object.entries(schemaFiles()))('%s is up to date (npm run schemas)', (name, body) => {
    expect(readFileSync(path.join(docs, 'schemas', name), 'utf8')).toBe(body);
  });

  it('asyncapi.json is up to date (npm run schemas)', () => {
    expect(readFileSync(path.join(docs, 'asyncapi.json'), 'utf8')).toBe(asyncApiDocument());
  });

  it('asyncapi.json is valid AsyncAPI 3.0.0, and every reference in it resolves', () => {
    // The specification's own schema carries the draft-07 meta-schema: Ajv's is left out.
    const ajv = new Ajv({ allErrors: true, strict: false, meta: false, validateSchema: false });
    addFormats(ajv);
    const spec = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@asyncapi/specs/schemas/3.0.0.json'), 'utf8'));
    const validate = ajv.compile(spec);
    const doc = asyncApi();
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);

    const refs: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) k === '$ref' && typeof v === 'string' ? refs.push(v) : walk(v);
    };
    walk(doc);
    const resolve = (ref: string) =>
      ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter((r) => !r.startsWith('#/') || resolve(r) === undefined)).toEqual([]);
  });

  it('asyncapi.json has a message for every client action and server frame, and answers each action as the protocol does', () => {
    const doc = asyncApi() as {
      channels: { socket: { messages: Record<string, unknown> } };
      operations: Record<string, { action: string; messages: { $ref: string }[]; reply?: { messages: { $ref: string }[] } }>;
    };
    expect(Object.keys(doc.channels.socket.messages).sort()).toEqual(
      [...ACTIONS.map((a) => `client.${a}`), ...SERVER_FRAME_TYPES.map((t) => `server.${t}`)].sort(),
    );
    for (const action of ACTIONS) {
      const operation = doc.operations[action]!;
      expect(operation.action).toBe('receive');
      expect(operation.messages).toEqual([{ $ref: `#/channels/socket/messages/client.${action}` }]);
      expect(operation.reply!.messages.map((m) => m.$ref.split('server.')[1])).toEqual([...ANSWERS[action], 'error']);
    }
  });
});

describe('client-frames.json', () => {
  it("refuses bots in seat 0, the creator's, as the server does", () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(path.join(docs, 'schemas/client-frames.json'), 'utf8')));
    const createGame = (bots: number[]) => ({ action: 'createGame', game: 'goa', players: 3, bots });
    for (const [bots, ok] of [
      [[1, 2], true],
      [[2], true],
      [[0], false],
      [[0, 1], false],
      [[16], false],
    ] as const) {
      expect({ bots, published: validate(createGame([...bots])) }).toEqual({ bots, published: ok });
      expect({ bots, parsed: clientFrames.createGame.safeParse(createGame([...bots])).success }).toEqual({ bots, parsed: ok });
    }
  });
});

describe('the schemas the end-to-end tests check the server with', () => {
  const state = {
    type: 'state',
    gameId: 'g1',
    game: 'tic-tac-toe',
    version: 3,
    status: 'finished',
    seats: [
      { seat: 0, playerId: 'p0', name: 'Ana' },
      { seat: 1, playerId: 'bot:strong:1', name: 'Strong bot 2', bot: 'strong' },
    ],
    you: 0,
    activeSeats: [],
    online: [0],
    absent: [],
    canUndo: false,
    view: { board: [] },
    legal: [],
    log: ['Ana created the game'],
    logStart: 0,
    outcome: { results: [{ seat: 0, score: 1, rank: 1, details: { lines: 1 } }], winners: [0], ended: 'vote' },
  };

  it('accept a frame as the server sends it', () => {
    expect(frameProblem(state)).toBeNull();
    expect(frameProblem({ type: 'error', requestId: 'r1', code: 'TOO_LARGE', message: 'Frames may not exceed 32 KB.' })).toBeNull();
  });

  it.each([
    ['a field no schema describes', { ...state, secret: 1 }, 'additional properties'],
    ['a documented field left out', { ...state, canUndo: undefined }, "required property 'canUndo'"],
    ['a seat counted from 1 past the last', { ...state, you: 16 }, 'must be <= 15'],
    ['a wrong type', { ...state, version: '3' }, 'must be integer'],
    ['an unknown outcome ending', { ...state, outcome: { ...state.outcome, ended: 'timeout' } }, 'allowed values'],
    ['an unknown frame type', { type: 'stat' }, 'oneOf'],
    ['an unknown error code', { type: 'error', code: 'OOPS', message: 'x' }, 'allowed values'],
  ])('refuse %s', (_, frame, says) => {
    expect(frameProblem(JSON.parse(JSON.stringify(frame)))).toContain(says);
  });

  it('refuse an answer of another type than the protocol gives the action', () => {
    expect(answerProblem({ action: 'ping' }, { type: 'pong' })).toBeNull();
    expect(answerProblem({ action: 'ping' }, { type: 'error' })).toBeNull();
    expect(answerProblem({ action: 'quickPlay' }, { type: 'gameCreated' })).toBeNull();
    expect(answerProblem({ action: 'ping' }, { type: 'done' })).toContain('not pong');
  });

  it('check HTTP answers by route and status', () => {
    expect(Object.keys(HTTP_ROUTES)).toContain('POST /api/players');
    const v1 = { playerId: 'p', name: 'Ana', token: 'v1.x.y' };
    expect(httpProblem('POST', 'http://localhost:1/api/players', 201, v1)).toBeNull();
    expect(httpProblem('POST', 'http://localhost:1/api/players', 201, { ...v1, token: undefined })).toContain('V1Player');
    expect(httpProblem('POST', 'http://localhost:1/api/players', 200, v1)).toContain('does not give it');
    expect(httpProblem('GET', 'http://localhost:1/api/games/abc/replay', 401, { code: 'UNAUTHORIZED', message: 'Sign in.' })).toBeNull();
    expect(httpProblem('GET', 'http://localhost:1/api/games/abc/replay', 404, { code: 'NOPE', message: 'x' })).toContain('allowed values');
  });
});
