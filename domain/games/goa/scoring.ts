/** Final scoring: development rows, colonies, like expedition symbols, most money, single plantations, Duty, missions. */
import type { Seat } from '../../engine/contract';
import { CARDS, COLUMNS, DATA, SYMBOLS, TILES } from './data';
import type { GoaPlayer, GoaScore, GoaState } from './types';

export function scoreOf(p: GoaPlayer, seat: Seat, mostMoney: boolean): Omit<GoaScore, 'rank'> {
  const rows = COLUMNS.reduce((n, c) => n + DATA.rowVp.value[p.rows[c]]!, 0);
  const colonies = DATA.colonyVp.value[Object.keys(p.colonies).length]!;
  const symbols = SYMBOLS.reduce((n, sym) => n + DATA.symbolVp.value[p.hand.filter((id) => CARDS[id]!.symbol === sym).length]!, 0);
  const money = mostMoney ? DATA.mostMoneyVp.value : 0;
  const plantations = (p.plantations.filter((x) => x.fields === 1).length + p.keptSingles) * DATA.singlePlantationVp.value;
  const duty = p.dutyDone * DATA.dutyVp.value;
  const missions = p.tiles.filter((t) => t.kind === 'mission').reduce((n, t) => n + TILES[t.id]!.amount!, 0);
  const total = rows + colonies + symbols + money + plantations + duty + missions;
  return { seat, total, rows, colonies, symbols, money, plantations, duty, missions, ducats: p.ducats };
}

/** The part of a seat's score that every seat may see (no expedition cards, mission tiles or money). */
export function publicScoreOf(p: GoaPlayer, seat: Seat): number {
  const s = scoreOf(p, seat, false);
  return s.rows + s.colonies + s.plantations + s.duty;
}

/** Every seat's score, ranked by VP, then money; seats equal in both share a rank. */
export function finalScores(s: GoaState): GoaScore[] {
  const richest = Math.max(...s.seats.map((p) => p.ducats));
  const scores = s.seats.map((p, seat) => scoreOf(p, seat, p.ducats === richest));
  const better = (a: Omit<GoaScore, 'rank'>, b: Omit<GoaScore, 'rank'>) =>
    b.total > a.total || (b.total === a.total && b.ducats > a.ducats);
  return scores.map((x) => ({ ...x, rank: 1 + scores.filter((y) => better(x, y)).length }));
}
