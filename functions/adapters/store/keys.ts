/**
 * Item keys. A game's partition holds its commits (V#), snapshots (S#) and live subscriptions
 * (SUB#); a player's partition holds the profile (with the player's live connections and
 * their game quotas) and one index item per game; a connection has
 * one item. Versions are zero-padded so that keys sort by version.
 */
const pad = (n: number) => String(n).padStart(10, '0');

export const keys = {
  game: (gameId: string) => `GAME#${gameId}`,
  commit: (version: number) => `V#${pad(version)}`,
  snapshot: (version: number) => `S#${pad(version)}`,
  subscription: (connectionId: string) => `SUB#${connectionId}`,
  player: (playerId: string) => `PLAYER#${playerId}`,
  profile: 'PROFILE',
  playerGame: (gameId: string) => `GAME#${gameId}`,
  connection: (connectionId: string) => `CONN#${connectionId}`,
  connectionMeta: 'META',
  settings: 'SETTINGS',
  /** Games with a running clock, keyed by game, with the time the sweep must look at them. */
  clocks: 'CLOCKS',
  /** Notifications held back by quiet hours, keyed by when they may go. */
  outbox: 'OUTBOX',
  outboxItem: (notBefore: string, id: string) => `${notBefore}#${id}`,
  /** One item per delivery of one notification to one channel target (deduplication). */
  delivery: (id: string) => `DELIVERY#${id}`,
  deliveryTarget: (channel: string) => channel,
  /** Highest possible commit key, for range queries. */
  lastCommit: `V#${'9'.repeat(10)}`,
} as const;
