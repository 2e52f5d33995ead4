/**
 * A small line chart of a rating over a player's latest games, drawn as SVG (no chart library):
 * the rating after each game, a dot per game (hover shows its rating and date), the lowest and
 * highest values on the axis. To a screen reader it is one image with a sentence.
 */
import { DISPLAY_BASE, displayRating } from '../../../functions/core/ratings';
import { s, title } from '../svg';

export interface Point {
  at: string;
  rating: number;
}

const W = 320;
const H = 120;
const PAD = { left: 40, right: 10, top: 10, bottom: 22 };

/** A stored rating (an ordinal) on the players' scale: "1,625". */
const fmt = (ordinal: number) => displayRating(ordinal).toLocaleString('en');
/** A value already on the players' scale. */
const num = (n: number) => n.toLocaleString('en');
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

export function ratingChart(points: readonly Point[], gameTitle: string): SVGElement {
  const values = points.map((p) => displayRating(p.rating));
  // Bounds on multiples of 50, always with room, and 1,500 (a newcomer's rating) in view.
  const lo = Math.floor(Math.min(DISPLAY_BASE, ...values) / 50) * 50;
  let hi = Math.ceil(Math.max(...values, lo + 1) / 50) * 50;
  if (hi === lo) hi = lo + 50;
  const x = (i: number) =>
    PAD.left + (points.length === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (points.length - 1));
  const y = (v: number) => PAD.top + ((hi - v) * (H - PAD.top - PAD.bottom)) / (hi - lo);
  const first = points[0]!;
  const last = points.at(-1)!;
  const label =
    points.length === 1
      ? `${gameTitle} rating after one game: ${fmt(last.rating)}.`
      : `${gameTitle} rating over the last ${points.length} games, from ${fmt(first.rating)} to ${fmt(last.rating)}; lowest ${num(Math.min(...values))}, highest ${num(Math.max(...values))}.`;
  const grid = [...new Set([lo, hi, ...(lo < DISPLAY_BASE && hi > DISPLAY_BASE ? [DISPLAY_BASE] : [])])];
  return s(
    'svg',
    { class: 'rating-chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, preserveAspectRatio: 'xMidYMid meet' },
    grid.map((v) => [
      s('line', { class: v === DISPLAY_BASE ? 'grid zero' : 'grid', x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }),
      s('text', { class: 'axis', x: PAD.left - 4, y: y(v) + 3, 'text-anchor': 'end' }, num(v)),
    ]),
    s('text', { class: 'axis', x: PAD.left, y: H - 6, 'text-anchor': 'start' }, day(first.at)),
    points.length > 1 ? s('text', { class: 'axis', x: W - PAD.right, y: H - 6, 'text-anchor': 'end' }, day(last.at)) : null,
    points.length > 1
      ? s('polyline', { class: 'line', points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ') })
      : null,
    points.map((p, i) =>
      s(
        'circle',
        { class: 'point', cx: x(i), cy: y(values[i]!), r: i === points.length - 1 ? 4 : 2.5 },
        title(`${fmt(p.rating)} on ${day(p.at)}`),
      ),
    ),
  );
}

export const formatRating = fmt;
