/**
 * The older formats of a snapshot item (GAME#id / S#version). Each is brought to the current one,
 * the engine's envelope (format 2: game, rules version, version, record) gzipped in `snapshotGz`;
 * the record inside has versions of its own (record.ts). Stores never see these attributes: a
 * snapshot is read through readSnapshot (../snapshot.ts), which upcasts it first.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Upcaster } from '../catalog';

/** A snapshot item without its keys, in whichever format it was written (what tests plant). */
export interface StoredSnapshot {
  version: number;
  /** Version 3: the envelope as gzipped JSON. */
  snapshotGz?: Uint8Array;
  /** Version 2: the bare record as gzipped JSON. */
  recordGz?: Uint8Array;
  /** Version 1: the bare record as JSON text. */
  record?: string;
}

/** The envelope format these bare records are wrapped in: the engine's, as it was when envelopes came (its SNAPSHOT_FORMAT then). */
const ENVELOPE_FORMAT = 2;

export const snapshotUpcasters: readonly Upcaster[] = [
  {
    to: 2,
    since: '2026-11-25 (c3f9584)',
    change: 'The bare record as JSON text in `record` became gzipped JSON in `recordGz`.',
    older: (item) => typeof item.record === 'string' && item.recordGz === undefined && item.snapshotGz === undefined,
    up: ({ record, ...item }) => ({ ...item, recordGz: gzipSync(record as string) }),
  },
  {
    to: 3,
    since: '2026-11-26 (a3ddd7b)',
    change: "The bare record became the engine's envelope around it (format, game, rules version, version), gzipped in `snapshotGz`.",
    older: (item) => item.recordGz !== undefined && item.snapshotGz === undefined,
    up: ({ recordGz, ...item }) => {
      const record = JSON.parse(gunzipSync(recordGz as Uint8Array).toString('utf8')) as Record<string, unknown>;
      const envelope = {
        format: ENVELOPE_FORMAT,
        game: record.game,
        rulesVersion: record.rulesVersion,
        version: record.version,
        state: record,
      };
      return { ...item, snapshotGz: gzipSync(JSON.stringify(envelope)) };
    },
  },
];
