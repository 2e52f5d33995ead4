/**
 * A hosted game's snapshot as stored: the engine's Snapshot envelope (format, game, rules
 * version, version) around the game's record, as gzipped JSON — a record's JSON shrinks about
 * sevenfold, and every write and every cold load pays by the KB. Every store reads snapshots
 * through `readSnapshot`, which brings an item of an older format (upcasters/snapshot.ts) and the
 * record inside it (upcasters/record.ts) to their current shapes through the catalogue
 * (catalog.ts). A snapshot is only a shortcut: one that cannot be trusted is ignored, and the
 * game is folded from its commits.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { SNAPSHOT_FORMAT, sameRules, type Snapshot } from '../../../domain/engine/projector';
import { findGame } from '../../../domain/games/index';
import type { GameRecord } from '../../core/record';
import { failure } from '../../observe/observer';
import { upcast, upcastRecord, type Stored } from './catalog';
import type { SnapshotItem } from './items';
import type { StoredSnapshot } from './upcasters/snapshot';

export type { StoredSnapshot };

/** Snapshots above this size are skipped (items must stay far below DynamoDB's 400 KB). */
export const MAX_SNAPSHOT_BYTES = 300 * 1024;

/** A hosted game's snapshot: the engine's envelope with the game's record as its state. */
export type RecordSnapshot = Snapshot<GameRecord>;

/** The stored form of a record's snapshot, or null when it is too big to store (the game is then folded from more commits). */
export function storedSnapshot(record: GameRecord): Pick<SnapshotItem, 'version' | 'snapshotGz'> | null {
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
/** Told why a snapshot was left unused (the game is then folded from its commits). */
export type SnapshotWarning = (message: string, fields: Record<string, unknown>) => void;

export function readSnapshot(gameId: string, stored: StoredSnapshot, warn: SnapshotWarning = () => undefined): GameRecord | null {
  try {
    const snapshot = decode(upcast('snapshot', stored as unknown as Stored).snapshotGz);
    const reason = refusal(stored, snapshot);
    if (reason === null) return upcastRecord(snapshot!.state);
    warn('a snapshot was not used; the game is folded from its commits', { gameId, version: stored.version, reason });
  } catch (error) {
    warn('a snapshot could not be read; the game is folded from its commits', failure(error, { gameId, version: stored.version }));
  }
  return null;
}

/** The envelope a snapshot item holds, or null when it holds none. */
function decode(snapshotGz: Uint8Array | undefined): Snapshot<Stored> | null {
  if (!snapshotGz) return null;
  const snapshot = JSON.parse(gunzipSync(snapshotGz).toString('utf8')) as Snapshot<Stored> | null;
  return snapshot && typeof snapshot.format === 'number' && typeof snapshot.state === 'object' && snapshot.state ? snapshot : null;
}

function refusal(stored: StoredSnapshot, snapshot: Snapshot<Stored> | null): string | null {
  if (!snapshot) return 'not a snapshot';
  if (snapshot.format > SNAPSHOT_FORMAT) return `format ${snapshot.format} is newer than this build's ${SNAPSHOT_FORMAT}`;
  const record = snapshot.state as { version?: unknown; game?: unknown; rulesVersion?: unknown };
  if (snapshot.version !== stored.version || record.version !== stored.version) return 'its version is not its key';
  const rules = { id: String(record.game), rulesVersion: String(record.rulesVersion) };
  if (!sameRules(snapshot, rules)) {
    return `taken with ${snapshot.game}@${snapshot.rulesVersion}, but the game plays ${rules.id}@${rules.rulesVersion}`;
  }
  if (!findGame(rules.id, rules.rulesVersion)) return `this build has no rules ${rules.id}@${rules.rulesVersion}`;
  return null;
}
