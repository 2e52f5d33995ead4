/**
 * A small line chart of a rating over a player's latest games, drawn as SVG (no chart library):
 * the rating after each game, a dot per game (hover shows its rating and date), the lowest and
 * highest values on the axis. To a screen reader it is one image with a sentence.
 */
import { s, title } from '../svg';

export interface Point {
  at: string;
  rating: number;
}

const W = 320;
const H = 120;
const PAD = { left: 34, right: 10, top: 10, bottom: 22 };

const fmt = (n: number) => (Math.round(n * 10) / 10).toFixed(1).replace('-', '−');
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

export function ratingChart(points: readonly Point[], gameTitle: string): SVGElement {
  const values = points.map((p) => p.rating);
  // Bounds on multiples of 5, always with room, and 0 (a newcomer's rating) in view.
  const lo = Math.floor(Math.min(0, ...values) / 5) * 5;
  let hi = Math.ceil(Math.max(...values, lo + 1) / 5) * 5;
  if (hi === lo) hi = lo + 5;
  const x = (i: number) =>
    PAD.left + (points.length === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (points.length - 1));
  const y = (v: number) => PAD.top + ((hi - v) * (H - PAD.top - PAD.bottom)) / (hi - lo);
  const first = points[0]!;
  const last = points.at(-1)!;
  const label =
    points.length === 1
      ? `${gameTitle} rating after one game: ${fmt(last.rating)}.`
      : `${gameTitle} rating over the last ${points.length} games, from ${fmt(first.rating)} to ${fmt(last.rating)}; lowest ${fmt(Math.min(...values))}, highest ${fmt(Math.max(...values))}.`;
  const grid = [...new Set([lo, hi, ...(lo < 0 && hi > 0 ? [0] : [])])];
  return s(
    'svg',
    { class: 'rating-chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, preserveAspectRatio: 'xMidYMid meet' },
    grid.map((v) => [
      s('line', { class: v === 0 ? 'grid zero' : 'grid', x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }),
      s('text', { class: 'axis', x: PAD.left - 4, y: y(v) + 3, 'text-anchor': 'end' }, fmt(v)),
    ]),
    s('text', { class: 'axis', x: PAD.left, y: H - 6, 'text-anchor': 'start' }, day(first.at)),
    points.length > 1 ? s('text', { class: 'axis', x: W - PAD.right, y: H - 6, 'text-anchor': 'end' }, day(last.at)) : null,
    points.length > 1
      ? s('polyline', { class: 'line', points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ') })
      : null,
    points.map((p, i) =>
      s(
        'circle',
        { class: 'point', cx: x(i), cy: y(p.rating), r: i === points.length - 1 ? 4 : 2.5 },
        title(`${fmt(p.rating)} on ${day(p.at)}`),
      ),
    ),
  );
}

export const formatRating = fmt;
