/**
 * What no seat can see in Vasco da Gama, drawn again: the order of the face-down Vasco da Gama
 * tiles, of the merchant ships below the face-up one and of the three project decks, and the
 * generator that decides the bag's draws. Every seat sees the same table (nothing is private),
 * so one redraw serves them all.
 *
 * Which tiles lie face down follows from what is on the table (each tile is in exactly one
 * place), and so does the bag (each sailor is in a section, a supply or the bag): both are
 * rebuilt from the visible places, never read from the hidden ones, and listed in the data's
 * order before shuffling so that the hidden order cannot leak through.
 */
import type { Rng } from '../../engine/rng';
import { DATA, LANDINGS, SAILOR_COLOURS } from './data';
import type { Sailors, VdgState } from './types';

/** Tiles in sight or known to be gone: the row, São Gabriel, supplies, landings, face-up and removed tiles. */
function seenTiles(s: VdgState): Set<string> {
  const seen = new Set<string>(s.removed);
  for (const t of s.row) if (t) seen.add(t);
  if (s.saoGabriel) seen.add(s.saoGabriel);
  for (const p of s.seats) for (const t of [...p.projects, ...p.ships]) seen.add(t);
  for (const landing of LANDINGS) for (const ship of s.landings[landing]) if (ship) seen.add(ship.tile);
  if (s.merchant.faceUp) seen.add(s.merchant.faceUp);
  if (s.merchant.dealt) seen.add(s.merchant.dealt);
  return seen;
}

/** The bag's contents: every sailor not in a section or a player's supply. */
export function bagFromTable(s: VdgState): Sailors {
  const bag = {} as Sailors;
  for (const c of SAILOR_COLOURS) {
    let n = DATA.sailorsPerColour.value;
    for (const section of s.sections) n -= section[c];
    for (const p of s.seats) n -= p.sailors[c];
    bag[c] = n;
  }
  return bag;
}

/**
 * A state no seat can tell apart from `s`: the hidden parts replaced by a fresh draw from `rng`.
 * The visible parts are shared with `s`, not copied (`evolve` copies before it changes anything).
 */
export function redrawHidden(s: VdgState, rng: Rng): VdgState {
  if (s.phase === 'new') return s;
  const seen = seenTiles(s);
  const usedVdg = new Set(s.vdg.used);
  if (s.vdg.faceUp) usedVdg.add(s.vdg.faceUp);
  const vdgDeck = rng.shuffle(DATA.vdgTiles.value.map((t) => t.id).filter((t) => !usedVdg.has(t)));
  const merchantDeck = rng.shuffle(DATA.merchantTiles.value.map((t) => t.id).filter((t) => !seen.has(t)));
  const decks = ([1, 2, 3] as const).map((deck) =>
    rng.shuffle(DATA.projectTiles.value.filter((p) => p.deck === deck && !seen.has(p.id)).map((p) => p.id)),
  ) as VdgState['decks'];
  return {
    ...s,
    rng: rng.int(0x100000000),
    vdg: { ...s.vdg, deck: vdgDeck },
    merchant: { ...s.merchant, deck: merchantDeck },
    decks,
    bag: bagFromTable(s),
  };
}
