/**
 * The one rule for every text a player chooses (names now; chat messages and profile texts
 * reuse it). Such text ends up in other players' screens, logs, e-mails and chat webhooks, so it
 * must be one line of visible text that cannot reorder or hide what is printed around it.
 *
 * In order: Unicode NFC; leading and trailing whitespace (spaces, tabs, line breaks) removed;
 * refused if it contains control characters (Cc, incl. tabs and line breaks inside), line or
 * paragraph separators (Zl, Zp), format characters (Cf: bidi overrides and isolates, zero-width
 * spaces, U+FEFF, soft hyphens…), private-use (Co), unpaired surrogates (Cs), noncharacters, or
 * the fillers that are letters or symbols by category but draw nothing (U+115F, U+1160, U+3164,
 * U+FFA0, U+2800, U+17B4, U+17B5); every run of spaces (any Zs, e.g. U+00A0, U+3000) becomes one
 * U+0020; at least one visible character is required (whitespace, combining marks and variation
 * selectors alone are not visible), and it may not start with a combining mark; at most
 * MAX_STACKED_MARKS nonspacing or enclosing marks (Mn, Me: accents, vowel points, variation
 * selectors, keycaps) on one character, so that no name or message draws over the lines above
 * and below it ("Zalgo" text) — enough for every script's real writing after NFC (Vietnamese
 * ễ is one code point; pointed Hebrew, Thai, Tibetan, Devanagari and Arabic put at most three
 * on a letter), while spacing marks (Mc, as in Myanmar and Indic vowel signs) take room of their
 * own and are not counted; then the length limit, in code points, after all of this.
 *
 * Two format characters are allowed where writing needs them: U+200C/U+200D (zero-width
 * non-joiner and joiner) between two visible characters (emoji sequences like 👩‍👩‍👧, Persian and
 * Indic scripts), and tag characters inside an emoji flag tag sequence (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
 */
import * as z from 'zod';

export interface TextRule {
  /** What the text is called at the start of a sentence, in the plural: 'Names', 'Chat messages'. */
  label: string;
  /** The most code points allowed, counted after normalisation. */
  max: number;
}

/** The most nonspacing or enclosing marks (Mn, Me) one character may carry. */
export const MAX_STACKED_MARKS = 3;

export type TextCheck = { ok: true; text: string } | { ok: false; message: string };

/** The rule for player names. */
export const NAME_RULE: TextRule = { label: 'Names', max: 32 };

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

