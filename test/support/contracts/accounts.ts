/**
 * Accounts (AccountStore): devices and passkeys of each player alone, refresh secrets rotated
 * with a grace for a lost answer, sign-in addresses, counts within an hour, and what works once:
 * codes, opened links, challenges — refused once used, or past their time.
 */
import { describe, expect, it } from 'vitest';
import type { NewDevice } from '../../../functions/stores/accounts';
import type { StoreKit, SuiteContext } from './kit';

export function accountStoreContract(kit: () => StoreKit, { id }: SuiteContext): void {
  const device = (deviceId: string, at = '2026-01-01T10:00:00.000Z'): NewDevice => ({
    deviceId,
    label: `Phone ${deviceId}`,
    method: 'name',
    createdAt: at,
    lastSeenAt: at,
    refreshHash: `hash-${deviceId}`,
  });
  const t = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 10, minutes));

  describe('accounts', () => {
    it("keep a player's devices, in the order of their ids, each player's apart", async () => {
      const accounts = kit().stores.accounts;
      const [ana, bo] = [id('acc-ana'), id('acc-bo')];
      await accounts.putDevice(ana, device('d-b'));
      await accounts.putDevice(ana, device('d-a'));
      await accounts.putDevice(ana, { ...device('d-a'), label: 'Another' }); // an id taken: the first stays
      await accounts.putDevice(bo, device('d-c'));
      expect(await accounts.getDevice(ana, 'd-a')).toEqual(device('d-a'));
      expect((await accounts.devices(ana)).map((d) => d.deviceId)).toEqual(['d-a', 'd-b']);
      expect(await accounts.devices(ana)).toEqual([device('d-a'), device('d-b')]);
      expect(await accounts.deviceExists(ana, 'd-b')).toBe(true);
      // Another player's device is not theirs.
      expect(await accounts.getDevice(ana, 'd-c')).toBeNull();
      expect(await accounts.deviceExists(ana, 'd-c')).toBe(false);
      expect(await accounts.deleteDevice(ana, 'd-c')).toBe(false);
      expect(await accounts.deviceExists(bo, 'd-c')).toBe(true);
      expect(await accounts.deleteDevice(ana, 'd-b')).toBe(true);
      expect(await accounts.deleteDevice(ana, 'd-b')).toBe(false);
      expect(await accounts.deviceExists(ana, 'd-b')).toBe(false);
      expect(await accounts.devices(id('acc-nobody'))).toEqual([]);
    });

    it('rotate a refresh secret with the current one, or once with the one before within the grace; a spent one is reused, a made-up one refused', async () => {
      const accounts = kit().stores.accounts;
      const p = id('acc-rot');
      const rotated = { outcome: 'rotated' };
      const refused = { outcome: 'refused' };
      await accounts.putDevice(p, device('d1'));
      expect(await accounts.rotateRefresh(p, 'd1', 'wrong', 'h2', t(1), t(-1))).toEqual(refused);
      expect(await accounts.rotateRefresh(p, 'd1', 'hash-d1', 'h2', t(1), t(-1))).toEqual(rotated);
      expect(await accounts.getDevice(p, 'd1')).toEqual({
        ...device('d1'),
        refreshHash: 'h2',
        previousHash: 'hash-d1',
        rotatedAt: t(1).toISOString(),
        lastSeenAt: t(1).toISOString(),
        usedHashes: [],
      });
      // The answer with h2 was lost: the old secret works once more within the grace (replaced after graceSince)…
      expect(await accounts.rotateRefresh(p, 'd1', 'hash-d1', 'h3', t(2), t(0))).toEqual(rotated);
      // …and only once, however soon: that use spends it and h2 (which it replaced), and a spent secret is a copy.
      const before = await accounts.getDevice(p, 'd1');
      expect(before).toEqual({
        ...device('d1'),
        refreshHash: 'h3',
        rotatedAt: t(2).toISOString(),
        lastSeenAt: t(2).toISOString(),
        usedHashes: ['hash-d1', 'h2'],
      });
      expect(await accounts.rotateRefresh(p, 'd1', 'hash-d1', 'h4', t(2), t(0))).toEqual({ outcome: 'reused', device: before });
      expect(await accounts.rotateRefresh(p, 'd1', 'h2', 'h4', t(2), t(0))).toEqual({ outcome: 'reused', device: before });
      expect(await accounts.getDevice(p, 'd1')).toEqual(before); // the store only tells; the caller signs the device out
      expect(await accounts.rotateRefresh(p, 'd1', 'h3', 'h4', t(9), t(5))).toEqual(rotated);
      expect(await accounts.rotateRefresh(p, 'd1', 'h4', 'h5', t(9), t(5))).toEqual(rotated);
      // The one before after its grace is spent too.
      expect(await accounts.rotateRefresh(p, 'd1', 'h4', 'h6', t(20), t(15))).toMatchObject({ outcome: 'reused' });
      expect(await accounts.getDevice(p, 'd1')).toMatchObject({
        refreshHash: 'h5',
        previousHash: 'h4',
        usedHashes: ['hash-d1', 'h2', 'h3'],
      });
      await accounts.deleteDevice(p, 'd1');
      expect(await accounts.rotateRefresh(p, 'd1', 'h5', 'h6', t(10), t(5))).toEqual(refused);
      expect(await accounts.getDevice(p, 'd1')).toBeNull();
    });

    it('decide concurrent refreshes with one token one after another: one rotates, one uses the grace, the rest find it spent', async () => {
      const accounts = kit().stores.accounts;
      const p = id('acc-race');
      await accounts.putDevice(p, device('d1'));
      const results = await Promise.all(['w', 'x', 'y', 'z'].map((n) => accounts.rotateRefresh(p, 'd1', 'hash-d1', n, t(1), t(0))));
      expect(results.map((r) => r.outcome).sort()).toEqual(['reused', 'reused', 'rotated', 'rotated']);
      const stored = (await accounts.getDevice(p, 'd1'))!;
      // The grace use spent the first rotation's secret too.
      expect(stored.usedHashes).toHaveLength(2);
      expect(stored.previousHash).toBeUndefined();
      expect(['w', 'x', 'y', 'z']).toContain(stored.refreshHash);
    });

    it("end a player's v1 token once and for good; a player who does not exist has none to end", async () => {
      const { accounts, players } = kit().stores;
      const p = id('acc-v1');
      await players.putPlayer(p, id('Vera'));
      expect(await accounts.v1Ended(p)).toBe(false);
      await accounts.endV1(p, t(1));
      await accounts.endV1(p, t(2));
      expect(await accounts.v1Ended(p)).toBe(true);
      expect(await players.playerName(p)).toBe(id('Vera')); // the profile stays as it was
      expect(await accounts.v1Ended(id('acc-other'))).toBe(false);
      await accounts.endV1(id('acc-nobody'), t(1));
      expect(await accounts.v1Ended(id('acc-nobody'))).toBe(false);
    });

    it("keep a device's sign-out notices, the newest first, from a time on", async () => {
      const accounts = kit().stores.accounts;
      const p = id('acc-notices');
      const notice = (deviceId: string, minute: number) =>
        ({ deviceId, label: `Phone ${deviceId}`, at: t(minute).toISOString(), reason: 'refreshReused' }) as const;
      await accounts.putSignOutNotice(p, notice('d1', 1));
      await accounts.putSignOutNotice(p, notice('d2', 3));
      await accounts.putSignOutNotice(id('acc-other'), notice('d3', 2));
      expect(await accounts.signOutNotices(p, t(0))).toEqual([notice('d2', 3), notice('d1', 1)]);
      expect(await accounts.signOutNotices(p, t(2))).toEqual([notice('d2', 3)]);
      expect(await accounts.signOutNotices(id('acc-nobody'), t(0))).toEqual([]);
    });

    it("keep a player's passkeys once each; a sign-in's counter moves only from the one it read", async () => {
      const accounts = kit().stores.accounts;
      const p = id('acc-keys');
      const key = (credentialId: string) => ({
        credentialId,
        publicKey: `pk-${credentialId}`,
        counter: 0,
        transports: ['internal'],
        label: `Key ${credentialId}`,
        createdAt: '2026-01-01T00:00:00.000Z',
      });
      expect(await accounts.putPasskey(p, key('k2'))).toBe(true);
      expect(await accounts.putPasskey(p, key('k1'))).toBe(true);
      expect(await accounts.putPasskey(p, { ...key('k1'), label: 'Again' })).toBe(false);
      expect(await accounts.passkeys(p)).toEqual([key('k1'), key('k2')]);
      expect(await accounts.getPasskey(id('acc-other'), 'k1')).toBeNull();
      expect(await accounts.usePasskey(p, 'k1', 0, 5, t(3))).toBe(true);
      expect(await accounts.usePasskey(p, 'k1', 0, 6, t(4))).toBe(false); // another sign-in got in first
      expect(await accounts.getPasskey(p, 'k1')).toEqual({ ...key('k1'), counter: 5, lastUsedAt: t(3).toISOString() });
      expect(await accounts.usePasskey(p, 'k9', 0, 1, t(4))).toBe(false);
      expect(await accounts.deletePasskey(p, 'k1')).toBe(true);
      expect(await accounts.deletePasskey(p, 'k1')).toBe(false);
      expect((await accounts.passkeys(p)).map((k) => k.credentialId)).toEqual(['k2']);
    });

    it('let the latest confirmation of an address sign its player in, or the first when asked only if nobody has it', async () => {
      const accounts = kit().stores.accounts;
      const email = `${id('mail')}@example.com`;
      expect(await accounts.emailAccount(email)).toBeNull();
      await accounts.setEmailAccount(email, id('acc-first'), true);
      await accounts.setEmailAccount(email, id('acc-second'), true);
      expect(await accounts.emailAccount(email)).toEqual({ playerId: id('acc-first') });
      expect(await accounts.emailAccount(email.toUpperCase())).toEqual({ playerId: id('acc-first') });
      await accounts.setEmailAccount(email, id('acc-second'));
      expect(await accounts.emailAccount(email)).toEqual({ playerId: id('acc-second') });
    });

    it('count sign-in links per address and codes per player within the window, refusing beyond it with the wait', async () => {
      const accounts = kit().stores.accounts;
      const email = `${id('count')}@example.com`;
      const p = id('acc-codes');
      const hour = 3_600_000;
      await accounts.setEmailAccount(email, p);
      expect(await accounts.countSignInEmail(email, 2, hour, t(0))).toEqual({ ok: true });
      expect(await accounts.countSignInEmail(email, 2, hour, t(10))).toEqual({ ok: true });
      expect(await accounts.countSignInEmail(email, 2, hour, t(20))).toEqual({ ok: false, retryAfterMs: 40 * 60_000 });
      expect(await accounts.countSignInEmail(email, 2, hour, t(61))).toEqual({ ok: true }); // the first left the window
      // The count leaves the address's player as it was.
      expect(await accounts.emailAccount(email)).toEqual({ playerId: p });
      expect(await accounts.countLinkCode(p, 1, hour, t(0))).toEqual({ ok: true });
      expect(await accounts.countLinkCode(p, 1, hour, t(30))).toEqual({ ok: false, retryAfterMs: 30 * 60_000 });
      expect(await accounts.countLinkCode(id('acc-other'), 1, hour, t(30))).toEqual({ ok: true });
    });

    it("count confirmation emails per address apart from its sign-in links, giving a stranger's address no account", async () => {
      const accounts = kit().stores.accounts;
      const email = `${id('confirm')}@example.com`;
      const hour = 3_600_000;
      expect(await accounts.countConfirmationEmail(email, 2, hour, t(0))).toEqual({ ok: true });
      expect(await accounts.countConfirmationEmail(email.toUpperCase(), 2, hour, t(5))).toEqual({ ok: true });
      expect(await accounts.countConfirmationEmail(email, 2, hour, t(10))).toEqual({ ok: false, retryAfterMs: 50 * 60_000 });
      expect(await accounts.countConfirmationEmail(`other-${email}`, 2, hour, t(10))).toEqual({ ok: true });
      expect(await accounts.countSignInEmail(email, 1, hour, t(10))).toEqual({ ok: true });
      expect(await accounts.countConfirmationEmail(email, 2, hour, t(61))).toEqual({ ok: true });
      // Counting is not having: the first player to confirm the address still gets it "only if nobody has it".
      const first = `${email}.first`;
      await accounts.countConfirmationEmail(first, 2, hour, t(0));
      expect(await accounts.emailAccount(first)).toBeNull();
      await accounts.setEmailAccount(first, id('acc-confirmed'), true);
      expect(await accounts.emailAccount(first)).toEqual({ playerId: id('acc-confirmed') });
    });

    it('count uses per network and kind of use, apart from each other', async () => {
      const accounts = kit().stores.accounts;
      const net = id('198.51.100');
      const hour = 3_600_000;
      expect(await accounts.countNetworkUse('deviceCodes', net, 2, hour, t(0))).toEqual({ ok: true });
      expect(await accounts.countNetworkUse('deviceCodes', net, 2, hour, t(1))).toEqual({ ok: true });
      expect(await accounts.countNetworkUse('deviceCodes', net, 2, hour, t(2))).toEqual({ ok: false, retryAfterMs: 58 * 60_000 });
      expect(await accounts.countNetworkUse('deviceCodes', `${net}.2`, 2, hour, t(2))).toEqual({ ok: true });
      expect(await accounts.countNetworkUse('passkeyChallenges', net, 2, hour, t(2))).toEqual({ ok: true }); // another use, its own count
      const burst = await Promise.all([1, 2, 3, 4, 5].map(() => accounts.countNetworkUse('deviceCodes', `${net}.3`, 3, hour, t(0))));
      expect(burst.filter((r) => r.ok)).toHaveLength(3);
    });

    it('count no more than the limit when many count at the same moment', async () => {
      const accounts = kit().stores.accounts;
      const p = id('acc-burst');
      const results = await Promise.all([1, 2, 3, 4, 5, 6].map(() => accounts.countLinkCode(p, 3, 3_600_000, t(0))));
      expect(results.filter((r) => r.ok)).toHaveLength(3);
    });

    it('mark a sign-in link used once', async () => {
      const accounts = kit().stores.accounts;
      const expires = t(15).getTime();
      expect(await accounts.markLinkUsed(id('nonce'), id('acc-link'), expires)).toBe(true);
      expect(await accounts.markLinkUsed(id('nonce'), id('acc-link'), expires)).toBe(false);
      expect(await accounts.markLinkUsed(id('nonce-2'), id('acc-link'), expires)).toBe(true);
    });

    it('hand a device code to one use while it is valid; past its time it says so; a code taken already is refused', async () => {
      const accounts = kit().stores.accounts;
      const [code, old] = [id('CODE').toUpperCase(), id('OLD').toUpperCase()];
      expect(await accounts.putDeviceCode(code, id('acc-coder'), 'Coder', t(10).getTime())).toBe(true);
      expect(await accounts.putDeviceCode(code, id('acc-other'), 'Other', t(10).getTime())).toBe(false);
      expect(await accounts.takeDeviceCode(code, t(9))).toEqual({ playerId: id('acc-coder'), name: 'Coder', expiresAt: t(10).getTime() });
      expect(await accounts.takeDeviceCode(code, t(9))).toBeNull(); // used
      await accounts.putDeviceCode(old, id('acc-coder'), 'Coder', t(10).getTime());
      expect(await accounts.takeDeviceCode(old, t(10))).toBe('expired');
      expect(await accounts.takeDeviceCode(old, t(11))).toBe('expired');
      expect(await accounts.takeDeviceCode(id('NEVER'), t(1))).toBeNull();
      // With the device that showed it.
      const shown = id('SHOWN').toUpperCase();
      await accounts.putDeviceCode(shown, id('acc-coder'), 'Coder', t(10).getTime(), 'dev-1');
      expect(await accounts.takeDeviceCode(shown, t(1))).toEqual({
        playerId: id('acc-coder'),
        name: 'Coder',
        expiresAt: t(10).getTime(),
        deviceId: 'dev-1',
      });
    });

    it('give one of many uses of a code at the same moment the code', async () => {
      const accounts = kit().stores.accounts;
      const code = id('RACE').toUpperCase();
      await accounts.putDeviceCode(code, id('acc-coder'), 'Coder', t(10).getTime());
      const taken = await Promise.all([1, 2, 3].map(() => accounts.takeDeviceCode(code, t(1))));
      expect(taken.filter((c) => c !== null && c !== 'expired')).toHaveLength(1);
    });

    it('take a challenge once while it is unexpired, with its purpose and player', async () => {
      const accounts = kit().stores.accounts;
      await accounts.putChallenge(id('ch-reg'), 'register', id('acc-reg'), t(5).getTime());
      await accounts.putChallenge(id('ch-in'), 'signin', undefined, t(5).getTime());
      await accounts.putChallenge(id('ch-old'), 'signin', undefined, t(5).getTime());
      expect(await accounts.takeChallenge(id('ch-reg'), t(4))).toEqual({
        purpose: 'register',
        playerId: id('acc-reg'),
        expiresAt: t(5).getTime(),
      });
      expect(await accounts.takeChallenge(id('ch-reg'), t(4))).toBeNull();
      expect(await accounts.takeChallenge(id('ch-in'), t(4))).toEqual({ purpose: 'signin', expiresAt: t(5).getTime() });
      expect(await accounts.takeChallenge(id('ch-old'), t(5))).toBeNull();
      expect(await accounts.takeChallenge(id('ch-never'), t(1))).toBeNull();
    });

    it("answer a player's name from their profile", async () => {
      const { accounts, players } = kit().stores;
      expect(await accounts.playerName(id('acc-named'))).toBeNull();
      await players.putPlayer(id('acc-named'), id('Acc named'));
      expect(await accounts.playerName(id('acc-named'))).toBe(id('Acc named'));
    });
  });
}
