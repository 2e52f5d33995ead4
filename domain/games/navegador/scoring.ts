/** Final scoring: workers, ships at sea, each full 200 Cruzados, the five columns (with the King's privilege), and the tie-break. */
import { DATA, PRIVILEGES } from './data';
import { bestKingColumn, columnVp, rightOf, shipsAtSea } from './rules';
import type { NavScore, NavState } from './types';

export function finalScores(s: NavState): NavScore[] {
  const scores = s.seats.map((p, seat): NavScore => {
    const king = bestKingColumn(p);
    const columns = Object.fromEntries(PRIVILEGES.map((t) => [t, columnVp(p, t, king)])) as NavScore['columns'];
    const ships = shipsAtSea(s, seat);
    const cash = Math.floor(p.cash / DATA.vpPerWorkerShipAnd200.value.cash);
    const total = p.workers + ships + cash + PRIVILEGES.reduce((n, t) => n + columns[t], 0);
    return { seat, total, workers: p.workers, ships, cash, columns, king, rank: 0 };
  });
  // Ties go to the Navegador's holder, then to whoever would receive it next (to the right).
  const order: number[] = [];
  for (let seat = s.navegador.holder; order.length < s.players; seat = rightOf(s, seat)) order.push(seat);
  const better = (a: NavScore, b: NavScore) => a.total - b.total || order.indexOf(b.seat) - order.indexOf(a.seat);
  for (const score of scores) score.rank = 1 + scores.filter((o) => better(o, score) > 0).length;
  return scores;
}
