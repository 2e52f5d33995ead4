/**
 * What players keep about each other and their time away: whom they follow, whom they block
 * (each block written on both sides, so either player's partition answers "is there a block
 * between us" in one read), groups (clubs) and their members, a player found by name, and a
 * player's vacation.
 */

/** Another player as one's lists keep them. */
export interface Tie {
  playerId: string;
  name: string;
  since: string;
}

export interface Group {
  groupId: string;
  name: string;
  createdBy: { playerId: string; name: string };
  createdAt: string;
  /** The secret of its invite link: whoever has it may join. */
  inviteCode: string;
  members: number;
}

export interface Vacation {
  /** When it began and when it ends (ISO). */
  since: string;
  until: string;
  /** The calendar year (UTC) its days count in, and the days taken in it, this one included. */
  year: number;
  daysTaken: number;
}

/** Lists of people (follows, blocks, members) are in name order. */
export const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

export type GroupJoin = 'joined' | 'already' | 'full';

export interface SocialStore {
  /** The player who has this name (compared as names are: core/name-key.ts), or null. */
  playerByName(name: string): Promise<{ playerId: string; name: string } | null>;
  follow(playerId: string, other: Omit<Tie, 'since'>, at: string): Promise<void>;
  unfollow(playerId: string, otherId: string): Promise<void>;
  /** Whom the player follows, by name. */
  following(playerId: string): Promise<Tie[]>;
  /** Block another player (they are no longer followed); written on both sides. */
  block(playerId: string, other: Omit<Tie, 'since'>, at: string): Promise<void>;
  unblock(playerId: string, otherId: string): Promise<void>;
  /** Whom the player blocked, by name. */
  blocked(playerId: string): Promise<Tie[]>;
  /** Every player with a block between them and this one, whoever made it. */
  barriers(playerId: string): Promise<Set<string>>;

  /** Store a new group with its founder as its first member. */
  createGroup(group: Group, founder: Omit<Tie, 'since'>): Promise<void>;
  group(groupId: string): Promise<Group | null>;
  /** Add a member below `max` members: 'joined' once, 'already' after. */
  joinGroup(groupId: string, member: Omit<Tie, 'since'>, at: string, max: number): Promise<GroupJoin>;
  /** False when they were no member. */
  leaveGroup(groupId: string, playerId: string): Promise<boolean>;
  members(groupId: string): Promise<Tie[]>;
  /** The player's groups (id and name), by name. */
  groupsOf(playerId: string): Promise<{ groupId: string; name: string }[]>;

  /** The player's latest vacation (it may be over), or null. */
  vacation(playerId: string): Promise<Vacation | null>;
  putVacation(playerId: string, vacation: Vacation): Promise<void>;
}
