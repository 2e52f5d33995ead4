/**
 * Small DOM pieces shared by the board and the panel: discs, colour chips, project cards and
 * the clickable "spot". Colour is never the only signal: every swatch comes with its word.
 */
import { h } from '../../dom';
import { s } from '../../svg';
import type { StateFrame } from '../../../../functions/core/protocol/frames';
import type { ProjectTile } from '../../../../domain/games/vasco-da-gama/data';
import type { Disc } from '../../../../domain/games/vasco-da-gama/types';
import type { VdgView } from '../../../../domain/games/vasco-da-gama/view';
import type { UiContext } from '../ui';
import { rewardText } from '../../../../domain/games/vasco-da-gama/names';

/** Everything a render function needs, computed once per render. */
export interface Rc {
  frame: StateFrame;
  view: VdgView;
  ctx: UiContext;
  you: number | null;
}

export function renderContext(frame: StateFrame, ctx: UiContext): Rc | null {
  const view = frame.view as VdgView | null;
  if (!view || !Array.isArray(view.players)) return null;
  return { frame, view, ctx, you: frame.you };
}

export function nameOf(rc: Rc, seat: number): string {
  return rc.ctx.names[seat] ?? rc.frame.seats[seat]?.name ?? `Seat ${seat + 1}`;
}

export function colourOf(rc: Rc, seat: number): string {
  return rc.view.players[seat]?.colour ?? 'none';
}

/** Text only screen readers get. */
export const sr = (text: string) => h('span', { class: 'vdg-sr' }, text);

/** A seat's colour swatch followed by its name. */
export function seatTag(rc: Rc, seat: number | null): HTMLElement {
  if (seat === null) return h('span', { class: 'vdg-seat-tag vdg-none' }, 'nobody');
  return h(
    'span',
    { class: `vdg-seat-tag vdg-seat-${colourOf(rc, seat)}` },
    h('span', { class: 'vdg-swatch', 'aria-hidden': 'true' }),
    `${nameOf(rc, seat)} (${colourOf(rc, seat)})`,
  );
}

/** An action disc with its Sequence Number: colour disc, number, and the seat's name in words. */
export function discEl(rc: Rc, d: Disc, extra = ''): HTMLElement {
  const called = rc.view.call?.number === d.number;
  return h(
    'span',
    { class: `vdg-disc vdg-seat-${colourOf(rc, d.seat)}${called ? ' vdg-called' : ''}${extra}`, dataset: { number: String(d.number) } },
    h('span', { class: 'vdg-disc-face' }, String(d.number)),
    h('span', { class: 'vdg-disc-name' }, nameOf(rc, d.seat)),
    sr(` (${colourOf(rc, d.seat)}${called ? ', being resolved now' : ''})`),
  );
}

/** Pieces drawn (beyond this, the count says the rest). */
const MAX_PIECES = 6;

/** A coloured chip that always carries its count and colour word: "3 orange", after the pieces themselves. */
export function chip(kind: string, count: number, word = kind): HTMLElement {
  const shown = Math.min(count, MAX_PIECES);
  const pieces = s(
    'svg',
    {
      class: 'vdg-pieces',
      viewBox: `0 0 ${shown * 9 + 3} 12`,
      width: String((shown * 9 + 3) * 1.15),
      height: '14',
      'aria-hidden': 'true',
      focusable: 'false',
    },
    Array.from({ length: shown }, (_, i) => s('circle', { cx: String(6 + i * 9), cy: '6', r: '4.6' })),
  );
  return h('span', { class: `vdg-chip vdg-crew-${kind}` }, pieces, `${count} ${word}`);
}

/** A small ship in a seat's colour (the merchant's brown when no seat owns it). */
export function shipPiece(): SVGElement {
  return s(
    'svg',
    { class: 'vdg-ship', viewBox: '0 0 24 20', width: '26', height: '22', 'aria-hidden': 'true', focusable: 'false' },
    s('path', { class: 'vdg-sail', d: 'M12 1 L12 12 L4 12 Z M13 3 L13 12 L20 12 Z' }),
    s('path', { class: 'vdg-hull', d: 'M1 13 L23 13 L19 19 L5 19 Z' }),
  );
}

/** Where a board place draws from, in the view (so the game screen can mark what changed). */
function pathOf(rc: Rc, key: string): string | undefined {
  const [kind, a, b] = key.split(':');
  const landing = rc.view.landings.findIndex((l) => l.id === a);
  switch (kind) {
    case 'area':
      return `areas.${a}`;
    case 'section':
      return `recruiting.sections.${a}`;
    case 'sailor':
      return `recruiting.sections.${a}.sailors.${b}`;
    case 'captains':
      return `players.${a}.captainsInRecruiting`;
    case 'bag':
      return 'recruiting.bag';
    case 'coin':
      return `coins.${a}`;
    case 'character':
      return `characters.${a}`;
    case 'project':
      return a === 'sg' ? 'projects.saoGabriel' : `projects.row.${a}`;
    case 'landing':
      return `landings.${landing}.complete`;
    case 'slot':
      return `landings.${landing}.slots.${b}`;
    default:
      return undefined;
  }
}

export function projectCard(p: ProjectTile, opts: { title?: string; launched?: boolean } = {}): HTMLElement {
  const reward = rewardText(p);
  return h(
    'span',
    { class: `vdg-card vdg-deck-${p.deck}${opts.launched ? ' vdg-launched' : ''}` },
    opts.title ? h('span', { class: 'vdg-card-title' }, opts.title) : null,
    h('span', { class: 'vdg-card-id' }, `${opts.launched ? 'Ship' : 'Project'} · deck ${['I', 'II', 'III'][p.deck - 1]}`),
    h('span', { class: 'vdg-card-stat' }, `Crew ${p.crew}`),
    h('span', { class: 'vdg-card-stat' }, `Limit ${p.limit}`),
    h('span', { class: 'vdg-card-stat' }, reward ? `Earns ${reward}` : 'No reward'),
  );
}

/**
 * A board place: it carries the name of the choice part it stands for (choices.ts), and the game
 * screen makes it clickable while that part can be picked.
 */
export function spot(rc: Rc, key: string, cls: string, ...children: (Node | string | null | false)[]): HTMLElement {
  const path = pathOf(rc, key);
  return h('div', { class: cls, dataset: { spot: key, part: key, ...(path ? { path } : {}) } }, ...children);
}
