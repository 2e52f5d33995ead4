/**
 * Initial setup (rulebook "Initial setup", steps 1–8): everything random about a new game is
 * drawn here and written into the GameSetUp event.
 */
import type { Seat } from '../../engine/contract';
import { Rng } from '../../engine/rng';
import { CHARACTERS, DATA, PLAYER_COLOURS, SAILOR_COLOURS, type CharacterId } from './data';
import type { VdgEvent } from './events';
import { emptySailors } from './rules';
import type { Sailors, VdgState } from './types';

/** Deal a round's 7 projects from the lowest deck that has any (I → II → III). */
export function dealProjects(decks: readonly string[][]): { saoGabriel: string | null; row: (string | null)[] } {
  const pile = decks.flat();
  const upper = DATA.upperProjectSpaces.value;
  const row = Array.from({ length: upper }, (_, i) => pile[i + 1] ?? null);
  return { saoGabriel: pile[0] ?? null, row };
}

/** Remove dealt tiles from the tops of the decks. */
export function removeDealt(decks: VdgState['decks'], dealt: readonly (string | null)[]): void {
  const gone = new Set(dealt.filter((t): t is string => t !== null));
  for (let d = 0; d < decks.length; d++) decks[d] = decks[d]!.filter((t) => !gone.has(t));
}

export function setupEvents(players: number, seed: number): VdgEvent[] {
  const rng = Rng.fromSeed(seed);
  // The player who travelled the farthest last year starts; online we draw the first player.
  const firstPlayer: Seat = rng.int(players);
  const holders = Object.fromEntries(CHARACTERS.map((c) => [c, null])) as Record<CharacterId, Seat | null>;
  const distribution = DATA.characterDistribution.value[players];
  if (!distribution) throw new Error(`Vasco da Gama is for 2 to 4 players, not ${players}`);
  distribution.forEach((c, i) => (holders[c] = (firstPlayer + i) % players));

  const [vdgFaceUp, ...vdgDeck] = rng.shuffle(DATA.vdgTiles.value.map((t) => t.id));
  // The Sernigi holder's ship is dealt before the merchant deck is formed and its top turned up.
  const [dealt, merchantFaceUp, ...merchantDeck] = rng.shuffle(DATA.merchantTiles.value.map((t) => t.id));
  const decks = ([1, 2, 3] as const).map((deck) =>
    rng.shuffle(DATA.projectTiles.value.filter((p) => p.deck === deck).map((p) => p.id)),
  ) as [string[], string[], string[]];
  const { saoGabriel, row } = dealProjects(decks);
  removeDealt(decks, [saoGabriel, ...row]);

  const bag = emptySailors();
  for (const c of SAILOR_COLOURS) bag[c] = DATA.sailorsPerColour.value;
  const sections: Sailors[] = Array.from({ length: DATA.sections.value }, () => emptySailors());
  for (let s = 0; s < Math.min(players, DATA.sections.value); s++) {
    for (let i = 0; i < DATA.sailorsPerSectionAtSetup.value; i++) {
      const colour = rng.drawFromCounts(bag, SAILOR_COLOURS)!;
      bag[colour]--;
      sections[s]![colour]++;
    }
  }

  return [
    {
      type: 'GameSetUp',
      players,
      colours: PLAYER_COLOURS.slice(0, players),
      firstPlayer,
      rng: rng.state,
      holders,
      vdg: { deck: vdgDeck, faceUp: vdgFaceUp! },
      merchant: { deck: merchantDeck, faceUp: merchantFaceUp!, dealt: dealt! },
      decks,
      row,
      saoGabriel: saoGabriel!,
      sections,
      bag,
    },
  ];
}
