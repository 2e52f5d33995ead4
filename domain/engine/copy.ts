/**
 * Deep copy and deep equality for plain JSON data (objects, arrays, primitives). Game states
 * and commands are plain JSON by contract, so these need no cases for classes, maps or cycles,
 * and can be much faster than `structuredClone` or comparing JSON strings.
 */
export function deepCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      out[i] = v === null || typeof v !== 'object' ? v : deepCopy(v);
    }
    return out as T;
  }
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const v = source[key];
    out[key] = v === null || typeof v !== 'object' ? v : deepCopy(v);
  }
  return out as T;
}

/** Structural equality; object key order does not matter, array order does. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k) || !deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}
