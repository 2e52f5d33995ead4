/**
 * The keys that sign tokens, as one secret: `{"current":"k1","keys":{"k0":"…","k1":"…"},
 * "legacy":"k0","retired":{"k0":"2026-05-01T10:00:00.000Z"}}`. New tokens are signed with the
 * current key and name its id (kid); a token is checked with the key its kid names, so a
 * rotation (a new current key) signs nobody out while the retired key is kept. `legacy` is the
 * key that signs and checks what carries no kid: v1 player tokens and email confirmation links.
 * A plain string — the secret before key ids existed — is one key, `k0`, current and legacy.
 */

export interface KeySet {
  current: string;
  keys: Record<string, string>;
  /** The key of tokens without a kid (v1 tokens, e1 links); absent once the operator dropped it. */
  legacy?: string;
  /** When each former current key was retired (ISO time): pruned a while after. */
  retired?: Record<string, string>;
}

/** The kid a plain-string secret's key gets. */
export const FIRST_KID = 'k0';
/** How long a retired key is kept at least: far beyond the 15 minutes an access token lives and the caches that still sign with it. */
export const RETIRED_KEEP_MS = 24 * 3_600_000;

const KID = /^[A-Za-z0-9_-]{1,32}$/;
const MIN_SECRET = 16;

export function isKid(kid: string): boolean {
  return KID.test(kid);
}

/** The key set a secret holds; throws with a sentence for the operator when it is malformed. */
export function parseKeySet(raw: string): KeySet {
  const text = raw.trim();
  if (!text.startsWith('{')) {
    if (text.length < MIN_SECRET) throw new Error(`the token secret is shorter than ${MIN_SECRET} characters`);
    return { current: FIRST_KID, keys: { [FIRST_KID]: text }, legacy: FIRST_KID };
  }
  let data: Partial<KeySet>;
  try {
    data = JSON.parse(text) as Partial<KeySet>;
  } catch {
    throw new Error('the token secret starts with { but is not JSON');
  }
  const keys = data.keys;
  if (!keys || typeof keys !== 'object') throw new Error('the token key set has no "keys" object');
  for (const [kid, secret] of Object.entries(keys)) {
    if (!isKid(kid)) throw new Error(`the key id ${JSON.stringify(kid)} is not 1 to 32 letters, digits, - or _`);
    if (typeof secret !== 'string' || secret.length < MIN_SECRET)
      throw new Error(`the key ${kid} is not a string of at least ${MIN_SECRET} characters`);
  }
  if (typeof data.current !== 'string' || !(data.current in keys)) throw new Error('the token key set\'s "current" names no key in "keys"');
  if (data.legacy !== undefined && !(data.legacy in keys)) throw new Error('the token key set\'s "legacy" names no key in "keys"');
  return {
    current: data.current,
    keys: { ...keys },
    ...(data.legacy ? { legacy: data.legacy } : {}),
    ...(data.retired ? { retired: { ...data.retired } } : {}),
  };
}

export function serializeKeySet(set: KeySet): string {
  return `${JSON.stringify(set, null, 2)}\n`;
}

/** The secret of tokens without a kid: the legacy key, else the current one. */
export function legacySecret(set: KeySet): string {
  return set.keys[set.legacy ?? set.current]!;
}

/** The next kid: k<n+1> after the highest k<n> in the set. */
export function nextKid(set: KeySet): string {
  const numbers = Object.keys(set.keys)
    .map((kid) => /^k(\d+)$/.exec(kid)?.[1])
    .filter(Boolean)
    .map(Number);
  return `k${Math.max(-1, ...numbers) + 1}`;
}

/**
 * A rotation: `secret` becomes the current key under a new kid, the former current key is
 * retired now, and keys retired more than RETIRED_KEEP_MS ago are dropped — except the legacy
 * key, unless `dropLegacy` (which signs out every v1 token not yet exchanged for a device).
 */
export function rotateKeySet(set: KeySet, secret: string, now: Date, options: { kid?: string; dropLegacy?: boolean } = {}): KeySet {
  const kid = options.kid ?? nextKid(set);
  if (!isKid(kid)) throw new Error(`the key id ${JSON.stringify(kid)} is not 1 to 32 letters, digits, - or _`);
  if (kid in set.keys) throw new Error(`the key id ${kid} is taken`);
  if (secret.length < MIN_SECRET) throw new Error(`a key needs at least ${MIN_SECRET} characters`);
  const retired = { ...set.retired, [set.current]: now.toISOString() };
  const legacy = options.dropLegacy ? undefined : set.legacy;
  const keys: Record<string, string> = { ...set.keys, [kid]: secret };
  for (const [old, at] of Object.entries(retired)) {
    if (old === legacy || now.getTime() - Date.parse(at) < RETIRED_KEEP_MS) continue;
    delete keys[old];
    delete retired[old];
  }
  return { current: kid, keys, ...(legacy ? { legacy } : {}), retired };
}
