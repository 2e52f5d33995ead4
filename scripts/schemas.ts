/**
 * The wire protocol's published schemas, generated from the zod schemas that are its source:
 * JSON Schemas of the client frames (which the server parses with), the server frames, the
 * HTTP API's bodies and each game's commands and options, and the AsyncAPI 3.0 document of the
 * WebSocket API built from the same schemas. `npm run schemas` writes them to docs/schemas and
 * docs/asyncapi.json; a test fails when the committed files are out of date.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { GAMES } from '../domain/games';
import { ACTIONS, clientFrames, type Action } from '../functions/core/protocol/frames';
import { ANSWERS, PUSHED, SERVER_FRAME_TYPES, serverFrames, type ServerFrameType } from '../functions/core/protocol/server-frames';
import { httpAnswers, httpRequests } from '../functions/core/protocol/http-bodies';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

/** Client frames are read (io: input, defaults optional); what the server writes is described as written (io: output). */
const jsonSchema = (schema: z.ZodType, io: Io, target: 'draft-2020-12' | 'draft-7' = 'draft-2020-12') =>
  z.toJSONSchema(schema, {
    io,
    target,
    unrepresentable: 'any',
    // A time is `format: date-time` (RFC 3339), which validators check; zod's long pattern says no more than that.
    override: ({ jsonSchema: s }) => {
      if (s.format === 'date-time') delete s.pattern;
    },
  }) as Json;

const file = (body: Json) => `${JSON.stringify(body, null, 2)}\n`;

/** Every `$ref` in a schema, rewritten. */
function mapRefs(value: unknown, to: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapRefs(v, to));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? to(v) : mapRefs(v, to)]));
}

/**
 * Several schemas as one set of named schemas whose `$ref`s point at one another (`refPrefix` +
 * name): each schema's own definitions (the shared objects, such as SeatInfo) are hoisted beside
 * it. `rename` names a definition in the set. Two different schemas under one name are refused.
 */
function bundle(
  entries: [name: string, schema: z.ZodType, io: Io][],
  target: 'draft-2020-12' | 'draft-7',
  refPrefix: string,
  rename: (name: string) => string = (n) => n,
): Record<string, Json> {
  const defsKey = target === 'draft-7' ? 'definitions' : '$defs';
  const local = `#/${defsKey}/`;
  const to = (ref: string) => {
    if (!ref.startsWith(local)) throw new Error(`unexpected $ref ${ref}`);
    return refPrefix + rename(ref.slice(local.length));
  };
  const out: Record<string, Json> = {};
  const put = (name: string, schema: unknown) => {
    const body = mapRefs(schema, to) as Json;
    if (out[name] && JSON.stringify(out[name]) !== JSON.stringify(body)) throw new Error(`two different schemas are named ${name}`);
    out[name] = body;
  };
  for (const [name, schema, io] of entries) {
    const { $schema: _, [defsKey]: defs = {}, ...root } = jsonSchema(schema, io, target);
    for (const [n, def] of Object.entries(defs as Record<string, Json>)) put(rename(n), def);
    // A schema with an id is a `$ref` to its own definition; one without is the schema itself.
    if (!(Object.keys(root).length === 1 && root.$ref === `${local}${name}`)) put(rename(name), root);
  }
  return out;
}

const clientUnion = () => z.union(Object.values(clientFrames) as unknown as [z.ZodType, z.ZodType]);
const serverUnion = () => z.discriminatedUnion('type', Object.values(serverFrames) as unknown as [z.ZodObject, z.ZodObject]);

export function schemaFiles(): Record<string, string> {
  const json = (schema: z.ZodType, title: string, io: Io = 'input') => file({ title, ...jsonSchema(schema, io) });
  const files: Record<string, string> = {
    'client-frames.json': json(clientUnion(), 'Caravela client frame (protocol version 1)'),
    'server-frames.json': json(serverUnion(), 'Caravela server frame (protocol version 1)', 'output'),
    'http.json': file({
      title: 'Caravela HTTP API bodies (protocol version 1): requests and answers by name; see docs/protocol.md for the routes',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: bundle(
        [
          ...Object.entries(httpRequests).map(([n, s]) => [n, s, 'input'] as [string, z.ZodType, Io]),
          ...Object.entries(httpAnswers).map(([n, s]) => [n, s, 'output'] as [string, z.ZodType, Io]),
        ],
        'draft-2020-12',
        '#/$defs/',
      ),
    }),
  };
  for (const game of GAMES) {
    files[`${game.id}.commands.json`] = json(game.commandSchema, `${game.title} command (rules version ${game.rulesVersion})`);
    files[`${game.id}.options.json`] = json(game.optionsSchema, `${game.title} createGame options`);
  }
  return files;
}

const clientMessage = (action: Action) => `client.${action}`;
const serverMessage = (type: string) => `server.${type}`;
const list = (names: readonly string[]) => names.map((n) => `\`${n}\``).join(', ');

/**
 * The AsyncAPI 3.0 document of the WebSocket API. It describes the server: it receives the
 * client frames (one operation per action, with the frames that answer it as the reply) and
 * sends the frames nobody asked for (state, presence…). Its schemas are AsyncAPI's default
 * (JSON Schema draft 7), generated from the same zod schemas as docs/schemas.
 */
