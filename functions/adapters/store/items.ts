/**
 * Every item the table holds, typed once in its current shape: the writers build items of these
 * types, and the readers (stores, the stream) read them as these types once the catalogue
 * (catalog.ts) has brought an item of an older shape to this one. Keys come from keys.ts.
 * One table, single-table design: a game's partition holds its commits, snapshots and
 * subscriptions; a player's partition their profile, settings and game index.
 */
import type { Group, Tie, Vacation } from '../../stores/social';
import type { Tournament, TournamentEntrant, TournamentRound } from '../../stores/tournaments';
import type { TableResult } from '../../core/tournament/format';
import type { RatingAsk } from '../../core/rating-ask';
import type { CommitHead } from '../../core/triggers';
import type { GameStatus, OnResign } from '../../core/record';
import type { EmailBlock } from '../../core/notification';
import type { Challenge, Device, DeviceCode, EmailAccount, Passkey, SignInAsk, SignOutNotice } from '../../stores/accounts';
import type { StoredChatMessage } from '../../stores/chat';
import type { PlayedGame } from '../../stores/ratings';
import type { GameQuota } from '../common/game-quota';

/** The partition and sort key every item has (TABLE.partitionKey / TABLE.sortKey). */
export interface ItemKey {
  pk: string;
  sk: string;
}

/**
 * A commit (GAME#id / V#version): the events of one change of a game, and the game's head after
 * it (status, seats, whose turn), which the stream's reactions and the notifier read.
 */
export interface CommitItem extends ItemKey, CommitHead {
  kind: 'commit';
  seat: number | null;
  playerId: string;
  commandId: string | null;
  /** ISO time the commit was decided. */
  at: string;
}

/** A snapshot (GAME#id / S#version): the folded record at that version (snapshot.ts; older formats: upcasters/snapshot.ts). */
export interface SnapshotItem extends ItemKey {
  kind: 'snapshot';
  version: number;
  /** The snapshot envelope (format, game, rules version, version, record) as gzipped JSON. */
  snapshotGz: Uint8Array;
}

/**
 * A finished game's commits, archived (GAME#id / A#chunk) once the game is compacted (archive.ts):
 * the commit items of versions 1 to `version`, as the table held them but for their keys, as
 * gzipped JSON; in `chunks` items, each with its share in version order, when one would be too large.
 */
export interface ArchiveItem extends ItemKey {
  kind: 'archive';
  /** The game's final version: the archive holds every commit up to it. */
  version: number;
  chunk: number;
  chunks: number;
  /** This chunk's commit items (without pk, sk and kind), in version order, as gzipped JSON. */
  commitsGz: Uint8Array;
}

/** A live subscription (GAME#id / SUB#connection), expiring with the connection. */
export interface SubscriptionItem extends ItemKey {
  kind: 'subscription';
  connectionId: string;
  playerId: string;
  logDelta?: boolean;
  /** Lean frames asked for (absent on items of earlier versions: no). */
  lean?: boolean;
  ttl: number;
}

/** A connection watching its player's games (PLAYER#id / WATCH#connection), expiring with the connection. */
export interface GamesWatchItem extends ItemKey {
  kind: 'gamesWatch';
  connectionId: string;
  ttl: number;
}

/** A player's profile (PLAYER#id / PROFILE), with their live connections and game quotas (absent until a game is counted). */
export interface PlayerItem extends ItemKey, GameQuota {
  kind: 'player';
  playerId: string;
  name: string;
  createdAt: string;
  /** Live connections: connection id → expiry (epoch seconds). */
  live: Record<string, number>;
  /** Counts the writes of the game quotas: each is conditioned on the one it read. */
  gamesRev?: number;
  /** When the player's v1 token stopped working (the device it was exchanged for was revoked); absent: it works. */
  v1EndedAt?: string;
}

/** A connection (CONN#id / META), expiring after API Gateway's 2-hour limit. */
export interface ConnectionItem extends ItemKey {
  kind: 'connection';
  connectionId: string;
  playerId: string;
  name: string;
  ttl: number;
  /** The games it subscribed to (a string set, added to by each subscription). */
  games?: Set<string>;
  /** Set once the connection watches its player's games (a GamesWatchItem exists). */
  watchesGames?: boolean;
  /** The filter of the connection's lobby watch, once it watches the lobby (a LobbyWatchItem exists). */
  lobbyWatch?: string;
  /** The signed-in device it belongs to (absent for v1 tokens): revoking the device closes it. */
  deviceId?: string;
  /** When `$connect` recorded it (ISO; absent on items of earlier versions). */
  connectedAt?: string;
  /** Frames refused to it for going too fast (ConnectionStore.strike). */
  strikes?: number;
}

