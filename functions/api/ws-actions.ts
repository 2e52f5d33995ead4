/**
 * Every protocol action a WebSocket frame names (createGame, joinGame, subscribe, command,
 * myGames, ping, chat, the lobby's, ratings', devices'…) and the service that answers it. Each
 * gets the sender's connection and its parsed frame, and answers one frame, with the work that
 * follows the answer (broadcasts, bots' moves). docs/writing-an-action.md says how to add one.
 */
import { checkPushEndpoint, pushAllowList } from '../adapters/channels/push-services';
import { checkWebhookUrl, webhookAllowList } from '../adapters/channels/webhook';
import type { Sender } from '../adapters/sender';
import type { Connection } from '../stores/connections';
import { gameInfoOf } from '../core/game-info';
import { emailBlockOf, emailConfirmed, type SettingsRecord } from '../core/notification';
import { ProtocolError, type Action, type FrameOf, type ServerFrame } from '../core/protocol/frames';
import type { Outcome } from '../host/commands';
import { leaderboardOf, profileOf } from '../host/profiles';
import type { App } from '../app/app';
import { accountActions } from './account-actions';
import { tournamentActions } from './tournament-actions';
import { socialActions } from './social-actions';
import { chat } from '../app/chat';
import { host } from '../app/games';
import { cursors, vapid } from '../app/keys';
import { confirmations } from '../app/mail';
import { ratingStore } from '../app/ratings';
import { playerStore } from '../app/players';

export type ActionHandler = (conn: Connection, frame: never, sender: Sender) => Promise<Outcome>;

export function wsActions(app: App): Record<Action, ActionHandler> {
  const { commands, games } = app.get(host);
  const lobby = app.get(host).lobby!;
  const pushServices = pushAllowList(app.deps.config.pushAllow);
  const hooks = webhookAllowList(app.deps.config.webhookAllow);

  async function notificationsFrame(requestId: string | undefined, record: SettingsRecord): Promise<ServerFrame> {
    const block = emailBlockOf(record);
    return {
      type: 'notifications',
      requestId,
      settings: record.settings,
      pushKey: await app.get(vapid).publicKey(),
      emailConfirmed: emailConfirmed(record),
      emailProblem: block ? { kind: block.kind, at: block.at, reason: block.reason } : null,
    };
  }

  return {
    createGame: (conn, frame, sender) => commands.createGame(conn, frame, sender),
    joinGame: (conn, frame, sender) => commands.joinGame(conn, frame, sender),
    subscribe: (conn, frame, sender) => commands.subscribe(conn, frame, sender),
    command: (conn, frame, sender) => commands.command(conn, frame, sender),
    myGames: (conn, frame) => commands.myGames(conn, frame),
    ping: async (_conn, frame: { requestId?: string }) => ({ reply: { type: 'pong', requestId: frame.requestId } }),
    undo: (conn, frame, sender) => commands.gameAction(conn, frame, sender),
    resume: (conn, frame, sender) => commands.gameAction(conn, frame, sender),
    voteEnd: (conn, frame, sender) => commands.gameAction(conn, frame, sender),
    resign: (conn, frame, sender) => commands.gameAction(conn, frame, sender),
    cancelGame: (conn, frame, sender) => commands.gameAction(conn, frame, sender),
    setNotifications: async (conn, frame: FrameOf<'setNotifications'>) => {
      const hook = frame.settings.webhook;
      const refusal =
        (hook ? checkWebhookUrl(hook.url, hooks) : null) ??
        frame.settings.webPush.map((sub) => checkPushEndpoint(sub.endpoint, pushServices)).find(Boolean);
      if (refusal) throw new ProtocolError('BAD_REQUEST', refusal);
      const record = await app.get(confirmations).save(conn.playerId, frame.settings, frame.resendConfirmation === true);
      return { reply: await notificationsFrame(frame.requestId, record) };
    },
    getNotifications: async (conn, frame: FrameOf<'getNotifications'>) => ({
      reply: await notificationsFrame(frame.requestId, await app.get(playerStore).getSettingsRecord(conn.playerId)),
    }),
    chat: (conn, frame, sender) => app.get(chat).send(conn, frame, sender),
    chatHistory: (conn, frame) => app.get(chat).history(conn, frame),
    mute: (conn, frame) => app.get(chat).mute(conn, frame),
    unmute: (conn, frame) => app.get(chat).mute(conn, frame),
    openGames: (conn, frame) => lobby.openGames(conn, frame),
    quickPlay: (conn, frame, sender) => lobby.quickPlay(conn, frame, sender),
    hideGame: (conn, frame) => lobby.hide(conn, frame),
    unhideGame: (conn, frame) => lobby.hide(conn, frame),
    gameInfo: async (_conn, frame: FrameOf<'gameInfo'>) => ({ reply: gameInfoOf(await games.fresh(frame.gameId), frame.requestId) }),
    profile: async (_conn, frame: FrameOf<'profile'>) => ({ reply: await profileOf(app.get(ratingStore), frame) }),
    leaderboard: async (_conn, frame: FrameOf<'leaderboard'>) => ({
      reply: await leaderboardOf(app.get(ratingStore), app.get(cursors), frame),
    }),
    ...accountActions(app),
    ...tournamentActions(app),
    ...socialActions(app),
  };
}
