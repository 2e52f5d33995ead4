/**
 * The catalogue of stored shapes: every kind of item the table holds, with its current version,
 * what it is and how each older shape of it is read (its upcasters); and the game record inside a
 * snapshot's envelope, versioned the same way. Items are typed in their current shape in
 * items.ts; every read of a whole item — a Get, a Query, the attributes a write returns, a stream
 * image (api/stream-batch.ts) — goes through `upcast`, so no store or service reads an older
 * shape itself. A kind whose shape changes gets an upcaster here and a fixture of the old shape in
 * test/fixtures/items/, and keeps its type in items.ts current.
 *
 * How a stored item's version is known: by its shape. No item carries a version attribute, and
 * none need: every shape ever written is told apart by the attributes it has or lacks (each
 * upcaster's `older`), and a `v` on every item would cost bytes on the busiest writes (a commit
 * per move) to say what the attributes say already. What keeps it so: a change of meaning takes
 * a new attribute name, as the undo's `logLength` became `logAdded`. A kind whose next change
 * cannot be told by its attributes starts writing `v` then (absent: the shapes told apart here).
 *
 * An attribute added with a meaning for its absence that never changed (`listed` on a commit,
 * `moves` on a finishing commit and on a record, `hidden` on an index entry, `deviceId` and
 * `strikes` on a connection…) is no new version: an older item without it reads as
 * it always did. Reads of a few named attributes
 * (projections: a profile's name or live map, a settings item's mutes, a rating's ordinal) see
 * no whole item and are not upcast; each reads attributes every version has, or defaults one the
 * way its upcaster would (a profile without `live` has no live connection).
 */
import { commitUpcasters } from './upcasters/commit';
import { deliveryUpcasters } from './upcasters/delivery';
import { playerGameUpcasters } from './upcasters/player-game';
import { playerUpcasters } from './upcasters/player';
import { ratingUpcasters } from './upcasters/rating';
import { recordUpcasters } from './upcasters/record';
import { settingsUpcasters } from './upcasters/settings';
import { snapshotUpcasters } from './upcasters/snapshot';
import type { GameRecord } from '../../core/record';
import type { ItemKind, ItemOf, StoredItem } from './items';

/** A stored item (or record) as read, before it is known to be of its current shape. */
export type Stored = Record<string, unknown>;

/** Reads one older shape as the next version. */
export interface Upcaster {
  /** The version it brings an item to (from the one before). */
  to: number;
  /** When and where the shape changed (date, commit). */
  since: string;
  /** What the older shape held otherwise, and how it is read. */
  change: string;
  /** Whether an item is of the shape before `to`, told by its attributes. */
  older(item: Stored): boolean;
  /** The item in the shape of version `to`; a new object, the item left as it was. */
  up(item: Stored): Stored;
}

export interface Shape {
  /** The current version: the one items.ts types and the writers write. */
  version: number;
  description: string;
  /** From version 1 to the current one, in order. */
  upcasters: readonly Upcaster[];
}

const v1 = (description: string): Shape => ({ version: 1, description, upcasters: [] });
const shape = (description: string, upcasters: readonly Upcaster[]): Shape => ({
  version: upcasters.length + 1,
  description,
  upcasters,
});

