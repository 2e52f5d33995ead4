/**
 * Follows, blocks, groups and vacations (SocialStore): a block seen from both sides and undone
 * from both, a follow dropped by a block, groups' member counts under their cap, players found
 * by name as names compare.
 */
import { describe, expect, it } from 'vitest';
import type { StoreKit, SuiteContext } from './kit';
import { at } from './kit';

export function socialStoreContract(kit: () => StoreKit, { id, person }: SuiteContext): void {
  describe('social ties', () => {
    it('follow and unfollow, list by name, and find a player by name however it is written', async () => {
      const { social, players } = kit().stores;
      // Names are unique in a store other suites share: this run's own.
      const [ana, bruno, carla] = ['Ana', 'Bruno', 'Carla'].map((n) => ({ ...person(`Tie${n}`), name: id(`tie-${n}`) }));
      for (const p of [ana!, bruno!, carla!]) await players.putPlayer(p.playerId, p.name);
      await social.follow(ana!.playerId, carla!, at);
      await social.follow(ana!.playerId, bruno!, at);
      await social.follow(ana!.playerId, bruno!, at);
      expect((await social.following(ana!.playerId)).map((t) => t.name)).toEqual([bruno!.name, carla!.name]);
      expect(await social.following(bruno!.playerId)).toEqual([]);
      await social.unfollow(ana!.playerId, bruno!.playerId);
      expect((await social.following(ana!.playerId)).map((t) => t.playerId)).toEqual([carla!.playerId]);
      expect(await social.playerByName(carla!.name.toUpperCase())).toEqual({ playerId: carla!.playerId, name: carla!.name });
      expect(await social.playerByName(id('Nobody'))).toBeNull();
    });

    it('hold a block on both sides, drop the blocker’s follow, and undo both sides on unblock', async () => {
      const { social } = kit().stores;
      const [ana, dario, eva] = [person('Alma'), person('Dario'), person('Eva')];
      await social.follow(ana.playerId, dario, at);
      await social.block(ana.playerId, dario, at);
      await social.block(eva.playerId, ana, at);
      expect(await social.following(ana.playerId)).toEqual([]);
      expect((await social.blocked(ana.playerId)).map((t) => t.name)).toEqual(['Dario']);
      expect(await social.barriers(ana.playerId)).toEqual(new Set([dario.playerId, eva.playerId]));
      expect(await social.barriers(dario.playerId)).toEqual(new Set([ana.playerId]));
      await social.unblock(ana.playerId, dario.playerId);
      expect(await social.barriers(dario.playerId)).toEqual(new Set());
      expect(await social.barriers(ana.playerId)).toEqual(new Set([eva.playerId]));
    });

    it('keep a group’s members and count, once each, under its cap; a member leaves once', async () => {
      const { social } = kit().stores;
      const [ana, bruno, carla] = [person('Ada'), person('Bento'), person('Celia')];
      const groupId = id('club');
      await social.createGroup({ groupId, name: 'Lisbon club', createdBy: ana, createdAt: at, inviteCode: 'c0ffee', members: 0 }, ana);
      expect(await social.joinGroup(groupId, bruno, at, 2)).toBe('joined');
      expect(await social.joinGroup(groupId, bruno, at, 3)).toBe('already');
      expect(await social.joinGroup(groupId, carla, at, 2)).toBe('full');
      expect(await social.group(groupId)).toMatchObject({ name: 'Lisbon club', members: 2, inviteCode: 'c0ffee' });
      expect((await social.members(groupId)).map((m) => m.name)).toEqual(['Ada', 'Bento']);
      expect(await social.groupsOf(bruno.playerId)).toEqual([{ groupId, name: 'Lisbon club' }]);
      expect(await social.leaveGroup(groupId, bruno.playerId)).toBe(true);
      expect(await social.leaveGroup(groupId, bruno.playerId)).toBe(false);
      expect(await social.group(groupId)).toMatchObject({ members: 1 });
      expect(await social.groupsOf(bruno.playerId)).toEqual([]);
      expect(await social.group(id('no-club'))).toBeNull();
    });

    it('keep a player’s latest vacation', async () => {
      const { social } = kit().stores;
      const ana = person('Vera');
      expect(await social.vacation(ana.playerId)).toBeNull();
      const v = { since: at, until: '2026-11-28T12:00:00.000Z', year: 2026, daysTaken: 7 };
      await social.putVacation(ana.playerId, v);
      expect(await social.vacation(ana.playerId)).toEqual(v);
      await social.putVacation(ana.playerId, { ...v, until: at, daysTaken: 1 });
      expect(await social.vacation(ana.playerId)).toMatchObject({ until: at, daysTaken: 1 });
    });
  });
}
