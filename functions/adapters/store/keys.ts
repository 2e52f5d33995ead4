/**
 * Item keys (the items themselves are typed in items.ts). A game's partition holds its commits
 * (V#), snapshots (S#), once finished and compacted its archive (A#), live subscriptions (SUB#)
 * and the pointer to its clock item (CLOCK); a
 * player's partition holds the profile (with the player's live connections and their game
 * quotas) and one index item per game, keyed by status; a connection has one item; clock items live in
 * CLOCK_SHARDS partitions sorted by due time. Versions are zero-padded so that keys sort by
 * version.
 */
import { SEGMENTS, type Segment } from '../../core/games-cursor';

const pad = (n: number) => String(n).padStart(10, '0');

/** The start of one part of a player's index: its place in `myGames`' order, then its name (`GAMES#0-active#`). */
const indexPart = (segment: Segment) => `GAMES#${SEGMENTS.indexOf(segment)}-${segment}#`;

/** Clock items are spread over this many partitions, so no partition's throughput limits the sweep. */
export const CLOCK_SHARDS = 16;

/** The clock shard of a game: a stable hash of its id (FNV-1a). */
export function clockShardOf(gameId: string): number {
  return hashOf(gameId) % CLOCK_SHARDS;
}

/**
 * The lobby's listings are spread over this many partitions (by game id), read side by side and
 * merged: at 100,000 games the one LOBBY partition took 24% of a partition's writes in the
 * sign-up hour's busiest second, a quarter each now; a page reads one query per shard.
 */
export const LOBBY_SHARDS = 4;

export const lobbyShardOf = (gameId: string): number => hashOf(gameId) % LOBBY_SHARDS;

/** Each game's leaderboard is spread over this many partitions (by player id), read side by side and merged. */
export const LEADER_SHARDS = 4;

export const leaderShardOf = (playerId: string): number => hashOf(playerId) % LEADER_SHARDS;

