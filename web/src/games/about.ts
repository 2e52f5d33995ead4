/**
 * A game's "about" list: its reconstructed numbers and its rulings, folded away under the board.
 * Its frames are lean (they leave the list out), so it comes from the rules data in the bundle.
 */
import { reconstructedNotes, type Sourced } from '../../../domain/engine/sourced';
import { h } from '../dom';

export function aboutEl(data: Readonly<Record<string, Sourced<unknown>>>): HTMLElement {
  const notes = reconstructedNotes(data);
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
