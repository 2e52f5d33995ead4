/**
 * One WebSocket message, start to end: parse and check the frame (zod), find the sender's
 * connection, run its action (ws-actions.ts), answer one frame, then the work that follows the
 * answer. A failure answers an `error` frame to the sender alone and stores nothing.
 */
import { describeZodError } from '../../domain/engine/projector';
import type { Sender } from '../adapters/sender';
import type { Connection } from '../stores/connections';
import { ACTIONS, clientFrames, MAX_CLIENT_FRAME_BYTES, ProtocolError, type Action } from '../core/protocol/frames';
import type { Outcome } from '../host/commands';
import type { App } from '../app/app';
import { connectionCache, connectionStore, frameBudget } from '../app/connections';
import { observer } from '../app/outside';
import { failure } from '../observe/observer';
import { METRICS } from '../observe/metric-names';
import { busyRefusal, isBusy } from './busy';
import { wsActions } from './ws-actions';

/** The request id of a frame, read before anything else so that errors can echo it. */
function requestIdOf(data: unknown): string | undefined {
  const id = (data as { requestId?: unknown } | null)?.requestId;
  return typeof id === 'string' && id.length <= 64 ? id : undefined;
}

/** Parse and check one client frame; throws a ProtocolError for anything malformed. */
export function parseFrame(data: unknown): { action: Action; frame: unknown } {
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new ProtocolError('BAD_REQUEST', 'A frame must be a JSON object with an "action".');
  const { action } = data as { action?: unknown };
  if (typeof action !== 'string' || !ACTIONS.includes(action as Action)) {
    throw new ProtocolError('BAD_REQUEST', `Unknown action ${JSON.stringify(action ?? null)}; the actions are ${ACTIONS.join(', ')}.`);
  }
  const parsed = clientFrames[action as Action].safeParse(data);
  if (!parsed.success) throw new ProtocolError('BAD_REQUEST', describeZodError(parsed.error, 'frame'));
  return { action: action as Action, frame: parsed.data };
}

/** API Gateway delivers messages of up to 128 KB: reading the requestId of one is cheap. */
const GATEWAY_MAX_BYTES = 128 * 1024;

/** The requestId of a frame too large to handle, to echo in the refusal, if it can be read. */
function oversizeRequestId(body: string): string | undefined {
  if (body.length > GATEWAY_MAX_BYTES) return undefined;
  try {
    return requestIdOf(JSON.parse(body));
  } catch {
    return undefined;
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new ProtocolError('BAD_REQUEST', 'The frame is not valid JSON.');
  }
}

/** The connection's player: cached once read (it never changes), else from its stored record. */
function connectionOf(app: App): (connectionId: string) => Promise<Connection> {
  const cache = app.get(connectionCache);
  return async (connectionId) => {
    const cached = cache.get(connectionId);
    if (cached) return cached;
    const stored = await app.get(connectionStore).getConnection(connectionId);
    if (!stored) throw new ProtocolError('UNAUTHORIZED', 'This connection is not signed in; reconnect with a valid token.');
    const conn = { connectionId, playerId: stored.playerId, name: stored.name, ...(stored.deviceId ? { deviceId: stored.deviceId } : {}) };
    cache.set(connectionId, conn);
    return conn;
  };
}

/** Handle one message of a connection: its answer goes to the sender, then the work after it runs. */
export function wsMessage(app: App): (connectionId: string, body: string, sender: Sender) => Promise<void> {
  const actions = wsActions(app);
  const connection = connectionOf(app);
  const budget = app.get(frameBudget);
  const { log, count } = app.get(observer);
  return async (connectionId, body, sender) => {
    let requestId: string | undefined;
    let outcome: Outcome;
    try {
      if (Buffer.byteLength(body) > MAX_CLIENT_FRAME_BYTES) {
        requestId = oversizeRequestId(body);
        throw new ProtocolError('TOO_LARGE', `Frames may not exceed ${MAX_CLIENT_FRAME_BYTES / 1024} KB.`);
      }
      const data = parseJson(body);
      requestId = requestIdOf(data);
      const over = await budget?.check(connectionId);
      if (over) {
        await sender.send(connectionId, over.error.frame(requestId));
        if (over.close) await sender.close?.(connectionId);
        return;
      }
      const parsed = parseFrame(data);
      const gameId = (parsed.frame as { gameId?: unknown }).gameId;
      log.appendKeys(typeof gameId === 'string' ? { gameId, action: parsed.action } : { action: parsed.action });
      outcome = await actions[parsed.action](await connection(connectionId), parsed.frame as never, sender);
    } catch (error) {
      if (isBusy(error)) {
        log.warn('the table was busy; answered RATE_LIMITED', failure(error));
        await sender.send(connectionId, busyRefusal(`${connectionId}#${requestId ?? ''}`).frame(requestId));
        return;
      }
      if (!(error instanceof ProtocolError)) {
        // The client gets INTERNAL (and API Gateway a 200): the metric and the log are what tell.
        log.error('message failed; answered INTERNAL', failure(error));
        count(METRICS.internalErrors);
      }
      const refusal =
        error instanceof ProtocolError ? error : new ProtocolError('INTERNAL', 'Something went wrong on the server; nothing was stored.');
      await sender.send(connectionId, refusal.frame(requestId));
      return;
    }
    await sender.send(connectionId, outcome.reply);
    await outcome.after?.();
  };
}
