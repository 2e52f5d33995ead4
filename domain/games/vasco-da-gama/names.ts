/**
 * A project as players call it: by what its tile shows (crew, navigation limit, what it earns).
 * The ids ("I-04") are the data table's own and never shown; tiles that show the same are the same
 * to a player.
 */
import { plural } from '../../engine/words';
import { PROJECTS, type ProjectTile } from './data';

/** What a ship earns every Phase 3 while at a landing: "1 VP + 1 Real", or "" for nothing. */
export function rewardText(p: ProjectTile): string {
  return [p.vp ? `${p.vp} VP` : '', p.reals ? plural(p.reals, 'Real') : ''].filter(Boolean).join(' + ');
}

/** "crew-2 ship (limit 5)". */
export function shipWord(id: string): string {
  const p = PROJECTS[id];
  return p ? `crew-${p.crew} ship (limit ${p.limit})` : 'ship';
}

/** "the crew-2 ship (limit 5, earns 1 Real)": the whole tile, for a choice or a log line. */
export function projectName(id: string): string {
  const p = PROJECTS[id];
  if (!p) return 'a ship';
  const reward = rewardText(p);
  return `the crew-${p.crew} ship (limit ${p.limit}${reward ? `, earns ${reward}` : ''})`;
}