/** A player's notification settings (PLAYER#id / SETTINGS), revised with a conditional put. */
export interface SettingsItem extends ItemKey {
  kind: 'settings';
  /** NotificationSettings as JSON. */
  settings: string;
  confirmedEmail?: string;
  emailSince: number;
  confirmationsSent: number[];
  rev: number;
  /** Players whose chat messages this player does not see. */
  muted?: string[];
  /** The address's bounce or complaint reported by SES (see EmailBlock). */
  emailBlocked?: EmailBlock;
}

/**
 * One game in a player's index, in the key range of its status (PLAYER#id / GAMES#n-status#gameId;
 * before issue 28 PLAYER#id / GAME#id, see keys.oldPlayerGame): written when seats or the status change.
 */
export interface PlayerGameItem extends ItemKey {
  kind: 'playerGame';
  gameId: string;
  seat: number;
  status: GameStatus;
  version: number;
  /** The player left this finished game out of their `myGames` (`hideGame`). */
  hidden?: boolean;
}

/** A notification held back by quiet hours (OUTBOX#nn / notBefore#id; in OUTBOX before the shards). */
export interface HeldItem extends ItemKey {
  kind: 'held';
  /** The Notification as JSON. */
  notification: string;
}

/** One delivery of one notification to one channel target (DELIVERY#id / target), kept a month. */
export interface DeliveryItem extends ItemKey {
  kind: 'delivery';
  /** 'failed': its latest attempt is known to have failed (the next claim need not wait out the lease). */
  status: 'claimed' | 'failed' | 'sent';
  /** The latest claim: its claimer's lease runs from here. */
  at: string;
  /** The first attempt: the target is given up a retry window after it. */
  first: string;
  ttl: number;
}

/** When the sweep must look at a game (CLOCK#shard / due#gameId). */
export interface ClockDueItem extends ItemKey {
  kind: 'clockDue';
  gameId: string;
  due: string;
  /** The game version whose commit set this due time. */
  version: number;
}

/** Which clock item is a game's current one (GAME#id / CLOCK); absent or without dueKey: none. */
export interface GameClockItem extends ItemKey {
  kind: 'gameClock';
  /** The current ClockDueItem's partition and sort key. */
  dueShard?: string;
  dueKey?: string;
  version: number;
}

/** One chat message (CHAT#gameId / M#id): written once, never inside a commit. */
export interface ChatMessageItem extends ItemKey, StoredChatMessage {
  kind: 'chatMessage';
}

/** A game's chat counter (CHAT#gameId / HEAD): the last message id handed out. */
export interface ChatHeadItem extends ItemKey {
  kind: 'chatHead';
  seq: number;
}

/** What one player sent lately in one game's chat (CHAT#gameId / RATE#playerId), for its limits; revised with a conditional put. */
export interface ChatRateItem extends ItemKey {
  kind: 'chatRate';
  recent: number[];
  day: number;
  dayCount: number;
  rev: number;
  ttl: number;
}

/**
 * An open listed game in the lobby (LOBBY#n / OPEN#game#createdAt#gameId; LOBBY before the shards): written when it is
 * created or its seats change, deleted when it starts; players' ratings as of that write.
 */
export interface ListingItem extends ItemKey {
  kind: 'listing';
  gameId: string;
  game: string;
  /** OpenGame's seats, options and clock, as JSON. */
  seats: string;
  options: string;
  clock: string | null;
  onResign: OnResign;
  createdAt: string;
  version: number;
  /** What quick play matches: seats, clock and whether the options are the game's defaults (see core/lobby.ts). */
  match: string;
}

/** The version a game's listing was last written for (GAME#id / LISTING); `open` false: it left the lobby. */
export interface ListingGuardItem extends ItemKey {
  kind: 'listingGuard';
  version: number;
  open: boolean;
}

/**
 * The lease on computing a game's next automatic move (GAME#id / MOVE): the version the move
 * follows and until when its holder may still be computing it (ISO). One per game, overwritten.
 */
export interface MoveLeaseItem extends ItemKey {
  kind: 'moveLease';
  version: number;
  until: string;
}

/** A connection watching the lobby (LOBBYWATCH / WATCH#filter#connection), expiring with the connection. */
export interface LobbyWatchItem extends ItemKey {
  kind: 'lobbyWatch';
  connectionId: string;
  /** The game kind it watches, or '*' for all. */
  filter: string;
  ttl: number;
}

/**
 * A player's rating in one game (PLAYER#id / RATING#game): OpenSkill's mu and sigma, and its
 * ordinal (mu − 3 sigma), the rating shown. `rev` counts the item's writes: each update is
 * conditioned on the one it read.
 */
export interface RatingItem extends ItemKey {
  kind: 'rating';
  playerId: string;
  game: string;
  name: string;
  mu: number;
  sigma: number;
  ordinal: number;
  games: number;
  wins: number;
  updatedAt: string;
  rev: number;
  /** The partition of the player's entry on the game's leaderboard (its shard; an earlier version's: the one partition). */
  board: string;
}

