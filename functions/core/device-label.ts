/**
 * What a device is called in its player's list: the label the client sends ("Chrome on
 * Android"), cleaned to one short line of visible text, else one made from the User-Agent.
 * Only the player sees it, so it is tidied rather than refused.
 */
export const LABEL_MAX = 64;

/** One line of visible text, at most LABEL_MAX code points; '' when nothing is left. */
export function cleanLabel(text: unknown): string {
  if (typeof text !== 'string') return '';
  const visible = text
    .normalize('NFC')
    .replace(/[\p{C}\u2028\u2029]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  return [...visible].slice(0, LABEL_MAX).join('').trim();
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrom(e|ium)\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Firefox on Windows" from a User-Agent header; "A browser" when it says nothing known. */
export function labelFromUserAgent(ua: string | undefined): string {
  const browser = BROWSERS.find(([re]) => re.test(ua ?? ''))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua ?? ''))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A device with ${system}` : 'A browser');
}

export function deviceLabel(given: unknown, userAgent: string | undefined): string {
  return cleanLabel(given) || labelFromUserAgent(userAgent);
}
