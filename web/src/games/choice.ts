/**
 * Choices built on the board and confirmed once. A game names the parts each legal command is
 * made of ("project:2", "area:navigation", "crew:orange" twice…): the board's places carry those
 * names in `data-part`, the player clicks them in any order, and once the parts picked are exactly
 * one legal command, its consequence is shown with a Confirm button. Parts with no place on the
 * board are offered as a few buttons beside it. Pure: the game screen does the drawing.
 */
import type { StateFrame } from '../../../functions/core/protocol/frames';

export interface Choices {
  /** The parts a legal command is built from (a multiset: a part may repeat, e.g. two orange sailors). */
  parts(command: object, frame: StateFrame): string[];
  /** Words for a part: its button text when it has no place on the board, its tooltip when it has. */
  partText(part: string, frame: StateFrame, names: readonly string[]): string;
  /** What confirming does, in sentences: paid, gained, scored, lost, and any rule to heed. */
  consequence(command: object, frame: StateFrame, names: readonly string[]): string;
}

type Counts = Map<string, number>;

function counts(parts: readonly string[]): Counts {
  const m: Counts = new Map();
  for (const p of parts) m.set(p, (m.get(p) ?? 0) + 1);
  return m;
}

const within = (small: Counts, big: Counts) => [...small].every(([k, n]) => (big.get(k) ?? 0) >= n);
const same = (a: Counts, b: Counts) => a.size === b.size && within(a, b);

/** Where a selection stands against the legal commands. */
export interface ChoiceState {
  /** Parts that can be added (each legal command still reachable gains one more of them). */
  addable: Set<string>;
  /** How many of each part are picked. */
  picked: Counts;
  /** The legal command the picked parts make, if they make one. */
  complete: object | null;
  /** The picked parts in the order clicked (the words of "your choice so far"). */
  selected: readonly string[];
  /** The legal commands the picked parts still lead to. */
  reachable: { command: object; parts: Counts }[];
}

/** The legal commands with their parts, computed once per frame. */
export function partsOfLegal(choices: Choices, frame: StateFrame): { command: object; parts: Counts }[] {
  return frame.legal.map((command) => ({ command, parts: counts(choices.parts(command, frame)) }));
}

/** The state of `selected` against the legal commands; a selection no command contains is dropped. */
export function choiceState(legal: { command: object; parts: Counts }[], selected: readonly string[]): ChoiceState {
  let picked = counts(selected);
  let reachable = legal.filter((l) => within(picked, l.parts));
  if (reachable.length === 0) {
    selected = [];
    picked = new Map();
    reachable = legal;
  }
  const addable = new Set<string>();
  for (const l of reachable) for (const [k, n] of l.parts) if ((picked.get(k) ?? 0) < n) addable.add(k);
  const complete = selected.length ? (reachable.find((l) => same(l.parts, picked))?.command ?? null) : null;
  return { addable, picked, complete, selected, reachable };
}

/**
 * The parts that have no place on the board and are offered now: those of a command still in
 * reach whose places on the board are all picked (a trade's amounts once its good is picked; a
 * pass or a count at once).
 */
export function offPlaceParts(state: ChoiceState, onBoard: ReadonlySet<string>): string[] {
  const out = new Set<string>(state.selected.filter((p) => !onBoard.has(p)));
  for (const l of state.reachable) {
    if (![...l.parts].every(([k, n]) => !onBoard.has(k) || (state.picked.get(k) ?? 0) >= n)) continue;
    for (const [k, n] of l.parts) if (!onBoard.has(k) && (state.picked.get(k) ?? 0) < n) out.add(k);
  }
  return [...out];
}

/** Parts a new choice can start with (a place to click even while another choice is half made). */
export function startable(legal: { parts: Counts }[]): Set<string> {
  return new Set(legal.flatMap((l) => [...l.parts.keys()]));
}

/**
 * A click on a part: one more of it if that still leads to a legal command; all of it taken back
 * if it is picked; else it takes the place of the picked parts of its kind ("number:7" for
 * "number:5"), or starts a new choice when that leads nowhere.
 */
export function toggle(legal: { parts: Counts }[], state: ChoiceState, part: string): string[] {
  if (state.addable.has(part)) return [...state.selected, part];
  if (state.picked.has(part)) return state.selected.filter((p) => p !== part);
  const kind = part.split(':')[0];
  const swapped = [...state.selected.filter((p) => p.split(':')[0] !== kind), part];
  const wanted = counts(swapped);
  return legal.some((l) => within(wanted, l.parts)) ? swapped : [part];
}

/** The command `selected + part` completes, if it completes exactly one (a place's tooltip says what it would do). */
export function completedBy(legal: { command: object; parts: Counts }[], selected: readonly string[], part: string): object | null {
  const after = counts([...selected, part]);
  return legal.find((l) => same(l.parts, after))?.command ?? null;
}
