/**
 * The WebSocket actions of friends, blocks, groups and vacations: each acts for the
 * connection's own player and answers with the list, group or vacation as it then stands.
 */
import type { FrameOf } from '../core/protocol/frames';
import type { Sender } from '../adapters/sender';
import type { Outcome } from '../host/commands';
import type { Connection } from '../stores/connections';
import type { App } from '../app/app';
import { social, vacations } from '../app/social';

export function socialActions(app: App) {
  const friends = async (conn: Connection, requestId?: string): Promise<Outcome> => ({
    reply: await app.get(social).friendsFrame(conn.playerId, requestId),
  });
  const me = (conn: Connection) => ({ playerId: conn.playerId, name: conn.name });
  return {
    follow: async (conn: Connection, frame: FrameOf<'follow'>) => {
      await app.get(social).follow(conn.playerId, frame);
      return friends(conn, frame.requestId);
    },
    unfollow: async (conn: Connection, frame: FrameOf<'unfollow'>) => {
      await app.get(social).unfollow(conn.playerId, frame.playerId);
      return friends(conn, frame.requestId);
    },
    block: async (conn: Connection, frame: FrameOf<'block'>) => {
      await app.get(social).block(conn.playerId, frame);
      return friends(conn, frame.requestId);
    },
    unblock: async (conn: Connection, frame: FrameOf<'unblock'>) => {
      await app.get(social).unblock(conn.playerId, frame.playerId);
      return friends(conn, frame.requestId);
    },
    friends: (conn: Connection, frame: FrameOf<'friends'>) => friends(conn, frame.requestId),
    createGroup: async (conn: Connection, frame: FrameOf<'createGroup'>): Promise<Outcome> => {
      const groupId = await app.get(social).createGroup(me(conn), frame.name);
      return { reply: await app.get(social).groupFrame(conn.playerId, groupId, undefined, frame.requestId) };
    },
    joinGroup: async (conn: Connection, frame: FrameOf<'joinGroup'>): Promise<Outcome> => {
      await app.get(social).joinGroup(me(conn), frame.groupId, frame.code);
      return { reply: await app.get(social).groupFrame(conn.playerId, frame.groupId, undefined, frame.requestId) };
    },
    leaveGroup: async (conn: Connection, frame: FrameOf<'leaveGroup'>): Promise<Outcome> => {
      await app.get(social).leaveGroup(conn.playerId, frame.groupId);
      return { reply: await app.get(social).groupFrame(conn.playerId, frame.groupId, undefined, frame.requestId) };
    },
    group: async (conn: Connection, frame: FrameOf<'group'>): Promise<Outcome> => ({
      reply: await app.get(social).groupFrame(conn.playerId, frame.groupId, frame.game, frame.requestId),
    }),
    vacation: async (conn: Connection, frame: FrameOf<'vacation'>): Promise<Outcome> => ({
      reply: await app.get(vacations).frame(conn.playerId, frame.requestId),
    }),
    setVacation: async (conn: Connection, frame: FrameOf<'setVacation'>, sender: Sender): Promise<Outcome> => ({
      reply: await app.get(vacations).start(conn.playerId, frame.until, sender, frame.requestId),
    }),
    endVacation: async (conn: Connection, frame: FrameOf<'endVacation'>, sender: Sender): Promise<Outcome> => ({
      reply: await app.get(vacations).end(conn.playerId, sender, frame.requestId),
    }),
  };
}
