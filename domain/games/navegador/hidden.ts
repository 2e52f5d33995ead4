/**
 * The parts of a Navegador state no seat sees — the prices in the face-down colony stacks, the
 * tokens removed at setup, the generator — dealt again from what everyone sees. The unseen
 * tokens of a good are its tokens minus those face up at explored regions and those players own;
 * the stacks keep their printed sizes. Nothing hidden is read, so two states that differ only
 * there give the same deal.
 */
import type { Rng } from '../../engine/rng';
import { cloneState } from './clone';
import { DATA, GOODS, REGIONS, type Good } from './data';
import type { NavState } from './types';

/** The colony tokens of a good that no one has seen (face down or removed), cheapest first. */
export function unseenTokens(s: NavState, good: Good): number[] {
  const seen = new Set<number>();
  for (const r of REGIONS) if (DATA.colonyStacks.value[r]?.[0] === good) for (const v of s.revealed[r] ?? []) seen.add(v);
  for (const p of s.seats) for (const c of p.colonies) if (c.good === good) seen.add(c.value);
  return DATA.colonyTokens.value[good].filter((v) => !seen.has(v));
}

/**
 * A copy of `s` with the hidden parts dealt again: `order` arranges each good's unseen tokens,
 * which then fill the unexplored stacks in board order, the one left over being the removed one.
 */
export function redeal(s: NavState, order: (tokens: number[]) => number[], generator: number): NavState {
  const out = cloneState(s);
  const removed: number[] = [];
  for (const good of GOODS) {
    const tokens = order(unseenTokens(s, good));
    for (const r of REGIONS) {
      const stack = DATA.colonyStacks.value[r];
      if (stack?.[0] !== good || !s.unexplored.includes(r)) continue;
      out.stacks[r] = tokens.splice(0, stack[1]);
    }
    removed.push(...tokens);
  }
  out.removedTokens = removed;
  out.rng = generator;
  return out;
}

/** A world the seat cannot tell from the real one, drawn from `rng`. */
export const determinize = (s: NavState, rng: Rng): NavState => redeal(s, (t) => rng.shuffle(t), rng.int(0x100000000));

/**
 * One fixed world for a bot that does not sample (the heuristic's look-ahead): the unseen tokens
 * dealt cheapest-first across the stacks in turn, so an explorer's bonus is an ordinary one.
 */
export function publicWorld(s: NavState): NavState {
  return redeal(
    s,
    (tokens) => {
      // Alternate from both ends so each stack gets a cheap and a dear token.
      const out: number[] = [];
      for (let lo = 0, hi = tokens.length - 1; lo <= hi; lo++, hi--) out.push(tokens[hi]!, ...(lo < hi ? [tokens[lo]!] : []));
      return out;
    },
    0,
  );
}
