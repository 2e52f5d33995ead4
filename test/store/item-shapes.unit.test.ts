/**
 * Every shape of every stored item ever written reads as its kind's current shape (the
 * catalogue, functions/adapters/store/catalog.ts), and so does every shape of the game record a
 * snapshot holds: fixtures of each shape, reconstructed from the history of the writers
 * (test/fixtures/items/, one file per kind), are upcast to the current item they stand for, and
 * the current shapes pass unchanged. test/store/dynamodb.test.ts reads older shapes put straight
 * into a table through the stores.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  CATALOG,
  RECORD,
  RETIRED,
  upcast,
  upcastItem,
  upcastRecord,
  versionOf,
  type Shape,
  type Stored,
} from '../../functions/adapters/store/catalog';
import type { ItemKind } from '../../functions/adapters/store/items';
import { readSnapshot } from '../../functions/adapters/store/snapshot';
import { eachInserted } from '../../functions/api/stream-batch';
import { testObserver } from '../support/observer';

interface Fixture {
  version: number;
  /** When (and by which commit) this shape was written. */
  written: string;
  stored: Stored;
  /** The current item it reads as; absent: the stored item itself (a current shape). */
  current?: Stored;
}

const dir = new URL('../fixtures/items/', import.meta.url);
const fixtures = new Map(
  readdirSync(dir).map((name) => {
    const file = JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as { kind: string; shapes: Fixture[] };
    return [file.kind, file.shapes] as const;
  }),
);

/** A fixture's value as a table holds it: `{"$json": x}` is x as JSON text, `{"$gzip": x}` x as gzipped JSON, `{"$set": [...]}` a string set. */
function stored(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stored);
  if (!value || typeof value !== 'object') return value;
  const v = value as Record<string, unknown>;
  if ('$json' in v) return JSON.stringify(v.$json);
  if ('$gzip' in v) return gzipSync(JSON.stringify(v.$gzip));
  if ('$set' in v) return new Set(v.$set as string[]);
  return Object.fromEntries(Object.entries(v).map(([key, x]) => [key, stored(x)]));
}

/** A value read back as fixtures write it: bytes as the gzipped JSON they hold, sets as their members. */
function plain(value: unknown): unknown {
  if (value instanceof Uint8Array) return { $gzip: JSON.parse(gunzipSync(value).toString('utf8')) };
  if (value instanceof Set) return { $set: [...value].sort() };
  if (Array.isArray(value)) return value.map(plain);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, x]) => [key, plain(x)]));
}

const shapes: [string, Shape][] = [...Object.entries(CATALOG), ['record', RECORD]];
const read = (kind: string, item: Stored): Stored =>
  kind === 'record' ? (upcastRecord(item) as unknown as Stored) : (upcast(kind as ItemKind, item) as unknown as Stored);

describe('the catalogue of stored shapes', () => {
  it('gives each kind, and the record, one upcaster per version after the first, in order', () => {
    for (const [kind, shape] of shapes) {
      expect(
        shape.upcasters.map((u) => u.to),
        kind,
      ).toEqual(Array.from({ length: shape.version - 1 }, (_, i) => i + 2));
      expect(shape.description, kind).not.toBe('');
    }
  });

  it('has a fixture of every version of every kind, and of the record', () => {
    for (const [kind, shape] of shapes) {
      const versions = new Set((fixtures.get(kind) ?? []).map((f) => f.version));
      expect([...versions].sort(), kind).toEqual(Array.from({ length: shape.version }, (_, i) => i + 1));
    }
    expect([...fixtures.keys()].sort()).toEqual([...shapes.map(([kind]) => kind), 'retired'].sort());
  });

  it('reads the kinds nothing reads any more as they are', () => {
    const retired = fixtures.get('retired')!;
    expect(retired.map((f) => f.stored.kind)).toEqual(RETIRED.map((r) => r.kind));
    for (const { stored: item } of retired) {
      expect(Object.hasOwn(CATALOG, item.kind as string)).toBe(false);
      expect(upcastItem(item)).toBe(item);
    }
  });
});

for (const [kind, shape] of shapes) {
  describe(`${kind} (version ${shape.version})`, () => {
    for (const fixture of fixtures.get(kind) ?? []) {
      it(`reads version ${fixture.version} — ${fixture.written}`, () => {
        const item = stored(fixture.stored) as Stored;
        const untouched = plain(item);
        expect(versionOf(shape, item)).toBe(fixture.version);
        const current = read(kind, item);
        expect(plain(current)).toStrictEqual(fixture.current ?? fixture.stored);
        expect(plain(item)).toStrictEqual(untouched);
        expect(versionOf(shape, current)).toBe(shape.version);
        // The current shape passes unchanged: the very object, as every later read of it.
        expect(read(kind, current)).toBe(current);
        if (fixture.version === shape.version) expect(current).toBe(item);
        if (kind !== 'record') expect(upcastItem(item)).toStrictEqual(current);
      });
    }
  });
}

describe('a snapshot of every format', () => {
  for (const fixture of fixtures.get('snapshot')!) {
    it(`reads as the current record inside — ${fixture.written}`, () => {
      const item = stored(fixture.stored) as Stored & { version: number };
      const envelope = plain((fixture.current ? stored(fixture.current) : item) as Stored) as { snapshotGz: { $gzip: { state: Stored } } };
      const record = readSnapshot('g1', item);
      expect(record).toStrictEqual(upcastRecord(envelope.snapshotGz.$gzip.state));
      expect(versionOf(RECORD, record as unknown as Stored)).toBe(RECORD.version);
    });
  }
});

describe("the stream's images", () => {
  it('reach their reactions in the current shape of their kind', async () => {
    const shapes = fixtures.get('commit')!;
    const event = {
      Records: shapes.map((f, i) => ({
        eventName: 'INSERT',
        dynamodb: { SequenceNumber: String(i), NewImage: marshall(stored(f.stored), { removeUndefinedValues: true }) },
      })),
    } as unknown as DynamoDBStreamEvent;
    const seen: unknown[] = [];
    expect(
      await eachInserted(
        event,
        () => true,
        async (item) => void seen.push(item),
        testObserver(),
      ),
    ).toEqual({ batchItemFailures: [] });
    expect(seen).toStrictEqual(shapes.map((f) => f.current ?? f.stored));
  });
});
