/**
 * A tiny DOM helper instead of a framework: `h('button', { onclick, class: 'x' }, 'Label')`.
 * Screens re-render from the latest state; that is all this client needs.
 */
type Child = Node | string | number | null | undefined | false | Child[];
type Props = Record<string, unknown> & { class?: string; style?: string; dataset?: Record<string, string> };

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props | null = null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value as EventListener);
    else if (key === 'class') el.className = String(value);
    else if (key in el && key !== 'style' && key !== 'list') (el as unknown as Record<string, unknown>)[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

/** Replace a container's content, keeping keyboard focus on the element with the same `data-key` if there was one. */
export function replace(container: Element, ...children: Child[]): void {
  const focused =
    document.activeElement instanceof HTMLElement && container.contains(document.activeElement)
      ? document.activeElement.dataset.key
      : undefined;
  container.replaceChildren();
  append(container, children);
  if (focused) (container.querySelector(`[data-key="${CSS.escape(focused)}"]`) as HTMLElement | null)?.focus();
}
