/**
 * Records for a runtime that is the only process serving its sockets (the local runtime): every
 * connection and subscription passes through it, so it also keeps them in memory and answers
 * "who watches this game" and "is this player online" — asked on every move — without a read.
 * Writes still go to the table, so a restart, `myGames` and the cloud's view stay the same.
 */
import { Records, type Connection } from './records';

export class LiveRecords extends Records {
  /** gameId → connectionId → playerId */
  private readonly watchers = new Map<string, Map<string, string>>();
  /** playerId → live connectionIds */
  private readonly online = new Map<string, Set<string>>();

  override async putConnection(c: Connection): Promise<void> {
    await super.putConnection(c);
    const ids = this.online.get(c.playerId) ?? new Set<string>();
    this.online.set(c.playerId, ids.add(c.connectionId));
  }

  /** Its subscriptions go through `deleteSubscription` below (Records.deleteConnection deletes each). */
  override async deleteConnection(connectionId: string): Promise<void> {
    await super.deleteConnection(connectionId);
    for (const [playerId, ids] of this.online) if (ids.delete(connectionId) && ids.size === 0) this.online.delete(playerId);
  }

  override async isOnline(playerId: string): Promise<boolean> {
    return (this.online.get(playerId)?.size ?? 0) > 0;
  }

  override async subscribe(gameId: string, c: Connection): Promise<void> {
    await super.subscribe(gameId, c);
    const game = this.watchers.get(gameId) ?? new Map<string, string>();
    this.watchers.set(gameId, game.set(c.connectionId, c.playerId));
  }

  override async subscribers(gameId: string): Promise<{ connectionId: string; playerId: string }[]> {
    return [...(this.watchers.get(gameId) ?? [])].map(([connectionId, playerId]) => ({ connectionId, playerId }));
  }

  override async deleteSubscription(gameId: string, connectionId: string): Promise<void> {
    await super.deleteSubscription(gameId, connectionId);
    const game = this.watchers.get(gameId);
    if (game?.delete(connectionId) && game.size === 0) this.watchers.delete(gameId);
  }
}
