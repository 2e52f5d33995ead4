/**
 * The players' index of games for the one process that writes every commit (the local runtime):
 * its index writes that keep their entry's range go with the commits in flight, and each version
 * is written once.
 */
import type { DynamoDBDocumentClient, PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { LRUCache } from 'lru-cache';
import type { GameStatus } from '../../core/record';
import { indexedSeats, type IndexedGame } from '../../stores/player-games';
import type { Observer } from '../../observe/observer';
import type { GroupWriter, TransactItem } from './group-commit';
import type { PutOutcome } from './index-entries';
import type { PlayerGameItem } from './items';
import { keys } from './keys';
import { DynamoPlayerGameStore } from './player-games';

export class LivePlayerGameStore extends DynamoPlayerGameStore {
  constructor(
    db: DynamoDBDocumentClient,
    table: string,
    observer: Observer,
    /** The app's grouping writer, which its commits go through too. */
    private readonly writer: GroupWriter,
  ) {
    super(db, table, observer);
  }

  /** gameId → the latest version this process indexed (the 10,000 most recent games). */
  private readonly indexed = new LRUCache<string, number>({ max: 10_000 });
  /** `PLAYER#id|gameId` → the status this process last indexed that entry with, so in whose range it is (the 40,000 most recent). */
  private readonly ranges = new LRUCache<string, GameStatus>({ max: 40_000 });

  /**
   * An entry this process indexed in this range goes with the commits in flight (group-commit.ts):
   * one disk sync for all. Any other could only fail the put's condition — and, grouped, cancel
   * the commits sharing its transaction — so it is not sent: the move's transaction follows.
   */
  protected override async conditionalPut(input: PutCommandInput): Promise<PutOutcome> {
    const item = input.Item as PlayerGameItem;
    if (this.ranges.get(`${item.pk}|${item.gameId}`) !== item.status) return { stored: false };
    return { stored: (await this.writer.put(input, `${item.pk}|${item.sk}`)).stored };
  }

  /** A move goes with the commits in flight too: its items hold or fail together, in their group's transaction. */
  protected override async moveEntry(items: TransactItem[]): Promise<boolean> {
    const keyOf = (i: TransactItem) => {
      const key = (i.Put?.Item ?? i.Delete?.Key ?? i.ConditionCheck?.Key ?? i.Update?.Key) as Record<string, string>;
      return `${key.pk}|${key.sk}`;
    };
    return (await this.writer.write(items, items.map(keyOf))).stored;
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
    for (const { playerId } of indexedSeats(record)) this.ranges.set(`${keys.player(playerId)}|${record.gameId}`, record.status);
    if ((this.indexed.get(record.gameId) ?? 0) < record.version) this.indexed.set(record.gameId, record.version);
  }
}
