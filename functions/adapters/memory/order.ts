/** The order DynamoDB keeps items of a partition in, which the memory stores follow so pages come out the same. */

/** Compares keys as DynamoDB sorts them: by their UTF-8 bytes. */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** The entries of a map, by key, ascending (DynamoDB's ScanIndexForward) or descending. */
export function byKey<T>(map: ReadonlyMap<string, T> | undefined, descending = false): [string, T][] {
  const entries = [...(map ?? new Map<string, T>()).entries()].sort(([a], [b]) => compareKeys(a, b));
  return descending ? entries.reverse() : entries;
}

/** The map under `key` in `maps`, made empty if there was none. */
export function mapIn<K, V>(maps: Map<K, Map<string, V>>, key: K): Map<string, V> {
  let map = maps.get(key);
  if (!map) maps.set(key, (map = new Map()));
  return map;
}
