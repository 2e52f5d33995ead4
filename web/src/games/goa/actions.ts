/**
 * Goa's actions panel: the question of the moment, one's own ducats, ships, colonists and spices
 * always in view, and every legal command as a button in words with its cost, grouped.
 */
import type { GoaCommand } from '../../../../domain/games/goa/commands';
import type { GoaView } from '../../../../domain/games/goa/view';
import type { StateFrame } from '../../../../functions/core/protocol/frames';
import { h } from '../../dom';
import { commandButton } from '../generic';
import type { UiContext } from '../ui';
import { commandLabel, ducats, plural, prompt } from './labels';

const GROUPS: { title: string; types: GoaCommand['type'][] }[] = [
  { title: 'Before the game', types: ['startWithDucats', 'startWithRows'] },
  { title: 'On the grid', types: ['placeFlag', 'placeMarker', 'swapWith'] },
  { title: 'Bid', types: ['bid', 'pass'] },
  { title: 'Take an action', types: ['progress', 'buildShips', 'harvest', 'taxes', 'expedition', 'foundColony'] },
  {
    title: 'Your choice',
    types: [
      'placeSpice',
      'removeSpice',
      'discardPlantation',
      'take',
      'drawCard',
      'recruitColonists',
      'abandonColony',
      'chooseColony',
      'chooseColumn',
      'spy',
      'done',
    ],
  },
  { title: 'Cards and tiles', types: ['playCard', 'useTile', 'discardCard'] },
  { title: 'Finish', types: ['extraAction', 'endTurn'] },
];

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
  const legal = frame.legal as GoaCommand[];
  const you = frame.you;
  return h(
    'div',
    { class: 'goa-actions' },
    h('p', { class: 'goa-prompt' }, prompt(view, you, ctx.names)),
    you === null ? null : supplies(view, you),
    you === null
      ? null
      : GROUPS.map((g) => {
          const mine = legal.filter((c) => g.types.includes(c.type));
          if (!mine.length) return null;
          return h(
            'div',
            { class: 'goa-group', role: 'group', 'aria-label': g.title },
            h('h3', null, g.title),
            h(
              'div',
              { class: `goa-buttons${g.title === 'Bid' ? ' goa-bids' : ''}` },
              mine.map((c) => commandButton(c, commandLabel(c, view, you, ctx.names), ctx.send)),
            ),
          );
        }),
  );
}
