/**
 * Deep copy of plain JSON data (objects, arrays, primitives). Game states are plain JSON by
 * contract, so `evolve` can copy the state once and then update the copy in place; this is
 * several times faster than `structuredClone` on small objects.
 */
export function deepCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = deepCopy(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = deepCopy((value as Record<string, unknown>)[key]);
  return out as T;
}
