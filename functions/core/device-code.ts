/**
 * Device-link codes: 8 characters shown by a signed-in device and typed (or scanned as a link)
 * on a new one. The alphabet leaves out what reads alike (0/O, 1/I/L, U/V), so a code
 * read off a screen is typed right: 29^8 ≈ 5 × 10^11 codes, each valid for minutes and used once.
 */
import { randomInt } from 'node:crypto';

export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const CODE_LENGTH = 8;
/** How long a code works. */
export const CODE_SECONDS = 10 * 60;

export function newDeviceCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A typed code as stored (capitals, no spaces or dashes), or null when it cannot be one. */
export function normalizeDeviceCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== CODE_LENGTH) return null;
  for (const c of code) if (!CODE_ALPHABET.includes(c)) return null;
  return code;
}

/** As shown to people: two groups of four. */
export const showDeviceCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;
