/**
 * Email digests in the table: per player a pointer item (PLAYER#id / DIGEST: when the last digest
 * went, which due item is theirs) and the due items, in CLOCK_SHARDS partitions sorted by due
 * time like the clock items, so the sweep reads only what is due. A due item is written before
 * the pointer names it, and removed after the pointer stops naming it: a crash in between leaves
 * at most a stray due item, which the sweep finds stale and removes. Sending is claimed with a
 * delivery marker, so two sweeps at once, or a retry, mail one digest once (a claim is taken
 * over only when its sweep must have died).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DIGEST_CLAIMS, type DigestState, type DigestStore, type DueDigest } from '../../stores/digests';
import type { Claim } from '../../stores/notifications';
import { claimMarker, markDelivery } from './deliveries';
import { upcast, upcastAll } from './catalog';
import type { DigestDueItem } from './items';
import { shardsIn, WHOLE_SWEEP } from '../../core/sweep-part';
import { CLOCK_SHARDS, clockShardOf, keys } from './keys';
import { profileName } from './profile-name';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;

export class DynamoDigestStore implements DigestStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async state(playerId: string): Promise<DigestState> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [PK]: keys.player(playerId), [SK]: keys.digest }, ConsistentRead: true }),
    );
    const item = out.Item && upcast('digest', out.Item);
    return {
      lastSentAt: item?.lastSentAt ? new Date(item.lastSentAt) : null,
      pending: item?.dueKey && item.dueShard ? { shard: item.dueShard, key: item.dueKey } : null,
    };
  }

  /** The player's name, for the greeting. */
  async playerName(playerId: string): Promise<string | null> {
    return profileName(this.db, this.table, playerId);
  }

  /**
   * Make a digest due at `due` unless one is pending already (`replacing`: unless the pending one
   * is no longer that one). Returns whether this call scheduled it.
   */
  async schedule(playerId: string, due: Date, replacing?: { shard: string; key: string }): Promise<boolean> {
    const shard = keys.digestShard(clockShardOf(playerId));
    const key = keys.digestDue(due.toISOString(), playerId);
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { [PK]: shard, [SK]: key, kind: 'digestDue', playerId, due: due.toISOString() } satisfies DigestDueItem,
      }),
    );
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [PK]: keys.player(playerId), [SK]: keys.digest },
          UpdateExpression: 'SET #kind = :kind, dueShard = :shard, dueKey = :key',
          ConditionExpression: replacing ? 'dueKey = :old' : 'attribute_not_exists(dueKey)',
          ExpressionAttributeNames: { '#kind': 'kind' },
          ExpressionAttributeValues: { ':kind': 'digest', ':shard': shard, ':key': key, ...(replacing ? { ':old': replacing.key } : {}) },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      // Another digest is pending (or the one replaced is gone): this due item is nobody's.
      await this.removeIfStale({ shard, key, playerId });
      return false;
    }
    if (replacing && replacing.key !== key)
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [PK]: replacing.shard, [SK]: replacing.key } }));
    return true;
  }

  /** The digests due at `now`: one range query per shard, side by side, at most `limit` each. */
  async due(now: Date, limit = 500, part = WHOLE_SWEEP): Promise<DueDigest[]> {
    const perShard = await Promise.all(
      shardsIn(part, CLOCK_SHARDS).map(async (i) => {
        const out = await this.db.send(
          new QueryCommand({
            TableName: this.table,
            KeyConditionExpression: `${PK} = :pk AND ${SK} <= :upTo`,
            ExpressionAttributeValues: { ':pk': keys.digestShard(i), ':upTo': keys.clockDueUntil(now.toISOString()) },
            Limit: limit,
          }),
        );
        return upcastAll('digestDue', out.Items ?? []).map((d) => ({
          shard: d[PK],
          key: d[SK],
          playerId: d.playerId,
          due: new Date(d.due),
        }));
      }),
    );
    return perShard.flat().sort((a, b) => a.due.getTime() - b.due.getTime());
  }

  /** The pending digest is done: sent at `sentAt`, or dropped (null: nothing sent, the last time stays). */
  async finish(d: DueDigest, sentAt: Date | null): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [PK]: keys.player(d.playerId), [SK]: keys.digest },
          UpdateExpression: sentAt ? 'SET lastSentAt = :at REMOVE dueShard, dueKey' : 'REMOVE dueShard, dueKey',
          ConditionExpression: 'dueKey = :key',
          ExpressionAttributeValues: { ':key': d.key, ...(sentAt ? { ':at': sentAt.toISOString() } : {}) },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [PK]: d.shard, [SK]: d.key } }));
  }

  /** Remove a due item unless it is still its player's pending digest. */
  async removeIfStale(d: { shard: string; key: string; playerId: string }): Promise<void> {
    const { pending } = await this.state(d.playerId);
    if (pending?.key === d.key && pending.shard === d.shard) return;
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [PK]: d.shard, [SK]: d.key } }));
  }

  /**
   * Claim the sending of one digest (see Claim): 'busy' while another sweep's claim is less than
   * CLAIM_LEASE_MS old and it may be sending right now; only a claim older than that (its sweep
   * died, or its mail failed) is taken over, by one sweep.
   */
  async claim(d: DueDigest, now: Date): Promise<Claim> {
    return claimMarker(this.db, this.table, digestKey(d), now, DIGEST_CLAIMS);
  }

  async markSent(d: DueDigest): Promise<void> {
    await markDelivery(this.db, this.table, digestKey(d), 'sent');
  }
}

/** The delivery marker of one digest. */
const digestKey = (d: DueDigest) => ({ [PK]: keys.delivery(`digest#${d.playerId}#${d.key}`), [SK]: keys.deliveryTarget('email') });
