/** Follows, blocks, groups and vacations in memory, with the table's semantics (both sides of a block, member counts). */
import { nameKey } from '../../core/name-key';
import { byName, type Group, type GroupJoin, type SocialStore, type Tie, type Vacation } from '../../stores/social';
import type { MemoryPlayerStore } from './players';

export class MemorySocialStore implements SocialStore {
  private readonly follows = new Map<string, Map<string, Tie>>();
  private readonly blocks = new Map<string, Map<string, Tie>>();
  private readonly blockedBy = new Map<string, Set<string>>();
  private readonly groups = new Map<string, Group>();
  private readonly memberships = new Map<string, Map<string, Tie>>();
  private readonly vacations = new Map<string, Vacation>();

  constructor(private readonly players: MemoryPlayerStore) {}

  private of<V>(map: Map<string, V>, key: string, make: () => V): V {
    if (!map.has(key)) map.set(key, make());
    return map.get(key)!;
  }

  async playerByName(name: string): Promise<{ playerId: string; name: string } | null> {
    return this.players.byNameKey(nameKey(name));
  }

  async follow(playerId: string, other: Omit<Tie, 'since'>, at: string): Promise<void> {
    const mine = this.of(this.follows, playerId, () => new Map<string, Tie>());
    if (!mine.has(other.playerId)) mine.set(other.playerId, { ...other, since: at });
  }

  async unfollow(playerId: string, otherId: string): Promise<void> {
    this.follows.get(playerId)?.delete(otherId);
  }

  async following(playerId: string): Promise<Tie[]> {
    return [...(this.follows.get(playerId)?.values() ?? [])].map((t) => ({ ...t })).sort(byName);
  }

  async block(playerId: string, other: Omit<Tie, 'since'>, at: string): Promise<void> {
    const mine = this.of(this.blocks, playerId, () => new Map<string, Tie>());
    if (!mine.has(other.playerId)) mine.set(other.playerId, { ...other, since: at });
    this.of(this.blockedBy, other.playerId, () => new Set<string>()).add(playerId);
    this.follows.get(playerId)?.delete(other.playerId);
  }

  async unblock(playerId: string, otherId: string): Promise<void> {
    this.blocks.get(playerId)?.delete(otherId);
    this.blockedBy.get(otherId)?.delete(playerId);
  }

  async blocked(playerId: string): Promise<Tie[]> {
    return [...(this.blocks.get(playerId)?.values() ?? [])].map((t) => ({ ...t })).sort(byName);
  }

  async barriers(playerId: string): Promise<Set<string>> {
    return new Set([...(this.blocks.get(playerId)?.keys() ?? []), ...(this.blockedBy.get(playerId) ?? [])]);
  }

  async createGroup(group: Group, founder: Omit<Tie, 'since'>): Promise<void> {
    if (this.groups.has(group.groupId)) throw new Error(`group ${group.groupId} exists`);
    this.groups.set(group.groupId, { ...group, members: 1 });
    this.memberships.set(group.groupId, new Map([[founder.playerId, { ...founder, since: group.createdAt }]]));
  }

  async group(groupId: string): Promise<Group | null> {
    const g = this.groups.get(groupId);
    return g ? { ...g } : null;
  }

  async joinGroup(groupId: string, member: Omit<Tie, 'since'>, at: string, max: number): Promise<GroupJoin> {
    const g = this.groups.get(groupId);
    const members = this.memberships.get(groupId);
    if (!g || !members) throw new Error(`no group ${groupId}`);
    if (members.has(member.playerId)) return 'already';
    if (g.members >= max) return 'full';
    members.set(member.playerId, { ...member, since: at });
    this.groups.set(groupId, { ...g, members: g.members + 1 });
    return 'joined';
  }

  async leaveGroup(groupId: string, playerId: string): Promise<boolean> {
    const g = this.groups.get(groupId);
    const members = this.memberships.get(groupId);
    if (!g || !members?.delete(playerId)) return false;
    this.groups.set(groupId, { ...g, members: g.members - 1 });
    return true;
  }

  async members(groupId: string): Promise<Tie[]> {
    return [...(this.memberships.get(groupId)?.values() ?? [])].map((t) => ({ ...t })).sort(byName);
  }

  async groupsOf(playerId: string): Promise<{ groupId: string; name: string }[]> {
    return [...this.memberships.entries()]
      .filter(([, members]) => members.has(playerId))
      .map(([groupId]) => ({ groupId, name: this.groups.get(groupId)!.name }))
      .sort(byName);
  }

  async vacation(playerId: string): Promise<Vacation | null> {
    const v = this.vacations.get(playerId);
    return v ? { ...v } : null;
  }

  async putVacation(playerId: string, vacation: Vacation): Promise<void> {
    this.vacations.set(playerId, { ...vacation });
  }
}