/** Every kind of item the table holds, by its `kind` attribute. */
export const CATALOG: { readonly [K in ItemKind]: Shape } = {
  commit: shape("A game's change (GAME#id / V#version): its events and the game's head after and before it.", commitUpcasters),
  snapshot: shape('The folded record at a version (GAME#id / S#version), in a gzipped envelope.', snapshotUpcasters),
  archive: v1("A compacted game's commit items, gzipped (GAME#id / A#chunk: one, or a few chunks)."),
  subscription: v1('A connection watching a game (GAME#id / SUB#connection), expiring with it.'),
  gamesWatch: v1("A connection watching its player's games (PLAYER#id / WATCH#connection), expiring with it."),
  playerName: v1("A name's claim (NAME#key / NAME): which player has it, so no second player takes it."),
  player: shape("A player's profile (PLAYER#id / PROFILE): name, live connections, game quotas.", playerUpcasters),
  connection: v1('A connection (CONN#id / META): its player, device, subscriptions and watches.'),
  settings: shape("A player's notification settings and email state (PLAYER#id / SETTINGS), revised by `rev`.", settingsUpcasters),
  playerGame: shape(
    "One game in a player's index, in its status's key range (PLAYER#id / GAMES#n-status#gameId; the first layout's PLAYER#id / GAME#id are moved there as they are read): seat, status, version.",
    playerGameUpcasters,
  ),
  held: v1('A notification held back by quiet hours (OUTBOX#nn / notBefore#id; OUTBOX / notBefore#id before the shards).'),
  delivery: shape('A delivery marker of one notification or digest to one target (DELIVERY#id / target).', deliveryUpcasters),
  clockDue: v1('When the sweep must look at a game (CLOCK#shard / due#gameId).'),
  gameClock: v1("A game's pointer to its current clock item (GAME#id / CLOCK)."),
  chatMessage: v1('One chat message (CHAT#gameId / M#id).'),
  chatHead: v1("A game's chat counter (CHAT#gameId / HEAD)."),
  chatRate: v1("One writer's recent messages in a game's chat (CHAT#gameId / RATE#playerId)."),
  listing: v1('An open listed game in the lobby (LOBBY#n / OPEN#game#createdAt#gameId; LOBBY before the shards).'),
  listingGuard: v1("The version a game's listing was last written for (GAME#id / LISTING)."),
  moveLease: v1("The lease on computing a game's next automatic move (GAME#id / MOVE): the version it follows, until when."),
  lobbyWatch: v1('A connection watching the lobby (LOBBYWATCH / WATCH#filter#connection).'),
  rating: shape("A player's rating in one game (PLAYER#id / RATING#game), revised by `rev`.", ratingUpcasters),
  ratingLog: v1("One rated game in a player's rating history (PLAYER#id / RATINGLOG#game#at#gameId)."),
  played: v1('One rated game a player played (PLAYER#id / PLAYED#at#gameId).'),
  rated: v1("The mark that a game's ratings were updated (GAME#id / RATED)."),
  rateAsk: v1('An ask to rate a finished game (GAME#id / RATEASK#at), kept a day.'),
  leader: v1("One player on a game's leaderboard (LEADERS#game#shard / leaderKey; LEADERS#game before the shards)."),
  digest: v1("A player's email digest state (PLAYER#id / DIGEST)."),
  digestDue: v1('A digest to send (DIGEST#shard / due#playerId).'),
  device: v1('A signed-in device and its refresh secret (PLAYER#id / DEVICE#deviceId).'),
  signOutNotice: v1('A device the server signed out because its refresh token was used twice (PLAYER#id / SIGNEDOUT#at#deviceId).'),
  passkey: v1('A passkey and its signature counter (PLAYER#id / PASSKEY#credentialId).'),
  linkCodes: v1("A player's device-link codes of the last hour (PLAYER#id / LINKCODES)."),
  emailAccount: v1('Who signs in with an address, and the links mailed to it lately (EMAIL#address / ACCOUNT).'),
  signInAsk: v1('An ask for a sign-in link to an address, for the stream to answer (EMAIL#address / ASK#at).'),
  emailConfirmations: v1('The confirmation emails sent to an address lately, by any player (EMAIL#address / CONFIRMATIONS).'),
  networkUses: v1(
    'What one network address did lately without signing in: device-link codes typed, passkey challenges (NETWORK#network / the use).',
  ),
  deviceCode: v1('A device-link code while it may be used (LINKCODE#code / ONCE).'),
  usedLink: v1("An opened email sign-in link's nonce (SIGNINLINK#nonce / ONCE)."),
  challenge: v1('A WebAuthn challenge waiting for its answer (CHALLENGE#challenge / ONCE).'),
  tournament: v1('A tournament (TOURNEY#id / HEAD): its settings, status, round and entrant count, revised by `rev`.'),
  tournamentListing: v1('A tournament in the directory (TOURNEYS / createdAt#id): a copy of its item.'),
  entrant: v1('One entrant of a tournament (TOURNEY#id / E#playerId): name, bot, when they entered.'),
  tournamentRound: v1("A tournament round's pairing and games (TOURNEY#id / R#round), written once."),
  tableResult: v1("A tournament table's result (TOURNEY#id / X#round#table), written once."),
  tournamentLedger: v1(
    'Everything a tournament played before a round (TOURNEY#id / L#round), written once: entrants and rounds as compact JSON text.',
  ),
  playerTournament: v1('A tournament a player entered (PLAYER#id / TOURNEY#tournamentId).'),
  follow: v1('A player someone follows (PLAYER#id / FOLLOW#otherId): their name, since when.'),
  block: v1('A player someone blocks (PLAYER#id / BLOCK#otherId): their name, since when.'),
  blockedBy: v1('The other side of a block (PLAYER#blockedId / BLOCKEDBY#blockerId).'),
  group: v1('A group (GROUP#id / HEAD): its name, founder, invite code and member count.'),
  member: v1('One member of a group (GROUP#id / M#playerId).'),
  membership: v1('A group a player belongs to (PLAYER#id / GROUP#groupId).'),
  vacation: v1("A player's latest vacation (PLAYER#id / VACATION): since, until, the days taken that year."),
};

