/**
 * Lambda's event filtering ("Lambda event filtering"): a record reaches the function only if one
 * of the mapping's filter patterns matches it; the others are dropped, never delivered. Patterns
 * match the record as the function would get it (a DynamoDB stream record, images marshalled).
 * Supported: nested objects, lists of exact values, and the prefix, anything-but and exists
 * operators; others throw rather than match wrongly.
 */
type Json = Record<string, unknown>;

/** Whether the record passes: no pattern, or any pattern matching. */
export function passesFilters(patterns: readonly Json[], record: unknown): boolean {
  return patterns.length === 0 || patterns.some((pattern) => matches(pattern, record));
}

export function matches(pattern: Json, value: unknown): boolean {
  return Object.entries(pattern).every(([key, want]) => {
    const present = typeof value === 'object' && value !== null && key in value;
    const got = present ? (value as Json)[key] : undefined;
    if (Array.isArray(want)) return want.some((rule) => matchesRule(rule, present, got));
    if (typeof want === 'object' && want !== null) return present && matches(want as Json, got);
    throw new Error(`filter pattern: ${key} must hold a list of values or an object, got ${JSON.stringify(want)}`);
  });
}

function matchesRule(rule: unknown, present: boolean, got: unknown): boolean {
  if (rule === null || typeof rule !== 'object') return present && got === rule;
  const [operator, operand, ...more] = Object.entries(rule as Json).flat();
  if (more.length) throw new Error(`filter pattern: one operator per rule, got ${JSON.stringify(rule)}`);
  switch (operator) {
    case 'exists':
      return present === operand;
    case 'prefix':
      return present && typeof got === 'string' && got.startsWith(String(operand));
    case 'anything-but':
      return present && !(Array.isArray(operand) ? operand : [operand]).includes(got);
    default:
      throw new Error(`filter pattern: operator ${String(operator)} is not simulated`);
  }
}
