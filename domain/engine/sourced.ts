/**
 * Component numbers tagged with where they come from (see GAME-DATA.md):
 * `rulebook` (stated in the official text), `example` (forced by a worked example),
 * `reconstructed` (consistent with every rule and example, but printed nowhere we could read), or
 * `ruling` (the text leaves a question open; the reading this module plays by).
 * Rules code reads `.value`; views list every reconstructed item and every ruling so players are told.
 */
export type Source = 'rulebook' | 'example' | 'reconstructed' | 'ruling';

export interface Sourced<T> {
  readonly value: T;
  readonly source: Source;
  /** The rulebook sentence, the example's name, or why the reconstruction was chosen. */
  readonly note: string;
}

export const rulebook = <T>(value: T, note: string): Sourced<T> => ({ value, source: 'rulebook', note });
export const example = <T>(value: T, note: string): Sourced<T> => ({ value, source: 'example', note });
export const reconstructed = <T>(value: T, note: string): Sourced<T> => ({ value, source: 'reconstructed', note });
export const ruling = <T>(value: T, note: string): Sourced<T> => ({ value, source: 'ruling', note });

/** The notes of every reconstructed item and every ruling in a data table, for a game's "about" view. */
export function reconstructedNotes(table: Readonly<Record<string, Sourced<unknown>>>): string[] {
  return Object.entries(table)
    .filter(([, item]) => item.source === 'reconstructed' || item.source === 'ruling')
    .map(([, item]) => (item.source === 'ruling' ? `Ruling: ${item.note}` : item.note));
}

/** The rulings of a data table: where the rulebook is open, the reading played by. */
export const rulings = (table: Readonly<Record<string, Sourced<unknown>>>): { name: string; note: string }[] =>
  Object.entries(table).flatMap(([name, item]) => (item.source === 'ruling' ? [{ name, note: item.note }] : []));
