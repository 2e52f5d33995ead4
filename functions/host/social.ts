/**
 * Friends, blocks and groups (docs/protocol.md, Friends and groups): follow a player by id or
 * name, see who is online and how many of their games wait for their move; block a player —
 * never seated with you (Commands.joinGame asks `barriers`), never paired with you in a
 * tournament, their chat hidden from you (a block mutes them too); groups with an invite code,
 * their members' games waiting for players and their own leaderboard.
 */
import { randomBytes } from 'node:crypto';
import { findGame } from '../../domain/games/index';
import { ProtocolError, type ServerFrame } from '../core/protocol/frames';
import { FOLLOWS_MAX, GROUP_MEMBERS_MAX, type WaitingGame } from '../core/protocol/social-frames';
import { displayRating } from '../core/ratings';
import type { ConnectionStore } from '../stores/connections';
import type { PlayerGameStore } from '../stores/player-games';
import type { PlayerStore } from '../stores/players';
import type { RatingStore } from '../stores/ratings';
import type { SocialStore, Tie } from '../stores/social';

export interface SocialDeps {
  social: SocialStore;
  players: PlayerStore;
  connections: Pick<ConnectionStore, 'isOnline'>;
  playerGames: PlayerGameStore;
  ratings: Pick<RatingStore, 'current'>;
  now: () => Date;
  newGroupId: () => string;
}

type Someone = { playerId?: string; name?: string };

/** Whether a vacation is under way at `now`. */
export const awayAt = (v: { until: string } | null, now: Date): string | null =>
  v && Date.parse(v.until) > now.getTime() ? v.until : null;

export class Social {
  constructor(private readonly deps: SocialDeps) {}

  private at(): string {
    return this.deps.now().toISOString();
  }

  /** Another player, by id or by name; never oneself. */
  private async find(me: string, who: Someone, doing: string): Promise<Omit<Tie, 'since'>> {
    let found: { playerId: string; name: string } | null = null;
    if (who.playerId) {
      const name = await this.deps.players.playerName(who.playerId);
      found = name === null ? null : { playerId: who.playerId, name };
    } else if (who.name) found = await this.deps.social.playerByName(who.name);
    else throw new ProtocolError('BAD_REQUEST', `Say whom to ${doing}: a playerId or a name.`);
    if (!found) throw new ProtocolError('NOT_FOUND', `There is no player ${who.name ? `called “${who.name}”` : 'with that id'}.`);
    if (found.playerId === me) throw new ProtocolError('BAD_REQUEST', `You cannot ${doing} yourself.`);
    return found;
  }

  async follow(me: string, who: Someone): Promise<void> {
    const other = await this.find(me, who, 'follow');
    if ((await this.deps.social.barriers(me)).has(other.playerId)) {
      // Who blocked whom is said only to the one who did.
      const mine = (await this.deps.social.blocked(me)).some((b) => b.playerId === other.playerId);
      throw new ProtocolError('ILLEGAL', mine ? `You block ${other.name}: unblock them first.` : `You cannot follow ${other.name}.`);
    }
    if ((await this.deps.social.following(me)).length >= FOLLOWS_MAX)
      throw new ProtocolError('BAD_REQUEST', `You follow ${FOLLOWS_MAX} players, the most one may; unfollow someone first.`);
    await this.deps.social.follow(me, other, this.at());
  }

  unfollow(me: string, playerId: string): Promise<void> {
    return this.deps.social.unfollow(me, playerId);
  }

  /** Block a player, and mute them: their chat is hidden from you everywhere. */
  async block(me: string, who: Someone): Promise<void> {
    const other = await this.find(me, who, 'block');
    if ((await this.deps.social.blocked(me)).length >= FOLLOWS_MAX)
      throw new ProtocolError('BAD_REQUEST', `You block ${FOLLOWS_MAX} players, the most one may; unblock someone first.`);
    await this.deps.social.block(me, other, this.at());
    await this.deps.players.updateSettings(me, (r) => {
      const muted = r.muted ?? [];
      return muted.includes(other.playerId) ? null : { ...r, muted: [...muted, other.playerId] };
    });
  }

  /** Unblock a player: they may sit with you again, and their chat shows again. */
  async unblock(me: string, playerId: string): Promise<void> {
    await this.deps.social.unblock(me, playerId);
    await this.deps.players.updateSettings(me, (r) => {
      const muted = r.muted ?? [];
      return muted.includes(playerId) ? { ...r, muted: muted.filter((p) => p !== playerId) } : null;
    });
  }

