/**
 * What changed on the board: the paths (`landings.2.slots.1.ship`, `players.0.reals`) where two
 * views of a game differ, with every ancestor of such a path. A game's board asks for the places
 * it draws (`ctx.changed('landings.2')`) and marks them.
 */
export function changedPaths(before: unknown, after: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (a: unknown, b: unknown, path: string): boolean => {
    if (a === b) return false;
    let differs: boolean;
    if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
      differs = false;
      const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
      for (const key of keys) {
        if (walk((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], path ? `${path}.${key}` : key)) differs = true;
      }
    } else differs = true;
    if (differs && path) out.add(path);
    return differs;
  };
  walk(before, after, '');
  return out;
}

/** Where the board stood when the player last moved, per game, kept in this browser. */
const KEY = (gameId: string) => `caravela.seen.${gameId}`;

export function saveSeen(gameId: string, version: number, view: unknown): void {
  try {
    localStorage.setItem(KEY(gameId), JSON.stringify({ version, view }));
  } catch {
    // Storage full or refused: the board simply marks nothing on return.
  }
}

export function loadSeen(gameId: string, version: number): unknown {
  try {
    const seen = JSON.parse(localStorage.getItem(KEY(gameId)) ?? 'null') as { version: number; view: unknown } | null;
    return seen?.version === version ? seen.view : undefined;
  } catch {
    return undefined;
  }
}
