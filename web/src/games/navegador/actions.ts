/**
 * Navegador's actions panel: what the player is doing now and their own Cruzados, workers and
 * ships, always in view. The moves are made on the board and confirmed in the choice bar below
 * (choices.ts).
 */
import type { NavView } from '../../../../domain/games/navegador/view';
import type { StateFrame } from '../../../../functions/core/protocol/frames';
import { h } from '../../dom';
import type { UiContext } from '../ui';
import { cr, plural, prompt } from './labels';

function supplies(view: NavView, you: number): HTMLElement {
  const p = view.players[you]!;
  return h(
    'p',
    { class: 'nav-supplies', 'aria-label': 'Your supplies' },
    h('strong', null, cr(p.cash)),
    ` · ${plural(p.workers, 'worker')} · ${plural(p.supply, 'ship')} in supply, ${p.shipsAtSea} at sea · ${plural(p.colonies.length, 'colony', 'colonies')}`,
  );
}

export function actionsEl(frame: StateFrame, ctx: UiContext): HTMLElement {
  const view = frame.view as NavView;
  const you = frame.you;
  return h(
    'div',
    { class: 'nav-actions' },
    h('p', { class: 'nav-prompt' }, prompt(view, you, ctx.names)),
    you === null ? null : supplies(view, you),
  );
}