/** The game record (core/record.ts) inside a snapshot's envelope: versioned apart from the envelope, which has its own format. */
export const RECORD: Shape = shape("A hosted game's folded record, as a snapshot holds it.", recordUpcasters);

/**
 * Kinds older builds wrote that nothing reads any more: they stay in the table until their TTL,
 * or for good, and no query's key range reaches them.
 */
export const RETIRED = [
  {
    kind: 'clock',
    key: 'CLOCKS / gameId',
    written: '2026-11-22 (6d1f203) to 2026-11-24 (ad02049)',
    description: 'When the sweep had to look at a game, in one partition it read whole; replaced by clockDue and gameClock.',
  },
  {
    kind: 'playerConnection',
    key: 'PLAYER#id / CONN#connection',
    written: '2026-11-22 (6d1f203) to 2026-11-23 (e406a48)',
    description: "A player's online marker, expiring with its connection; replaced by the profile's live map.",
  },
] as const;

/** An item in the current shape of its version: each upcaster whose older shape it has, in order. */
export function lift(shape: Shape, item: Stored): Stored {
  let current = item;
  for (const upcaster of shape.upcasters) if (upcaster.older(current)) current = upcaster.up(current);
  return current;
}

/** The version an item's shape tells: the first upcaster that finds it older, else the current one. */
export function versionOf(shape: Shape, item: Stored): number {
  const first = shape.upcasters.find((u) => u.older(item));
  return first ? first.to - 1 : shape.version;
}

/** An item of this kind as read from the table (or its stream), in its current shape. */
export function upcast<K extends ItemKind>(kind: K, item: Stored): ItemOf<K> {
  return lift(CATALOG[kind], item) as unknown as ItemOf<K>;
}

/** Items of one kind as read from the table, in their current shape. */
export function upcastAll<K extends ItemKind>(kind: K, items: readonly Stored[]): ItemOf<K>[] {
  return items.map((item) => upcast(kind, item));
}

/** An item of whichever kind its `kind` attribute names (a stream image), in its current shape; an unknown kind as it is. */
export function upcastItem(item: Stored): StoredItem {
  const kind = item.kind;
  return (typeof kind === 'string' && Object.hasOwn(CATALOG, kind) ? upcast(kind as ItemKind, item) : item) as StoredItem;
}

/** A game record of any version a snapshot held, in its current shape. */
export function upcastRecord(record: Stored): GameRecord {
  return lift(RECORD, record) as unknown as GameRecord;
}
