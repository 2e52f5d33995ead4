/**
 * Navegador's actions panel: what the player is doing now, their own Cruzados, workers and ships
 * always in view, and every legal command as a button in words with its price, grouped.
 */
import type { NavCommand } from '../../../../domain/games/navegador/commands';
import type { NavView } from '../../../../domain/games/navegador/view';
import type { StateFrame } from '../../../../functions/core/protocol/frames';
import { h } from '../../dom';
import { commandButton } from '../generic';
import type { UiContext } from '../ui';
import { commandLabel, cr, plural, prompt } from './labels';

const GROUPS: { title: string; types: NavCommand['type'][] }[] = [
  { title: 'Move on the rondel', types: ['useNavegador', 'move'] },
  { title: 'Pay for the extra fields', types: ['payShip'] },
  { title: 'Sail', types: ['moveShip'] },
  { title: 'Found colonies', types: ['foundColony'] },
  { title: 'Build', types: ['build'] },
  { title: 'Trade', types: ['trade'] },
  { title: 'Recruit', types: ['recruitWorkers', 'buildShips'] },
  { title: 'Take a privilege', types: ['takePrivilege'] },
  { title: 'Finish', types: ['done'] },
];

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
  const legal = frame.legal as NavCommand[];
  const you = frame.you;
  return h(
    'div',
    { class: 'nav-actions' },
    h('p', { class: 'nav-prompt' }, prompt(view, you, ctx.names)),
    you === null ? null : supplies(view, you),
    you === null
      ? null
      : GROUPS.map((g) => {
          const mine = legal.filter((c) => g.types.includes(c.type));
          if (!mine.length) return null;
          return h(
            'div',
            { class: 'nav-group', role: 'group', 'aria-label': g.title },
            h('h3', null, g.title),
            h(
              'div',
              { class: 'nav-buttons' },
              mine.map((c) => commandButton(c, commandLabel(c, view, you), ctx.send)),
            ),
          );
        }),
  );
}