/** One rated game in a player's rating history (PLAYER#id / RATINGLOG#game#at#gameId). */
export interface RatingLogItem extends ItemKey {
  kind: 'ratingLog';
  gameId: string;
  game: string;
  at: string;
  rank: number;
  /** Ordinals before (null: the first rated game) and after. */
  before: number | null;
  after: number;
}

/** One rated game a player played, by time (PLAYER#id / PLAYED#at#gameId): their recent games. */
export interface PlayedItem extends ItemKey, PlayedGame {
  kind: 'played';
}

/** A game's ratings were updated (GAME#id / RATED), put in the update's transaction on condition that it is not there. */
export interface RatedItem extends ItemKey {
  kind: 'rated';
  at: string;
}

/**
 * The sweep's ask to rate a finished game the ratings reactor has not rated (GAME#id / RATEASK#at,
 * kept a day): its insert is what the reactor reads, like a finishing commit.
 */
export interface RateAskItem extends ItemKey, RatingAsk {
  kind: 'rateAsk';
  ttl: number;
}

/** One player on a game's leaderboard (LEADERS#game / leaderKey): moved with each rating update. */
export interface LeaderItem extends ItemKey {
  kind: 'leader';
  playerId: string;
  name: string;
  ordinal: number;
  games: number;
  wins: number;
}

/**
 * A player's email digest (PLAYER#id / DIGEST): when the last one went, and the due item of the
 * next (absent: none pending). The due item is written before this pointer, so a pointer always
 * names an item the sweep will find.
 */
export interface DigestItem extends ItemKey {
  kind: 'digest';
  lastSentAt?: string;
  dueShard?: string;
  dueKey?: string;
}

/** A digest to send (DIGEST#shard / due#playerId): the sweep reads those due. */
export interface DigestDueItem extends ItemKey {
  kind: 'digestDue';
  playerId: string;
  due: string;
}

/** A signed-in device (PLAYER#id / DEVICE#deviceId): deleted when revoked, which ends its refresh. */
export interface DeviceItem extends ItemKey, Device {
  kind: 'device';
}

/** A device the server signed out (PLAYER#id / SIGNEDOUT#at#deviceId), kept SIGN_OUT_NOTICE_DAYS (TTL). */
export interface SignOutNoticeItem extends ItemKey, SignOutNotice {
  kind: 'signOutNotice';
  ttl: number;
}

/** A passkey (PLAYER#id / PASSKEY#credentialId): its public key and signature counter. */
export interface PasskeyItem extends ItemKey, Passkey {
  kind: 'passkey';
}

/** A player's hourly count of device-link codes (PLAYER#id / LINKCODES). */
export interface LinkCodesItem extends ItemKey {
  kind: 'linkCodes';
  /** When codes were made (ms since the epoch), the last hour's. */
  sent: number[];
  rev: number;
}

/**
 * Who signs in with an address (EMAIL#address / ACCOUNT), and the sign-in links mailed to it in
 * the last hour; without a player while only links were counted for the address.
 */
export interface EmailAccountItem extends ItemKey, Partial<EmailAccount> {
  kind: 'emailAccount';
  sent: number[];
  rev: number;
}

/** An ask for a sign-in link (EMAIL#address / ASK#at): its insert is what the stream reacts to. */
export interface SignInAskItem extends ItemKey, SignInAsk {
  kind: 'signInAsk';
  ttl: number;
}

/** The confirmation emails sent to an address (EMAIL#address / CONFIRMATIONS) in the last hour, by any player. */
export interface EmailConfirmationsItem extends ItemKey {
  kind: 'emailConfirmations';
  sent: number[];
  rev: number;
  ttl: number;
}

/** One kind of use from one network address (NETWORK#network / deviceCodes | passkeyChallenges) in the last hour. */
export interface NetworkUsesItem extends ItemKey {
  kind: 'networkUses';
  sent: number[];
  rev: number;
  ttl: number;
}

/** A device-link code (LINKCODE#code / ONCE): whose it is, until used or expired (`expiresAt`: the TTL deletes it only eventually). */
export interface DeviceCodeItem extends ItemKey, DeviceCode {
  kind: 'deviceCode';
  ttl: number;
}

/** An email sign-in link that was opened (SIGNINLINK#nonce / ONCE). */
export interface UsedLinkItem extends ItemKey {
  kind: 'usedLink';
  playerId: string;
  ttl: number;
}

/** A name's claim (NAME#nameKey / NAME): the one player who has it (names are unique, core/name-key.ts). */
export interface PlayerNameItem extends ItemKey {
  kind: 'playerName';
  playerId: string;
  name: string;
}

