/**
 * An item's size as DynamoDB counts it ("Item sizes and formats" in the DynamoDB developer guide):
 * attribute names and values in UTF-8; a number about one byte per two significant digits plus
 * one; binary its bytes; null and booleans one byte; a list or map 3 bytes plus one per element
 * plus its elements (and a map's keys); a set its elements. Units are billed on it: a write unit
 * per started KB, a read unit per started 4 KB.
 */
import type { Doc } from './expressions';

export function itemSize(item: Doc): number {
  let size = 0;
  for (const [name, value] of Object.entries(item)) size += Buffer.byteLength(name) + valueSize(value);
  return size;
}

function valueSize(v: unknown): number {
  if (v === undefined) return 0;
  if (v === null || typeof v === 'boolean') return 1;
  if (typeof v === 'string') return Buffer.byteLength(v);
  if (typeof v === 'number') return numberSize(v);
  if (v instanceof Uint8Array) return v.length;
  if (v instanceof Set) return [...v].reduce<number>((n, x) => n + valueSize(x), 0);
  if (Array.isArray(v)) return 3 + v.reduce<number>((n, x) => n + 1 + valueSize(x), 0);
  if (typeof v === 'object') return 3 + Object.entries(v as Doc).reduce((n, [k, x]) => n + 1 + Buffer.byteLength(k) + valueSize(x), 0);
  return 0;
}

function numberSize(n: number): number {
  const digits = String(Math.abs(n)).replace('.', '').replace(/e.*$/, '').replace(/^0+/, '').replace(/0+$/, '') || '0';
  return Math.ceil(digits.length / 2) + 1;
}

export const KB = 1024;

/** Write units for an item of `bytes` (at least one). */
export const writeUnits = (bytes: number): number => Math.max(1, Math.ceil(bytes / KB));

/** Read units for `bytes` read together (at least one), strongly consistent. */
export const readUnits = (bytes: number): number => Math.max(1, Math.ceil(bytes / (4 * KB)));
