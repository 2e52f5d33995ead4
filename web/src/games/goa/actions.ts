/**
 * Goa's actions panel: the question of the moment and one's own ducats, ships, colonists and
 * spices, always in view. The moves are made on the board and confirmed in the choice bar below
 * (choices.ts).
 */
import type { GoaView } from '../../../../domain/games/goa/view';
import type { StateFrame } from '../../../../functions/core/protocol/frames';
import { h } from '../../dom';
import type { UiContext } from '../ui';
import { ducats, plural, prompt } from './labels';

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

export function actionsEl(frame: StateFrame, ctx: UiContext): HTMLElement {
  const view = frame.view as GoaView;
  const you = frame.you;
  return h(
    'div',
    { class: 'goa-actions' },
    h('p', { class: 'goa-prompt' }, prompt(view, you, ctx.names)),
    you === null ? null : supplies(view, you),
  );
}
