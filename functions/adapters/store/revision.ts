/**
 * Revised items (settings, ratings): `rev` counts an item's writes from 1, and each write is
 * conditioned on the revision it read. Revision 0 is an item without `rev` — none yet, or one of
 * a shape from before revisions, which the catalogue reads as 0 — so its condition is that the
 * attribute is still absent.
 */

/** The condition that an item is still at the revision `rev` that was read. */
export function atRevision(rev: number): {
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
} {
  const names = { '#rev': 'rev' };
  return rev === 0
    ? { ConditionExpression: 'attribute_not_exists(#rev)', ExpressionAttributeNames: names }
    : { ConditionExpression: '#rev = :rev', ExpressionAttributeNames: names, ExpressionAttributeValues: { ':rev': rev } };
}
