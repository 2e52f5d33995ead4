/**
 * A game's rules help beside its board: the goal, how a turn goes, each action, the end and
 * scoring, each section with the rulebook section it comes from, then the rulings where the
 * rulebook leaves a question open. Folded away until asked for.
 */
import type { PlayerAid, AidSection } from '../../../domain/engine/aid';
import { rulings, type Sourced } from '../../../domain/engine/sourced';
import { h } from '../dom';

export interface RulesHelp {
  aid: PlayerAid;
  /** The game's data table: its rulings are listed with the help. */
  data: Readonly<Record<string, Sourced<unknown>>>;
}

const section = (s: AidSection) =>
  h(
    'section',
    { class: 'aid-section' },
    h('h4', null, s.title, ' ', h('span', { class: 'aid-source' }, `(rulebook: ${s.source})`)),
    h(
      'ul',
      null,
      s.lines.map((line) => h('li', null, line)),
    ),
  );

export function rulesHelpEl({ aid, data }: RulesHelp): HTMLElement {
  const open = rulings(data).map((r) => data[r.name]!);
  return h(
    'details',
    { class: 'card rules-help' },
    h('summary', null, 'How to play'),
    h('p', { class: 'aid-goal' }, aid.goal),
    h('h3', null, 'A round'),
    aid.turn.map(section),
    h('h3', null, 'The actions'),
    aid.actions.map(section),
    h('h3', null, 'The end and scoring'),
    aid.end.map(section),
    open.length
      ? [
          h('h3', null, 'Rulings: where the rulebook leaves it open'),
          h(
            'ul',
            { class: 'aid-rulings' },
            open.map((r) => h('li', null, r.note, r.where ? h('span', { class: 'aid-source' }, ` (rulebook: ${r.where})`) : null)),
          ),
        ]
      : null,
  );
}
