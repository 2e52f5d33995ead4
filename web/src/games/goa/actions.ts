/**
 * Goa's actions panel: the question of the moment and one's own ducats, ships, colonists and
 * spices, always in view. The moves are made on the board and confirmed in the choice bar below
 * (choices.ts).
 */
import type { GoaView } from '../../../../domain/games/goa/view';
import type { StateFrame } from '../../../../functions/core/protocol/frames';
import { h } from '../../dom';
import type { UiContext } from '../ui';
import { COLUMNS, COLUMN_NAMES, DATA } from '../../../../domain/games/goa/data';
import { capital, ducats, plural, prompt } from './labels';

function supplies(view: GoaView, you: number): HTMLElement {
  const p = view.players[you]!;
  const spices = [...p.plantations, ...Object.values(p.colonies)].reduce((n, x) => n + (x?.filled ?? 0), 0);
  return h(
    'p',
    { class: 'goa-supplies', 'aria-label': 'Your supplies' },
    h('strong', null, ducats(p.ducats ?? 0)),
    ` · ${plural(p.ships, 'ship')} · ${plural(p.colonists, 'colonist')} · ${plural(spices, 'spice')} · ${plural(p.handSize, 'card')} in hand`,
  );
}

/**
 * On the player's turn to act: the progress the board shows but they cannot make now, with what
 * it needs ("Colonists: clove and 1 ship"), so a column that is not offered says why.
 */
function progressOut(frame: StateFrame, view: GoaView, you: number): HTMLElement | null {
  if (view.stage !== 'actions' || view.acted || view.pending || !view.activeSeats.includes(you)) return null;
  const offered = new Set(frame.legal.flatMap((c) => (c.type === 'progress' ? [String(c.column)] : [])));
  const p = view.players[you]!;
  const out = COLUMNS.filter((c) => !offered.has(c) && p.rows[c] + 1 < DATA.rowVp.value.length).map((c) => {
    const spices = DATA.progressCost.value[c][p.rows[c]] ?? [];
    return `${capital(COLUMN_NAMES[c])} needs ${[...spices, plural(spices.length, 'ship')].join(', ')}`;
  });
  return out.length ? h('p', { class: 'goa-out muted' }, `Progress out of reach now: ${out.join('; ')}.`) : null;
}

export function actionsEl(frame: StateFrame, ctx: UiContext): HTMLElement {
  const view = frame.view as GoaView;
  const you = frame.you;
  return h(
    'div',
    { class: 'goa-actions' },
    h('p', { class: 'goa-prompt' }, prompt(view, you, ctx.names)),
    you === null ? null : supplies(view, you),
    you === null ? null : progressOut(frame, view, you),
  );
}
