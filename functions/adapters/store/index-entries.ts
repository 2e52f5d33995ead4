/**
 * Writing one entry of a player's index of games where its status puts it (keys.playerGame):
 * the index writes, the corrections from a game's head and the hidden flag all go through here.
 * An entry is in one status range at a time, so a status change moves it. A game's status only
 * goes forward (open → active → finished), so an older version of the entry can only be in an
 * earlier status's range and a newer one only in its own or a later one: one transaction puts
 * it in its new range, deletes it from the earlier ones and checks the later ones, each under
 * the same version condition — a newer version anywhere cancels the whole move (writes of one
 * game land out of order, from the request and the stream). An entry that stays in its range
 * is one conditional put, and so is a write that finds a newer version already in it; a move
 * stores the put and one delete per earlier status (open → active: 2 items; → finished: 3).
 * Entries of the first layout (PLAYER#id / GAME#id) are left to the reads that find them
 * (moveOld), which put them in their range unless a newer version is indexed.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, TransactWriteCommand, type DynamoDBDocumentClient, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import type { GameStatus } from '../../core/record';
import type { PlayerGameItem } from './items';
import type { TransactItem } from './group-commit';
import { keys } from './keys';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;
/** The statuses in the order a game goes through them. */
const LIFECYCLE: readonly GameStatus[] = ['open', 'active', 'finished'];
/** Moves tried again when another transaction held one of their items at the same moment. */
const CONFLICT_ATTEMPTS = 4;

/** An index entry as written: the item without its key. */
export type IndexEntry = Omit<PlayerGameItem, 'pk' | 'sk' | 'kind'>;

/** A conditional put's outcome; `found`: the item its condition failed on existed (unknown: undefined). */
export interface PutOutcome {
  stored: boolean;
  found?: boolean;
}

/**
 * Which entries a write replaces: `older` (the index's writes: a version is written once, an equal
 * one keeps what is there, e.g. a hidden flag), or `notNewer` (hiding: as of the version indexed).
 */
export type Replaces = 'older' | 'notNewer';

const key = (playerId: string, sk: string) => ({ [PK]: keys.player(playerId), [SK]: sk });

const item = (playerId: string, e: IndexEntry): PlayerGameItem => ({
  [PK]: keys.player(playerId),
  [SK]: keys.playerGame(e.status, e.gameId),
  kind: 'playerGame',
  gameId: e.gameId,
  seat: e.seat,
  status: e.status,
  version: e.version,
  ...(e.hidden ? { hidden: true } : {}),
});

export class IndexEntries {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    /** How a lone conditional put is sent (the local runtime groups them with the commits). */
    private readonly put: (input: PutCommandInput) => Promise<PutOutcome> = (input) => putUnder(db, input),
    /** How a move's transaction is sent: whether it was written (false: a condition failed; other cancellations throw). */
    private readonly send: (items: TransactItem[]) => Promise<boolean> = (items) => transactUnder(db, items),
  ) {}

  /**
   * Write one player's entry where its status puts it, unless a newer version (see `replaces`) is
   * indexed: whether it was written. `moved`: the game's status changed with this version, so the
   * entry is not in this range yet and the move is sent at once.
   */
  async place(playerId: string, entry: IndexEntry, replaces: Replaces = 'older', moved = false): Promise<boolean> {
    const condition = `attribute_not_exists(#version) OR #version ${replaces === 'older' ? '<' : '<='} :version`;
    if (moved) return this.move(playerId, entry, condition);
    // Most other writes find the entry in its range already (a join, the stream's write after the request's).
    const there = await this.put({
      ...this.under(`attribute_exists(${PK}) AND (${condition})`, entry.version),
      Item: item(playerId, entry),
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    if (there.stored) return true;
    return !there.found && this.move(playerId, entry, condition);
  }

  /**
   * Move an entry of the first layout (PLAYER#id / GAME#id, read and upcast) to its status's range,
   * as it is; one a newer write already put in the ranges is deleted instead.
   */
  async moveOld(playerId: string, old: PlayerGameItem): Promise<void> {
    // The old entry as read, or older: an entry without a version (upcast to 0) has none.
    const unchanged = `attribute_exists(${PK}) AND (attribute_not_exists(#version) OR #version <= :version)`;
    if (await this.move(playerId, old, 'attribute_not_exists(#version) OR #version < :version', unchanged)) return;
    try {
      await this.db.send(new DeleteCommand({ ...this.under(unchanged, old.version), Key: key(playerId, keys.oldPlayerGame(old.gameId)) }));
    } catch (error) {
      // Written again since it was read (by a build of the first layout): the next read moves it.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /**
   * One transaction under `condition`: the entry put in its status's range, deleted from the
   * earlier statuses' ranges, the later ones' checked; with `oldCondition`, deleted from the
   * first layout's key under it too.
   */
  private move(playerId: string, entry: IndexEntry, condition: string, oldCondition?: string): Promise<boolean> {
    const guarded = this.under(condition, entry.version);
    const at = LIFECYCLE.indexOf(entry.status);
    const range = (status: GameStatus) => key(playerId, keys.playerGame(status, entry.gameId));
    return this.transact([
      { Put: { ...guarded, Item: item(playerId, entry) } },
      ...LIFECYCLE.slice(0, at).map((s) => ({ Delete: { ...guarded, Key: range(s) } })),
      ...LIFECYCLE.slice(at + 1).map((s) => ({ ConditionCheck: { ...guarded, Key: range(s) } })),
      ...(oldCondition
        ? [{ Delete: { ...this.under(oldCondition, entry.version), Key: key(playerId, keys.oldPlayerGame(entry.gameId)) } }]
        : []),
    ]);
  }

  /** A write's table and its condition on the entry's version. */
  private under(condition: string, version: number) {
    return {
      TableName: this.table,
      ConditionExpression: condition,
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':version': version },
    };
  }

  /** A transaction under its conditions: whether it was written (a failed condition is not an error; a conflict is tried again). */
  private async transact(items: TransactItem[]): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.send(items);
      } catch (error) {
        // Another write of this entry was on its way (TransactionConflict): its outcome decides this one's condition.
        const conflict =
          error instanceof TransactionCanceledException && error.CancellationReasons?.some((r) => r.Code === 'TransactionConflict');
        if (attempt === CONFLICT_ATTEMPTS || !conflict) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  }
}

/** A transaction sent on its own: whether it was written (false: a condition failed). */
export async function transactUnder(db: DynamoDBDocumentClient, items: TransactItem[]): Promise<boolean> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException && error.CancellationReasons?.some((r) => r.Code === 'ConditionalCheckFailed'))
      return false;
    throw error;
  }
}

/** A put under its condition, sent on its own. */
export async function putUnder(db: DynamoDBDocumentClient, input: PutCommandInput): Promise<PutOutcome> {
  try {
    await db.send(new PutCommand(input));
    return { stored: true };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return { stored: false, found: error.Item !== undefined };
    throw error;
  }
}
