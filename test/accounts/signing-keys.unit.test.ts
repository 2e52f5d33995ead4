/**
 * The token key set as an app holds it (functions/adapters/signing-keys.ts): read once and kept
 * for KEYS_TTL_MS; read again at once for a kid it does not know (so a token signed elsewhere
 * with a new key is not refused), but not more often than every few seconds; a failed read is
 * not kept, and a failed refresh leaves the set in hand serving.
 */
import { describe, expect, it } from 'vitest';
import { KEYS_TTL_MS, RETRY_AFTER_FAILURE_MS, SigningKeys } from '../../functions/adapters/signing-keys';

const set = (current: string, keys: Record<string, string>) => JSON.stringify({ current, keys, legacy: 'k0' });
const K0 = 'a-first-secret-long-enough';
const K1 = 'a-second-secret-long-enough';

/** A key set source whose text the test changes, counting reads, on a clock the test moves. */
function source(initial: string) {
  const s = { text: initial, reads: 0, fail: false, now: 1_000_000 };
  const keys = new SigningKeys(
    async () => {
      s.reads++;
      if (s.fail) throw new Error('throttled');
      return s.text;
    },
    () => s.now,
  );
  return { s, keys };
}

describe('the signing keys', () => {
  it('are read once and kept, then read again after KEYS_TTL_MS (a rotation reaches every container)', async () => {
    const { s, keys } = source(set('k0', { k0: K0 }));
    expect(await keys.currentKey()).toEqual({ kid: 'k0', secret: K0 });
    expect(await keys.legacySecret()).toBe(K0);
    expect(s.reads).toBe(1);
    s.text = set('k1', { k0: K0, k1: K1 });
    s.now += KEYS_TTL_MS - 1;
    expect((await keys.currentKey()).kid).toBe('k0');
    s.now += 2;
    expect(await keys.currentKey()).toEqual({ kid: 'k1', secret: K1 });
    expect(s.reads).toBe(2);
  });

  it('read again for an unknown kid, at most every few seconds', async () => {
    const { s, keys } = source(set('k0', { k0: K0 }));
    await keys.currentKey();
    s.text = set('k1', { k0: K0, k1: K1 });
    // Just read: an unknown kid is unknown (no read per forged token).
    expect(await keys.keyFor('k1')).toBeUndefined();
    expect(s.reads).toBe(1);
    s.now += 10_000;
    expect(await keys.keyFor('k1')).toBe(K1);
    expect(s.reads).toBe(2);
    expect(await keys.keyFor('k0')).toBe(K0);
    expect(s.reads).toBe(2);
  });

  it('do not keep a failed read: the next call reads again', async () => {
    const { s, keys } = source(set('k0', { k0: K0 }));
    s.fail = true;
    await expect(keys.currentKey()).rejects.toThrow(/throttled/);
    s.fail = false;
    expect(await keys.currentKey()).toEqual({ kid: 'k0', secret: K0 });
    expect(s.reads).toBe(2);
  });

  it('keep serving the set in hand when a refresh fails, and read again a few seconds later', async () => {
    const { s, keys } = source(set('k0', { k0: K0 }));
    await keys.currentKey();
    s.now += KEYS_TTL_MS + 1;
    s.fail = true;
    // Secrets Manager is throttled as the set expires: sign-ins go on with the set in hand.
    expect(await keys.currentKey()).toEqual({ kid: 'k0', secret: K0 });
    expect(await keys.legacySecret()).toBe(K0);
    expect(s.reads).toBe(2);
    s.now += RETRY_AFTER_FAILURE_MS - 1;
    expect(await keys.currentKey()).toEqual({ kid: 'k0', secret: K0 });
    expect(s.reads).toBe(2);
    // It is read again once the pause is over; a rotation made meanwhile arrives.
    s.fail = false;
    s.text = set('k1', { k0: K0, k1: K1 });
    s.now += 2;
    expect(await keys.currentKey()).toEqual({ kid: 'k1', secret: K1 });
    expect(s.reads).toBe(3);
  });

  it('share one read among concurrent callers', async () => {
    const { s, keys } = source(set('k0', { k0: K0 }));
    await Promise.all([keys.currentKey(), keys.legacySecret(), keys.keyFor('k0')]);
    expect(s.reads).toBe(1);
  });

  it('know only their own kids: a kid named like an Object.prototype member is unknown, not a crash', async () => {
    const { s, keys } = source(set('k0', { k0: K0 }));
    await keys.currentKey();
    s.now += 10_000;
    for (const kid of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) expect(await keys.keyFor(kid)).toBeUndefined();
  });
});
