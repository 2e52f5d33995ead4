/**
 * What a refresh does to a device's refresh secrets (hashed), decided in one place for every
 * store. The current secret rotates. The one before it may be used once more, within the grace
 * after it was replaced, for a client whose answer was lost; that use spends it and the
 * successor it was replaced by (which that client never received), so no one gets a second
 * grace and whoever held the successor is found out at their next refresh. A secret used
 * already — the one before after its grace, or one of the last few before it — is a replay: the
 * token was copied, so the device is signed out (the owner is told). A secret never given is a
 * plain refusal, so nobody can sign a device out by sending made-up tokens.
 */

/** Spent secrets remembered per device: a replay of an older one is refused, but not noticed. */
export const USED_KEPT = 8;

export interface RefreshSecrets {
  refreshHash: string;
  previousHash?: string;
  /** When `previousHash` was replaced (ISO). */
  rotatedAt?: string;
  /** Secrets spent before `previousHash`, the newest last. */
  usedHashes?: string[];
}

export type Rotation =
  | { outcome: 'rotated'; next: RefreshSecrets & { rotatedAt: string; usedHashes: string[] } }
  | { outcome: 'reused' }
  | { outcome: 'refused' };

export function rotate(device: RefreshSecrets, given: string, nextHash: string, at: Date, graceSince: Date): Rotation {
  const used = device.usedHashes ?? [];
  const keep = (spent: (string | undefined)[]) => [...used, ...spent.filter((h): h is string => h !== undefined)].slice(-USED_KEPT);
  const next = (previousHash: string | undefined, spent: (string | undefined)[]) => ({
    outcome: 'rotated' as const,
    next: { refreshHash: nextHash, ...(previousHash ? { previousHash } : {}), rotatedAt: at.toISOString(), usedHashes: keep(spent) },
  });
  if (given === device.refreshHash) return next(given, [device.previousHash]);
  // ISO times compare as strings.
  if (given === device.previousHash && (device.rotatedAt ?? '') > graceSince.toISOString())
    return next(undefined, [given, device.refreshHash]);
  if (given === device.previousHash || used.includes(given)) return { outcome: 'reused' };
  return { outcome: 'refused' };
}
