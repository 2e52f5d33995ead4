/**
 * The players' index of games in the table: one item per game in each seated player's
 * partition, in the key range of the game's status (PLAYER#id / GAMES#n-status#gameId, see
 * keys.playerGame) with the version it was written for; whose turn it is comes from each game's
 * head, its latest commit item. A `myGames` page reads the entries it shows and one more (to
 * know a next page), the digest the range of games in play alone: a player's finished games cost
 * nothing until a page reaches them. A player's hidden games are a flag on their items
 * (hidden-games.ts). Entries of the first layout (PLAYER#id / GAME#id, every status in one range)
 * are moved to their range by the reads that find them (moveOldEntries).
 */
import { QueryCommand, type DynamoDBDocumentClient, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { SEGMENTS, type Segment } from '../../core/games-cursor';
import { indexedSeats, type GamesPage, type IndexedGame, type PlayerGameStore } from '../../stores/player-games';
import { failure, type Observer } from '../../observe/observer';
import { gamesPage, pageStart, type PickedEntry } from '../common/games-page';
import { readHead } from './event-store';
import { upcast } from './catalog';
import type { TransactItem } from './group-commit';
import { IndexEntries, putUnder, transactUnder, type PutOutcome } from './index-entries';
import type { PlayerGameItem } from './items';
import { keys } from './keys';
import { prefixed } from './query';
import { TABLE } from './table';
import { segmentFilter } from './upcasters/player-game';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;
/** Entries of the first layout one read moves (a transaction each: 8 write units), so a player's are gone after a few reads. */
const OLD_MOVED_PER_READ = 25;
/** Index items one Query of the first layout reads at most (about 100 bytes each) while looking for a page's games. */
const OLD_ITEMS_PER_QUERY = 200;

export class DynamoPlayerGameStore implements PlayerGameStore {
  protected readonly entries: IndexEntries;

  constructor(
    protected readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    /** Told when correcting a stale index item failed (the next read corrects it again). */
    private readonly observer?: Observer,
  ) {
    this.entries = new IndexEntries(
      db,
      table,
      (input) => this.conditionalPut(input),
      (items) => this.moveEntry(items),
    );
  }

  /** A lone conditional put of an entry that stays in its range (index-entries.ts). */
  protected async conditionalPut(input: PutCommandInput): Promise<PutOutcome> {
    return putUnder(this.db, input);
  }

  /** A move's transaction (index-entries.ts): whether it was written. */
  protected async moveEntry(items: TransactItem[]): Promise<boolean> {
    return transactUnder(this.db, items);
  }

  /**
   * Index the game under each seated person (indexedSeats), in the range of its status (`myGames`
   * pages the games in play first, see playerGames): written when seats or the status change —
   * creation, joins, start, end — never on a move. A write holds only if no later version of the
   * game was indexed, as writes of one game from different instances may land out of order.
   */
  async indexGame(record: IndexedGame): Promise<void> {
    await Promise.all(
      indexedSeats(record).map(({ playerId, seat }) =>
        this.entries.place(
          playerId,
          { gameId: record.gameId, seat, status: record.status, version: record.version },
          'older',
          record.wasStatus !== undefined && record.wasStatus !== record.status,
        ),
      ),
    );
  }

  /** Move one entry to the status its game's head gives (a lost write; an entry of an older shape). */
  private async reindexStatus(playerId: string, gameId: string, seat: number, status: Segment, version: number): Promise<void> {
    try {
      await this.entries.place(playerId, { gameId, seat, status, version });
    } catch (error) {
      this.observer?.log.warn('correcting an index item failed', failure(error, { gameId, playerId }));
    }
  }

  /**
   * One page of the player's games and the cursor of the next (null after the last); `part`: of
   * one status's range alone. Each page is a Query of each range it reaches, reading the entries
   * the page shows and one more, and one head read per game on the page.
   *
   * Order: the games in play first — every game that can be waiting for the player is among
   * them — then the open ones (waiting for players), then the finished; within each range the
   * key order (by gameId), which never changes, so paging neither repeats nor skips a game whose
   * status stays put. Whose turn it is changes with every move and is not indexed (that would be
   * a write per move), so each page is sorted for showing: your turn first, then by part, then
   * most recently changed. A player with more games in play than a page holds finds the rest on
   * the next pages, before any open or finished game: a client that follows `next` until a page
   * holds a game not in play has every game waiting for the player.
   */
  async playerGames(playerId: string, page: { limit: number; cursor?: string; part?: Segment }): Promise<GamesPage> {
    const from = pageStart(playerId, page.cursor);
    const old = await this.moveOldEntries(playerId);
    // The index items of this page in key order, and one more if any follows them.
    const picked: PickedEntry[] = [];
    for (const segment of SEGMENTS.slice(SEGMENTS.indexOf(from?.segment ?? SEGMENTS[0]))) {
      if (picked.length > page.limit) break;
      if (page.part && segment !== page.part) continue;
      const after = from?.segment === segment ? from.gameId : undefined;
      const want = page.limit + 1 - picked.length;
      const inRange = await this.entriesOf(playerId, segment, after, want, old.moved > 0);
      // While entries of the first layout remain, they are read as before, merged in by game.
      const oldInRange = old.more ? await this.entriesOf(playerId, segment, after, want, true, true) : [];
      const items = [...inRange, ...oldInRange.filter((o) => !inRange.some((i) => i.gameId === o.gameId))]
        .sort((a, b) => Buffer.compare(Buffer.from(a.gameId), Buffer.from(b.gameId)))
        .slice(0, want);
      picked.push(...items.map((item) => ({ segment, item })));
    }
    const more = picked.length > page.limit;
    picked.splice(page.limit);

    const heads = await Promise.all(picked.map(({ item }) => readHead(this.db, this.table, item.gameId)));
    const built = gamesPage(playerId, picked, more, heads);
    const seats = new Map(picked.map(({ item }) => [item.gameId, item.seat]));
    await Promise.all(built.stale.map((c) => this.reindexStatus(playerId, c.gameId, seats.get(c.gameId)!, c.status, c.version)));
    return { games: built.games, next: built.next };
  }

  /**
   * Up to `want` entries of one status not hidden, after game `after`: a Query of its range, each
   * limited to the entries still wanted (it reads no more than it returns, but for hidden ones);
   * or (`old`) of the first layout, filtered by status as before.
   */
  private async entriesOf(
    playerId: string,
    segment: Segment,
    after: string | undefined,
    want: number,
    consistent: boolean,
    old = false,
  ): Promise<PlayerGameItem[]> {
    const pk = keys.player(playerId);
    const query = prefixed(this.table, pk, old ? keys.oldPlayerGames : keys.playerGames(segment));
    const items: PlayerGameItem[] = [];
    let start: Record<string, unknown> | undefined;
    if (after !== undefined) start = { [PK]: pk, [SK]: old ? keys.oldPlayerGame(after) : keys.playerGame(segment, after) };
    do {
      const out = await this.db.send(
        new QueryCommand({
          ...query,
          ...(old
            ? {
                FilterExpression: segmentFilter(segment),
                ExpressionAttributeNames: { '#status': 'status', '#hidden': 'hidden' },
                ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ':status': segment },
              }
            : { FilterExpression: 'attribute_not_exists(#hidden)', ExpressionAttributeNames: { '#hidden': 'hidden' } }),
          ConsistentRead: consistent,
          ExclusiveStartKey: start,
          Limit: old ? OLD_ITEMS_PER_QUERY : want - items.length,
        }),
      );
      items.push(...(out.Items ?? []).map((i) => upcast('playerGame', i)));
      start = out.LastEvaluatedKey;
    } while (start && items.length < want);
    return items.slice(0, want);
  }

  /**
   * The transition from the first layout: the player's entries still under it (one Query, of
   * nothing once they are gone), up to OLD_MOVED_PER_READ of them moved to their ranges; `more`:
   * others remain, which this read reads as before. A read that moved any reads the ranges
   * consistently, so it sees what it moved.
   */
  private async moveOldEntries(playerId: string): Promise<{ moved: number; more: boolean }> {
    const out = await this.db.send(
      new QueryCommand({ ...prefixed(this.table, keys.player(playerId), keys.oldPlayerGames), Limit: OLD_MOVED_PER_READ }),
    );
    const old = (out.Items ?? []).map((i) => upcast('playerGame', i));
    await Promise.all(old.map((entry) => this.entries.moveOld(playerId, entry)));
    return { moved: old.length, more: out.LastEvaluatedKey !== undefined };
  }
}
