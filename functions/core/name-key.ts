/**
 * Names are unique among players, compared loosely: "Ana", "ana" and "ＡＮＡ" are one name, so a
 * returning player typing theirs on a new device is sent to sign in instead of being given a
 * second, empty account under the same name. The key folds compatibility forms (NFKC: full-width
 * letters, ligatures) and case; names are stored as typed (normalised by the name rule).
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();
}

/** What a player is told who types a name someone has (HTTP 409, CONFLICT). */
export function nameTaken(name: string): string {
  return `Someone already plays as "${name}". If that is you, sign in with your passkey, a link emailed to you or a code from a device where you are signed in; otherwise choose another name.`;
}
