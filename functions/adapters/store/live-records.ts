/**
 * Records for a runtime that is the only process serving its sockets (the local runtime): every
 * connection and subscription passes through it and none outlives it (a restart closes every
 * socket), so they are kept in memory only (the memory store's, MemoryConnectionStore). "Who
 * watches this game" and "is this player online" — asked on every move — need no read, and a
 * subscription needs no write. Players, settings, quotas and the per-player game index still go
 * to the table, as on the cloud path.
 */
import type { DynamoDBDocumentClient, PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { LRUCache } from 'lru-cache';
import type { ClosedConnection, ConnectionState } from '../../stores/connections';
import type { IndexedGame } from '../../stores/player-games';
import { MemoryConnectionStore } from '../memory/connections';
import { sharedWriter } from './group-commit';
import { DynamoPlayerGameStore } from './player-games';
import { Records } from './records';

/** The players' index of games, written by the one process that writes every commit. */
export class LivePlayerGameStore extends DynamoPlayerGameStore {
  /** gameId → the latest version this process indexed (the 10,000 most recent games). */
  private readonly indexed = new LRUCache<string, number>({ max: 10_000 });

  /** The players' index goes with the commits in flight (group-commit.ts): one disk sync for all. */
  protected override async conditionalPut(input: PutCommandInput): Promise<boolean> {
    const item = input.Item as { pk: string; sk: string };
    return (await sharedWriter(this.db).put(input, `${item.pk}|${item.sk}`)).stored;
  }

  /**
   * The request path indexes a game as soon as its seats or status change, and the stream's
   * reaction again as the guarantee. Here both run in this process: once one of them stored a
   * version, the other's put could only fail its condition — and, grouped, cancel the commits
   * sharing its transaction — so it is skipped.
   */
  override async indexGame(record: IndexedGame): Promise<void> {
    if ((this.indexed.get(record.gameId) ?? 0) >= record.version) return;
    await super.indexGame(record);
    if ((this.indexed.get(record.gameId) ?? 0) < record.version) this.indexed.set(record.gameId, record.version);
  }
}

export class LiveRecords extends Records {
  constructor(db: DynamoDBDocumentClient, table: string, now?: () => Date) {
    super(db, table, now, { connections: new MemoryConnectionStore(), playerGames: new LivePlayerGameStore(db, table) });
  }

  /**
   * The lobby's watches are kept by LiveListingStore, which does not mark the connections here:
   * whether a connection watches the lobby is unknown (undefined), so $disconnect always asks
   * the lobby to forget it.
   */
  override async getConnection(connectionId: string): Promise<ConnectionState | null> {
    const c = await super.getConnection(connectionId);
    if (!c) return null;
    const { watchesLobby: _unknown, ...known } = c;
    return known;
  }

  override async deleteConnection(connectionId: string): Promise<ClosedConnection | null> {
    const gone = await super.deleteConnection(connectionId);
    return gone && { playerId: gone.playerId, games: gone.games };
  }
}
