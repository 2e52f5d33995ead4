/**
 * How many games wait for the player, in the tab: the title starts with "(N) Your turn" and the
 * favicon carries the number on a red badge, so a background tab says it at a glance.
 */
const ICON = (badge: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M4 22h24l-4 6H8z" fill="#7a4b21"/><path d="M15 3v18h2V3z" fill="#5a3515"/><path d="M17 5c6 3 8 9 7 15h-7z" fill="#f3ead7" stroke="#7a4b21"/><path d="M15 7c-5 3-7 8-6 13h6z" fill="#f3ead7" stroke="#7a4b21"/>${badge}</svg>`;

function badge(count: number): string {
  if (count <= 0) return '';
  const text = count > 9 ? '9+' : String(count);
  return `<circle cx="22" cy="10" r="10" fill="#b3261e"/><text x="22" y="14.5" font-family="sans-serif" font-size="${text.length > 1 ? 11 : 14}" font-weight="bold" fill="#fff" text-anchor="middle">${text}</text>`;
}

/** Set the favicon's badge (0: the plain caravel). */
export function showWaiting(count: number): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  // The page's own icon (inline in index.html, so a visit does not ask for it) is kept to come back to.
  const plain = (link.dataset.plain ??= link.getAttribute('href') ?? '');
  const href = count > 0 ? `data:image/svg+xml,${encodeURIComponent(ICON(badge(count)))}` : plain;
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}