const LINE_BREAK_OR_TAB = /[\t\n\v\f\r\u0085\u2028\u2029]/u;
const CONTROL = /\p{Cc}/u;
const FORMAT = /\p{Cf}/u;
const PRIVATE_USE = /\p{Co}/u;
const SURROGATE = /\p{Cs}/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Letters and symbols by category that draw nothing: the Hangul fillers, the braille blank, the Khmer inherent vowels Unicode says not to use. */
const FILLER = /[\u115F\u1160\u3164\uFFA0\u2800\u17B4\u17B5]/u;
const MARK = /\p{M}/u;
/** A character with every mark after it (marks after a mark belong to the same character). */
const WITH_MARKS = /(\P{M})(\p{M}+)/gu;
const STACKED = /[\p{Mn}\p{Me}]/gu;
const SPACE_RUN = /\p{Zs}+/gu;
const EDGE_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;
/** Draws something: not whitespace, not a combining mark, not a default-ignorable (joiners, variation selectors, tags). */
const VISIBLE = /[^\p{White_Space}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** An emoji tag sequence: black flag, tag characters, cancel tag (the flags of England, Scotland, Wales). */
const FLAG_TAGS = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
const JOINERS = new Set([0x200c, 0x200d]);

const isNoncharacter = (cp: number) => (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe;

/** May a joiner stand between these two neighbours: something (a letter, an emoji, a mark) before, and a letter or emoji after. */
function joins(before: string | undefined, after: string | undefined): boolean {
  if (before === undefined || after === undefined) return false;
  const solid = (c: string) => !/[\p{White_Space}\p{Cf}]/u.test(c);
  return solid(before) && solid(after) && !MARK.test(after);
}

/** The first refused character of an already trimmed, NFC text, as a sentence; null when none. */
function refusal(text: string, label: string): string | null {
  const tagged = new Set<number>();
  for (const m of text.matchAll(FLAG_TAGS)) for (let i = m.index + 2; i < m.index + m[0].length; i += 2) tagged.add(i);
  const chars = [...text];
  let offset = 0;
  for (let i = 0; i < chars.length; offset += chars[i]!.length, i++) {
    const c = chars[i]!;
    const cp = c.codePointAt(0)!;
    if (LINE_BREAK_OR_TAB.test(c)) return `${label} must fit on one line, without line breaks or tabs (found ${hex(cp)}).`;
    if (CONTROL.test(c)) return `${label} may not contain control characters (found ${hex(cp)}).`;
    if (FORMAT.test(c)) {
      if (JOINERS.has(cp) && joins(chars[i - 1], chars[i + 1])) continue;
      if (tagged.has(offset)) continue;
      return `${label} may not contain invisible formatting characters such as direction overrides or zero-width spaces (found ${hex(cp)}).`;
    }
    if (FILLER.test(c)) return `${label} may not contain characters that draw nothing (found ${hex(cp)}).`;
    if (PRIVATE_USE.test(c))
      return `${label} may not contain private-use characters, which look different on every device (found ${hex(cp)}).`;
    if (isNoncharacter(cp)) return `${label} may not contain Unicode noncharacters (found ${hex(cp)}).`;
  }
  return null;
}

/** The first character carrying more than MAX_STACKED_MARKS nonspacing or enclosing marks, with how many; null when none. */
function overStacked(text: string): { base: number; marks: number } | null {
  for (const [, base, marks] of text.matchAll(WITH_MARKS)) {
    const n = marks!.match(STACKED)?.length ?? 0;
    if (n > MAX_STACKED_MARKS) return { base: base!.codePointAt(0)!, marks: n };
  }
  return null;
}

/** Normalise a player-chosen text and check it against the rule: the text to store, or a sentence saying what to change. */
export function checkPlayerText(input: string, rule: TextRule): TextCheck {
  const { label, max } = rule;
  const tooLong = (text: string) => {
    const n = [...text].length;
    // Counted in code points: a bound a text cannot dodge, unlike graphemes (one letter can carry any number of marks).
    const hint = n > max * 4 || [...graphemes.segment(text)].length === n ? '' : '; some emoji count as several';
    return `${label} may be at most ${max} characters long (this one has ${n}${hint}).`;
  };
  // Bound the work before normalising: NFC never shrinks a text by more than a few times.
  if (input.length > max * 16) return { ok: false, message: tooLong(input) };
  // Unpaired surrogates first: NFC and trimming are only defined on well-formed text.
  const lone = SURROGATE.exec(input);
  if (lone)
    return { ok: false, message: `${label} must be valid Unicode text (found the unpaired surrogate ${hex(lone[0].charCodeAt(0))}).` };
  const trimmed = input.normalize('NFC').replace(EDGE_SPACE, '');
  const refused = refusal(trimmed, label);
  if (refused) return { ok: false, message: refused };
  const text = trimmed.replace(SPACE_RUN, ' ');
  if (!VISIBLE.test(text))
    return { ok: false, message: `${label} need at least one visible character: a letter, digit, punctuation mark or emoji.` };
  const first = text.codePointAt(0)!;
  if (MARK.test(String.fromCodePoint(first)))
    return {
      ok: false,
      message: `${label} may not start with a combining mark (found ${hex(first)}); put it after the letter it belongs to.`,
    };
  const stacked = overStacked(text);
  if (stacked)
    return {
      ok: false,
      message: `${label} may have at most ${MAX_STACKED_MARKS} combining marks (accents and the like) on one character (found ${stacked.marks} on ${hex(stacked.base)}).`,
    };
  if ([...text].length > max) return { ok: false, message: tooLong(text) };
  return { ok: true, text };
}

/** A zod schema for a player-chosen text: parses to the normalised text; a refusal is one custom issue carrying the sentence. */
export function playerText(rule: TextRule) {
  return z.string({ error: `${rule.label} must be text.` }).transform((input, ctx) => {
    const checked = checkPlayerText(input, rule);
    if (checked.ok) return checked.text;
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });
}
