/** A game's "about" list: its reconstructed numbers and its rulings, folded away under the board. */
import { h } from '../dom';

export function aboutEl(notes: readonly string[]): HTMLElement {
  return h(
    'details',
    { class: 'game-about' },
    h('summary', null, 'About the numbers and rulings'),
    h(
      'ul',
      null,
      notes.map((note) => h('li', null, note)),
    ),
  );
}
