/**
 * A plain UI for a game that has no screen of its own yet (a game author's first step): its
 * view as a nested list and its legal commands as buttons, both in words made from the names
 * the module uses ("placeMarker" → "Place marker"), never as JSON.
 */
import { h } from '../dom';
import type { GameUi } from './ui';

export const commandButton = (command: object, label: string, send: (c: object) => void, extra: Record<string, unknown> = {}) =>
  h(
    'button',
    {
      type: 'button',
      class: 'action',
      dataset: { action: (command as { type?: string }).type ?? '', command: JSON.stringify(command) },
      onclick: () => send(command),
      ...extra,
    },
    label,
  );

/** "placeMarker" → "Place marker", "vpPerShip" → "Vp per ship". */
export function words(name: string): string {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** A command in words: its type, then each field ("Bid — amount 8"). */
export function commandText(command: object): string {
  const { type, ...fields } = command as Record<string, unknown>;
  const details = Object.entries(fields).map(
    ([k, v]) =>
      `${words(k).toLowerCase()} ${typeof v === 'object' && v !== null ? Object.values(v).map(valueText).join(', ') : valueText(v)}`,
  );
  return [words(String(type ?? 'act')), details.join(', ')].filter(Boolean).join(' — ');
}

function tree(value: unknown, depth = 0): Node | string {
  if (value === null || typeof value !== 'object') return valueText(value);
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '—';
  if (depth > 4) return `${entries.length} items`;
  return h(
    'ul',
    { class: 'generic-view' },
    entries.map(([k, v]) =>
      h('li', null, h('strong', null, Array.isArray(value) ? `${Number(k) + 1}. ` : `${words(k)}: `), tree(v, depth + 1)),
    ),
  );
}

export const genericUi: GameUi = {
  // Focusable: a wide view scrolls sideways, and keyboards must reach it.
  board: (frame) => h('div', { class: 'view', tabindex: '0', role: 'region', 'aria-label': 'Game' }, tree(frame.view)),
  actions: (frame, ctx) =>
    h(
      'div',
      { class: 'actions' },
      frame.legal.map((c) => commandButton(c as object, commandText(c as object), ctx.send)),
    ),
};
