/** Small helpers for log sentences. */

/** "1 ship", "3 ships", "2 Cruzados" (with `many`). */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A sentence's first letter in capitals: "the ship …" → "The ship …". */
export const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
