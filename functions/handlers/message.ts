/**
 * Every protocol action (createGame, joinGame, subscribe, command, myGames, ping, chat, the lobby's, ratings', devices'…) and
 * `$default`. API Gateway selects the route by `$request.body.action`; all of them reach this
 * one function, which parses the frame, checks the sender, and answers with one frame.
 * A failure answers with an `error` frame to the sender alone and stores nothing.
 */
import type { Connection } from '../stores/connections';
import {
  ACTIONS,
  clientFrames,
  MAX_CLIENT_FRAME_BYTES,
  ProtocolError,
  type Action,
  type FrameOf,
  type ServerFrame,
} from '../core/protocol/frames';
import { checkWebhookUrl, webhookAllowList } from '../adapters/channels/webhook';
import { checkPushEndpoint, pushAllowList } from '../adapters/channels/push-services';
import { vapidKeys } from '../adapters/vapid';
import { emailBlockOf, emailConfirmed, type SettingsRecord } from '../core/notification';
import { describeZodError } from '../../domain/engine/projector';
import type { Outcome } from '../host/commands';
import { getRuntime, senderFor } from '../host/runtime';
import { getGames } from '../host/runtime-games';
import { getConfirmations } from '../host/runtime-mail';
import { getChat } from '../host/runtime-chat';
import { getRatingStore } from '../host/runtime-ratings';
import { leaderboardOf, profileOf } from '../host/profiles';
import { accountActions } from '../host/account-actions';
import type { Sender } from '../adapters/sender';
import type { WsEvent, WsResult } from './ws-event';
import { observed } from '../observe/observed';
import { failure, logger } from '../observe/log';
import { METRICS } from '../observe/metric-names';
import { count } from '../observe/metrics';

type ActionHandler = (conn: Connection, frame: never, sender: Sender) => Promise<Outcome>;

/** The runtime's host always has the lobby. */
const lobby = () => getGames().host.lobby!;

const actions: Record<Action, ActionHandler> = {
  createGame: (conn, frame, sender) => getGames().host.commands.createGame(conn, frame, sender),
  joinGame: (conn, frame, sender) => getGames().host.commands.joinGame(conn, frame, sender),
  subscribe: (conn, frame, sender) => getGames().host.commands.subscribe(conn, frame, sender),
  command: (conn, frame, sender) => getGames().host.commands.command(conn, frame, sender),
  myGames: (conn, frame) => getGames().host.commands.myGames(conn, frame),
  ping: async (_conn, frame: { requestId?: string }) => ({ reply: { type: 'pong', requestId: frame.requestId } }),
  undo: (conn, frame, sender) => getGames().host.commands.gameAction(conn, frame, sender),
  resume: (conn, frame, sender) => getGames().host.commands.gameAction(conn, frame, sender),
  voteEnd: (conn, frame, sender) => getGames().host.commands.gameAction(conn, frame, sender),
  setNotifications: async (conn, frame: FrameOf<'setNotifications'>) => {
    const hook = frame.settings.webhook;
    const refusal =
      (hook ? checkWebhookUrl(hook.url, webhookAllowList()) : null) ??
      frame.settings.webPush.map((sub) => checkPushEndpoint(sub.endpoint, pushAllowList())).find(Boolean);
    if (refusal) throw new ProtocolError('BAD_REQUEST', refusal);
    const record = await getConfirmations().save(conn.playerId, frame.settings, frame.resendConfirmation === true);
    return { reply: await notificationsFrame(frame.requestId, record) };
  },
  getNotifications: async (conn, frame: FrameOf<'getNotifications'>) => ({
    reply: await notificationsFrame(frame.requestId, await getRuntime().records.getSettingsRecord(conn.playerId)),
  }),
  chat: (conn, frame, sender) => getChat().send(conn, frame, sender),
  chatHistory: (conn, frame) => getChat().history(conn, frame),
  mute: (conn, frame) => getChat().mute(conn, frame),
  unmute: (conn, frame) => getChat().mute(conn, frame),
  resign: (conn, frame, sender) => getGames().host.commands.gameAction(conn, frame, sender),
  openGames: (conn, frame) => lobby().openGames(conn, frame),
  quickPlay: (conn, frame, sender) => lobby().quickPlay(conn, frame, sender),
  hideGame: (conn, frame) => lobby().hide(conn, frame),
  unhideGame: (conn, frame) => lobby().hide(conn, frame),
  profile: async (_conn, frame: FrameOf<'profile'>) => ({ reply: await profileOf(getRatingStore(), frame) }),
  leaderboard: async (_conn, frame: FrameOf<'leaderboard'>) => ({ reply: await leaderboardOf(getRatingStore(), frame) }),
  ...accountActions,
};

async function notificationsFrame(requestId: string | undefined, record: SettingsRecord): Promise<ServerFrame> {
  const block = emailBlockOf(record);
  return {
    type: 'notifications',
    requestId,
    settings: record.settings,
    pushKey: (await vapidKeys())?.publicKey ?? null,
    emailConfirmed: emailConfirmed(record),
    emailProblem: block ? { kind: block.kind, at: block.at, reason: block.reason } : null,
  };
}

async function connectionOf(connectionId: string): Promise<Connection> {
  const { connections, records } = getRuntime();
  const cached = connections.get(connectionId);
  if (cached) return cached;
  const stored = await records.getConnection(connectionId);
  if (!stored) throw new ProtocolError('UNAUTHORIZED', 'This connection is not signed in; reconnect with a valid token.');
  const conn = { connectionId, playerId: stored.playerId, name: stored.name, ...(stored.deviceId ? { deviceId: stored.deviceId } : {}) };
  connections.set(connectionId, conn);
  return conn;
}

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

export const handler = observed('message', async (event: WsEvent): Promise<WsResult> => {
  const { connectionId } = event.requestContext;
  const sender = senderFor(event.requestContext);
  const body = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  let requestId: string | undefined;
  let outcome: Outcome;
  try {
    if (Buffer.byteLength(body) > MAX_CLIENT_FRAME_BYTES) {
      requestId = oversizeRequestId(body);
      throw new ProtocolError('TOO_LARGE', `Frames may not exceed ${MAX_CLIENT_FRAME_BYTES / 1024} KB.`);
    }
    const data = parseJson(body);
    requestId = requestIdOf(data);
    const parsed = parseFrame(data);
    const gameId = (parsed.frame as { gameId?: unknown }).gameId;
    if (typeof gameId === 'string') logger.appendKeys({ gameId, action: parsed.action });
    else logger.appendKeys({ action: parsed.action });
    const conn = await connectionOf(connectionId);
    outcome = await actions[parsed.action](conn, parsed.frame as never, sender);
  } catch (error) {
    if (!(error instanceof ProtocolError)) {
      // The client gets INTERNAL (and API Gateway a 200): the metric and the log are what tell.
      logger.error('message failed; answered INTERNAL', failure(error));
      count(METRICS.internalErrors);
    }
    const refusal =
      error instanceof ProtocolError ? error : new ProtocolError('INTERNAL', 'Something went wrong on the server; nothing was stored.');
    await sender.send(connectionId, refusal.frame(requestId));
    return { statusCode: 200 };
  }
  await sender.send(connectionId, outcome.reply);
  await outcome.after?.();
  return { statusCode: 200 };
});
