/**
 * Component numbers tagged with where they come from (see GAME-DATA.md):
 * `rulebook` (stated in the official text), `example` (forced by a worked example), or
 * `reconstructed` (consistent with every rule and example, but printed nowhere we could read).
 * Rules code reads `.value`; views list every reconstructed item so players are told.
 */
export type Source = 'rulebook' | 'example' | 'reconstructed';

export interface Sourced<T> {
  readonly value: T;
  readonly source: Source;
  /** The rulebook sentence, the example's name, or why the reconstruction was chosen. */
  readonly note: string;
}

export const rulebook = <T>(value: T, note: string): Sourced<T> => ({ value, source: 'rulebook', note });
export const example = <T>(value: T, note: string): Sourced<T> => ({ value, source: 'example', note });
export const reconstructed = <T>(value: T, note: string): Sourced<T> => ({ value, source: 'reconstructed', note });

/** The notes of every reconstructed item in a data table, for a game's "about" view. */
export function reconstructedNotes(table: Readonly<Record<string, Sourced<unknown>>>): string[] {
  return Object.entries(table)
    .filter(([, item]) => item.source === 'reconstructed')
    .map(([name, item]) => `${name}: ${item.note}`);
}
