/**
 * `h` for SVG: `s('circle', { cx: 4, cy: 4, r: 3 })`. A board place that a legal command acts
 * on is made a button (`clickable`): focusable, named in words, activated by click, Enter or
 * Space, and carrying the command's `data-action` / `data-command` like every control.
 */
import { append } from './dom';

type Child = Node | string | number | null | undefined | false | Child[];
const NS = 'http://www.w3.org/2000/svg';

export function s(tag: string, attrs: Record<string, unknown> | null = null, ...children: Child[]): SVGElement {
  const el = document.createElementNS(NS, tag) as SVGElement;
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'dataset')
      for (const [k, v] of Object.entries(value as Record<string, string>))
        el.setAttribute(`data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, v);
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value as EventListener);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

/** Make an SVG group a button that sends `command` (an exact entry of `legal`). */
export function clickable(el: SVGElement, command: object, label: string, send: (c: object) => void): SVGElement {
  el.setAttribute('role', 'button');
  el.setAttribute('tabindex', '0');
  // The name starts with the words drawn on the place, so what a player sees is what a voice user says.
  const visible = Array.from(el.querySelectorAll('text, foreignObject'), (t) => t.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  el.setAttribute('aria-label', visible && !label.includes(visible) ? `${visible}: ${label}` : label);
  el.setAttribute('data-action', (command as { type: string }).type);
  el.setAttribute('data-command', JSON.stringify(command));
  el.classList.add('clickable');
  el.addEventListener('click', () => send(command));
  el.addEventListener('keydown', (e) => {
    const key = (e as KeyboardEvent).key;
    if (key === 'Enter' || key === ' ') {
      e.preventDefault();
      send(command);
    }
  });
  return el;
}

/** A `<title>` child: the name a pointer hover shows and a screen reader reads for a non-button shape. */
export const title = (text: string) => s('title', null, text);