/** FNV-1a: a stable, evenly spread hash of an id. */
function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export const keys = {
  game: (gameId: string) => `GAME#${gameId}`,
  commit: (version: number) => `V#${pad(version)}`,
  snapshot: (version: number) => `S#${pad(version)}`,
  /** A finished game's archived commits, in one item or a few chunks (archive.ts). */
  archive: (chunk: number) => `A#${String(chunk).padStart(3, '0')}`,
  archives: 'A#',
  subscription: (connectionId: string) => `SUB#${connectionId}`,
  player: (playerId: string) => `PLAYER#${playerId}`,
  profile: 'PROFILE',
  /** A name's claim: one item per name in use, keyed by its nameKey (core/name-key.ts). */
  playerName: (nameKey: string) => `NAME#${nameKey}`,
  playerNameClaim: 'NAME',
  /**
   * In a player's partition: one game of their index, in the key range of its status, which sorts
   * the ranges as `myGames` pages them (in play, open, finished), each by game: a page reads the
   * entries it shows, the digest the games in play alone. A status change moves the entry.
   */
  playerGame: (status: Segment, gameId: string) => `${indexPart(status)}${gameId}`,
  /** The prefix of one status's range of a player's index. */
  playerGames: (status: Segment) => indexPart(status),
  /** The index's first layout (until issue 28): every status in one range, read filtered; moved to the ranges above as it is read. */
  oldPlayerGame: (gameId: string) => `GAME#${gameId}`,
  oldPlayerGames: 'GAME#',
  /** In a player's partition: a connection watching the player's games (`myGames` with `watch`). */
  gamesWatch: (connectionId: string) => `WATCH#${connectionId}`,
  connection: (connectionId: string) => `CONN#${connectionId}`,
  connectionMeta: 'META',
  settings: 'SETTINGS',
  /**
   * When the sweep must look at a game: one item per game in one of CLOCK_SHARDS partitions,
   * sorted by due time, so a sweep reads only what is due (a range query per shard).
   */
  clockShard: (shard: number) => `CLOCK#${String(shard).padStart(2, '0')}`,
  clockDue: (due: string, gameId: string) => `${due}#${gameId}`,
  /** Everything due up to this instant sorts before this key. */
  clockDueUntil: (now: string) => `${now}#~`,
  /** In a game's partition: which clock item is the game's current one (and as of which version). */
  gameClock: 'CLOCK',
  /**
   * Notifications held back by quiet hours, keyed by when they may go, spread over CLOCK_SHARDS
   * partitions by notification (an evening's pushes of every player in one time zone fall due at
   * once). `outbox` is the one partition of versions before the shards: still read, never written.
   */
  outbox: 'OUTBOX',
  outboxShard: (shard: number) => `OUTBOX#${String(shard).padStart(2, '0')}`,
  outboxItem: (notBefore: string, id: string) => `${notBefore}#${id}`,
  /** One item per delivery of one notification to one channel target (deduplication). */
  delivery: (id: string) => `DELIVERY#${id}`,
  deliveryTarget: (channel: string) => channel,
  /** A game's chat, beside the game's partition: its messages (M#), its counter and each writer's rate. */
  chat: (gameId: string) => `CHAT#${gameId}`,
  chatMessage: (id: number) => `M#${pad(id)}`,
  chatHead: 'HEAD',
  chatRate: (playerId: string) => `RATE#${playerId}`,
  /**
   * The public lobby: one item per open listed game in one of LOBBY_SHARDS partitions, sorted by
   * game, then creation time, so the games of one kind are a key prefix and come oldest first.
   * `lobby` is the one partition of versions before the shards: still read, never written but to
   * delete a listing it holds.
   */
  lobby: 'LOBBY',
  lobbyShard: (shard: number) => `LOBBY#${shard}`,
  listing: (game: string, createdAt: string, gameId: string) => `OPEN#${game}#${createdAt}#${gameId}`,
  /** The prefix of every listing, or of one game's listings. */
  listings: (game?: string) => (game === undefined ? 'OPEN#' : `OPEN#${game}#`),
  /** In a game's partition: the version its lobby listing was last written for (so an older write cannot undo a newer one). */
  listingGuard: 'LISTING',
  /** In a game's partition: who computes the automatic move after a version, until when (a lease). */
  moveLease: 'MOVE',
  /** Connections watching the lobby, in one partition, by the game they filter on ('*': all). */
  lobbyWatchers: 'LOBBYWATCH',
  lobbyWatch: (filter: string, connectionId: string) => `WATCH#${filter}#${connectionId}`,
  lobbyWatchesOf: (filter: string) => `WATCH#${filter}#`,
  /** In a player's partition: their rating in one game (openskill; the lobby reads it), and one history item per rated game. */
  rating: (game: string) => `RATING#${game}`,
  ratingLog: (game: string, at: string, gameId: string) => `RATINGLOG#${game}#${at}#${gameId}`,
  ratingLogs: (game: string) => `RATINGLOG#${game}#`,
  /** In a player's partition: one item per rated game they played, by time (recent games). */
  played: (at: string, gameId: string) => `PLAYED#${at}#${gameId}`,
  /** In a game's partition: its ratings were updated (the marker that makes the update happen once). */
  rated: 'RATED',
  /** In a game's partition: the sweep's ask to rate the game, at the time it asked (each ask a new item, a new stream record). */
  rateAsk: (at: string) => `RATEASK#${at}`,
  /**
   * A game's leaderboard: one item per rated player, sorted by rating (see core/ratings.ts
   * leaderKey), in one of LEADER_SHARDS partitions by player. `leaders` is the one partition of
   * versions before the shards: still read; an entry there moves to its shard on its next update.
   */
  leaders: (game: string) => `LEADERS#${game}`,
  leaderShard: (game: string, shard: number) => `LEADERS#${game}#${shard}`,
  /** In a player's partition: their email digest's state (when the last went, which is due). */
  digest: 'DIGEST',
  /** Due digests, spread over CLOCK_SHARDS partitions (as clock items) and sorted by due time. */
  digestShard: (shard: number) => `DIGEST#${String(shard).padStart(2, '0')}`,
  digestDue: (due: string, playerId: string) => `${due}#${playerId}`,
  /** In a player's partition: one signed-in device (accounts), and one passkey by its credential id. */
  device: (deviceId: string) => `DEVICE#${deviceId}`,
  passkey: (credentialId: string) => `PASSKEY#${credentialId}`,
  /** In a player's partition: a device the server signed out (a replayed refresh token), by time (TTL). */
  signOutNotice: (at: string, deviceId: string) => `SIGNEDOUT#${at}#${deviceId}`,
  /** In a player's partition: the device-link codes they asked for lately (the hourly limit). */
  linkCodes: 'LINKCODES',
  /** The player who signs in with a confirmed address (lower-cased), and the sign-in links sent to it lately. */
  emailAccount: (email: string) => `EMAIL#${email.toLowerCase()}`,
  emailAccountMeta: 'ACCOUNT',
  /** Beside it: an ask for a sign-in link, until the stream's reaction takes it (TTL: a day). */
  signInAsk: (at: string) => `ASK#${at}`,
  /** Beside it: the confirmation emails sent to the address lately, by any player (TTL: an hour after the last). */
  emailConfirmations: 'CONFIRMATIONS',
  /** What one network address did lately without signing in, one item per use (TTL: an hour after the last). */
  network: (network: string) => `NETWORK#${network}`,
  /** A device-link code while it may be used (TTL), deleted by its use. */
  deviceCode: (code: string) => `LINKCODE#${code}`,
  /** An email sign-in link's nonce once the link was opened (TTL: as long as the link would work). */
  usedLink: (nonce: string) => `SIGNINLINK#${nonce}`,
  /** A WebAuthn challenge until it is answered (TTL), deleted by its use. */
  challenge: (challenge: string) => `CHALLENGE#${challenge}`,
  oneUse: 'ONCE',
  /**
   * A tournament's partition: its item (HEAD), its entrants in entry order (E#at#order#player), its rounds' pairings
   * (R#round), its tables' results (X#round#table) and the ledger written before each round
   * (L#round), each first-writer-wins.
   */
  tournament: (tournamentId: string) => `TOURNEY#${tournamentId}`,
  tournamentHead: 'HEAD',
  /** Sorted as the entry list is (the seeding): by entry time, then the creator's order (absent: after), then id. */
  entrant: (entry: { at: string; order?: number; playerId: string }) =>
    `E#${entry.at}#${String(entry.order ?? 99).padStart(2, '0')}#${entry.playerId}`,
  entrants: 'E#',
  tournamentRound: (round: number) => `R#${String(round).padStart(4, '0')}`,
  tournamentRounds: 'R#',
  tableResult: (round: number, table: number) => `X#${String(round).padStart(4, '0')}#${String(table).padStart(5, '0')}`,
  tableResults: 'X#',
  roundResults: (round: number) => `X#${String(round).padStart(4, '0')}#`,
  tournamentLedger: (round: number) => `L#${String(round).padStart(4, '0')}`,
  /** The directory of tournaments, newest first (created rarely: one partition is plenty). */
  tournaments: 'TOURNEYS',
  tournamentListing: (createdAt: string, tournamentId: string) => `${createdAt}#${tournamentId}`,
  /** In a player's partition: a tournament they entered. */
  playerTournament: (tournamentId: string) => `TOURNEY#${tournamentId}`,
  playerTournaments: 'TOURNEY#',
  /**
   * In a player's partition: whom they follow (FOLLOW#id), whom they block (BLOCK#id) and who
   * blocks them (BLOCKEDBY#id, the other side of a block), their groups (GROUP#id) and their
   * vacation (VACATION).
   */
  follow: (playerId: string) => `FOLLOW#${playerId}`,
  follows: 'FOLLOW#',
  block: (playerId: string) => `BLOCK#${playerId}`,
  blocks: 'BLOCK#',
  blockedBy: (playerId: string) => `BLOCKEDBY#${playerId}`,
  blockedBys: 'BLOCKEDBY#',
  membership: (groupId: string) => `GROUP#${groupId}`,
  memberships: 'GROUP#',
  vacation: 'VACATION',
  /** A group's partition: its item (HEAD) and one item per member (M#playerId). */
  group: (groupId: string) => `GROUP#${groupId}`,
  groupHead: 'HEAD',
  member: (playerId: string) => `M#${playerId}`,
  members: 'M#',
  /** Highest possible commit key, for range queries. */
  lastCommit: `V#${'9'.repeat(10)}`,
} as const;
