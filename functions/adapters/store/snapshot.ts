/**
 * A hosted game's snapshot as stored: the engine's Snapshot envelope (format, game, rules
 * version, version) around the game's record, as gzipped JSON — a record's JSON shrinks about
 * sevenfold, and every write and every cold load pays by the KB. Every store reads snapshots
 * through `readSnapshot`, the one place that knows the shapes tables hold:
 * - format 0: the bare record as JSON text in `record` (the first snapshots);
 * - format 1: the bare record gzipped in `recordGz`;
 * - format 2: the envelope gzipped in `snapshotGz` (written now).
 * Records in formats 0 and 1 may be of an older shape too; they are upcast here (upcastRecord).
 * A snapshot is only a shortcut: one that cannot be trusted is ignored, and the game is folded
 * from its commits.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { SNAPSHOT_FORMAT, sameRules, type Snapshot } from '../../../domain/engine/projector';
import { findGame } from '../../../domain/games/index';
import type { GameRecord } from '../../core/record';
import { failure, logger } from '../../observe/log';
import type { SnapshotItem } from './items';

/** Snapshots above this size are skipped (items must stay far below DynamoDB's 400 KB). */
export const MAX_SNAPSHOT_BYTES = 300 * 1024;

/** A snapshot item without its keys: what a store keeps of a snapshot, in whichever format it was written. */
export type StoredSnapshot = Pick<SnapshotItem, 'version' | 'snapshotGz' | 'recordGz' | 'record'>;

/** A hosted game's snapshot: the engine's envelope with the game's record as its state. */
export type RecordSnapshot = Snapshot<GameRecord>;

/** The stored form of a record's snapshot, or null when it is too big to store (the game is then folded from more commits). */
export function storedSnapshot(record: GameRecord): StoredSnapshot | null {
  const snapshot: RecordSnapshot = {
    format: SNAPSHOT_FORMAT,
    game: record.game,
    rulesVersion: record.rulesVersion,
    version: record.version,
    state: record,
  };
  const body = gzipSync(JSON.stringify(snapshot));
  return body.byteLength > MAX_SNAPSHOT_BYTES ? null : { version: record.version, snapshotGz: body };
}

/**
 * The record a stored snapshot holds, upcast to the current shape; null when it must not be
 * used: a format this build does not know, an envelope that does not match its record, or
 * rules other than the record's — the rules version the game's first commit named, which is
 * the one the game is always played with — or rules this build does not have.
 */
export function readSnapshot(gameId: string, stored: StoredSnapshot): GameRecord | null {
  let snapshot: RecordSnapshot | null;
  try {
    snapshot = upcast(decode(stored));
  } catch (error) {
    logger.warn('a snapshot could not be read; the game is folded from its commits', failure(error, { gameId, version: stored.version }));
    return null;
  }
  const reason = refusal(stored, snapshot);
  if (reason === null) return snapshot!.state;
  logger.warn('a snapshot was not used; the game is folded from its commits', { gameId, version: stored.version, reason });
  return null;
}

function decode(stored: StoredSnapshot): unknown {
  if (stored.snapshotGz) return JSON.parse(gunzipSync(stored.snapshotGz).toString('utf8'));
  const bare = (format: number, record: GameRecord) => ({
    format,
    game: record.game,
    rulesVersion: record.rulesVersion,
    version: record.version,
    state: record,
  });
  if (stored.recordGz) return bare(1, JSON.parse(gunzipSync(stored.recordGz).toString('utf8')) as GameRecord);
  if (typeof stored.record === 'string') return bare(0, JSON.parse(stored.record) as GameRecord);
  return null;
}

/** Every older format brought to the current one, in one place. */
function upcast(decoded: unknown): RecordSnapshot | null {
  const snapshot = decoded as RecordSnapshot | null;
  if (!snapshot || typeof snapshot.format !== 'number' || !snapshot.state) return null;
  if (snapshot.format < 2) return { ...snapshot, format: SNAPSHOT_FORMAT, state: upcastRecord(snapshot.state) };
  return snapshot;
}

/**
 * A record of an older shape, as the first snapshots hold them: before bots, clocks, votes and
 * undo were kept (the record had none of them: a game without), and before undo counted the
 * lines its move added (it held the log's length before the move; the move is the record's
 * last version, so the lines it added are the rest of the log).
 */
function upcastRecord(old: GameRecord): GameRecord {
  const record: GameRecord = {
    ...old,
    bots: old.bots ?? Array(old.players).fill(null),
    absent: old.absent ?? Array(old.players).fill(false),
    ended: old.ended ?? null,
    votes: old.votes ?? [],
    clock: old.clock ?? null,
    undo: old.undo ?? null,
  };
  const undo = record.undo as (GameRecord['undo'] & { logLength?: number }) | null;
  if (undo && undo.logAdded === undefined && typeof undo.logLength === 'number') {
    const { logLength, ...rest } = undo;
    record.undo = { ...rest, logAdded: record.log.length - logLength };
  }
  return record;
}

function refusal(stored: StoredSnapshot, snapshot: RecordSnapshot | null): string | null {
  if (!snapshot) return 'not a snapshot';
  if (snapshot.format > SNAPSHOT_FORMAT) return `format ${snapshot.format} is newer than this build's ${SNAPSHOT_FORMAT}`;
  const record = snapshot.state;
  if (snapshot.version !== stored.version || record.version !== stored.version) return 'its version is not its key';
  if (!sameRules(snapshot, { id: record.game, rulesVersion: record.rulesVersion })) {
    return `taken with ${snapshot.game}@${snapshot.rulesVersion}, but the game plays ${record.game}@${record.rulesVersion}`;
  }
  if (!findGame(record.game, record.rulesVersion)) return `this build has no rules ${record.game}@${record.rulesVersion}`;
  return null;
}
