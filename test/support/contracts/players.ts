/** Players (PlayerStore): profiles, and settings records written only over the revision they were read at. */
import { describe, expect, it } from 'vitest';
import { NO_RECORD, NO_SETTINGS, type SettingsRecord } from '../../../functions/core/notification';
import { ProtocolError } from '../../../functions/core/protocol/frames';
import { rejectsWith, type StoreKit, type SuiteContext } from './kit';

export function playerStoreContract(kit: () => StoreKit, { id }: SuiteContext): void {
  describe('players', () => {
    it('keep a new player and their name; an id taken already is refused and keeps its name', async () => {
      const players = kit().stores.players;
      const ana = id('Ana');
      expect(await players.playerName(id('p-ana'))).toBeNull();
      await players.putPlayer(id('p-ana'), ana);
      expect(await players.playerName(id('p-ana'))).toBe(ana);
      await expect(players.putPlayer(id('p-ana'), id('Impostor'))).rejects.toThrow();
      expect(await players.playerName(id('p-ana'))).toBe(ana);
    });

    it('refuse a name another player has, in any case or width, with CONFLICT and a way to sign in; nothing stored', async () => {
      const players = kit().stores.players;
      const name = id('Teodora Lima');
      await players.putPlayer(id('p-name-1'), name);
      // The same name as another device might type it: other case, full-width letters, a doubled space.
      for (const [i, twin] of [name.toUpperCase(), name.replace('T', '\uFF34'), name.replace(' ', '  ')].entries()) {
        const refused = await rejectsWith(players.putPlayer(id(`p-name-twin-${i}`), twin), 'CONFLICT');
        expect(refused.message).toMatch(/already plays as .* sign in/);
        expect(await players.playerName(id(`p-name-twin-${i}`))).toBeNull();
      }
      // Another name is free; the first player keeps theirs.
      await players.putPlayer(id('p-name-2'), `${name} II`);
      expect(await players.playerName(id('p-name-1'))).toBe(name);
    });

    it('have no settings before any are stored, then the record as written, one revision on', async () => {
      const players = kit().stores.players;
      const p = id('p-settings');
      expect(await players.getSettingsRecord(p)).toEqual(NO_RECORD);
      const record: SettingsRecord = {
        settings: { ...NO_SETTINGS, email: 'ana@example.com', quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Lisbon' } },
        confirmedEmail: 'ana@example.com',
        emailSince: 1000,
        confirmationsSent: [1000, 2000],
        rev: 0,
        muted: [id('p-noisy')],
        emailBlocked: { address: 'ana@example.com', kind: 'bounced', at: '2026-01-02T00:00:00.000Z', reason: 'smtp; 550 user unknown' },
      };
      const stored = await players.writeSettingsRecord(p, record);
      expect(stored).toEqual({ ...record, rev: 1 });
      expect(await players.getSettingsRecord(p, true)).toEqual({ ...record, rev: 1 });
      expect(await players.getSettings(p)).toEqual(record.settings);
      // An empty mute list and no address are not kept as such: they read back absent.
      await players.writeSettingsRecord(p, { ...record, rev: 1, muted: [], confirmedEmail: null, emailBlocked: undefined });
      expect(await players.getSettingsRecord(p, true)).toEqual({
        settings: record.settings,
        confirmedEmail: null,
        emailSince: 1000,
        confirmationsSent: [1000, 2000],
        rev: 2,
      });
    });

    it('write a settings record only over the revision it was read at', async () => {
      const players = kit().stores.players;
      const p = id('p-rev');
      const first = (await players.writeSettingsRecord(p, { ...NO_RECORD, settings: { ...NO_SETTINGS, email: 'a@example.com' } }))!;
      expect(first.rev).toBe(1);
      // Another first write, and a write over the old revision, lose: nothing changes.
      expect(await players.writeSettingsRecord(p, { ...NO_RECORD, settings: { ...NO_SETTINGS, email: 'b@example.com' } })).toBeNull();
      const second = await players.writeSettingsRecord(p, { ...first, settings: { ...NO_SETTINGS, email: 'c@example.com' } });
      expect(second?.rev).toBe(2);
      expect(await players.writeSettingsRecord(p, { ...first, settings: { ...NO_SETTINGS, email: 'd@example.com' } })).toBeNull();
      expect((await players.getSettingsRecord(p, true)).settings.email).toBe('c@example.com');
    });

    it('update settings that change at the same moment elsewhere without losing either change', async () => {
      const players = kit().stores.players;
      const p = id('p-race');
      const muters = [1, 2, 3, 4].map((n) => id(`p-muted-${n}`));
      await Promise.all(muters.map((m) => players.updateSettings(p, (r) => ({ ...r, muted: [...(r.muted ?? []), m] }))));
      const record = await players.getSettingsRecord(p, true);
      expect([...record.muted!].sort()).toEqual([...muters].sort());
      expect(record.rev).toBe(4);
    });

    it('write nothing when a change has nothing to change, or refuses', async () => {
      const players = kit().stores.players;
      const p = id('p-nothing');
      await players.putSettings(p, { ...NO_SETTINGS, webhook: { url: 'https://example.com/hook' } });
      const before = await players.getSettingsRecord(p, true);
      expect(before).toMatchObject({ settings: { webhook: { url: 'https://example.com/hook' } }, rev: 1 });
      expect(await players.updateSettings(p, () => null)).toEqual({ before, after: before });
      await expect(
        players.updateSettings(p, () => {
          throw new ProtocolError('BAD_REQUEST', 'no');
        }),
      ).rejects.toThrow('no');
      expect(await players.getSettingsRecord(p, true)).toEqual(before);
    });
  });
}
