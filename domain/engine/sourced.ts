/**
 * Component numbers tagged with where they come from: `rulebook` (stated in the official text),
 * `example` (forced by a worked example), `reconstructed` (consistent with every rule and example,
 * but printed nowhere we could read), or `ruling` (the text leaves a question open; the reading
 * this module plays by). Rules code reads `.value`; views list every reconstructed item and every
 * ruling so players are told; docs/games/<game>.md lists every item with its source
 * (`npm run docs:games` writes those tables from the data modules).
 */
export type Source = 'rulebook' | 'example' | 'reconstructed' | 'ruling';

export interface Sourced<T> {
  readonly value: T;
  readonly source: Source;
  /** The rulebook sentence, the example's name, or why the reconstruction was chosen. */
  readonly note: string;
  /**
   * Where in the rulebook (by its own section names): the section that states it, the worked
   * example that forces it, the rules and examples a reconstruction agrees with, or the passage
   * a ruling reads.
   */
  readonly where?: string;
}

const tag =
  (source: Source) =>
  <T>(value: T, note: string, where?: string): Sourced<T> => ({ value, source, note, ...(where === undefined ? {} : { where }) });

export const rulebook = tag('rulebook');
export const example = tag('example');
export const reconstructed = tag('reconstructed');
export const ruling = tag('ruling');

/** The notes of every reconstructed item and every ruling in a data table, for a game's "about" view. */
export function reconstructedNotes(table: Readonly<Record<string, Sourced<unknown>>>): string[] {
  return Object.entries(table)
    .filter(([, item]) => item.source === 'reconstructed' || item.source === 'ruling')
    .map(([, item]) => (item.source === 'ruling' ? `Ruling: ${item.note}` : item.note));
}

/** The rulings of a data table: where the rulebook is open, the reading played by. */
export const rulings = (table: Readonly<Record<string, Sourced<unknown>>>): { name: string; note: string }[] =>
  Object.entries(table).flatMap(([name, item]) => (item.source === 'ruling' ? [{ name, note: item.note }] : []));