/** A WebAuthn challenge (CHALLENGE#challenge / ONCE) waiting for its answer. */
export interface ChallengeItem extends ItemKey, Challenge {
  kind: 'challenge';
  ttl: number;
}

/** Every kind of item the table holds now (the catalogue, catalog.ts, says how each older shape is read). */
export type StoredItem =
  | CommitItem
  | SnapshotItem
  | ArchiveItem
  | SubscriptionItem
  | GamesWatchItem
  | PlayerItem
  | PlayerNameItem
  | ConnectionItem
  | SettingsItem
  | PlayerGameItem
  | HeldItem
  | DeliveryItem
  | ClockDueItem
  | GameClockItem
  | ChatMessageItem
  | ChatHeadItem
  | ChatRateItem
  | ListingItem
  | ListingGuardItem
  | MoveLeaseItem
  | LobbyWatchItem
  | RatingItem
  | RatingLogItem
  | PlayedItem
  | RatedItem
  | RateAskItem
  | LeaderItem
  | DigestItem
  | DigestDueItem
  | DeviceItem
  | SignOutNoticeItem
  | PasskeyItem
  | LinkCodesItem
  | EmailAccountItem
  | EmailConfirmationsItem
  | SignInAskItem
  | NetworkUsesItem
  | DeviceCodeItem
  | UsedLinkItem
  | ChallengeItem
  | TournamentItem
  | TournamentListingItem
  | EntrantItem
  | TournamentRoundItem
  | TableResultItem
  | TournamentLedgerItem
  | PlayerTournamentItem
  | FollowItem
  | BlockItem
  | BlockedByItem
  | GroupItem
  | MemberItem
  | MembershipItem
  | VacationItem;

export type ItemKind = StoredItem['kind'];

/** The item type of one kind. */
export type ItemOf<K extends ItemKind> = Extract<StoredItem, { kind: K }>;

/** A tournament (TOURNEY#id / HEAD), revised by `rev`. */
export interface TournamentItem extends ItemKey, Tournament {
  kind: 'tournament';
}

/** A tournament in the directory (TOURNEYS / createdAt#id): a copy of its item, rewritten after each change. */
export interface TournamentListingItem extends ItemKey, Tournament {
  kind: 'tournamentListing';
}

/** One entrant of a tournament (TOURNEY#id / E#playerId). */
export interface EntrantItem extends ItemKey, TournamentEntrant {
  kind: 'entrant';
}

/** A tournament round's pairing (TOURNEY#id / R#round), written once. */
export interface TournamentRoundItem extends ItemKey, TournamentRound {
  kind: 'tournamentRound';
}

/** A tournament table's result (TOURNEY#id / X#round#table), written once. */
export interface TableResultItem extends ItemKey, TableResult {
  kind: 'tableResult';
  round: number;
}

/**
 * Everything a tournament played before a round (TOURNEY#id / L#round), written once. Compact
 * JSON text, so a thousand entrants' ten rounds stay far below the item limit: `entrants` is
 * `[[playerId, name, bot?], …]` in seed order; `played` is `[[round, tables, byes], …]`, each
 * table `[table, seat0, seat1, points0, points1, advances?]` and each bye an index into
 * `entrants`.
 */
export interface TournamentLedgerItem extends ItemKey {
  kind: 'tournamentLedger';
  round: number;
  entrants: string;
  played: string;
}

/** A tournament a player entered (PLAYER#id / TOURNEY#tournamentId). */
export interface PlayerTournamentItem extends ItemKey {
  kind: 'playerTournament';
  tournamentId: string;
  /** When they entered, and their order in that instant: with their id, the key of their entrant item. */
  at: string;
  order?: number;
}

/** A player someone follows (PLAYER#id / FOLLOW#otherId). */
export interface FollowItem extends ItemKey, Tie {
  kind: 'follow';
}

/** A player someone blocks (PLAYER#id / BLOCK#otherId). */
export interface BlockItem extends ItemKey, Tie {
  kind: 'block';
}

/** The other side of a block (PLAYER#blockedId / BLOCKEDBY#blockerId). */
export interface BlockedByItem extends ItemKey {
  kind: 'blockedBy';
  playerId: string;
}

/** A group (GROUP#id / HEAD). */
export interface GroupItem extends ItemKey, Group {
  kind: 'group';
}

/** One member of a group (GROUP#id / M#playerId). */
export interface MemberItem extends ItemKey, Tie {
  kind: 'member';
}

/** A group a player belongs to (PLAYER#id / GROUP#groupId). */
export interface MembershipItem extends ItemKey {
  kind: 'membership';
  groupId: string;
  name: string;
}

/** A player's latest vacation (PLAYER#id / VACATION). */
export interface VacationItem extends ItemKey, Vacation {
  kind: 'vacation';
}
