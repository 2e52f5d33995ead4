/** A plain UI for any game: its view as text and its legal commands as buttons. */
import { h } from '../dom';
import type { GameUi } from './ui';

export const commandButton = (command: object, label: string, send: (c: object) => void, extra: Record<string, unknown> = {}) =>
  h('button', { type: 'button', class: 'action', dataset: { action: '', command: JSON.stringify(command) }, onclick: () => send(command), ...extra }, label);

export const genericUi: GameUi = {
  board: (frame) => h('pre', { class: 'view' }, JSON.stringify(frame.view, null, 2)),
  actions: (frame, ctx) => h('div', { class: 'actions' }, frame.legal.map((c) => commandButton(c as object, JSON.stringify(c), ctx.send))),
};
