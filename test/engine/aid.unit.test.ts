/**
 * The player aids (domain/games/<game>/aid.ts): shape, plain sentences for players, and numbers that
 * follow each game's data module.
 */
import { describe, expect, it } from 'vitest';
import type { AidSection, PlayerAid } from '../../domain/engine/aid';
import { AID as GOA_AID } from '../../domain/games/goa/aid';
import { DATA as GOA } from '../../domain/games/goa/data';
import { AID as NAV_AID } from '../../domain/games/navegador/aid';
import { DATA as NAV } from '../../domain/games/navegador/data';
import { AID as VDG_AID } from '../../domain/games/vasco-da-gama/aid';
import { DATA as VDG } from '../../domain/games/vasco-da-gama/data';

const aids: [string, PlayerAid, number][] = [
  ['vasco-da-gama', VDG_AID, 4],
  ['navegador', NAV_AID, 7],
  ['goa', GOA_AID, 7],
];

const sections = (aid: PlayerAid): AidSection[] => [...aid.turn, ...aid.actions, ...aid.end];
const text = (section: AidSection | undefined): string => (section ? section.lines.join(' ') : '');
const bySource = (list: AidSection[], source: string): AidSection | undefined => list.find((s) => s.source.includes(source));

describe('player aid', () => {
  it.each(aids)('of %s has a goal and turn, action and end sections', (_, aid, actions) => {
    expect(aid.goal.trim()).not.toBe('');
    expect(aid.turn.length).toBeGreaterThanOrEqual(2);
    expect(aid.actions.length).toBeGreaterThanOrEqual(actions);
    expect(aid.end.length).toBeGreaterThanOrEqual(1);
  });

  it.each(aids)('of %s names a rulebook source for every section and keeps 1 to 6 plain lines', (_, aid) => {
    for (const section of sections(aid)) {
      expect(section.title.trim(), section.title).not.toBe('');
      expect(section.source.trim(), section.title).not.toBe('');
      expect(section.lines.length, section.title).toBeGreaterThanOrEqual(1);
      expect(section.lines.length, section.title).toBeLessThanOrEqual(6);
    }
  });

  it.each(aids)('of %s speaks to players: no internal ids, no undefined values, whole sentences of at most 30 words', (_, aid) => {
    for (const line of [aid.goal, ...sections(aid).flatMap((s) => s.lines)]) {
      expect(line, line).not.toMatch(/\b[IV]+-\d\d\b/);
      expect(line, line).not.toMatch(/undefined|NaN|\[object/);
      expect(line, line).not.toMatch(/[*_`#]/);
      expect(line, line).toMatch(/[.!)]$/);
      expect(line.split(/\s+/).length, line).toBeLessThanOrEqual(30);
    }
  });

  it("Vasco da Gama's Recruiting lists the cost table of the data module, and Purchase Projects its prices", () => {
    const [, one, two, three, four] = VDG.recruitCostByColours.value;
    const recruiting = text(bySource(VDG_AID.actions, 'Recruiting'));
    expect(recruiting).toContain(`${one}, ${two}, ${three} or ${four} Reals for 1, 2, 3 or 4 colours`);
    expect(recruiting).toContain(`${VDG.captainCostPerSailor.value} Real for each Sailor`);
    const purchase = text(bySource(VDG_AID.actions, 'Purchase Projects'));
    expect(purchase).toContain(`for ${VDG.purchasePrices.value.one} Real, or 2 for ${VDG.purchasePrices.value.two} Reals`);
  });

  it('Navegador follows its data: sailing distances by phase, and the Navegador card only before its holder’s own turn (the ruling)', () => {
    const [one, two, three] = NAV.sailingRange.value;
    expect(text(bySource(NAV_AID.turn, 'Game phases'))).toContain(`up to ${one}, ${two} or ${three} borders`);
    expect(NAV.navegadorBeforeOwnTurn.source).toBe('ruling');
    const card = text(bySource(NAV_AID.turn, 'Navegador'));
    expect(card).toContain('before his own rondel turn');
    expect(card).not.toMatch(/any player.s turn/);
  });

  it("Goa's Found colony names the colonists each colony needs, from the data module", () => {
    const { quilon, cochin, madras, calicut } = GOA.colonistsNeeded.value;
    expect(text(bySource(GOA_AID.actions, 'Found colony'))).toContain(`${quilon}, ${cochin}, ${madras} or ${calicut} colonists`);
    expect(text(bySource(GOA_AID.actions, 'Tile auctions'))).toContain('the flag still brings its additional action card');
  });
});
