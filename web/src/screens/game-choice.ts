/**
 * The choice bar of a game whose commands are built on the board (games/choice.ts): it makes
 * the board's places that can take the next part clickable (highlighted; the picked ones
 * pressed), offers the few parts that have no place on the board as buttons, and once the picked
 * parts make a legal command, says what it does, with Confirm and Cancel. Nothing is sent
 * before Confirm.
 */
import { cap } from '../../../domain/engine/words';
import type { StateFrame } from '../../../functions/core/protocol/frames';
import { h } from '../dom';
import { choiceState, completedBy, offPlaceParts, partsOfLegal, startable, toggle, type Choices } from '../games/choice';

/** Memory key of the parts picked, with the version they were picked at. */
const PICKED = 'choice';
/** At most this many parts off the board are buttons; beyond, the longest runs of one kind (amounts) are drop-down lists. */
const ROW = 5;

export interface ChoiceBarInput {
  frame: StateFrame;
  choices: Choices;
  board: HTMLElement;
  names: readonly string[];
  memory: Map<string, unknown>;
  rerender(): void;
  send(command: object): void;
}

/** Forget the parts picked (after a move is sent). */
export const clearChoice = (memory: Map<string, unknown>) => memory.delete(PICKED);

export function choiceBar({ frame, choices, board, names, memory, rerender, send }: ChoiceBarInput): HTMLElement | null {
  // Every place says what it is on hover, whoever's turn it is (a place that can be picked says more below).
  for (const el of board.querySelectorAll<HTMLElement | SVGElement>('[data-part]'))
    if (!el.getAttribute('title')) el.setAttribute('title', cap(choices.partText(el.dataset.part!.split(' ').at(-1)!, frame, names)));
  const yourTurn = frame.you !== null && frame.activeSeats.includes(frame.you) && frame.legal.length > 0;
  if (!yourTurn) {
    clearChoice(memory);
    return null;
  }
  const kept = memory.get(PICKED) as { version: number; selected: string[] } | undefined;
  const legal = partsOfLegal(choices, frame);
  const state = choiceState(legal, kept?.version === frame.version ? kept.selected : []);
  const fresh = startable(legal);
  const pick = (part: string) => {
    memory.set(PICKED, { version: frame.version, selected: toggle(legal, state, part) });
    rerender();
    requestAnimationFrame(() => keepInView(part));
  };
  const clear = () => {
    clearChoice(memory);
    rerender();
  };

  // A place may stand for several parts (a sea region is where a ship sails from, or to): a click takes the first that fits.
  const places = [...board.querySelectorAll<HTMLElement | SVGElement>('[data-part]')].map((el) => ({
    el,
    parts: el.dataset.part!.split(' '),
  }));
  const onBoard = new Set(places.flatMap((p) => p.parts));
  for (const { el, parts } of places) {
    const on = parts.some((p) => state.picked.has(p));
    const add = parts.find((p) => state.addable.has(p));
    const start = parts.find((p) => fresh.has(p));
    // Beside the places that add to the choice, those that start another one stay clickable, unmarked.
    const part = add ?? (on ? parts.find((p) => state.picked.has(p)) : start);
    if (part === undefined) continue;
    if (on) el.classList.add('part-on');
    if (add) el.classList.add('part-can');
    else if (!on) el.classList.add('part-alt');
    const would = completedBy(legal, add ? state.selected : [], part);
    const words = choices.partText(part, frame, names);
    el.setAttribute('role', 'button');
    el.setAttribute('tabindex', '0');
    el.setAttribute('aria-pressed', String(on));
    // A place that shows words is named by them (what a player sees is what a voice user says); the part's words describe it.
    if ((el.textContent ?? '').trim()) el.setAttribute('aria-description', words);
    else el.setAttribute('aria-label', words);
    el.setAttribute('title', would ? choices.consequence(would, frame, names) : cap(words));
    el.dataset.key = `part:${parts.join(' ')}`;
    el.addEventListener('click', () => pick(part));
    el.addEventListener('keydown', (e) => {
      const key = (e as KeyboardEvent).key;
      if (key === 'Enter' || key === ' ') {
        e.preventDefault();
        pick(part);
      }
    });
  }

  // Parts that have no place on the board: a few buttons (pass, give up, a count…); a long run of one kind (amounts) is a list to pick from.
  const kinds = new Map<string, string[]>();
  for (const part of offPlaceParts(state, onBoard)) {
    const kind = part.split(':')[0]!;
    kinds.set(kind, [...(kinds.get(kind) ?? []), part]);
  }
  const button = (part: string) =>
    h(
      'button',
      {
        type: 'button',
        class: `part-button${state.picked.has(part) ? ' part-on' : ''}`,
        'aria-pressed': String(state.picked.has(part)),
        dataset: { part, key: `part:${part}` },
        onclick: () => pick(part),
      },
      cap(choices.partText(part, frame, names)),
    );
  // Few enough buttons beside the board: the longest runs become lists until at most ROW buttons are left.
  const runs = [...kinds.values()];
  const listed = new Set<string[]>();
  let count = runs.reduce((n, list) => n + list.length, 0);
  for (const list of [...runs].sort((a, b) => b.length - a.length)) {
    if (count <= ROW || list.length < 3) break;
    listed.add(list);
    count -= list.length - 1;
  }
  const buttons = runs.map((list) => (listed.has(list) ? amountList(list) : list.map(button)));
  function amountList(list: string[]): HTMLElement {
    const chosen = list.find((p) => state.picked.has(p));
    return h(
      'select',
      {
        class: 'part-select',
        'aria-label': 'Choose',
        dataset: { key: `select:${list[0]}` },
        onchange: (e: Event) => {
          const value = (e.target as HTMLSelectElement).value;
          if (value) pick(value);
        },
      },
      chosen ? null : h('option', { value: '' }, 'Choose…'),
      list.map((part) =>
        h('option', { value: part, selected: part === chosen, dataset: { part } }, cap(choices.partText(part, frame, names))),
      ),
    );
  }
  const boardLeft = [...state.addable].some((p) => onBoard.has(p));
  const so = state.selected.length ? listParts(state.selected.map((p) => choices.partText(p, frame, names))) : '';
  const complete = state.complete;
  return h(
    'div',
    {
      class: `choice-bar${complete ? ' ready' : ''}${state.selected.length ? ' picking' : ''}`,
      role: 'group',
      'aria-label': 'Your choice',
    },
    complete
      ? [
          h('p', { class: 'consequence', 'aria-live': 'polite' }, choices.consequence(complete, frame, names)),
          boardLeft ? h('p', { class: 'muted choice-hint' }, 'Or add to it on the board.') : null,
          h(
            'div',
            { class: 'choice-buttons' },
            h(
              'button',
              {
                type: 'button',
                class: 'primary',
                dataset: { confirm: '', action: (complete as { type: string }).type, command: JSON.stringify(complete), key: 'confirm' },
                onclick: () => send(complete),
              },
              'Confirm',
            ),
            h('button', { type: 'button', dataset: { key: 'cancel' }, onclick: clear }, 'Cancel'),
          ),
        ]
      : state.selected.length
        ? [
            h('p', { class: 'choice-so-far' }, `Your choice so far: ${so}.`),
            h('p', { class: 'muted choice-hint' }, 'Pick the rest on the board: the highlighted places.'),
            h('div', { class: 'choice-buttons' }, h('button', { type: 'button', dataset: { key: 'cancel' }, onclick: clear }, 'Cancel')),
          ]
        : boardLeft
          ? h('p', { class: 'choice-hint' }, 'Choose on the board: the highlighted places. Nothing is sent before you confirm.')
          : null,
    buttons.length ? h('div', { class: 'choice-buttons' }, buttons) : null,
  );
}

/**
 * On a phone the choice bar is fixed at the bottom of the window: a place just picked that it
 * covers is scrolled up above it (the page has room below for that).
 */
function keepInView(part: string): void {
  const bar = document.querySelector<HTMLElement>('.choice-bar.picking');
  const el = document.querySelector<HTMLElement | SVGElement>(`.board [data-part~="${CSS.escape(part)}"].part-on`);
  if (!bar || !el || getComputedStyle(bar).position !== 'fixed') return;
  const over = el.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
  if (over > 0) window.scrollBy({ top: over + 12 });
}

/** The parts picked in words, a repeated part once with its count ("2 × orange sailor, section 1"). */
function listParts(words: string[]): string {
  const seen = new Map<string, number>();
  for (const w of words) seen.set(w, (seen.get(w) ?? 0) + 1);
  return [...seen].map(([w, n]) => (n > 1 ? `${n} × ${w}` : w)).join(', ');
}