export function asyncApiDocument(): string {
  const schemas = {
    ...bundle(
      ACTIONS.map((a) => [clientMessage(a), clientFrames[a], 'input']),
      'draft-7',
      '#/components/schemas/',
    ),
    ...bundle(
      SERVER_FRAME_TYPES.map((t) => [t, serverFrames[t], 'output']),
      'draft-7',
      '#/components/schemas/',
      (n) => ((SERVER_FRAME_TYPES as string[]).includes(n) ? serverMessage(n) : n),
    ),
  };
  const answeredBy = (type: ServerFrameType) => ACTIONS.filter((a) => (ANSWERS[a] as readonly string[]).includes(type));
  // A request and its answer share the requestId: AsyncAPI's correlation id, on every message whose frame has one.
  const correlated = (schema: Json | undefined) =>
    (schema?.properties as Record<string, unknown> | undefined)?.requestId
      ? { correlationId: { $ref: '#/components/correlationIds/requestId' } }
      : {};
  const messages: Record<string, Json> = {};
  for (const action of ACTIONS)
    messages[clientMessage(action)] = {
      name: action,
      title: `${action} (client frame)`,
      summary: `Sent by a client; answered by ${list(ANSWERS[action])} or \`error\`, echoing its \`requestId\`.`,
      ...correlated(schemas[clientMessage(action)]),
      payload: { $ref: `#/components/schemas/${clientMessage(action)}` },
    };
  for (const type of SERVER_FRAME_TYPES) {
    const answers = answeredBy(type);
    const description = (schemas[serverMessage(type)]?.description as string | undefined) ?? '';
    messages[serverMessage(type)] = {
      name: type,
      title: `${type} (server frame)`,
      summary: description,
      ...(answers.length ? { description: `Answers ${list(answers)}.` } : {}),
      ...correlated(schemas[serverMessage(type)]),
      payload: { $ref: `#/components/schemas/${serverMessage(type)}` },
    };
  }
  const channelMessage = (name: string) => ({ $ref: `#/channels/socket/messages/${name}` });
  const operations: Record<string, Json> = {};
  for (const action of ACTIONS)
    operations[action] = {
      action: 'receive',
      channel: { $ref: '#/channels/socket' },
      title: `Receive ${action}`,
      messages: [channelMessage(clientMessage(action))],
      reply: {
        channel: { $ref: '#/channels/socket' },
        messages: [...ANSWERS[action], 'error'].map((t) => channelMessage(serverMessage(t))),
      },
    };
  for (const type of PUSHED)
    operations[`push.${type}`] = {
      action: 'send',
      channel: { $ref: '#/channels/socket' },
      title: `Send ${type}`,
      summary: 'Sent to connections that subscribed to a game or watch a list, without a request.',
      messages: [channelMessage(serverMessage(type))],
    };
  const doc = {
    asyncapi: '3.0.0',
    info: {
      title: 'Caravela wire protocol',
      version: '1',
      description:
        "The WebSocket API of Caravela, a server for asynchronous board games: every frame is one JSON object. Clients send frames with an `action` (and an optional `requestId`, which the answer echoes); the server answers each with one frame and sends `state`, `presence`, `chat`, `gameChanged` and `openGameChanged` frames to the connections that subscribed or watch. This document describes the server: its operations receive the client frames and send the server frames. docs/protocol.md in the repository says what each frame means; docs/schemas holds the same schemas as JSON Schema (2020-12), and http.json there the HTTP API's bodies. Generated by `npm run schemas`.",
      license: { name: 'MIT' },
    },
    defaultContentType: 'application/json',
    servers: {
      local: {
        host: 'localhost:3000',
        protocol: 'ws',
        pathname: '/ws',
        title: 'The local server (`npm start`; PORT, default 3000)',
        security: [{ $ref: '#/components/securitySchemes/token' }],
      },
      cloud: {
        host: '{apiId}.execute-api.{region}.amazonaws.com',
        protocol: 'wss',
        pathname: '/prod',
        title: 'A deployment: the WebSocket API stage',
        variables: {
          apiId: { description: "The WebSocket API's id (the deployment's outputs)." },
          region: { description: 'The AWS region it is deployed in.', examples: ['eu-west-1'] },
        },
        security: [{ $ref: '#/components/securitySchemes/token' }],
      },
    },
    channels: {
      socket: {
        address: null,
        title: 'A WebSocket connection',
        description:
          'The connection itself: every frame in both directions. Client frames above 32 KB are refused (TOO_LARGE, or closed with 1009); server frames stay below 120 KB.',
        messages: Object.fromEntries(Object.keys(messages).map((name) => [name, { $ref: `#/components/messages/${name}` }])),
        bindings: {
          ws: {
            method: 'GET',
            query: {
              type: 'object',
              properties: {
                token: { type: 'string', description: "A device's socket token (w2.…) or access token (v2.…), or a v1 token." },
                game: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 64,
                  description: 'A game to watch from the start, as `subscribe` would (its `subscribe` then stores nothing).',
                },
                logDelta: { type: 'string', enum: ['true', 'false'], description: "With `game`: as `subscribe`'s `logDelta`." },
                lean: { type: 'string', enum: ['true', 'false'], description: "With `game`: as `subscribe`'s `lean`." },
              },
              required: ['token'],
            },
            bindingVersion: '0.1.0',
          },
        },
      },
    },
    operations,
    components: {
      schemas,
      messages,
      correlationIds: {
        requestId: {
          description: "The client's `requestId`, which the frame that answers it echoes (an `error` too).",
          location: '$message.payload#/requestId',
        },
      },
      securitySchemes: {
        token: {
          type: 'httpApiKey',
          name: 'token',
          in: 'query',
          description:
            'The token of a sign-in (see the HTTP API); a missing, invalid or expired token, or one of a revoked device, is refused with HTTP 401 at the upgrade.',
        },
      },
    },
  };
  return file(doc);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const docs = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs');
  mkdirSync(path.join(docs, 'schemas'), { recursive: true });
  const files = schemaFiles();
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(docs, 'schemas', name), body);
  writeFileSync(path.join(docs, 'asyncapi.json'), asyncApiDocument());
  console.log(`wrote ${Object.keys(files).length} schemas to docs/schemas and docs/asyncapi.json`);
}
