/**
 * The cursors of the public lists — the lobby's pages (`openGames`) and the leaderboards — which
 * anyone may read, so a cursor hides nothing; but it is a position the server handed out, and a
 * position made up by a client (an invented listing key; a leaderboard cursor claiming a million
 * entries came before, which would show made-up ranks) must be refused, as the protocol says.
 *
 * A cursor is `c1.<kid>.<position>.<mac>`: `position` the store's position (base64url), and `mac`
 * the first 16 bytes of HMAC-SHA256 (base64url) over the cursor before it and the name of the
 * list it pages (`openGames:goa`, `openGames:*`, `leaderboard:goa`), so a cursor of one list
 * (another game filter, another game's board, another kind of list) is no cursor of another.
 * The MAC's key is derived from the token key the kid names (its HMAC of CURSOR_KEY_LABEL),
 * so a cursor can never pass for a token or a link signed with that key, nor they for it.
 *
 * Keys rotate (core/key-set.ts): a cursor is checked with the key its kid names, so it keeps
 * working after a rotation as long as its key is kept in the set (at least RETIRED_KEEP_MS);
 * once the key is dropped it is refused like any other, and the client asks for the first page
 * again. Cursors do not expire otherwise: a position in a public list is no secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isKid } from './key-set';
import type { KeyLookup } from './session-token';

const PREFIX = 'c1';
const MAC_BYTES = 16;
const CURSOR_KEY_LABEL = 'caravela list cursor';

/** What signs and checks cursors: the token key set (adapters/signing-keys.ts `SigningKeys`). */
export interface CursorKeys {
  currentKey(): Promise<{ kid: string; secret: string }>;
  keyFor: KeyLookup;
}

/** Seals a list's positions into cursors, and opens only cursors sealed for that list. */
export interface ListCursors {
  seal(list: string, position: string): Promise<string>;
  /** The position a cursor holds, or null when the server did not give it for this list (edited, invented, another list's, its key dropped). */
  open(list: string, cursor: string): Promise<string | null>;
}

function mac(list: string, head: string, secret: string): string {
  const key = createHmac('sha256', secret).update(CURSOR_KEY_LABEL).digest();
  return createHmac('sha256', key)
    .update(JSON.stringify([list, head]))
    .digest()
    .subarray(0, MAC_BYTES)
    .toString('base64url');
}

export function sealCursor(list: string, position: string, kid: string, secret: string): string {
  const head = `${PREFIX}.${kid}.${Buffer.from(position, 'utf8').toString('base64url')}`;
  return `${head}.${mac(list, head, secret)}`;
}

export async function openCursor(list: string, cursor: string, keyOf: KeyLookup): Promise<string | null> {
  const parts = cursor.split('.');
  if (parts.length !== 4) return null;
  const [prefix, kid, position, given] = parts as [string, string, string, string];
  if (prefix !== PREFIX || !isKid(kid) || !/^[A-Za-z0-9_-]+$/.test(position)) return null;
  const secret = await keyOf(kid);
  if (!secret) return null;
  const expected = Buffer.from(mac(list, `${prefix}.${kid}.${position}`, secret));
  const got = Buffer.from(given);
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return null;
  return Buffer.from(position, 'base64url').toString('utf8');
}

/** Cursors sealed with the current key and opened with the key their kid names. */
export function listCursors(keys: CursorKeys): ListCursors {
  return {
    async seal(list, position) {
      const { kid, secret } = await keys.currentKey();
      return sealCursor(list, position, kid, secret);
    },
    open: (list, cursor) => openCursor(list, cursor, keys.keyFor),
  };
}
