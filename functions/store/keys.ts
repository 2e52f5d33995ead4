/**
 * Item keys. A game's partition holds its commits (V#), snapshots (S#) and live subscriptions
 * (SUB#); a player's partition holds the profile and one index item per game; a connection has
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
  /** Highest possible commit key, for range queries. */
  lastCommit: `V#${'9'.repeat(10)}`,
} as const;
