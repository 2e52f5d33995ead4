/**
 * The one DynamoDB table: its key schema is shared by the CDK stack and the local runtime, so
 * both create the same table. Items are told apart by key prefixes (see keys.ts).
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes expired items (connections, subscriptions). */
  ttlAttribute: 'ttl',
} as const;
