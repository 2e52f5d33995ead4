/** Setup (rules "Set up" and the quick intro): shuffled hidden colony stacks, one token of each type removed, the first player by lot. */
import type { Seat } from '../../engine/contract';
import { Rng } from '../../engine/rng';
import { DATA, GOODS, PLAYER_COLOURS, REGIONS, type RegionId } from './data';
import type { NavEvent } from './events';

export function setupEvents(players: number, seed: number): NavEvent[] {
  const rng = Rng.fromSeed(seed);
  const startPlayer: Seat = rng.int(players);
  const stacks: Partial<Record<RegionId, number[]>> = {};
  const removedTokens: number[] = [];
  for (const good of GOODS) {
    const [removed, ...tokens] = rng.shuffle(DATA.colonyTokens.value[good]);
    removedTokens.push(removed!);
    for (const region of REGIONS) {
      const stack = DATA.colonyStacks.value[region];
      if (stack?.[0] === good) stacks[region] = tokens.splice(0, stack[1]);
    }
  }
  return [
    {
      type: 'GameSetUp',
      players,
      colours: PLAYER_COLOURS.slice(0, players),
      startPlayer,
      // The last player (to the right of the starting player) receives the Navegador.
      navegador: (startPlayer - 1 + players) % players,
      stacks,
      removedTokens,
      rng: rng.state,
    },
  ];
}