  barriers(playerId: string): Promise<Set<string>> {
    return this.deps.social.barriers(playerId);
  }

  async friendsFrame(me: string, requestId?: string): Promise<ServerFrame> {
    const { social, connections, playerGames } = this.deps;
    const now = this.deps.now();
    const [following, blocked, groups] = await Promise.all([social.following(me), social.blocked(me), social.groupsOf(me)]);
    return {
      type: 'friends',
      requestId,
      following: await Promise.all(
        following.map(async (f) => {
          const [online, vacation, active] = await Promise.all([
            connections.isOnline(f.playerId),
            social.vacation(f.playerId),
            playerGames.playerGames(f.playerId, { limit: 50, part: 'active' }),
          ]);
          return {
            playerId: f.playerId,
            name: f.name,
            online,
            awayUntil: awayAt(vacation, now),
            turnsWaiting: active.games.filter((g) => g.yourTurn).length,
          };
        }),
      ),
      blocked: blocked.map((b) => ({ playerId: b.playerId, name: b.name })),
      groups,
    };
  }

  async createGroup(me: { playerId: string; name: string }, name: string): Promise<string> {
    const groupId = this.deps.newGroupId();
    await this.deps.social.createGroup(
      { groupId, name, createdBy: me, createdAt: this.at(), inviteCode: randomBytes(9).toString('base64url'), members: 1 },
      me,
    );
    return groupId;
  }

  private async groupOf(groupId: string) {
    const group = await this.deps.social.group(groupId);
    if (!group) throw new ProtocolError('NOT_FOUND', `There is no group ${groupId}.`);
    return group;
  }

  async joinGroup(me: { playerId: string; name: string }, groupId: string, code: string): Promise<void> {
    const group = await this.groupOf(groupId);
    if (code !== group.inviteCode)
      throw new ProtocolError('FORBIDDEN', 'That invite link is not this group’s (or it is out of date); ask a member for a new one.');
    const joined = await this.deps.social.joinGroup(groupId, me, this.at(), GROUP_MEMBERS_MAX);
    if (joined === 'full') throw new ProtocolError('GAME_FULL', `${group.name} has ${GROUP_MEMBERS_MAX} members, the most a group may.`);
  }

  async leaveGroup(me: string, groupId: string): Promise<void> {
    await this.groupOf(groupId);
    if (!(await this.deps.social.leaveGroup(groupId, me))) throw new ProtocolError('BAD_REQUEST', 'You are not a member of this group.');
  }

  /** A group as its members see it (others: its name and founder only). */
  async groupFrame(me: string, groupId: string, game = 'vasco-da-gama', requestId?: string): Promise<ServerFrame> {
    if (!findGame(game)) throw new ProtocolError('NOT_FOUND', `There is no game "${game}".`);
    const group = await this.groupOf(groupId);
    const members = await this.deps.social.members(groupId);
    const member = members.some((m) => m.playerId === me);
    const base = { type: 'group' as const, requestId, groupId, name: group.name, createdBy: group.createdBy, game };
    if (!member) return { ...base, youMember: false, inviteCode: null, members: [], waiting: [], leaderboard: [] };
    const [online, open, ratings] = await Promise.all([
      Promise.all(members.map((m) => this.deps.connections.isOnline(m.playerId))),
      Promise.all(members.map((m) => this.deps.playerGames.playerGames(m.playerId, { limit: 5, part: 'open' }))),
      this.deps.ratings.current(
        game,
        members.map((m) => m.playerId),
      ),
    ]);
    const waiting = new Map<string, WaitingGame>();
    for (const page of open)
      for (const g of page.games)
        if (g.seats.some((s) => s === null))
          waiting.set(g.gameId, {
            gameId: g.gameId,
            game: g.game,
            seats: g.seats.map((s) => (s ? { playerId: s.playerId, name: s.name, ...(s.bot ? { bot: s.bot } : {}) } : null)),
            updatedAt: g.updatedAt,
          });
    const rated = members
      .flatMap((m) => {
        const r = ratings.get(m.playerId);
        return r && r.games > 0 ? [{ playerId: m.playerId, name: m.name, rating: displayRating(r.ordinal), games: r.games }] : [];
      })
      .sort((a, b) => b.rating - a.rating);
    return {
      ...base,
      youMember: true,
      inviteCode: group.inviteCode,
      members: members.map((m, i) => ({ playerId: m.playerId, name: m.name, online: online[i]! })),
      waiting: [...waiting.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
      leaderboard: rated.map((r) => ({ ...r, rank: 1 + rated.filter((o) => o.rating > r.rating).length })),
    };
  }
}
