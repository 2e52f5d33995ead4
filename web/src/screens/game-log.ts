/**
 * The game's log as a player reads it: numbered over the whole game, a rule above each new
 * round, each line starting with a capital; the lines since the player's own last move marked.
 * And the "since your last move" summary a player sees on coming back: those lines grouped by
 * round and by who acted.
 */
import type { StateFrame } from '../../../functions/core/protocol/frames';
import { h } from '../dom';
import { listWords } from '../words';

/** Lines that open a round (the games' own wording). */
export const ROUND_LINE = /^(Round \d+\b(?!.*\bends\b)|The fifth round is over)/;

const capital = (line: string) => line.charAt(0).toUpperCase() + line.slice(1);

/** Where the lines since the player's last move begin, if there are any by others. */
export function sinceLine(frame: StateFrame): number | null {
  const since = frame.sinceYourMove;
  if (!since || frame.logStart + frame.log.length <= since.line) return null;
  return since.line;
}

/** The log's items: `value` is the line's number over the whole game (so "show earlier lines" keeps the numbers). */
export function logItems(frame: StateFrame, marked: number | null, onPick?: (line: number) => void): Node[] {
  return frame.log.map((text, i) => {
    const line = frame.logStart + i;
    const isNew = marked !== null && line >= marked;
    const cls = [ROUND_LINE.test(text) ? 'round' : '', isNew ? 'since' : ''].filter(Boolean).join(' ');
    const content = [isNew ? h('span', { class: 'visually-hidden' }, 'New: ') : '', capital(text)];
    return h(
      'li',
      { value: String(line + 1), ...(cls ? { class: cls } : {}) },
      onPick
        ? h('button', { type: 'button', class: 'log-pick', title: 'Show the board at this line', onclick: () => onPick(line) }, ...content)
        : content,
    );
  });
}

interface Group {
  who: string;
  lines: string[];
}

/** Who a line is about: the seat name it starts with (the games' lines name the actor first). */
function actorOf(line: string, names: readonly string[]): string | null {
  // Longest first, so "Ana Maria" is not taken for "Ana".
  return [...names].sort((a, b) => b.length - a.length).find((n) => line.startsWith(n)) ?? null;
}

/** The lines since the player's last move, in rounds, each a run of lines by one actor. */
export function groupSince(lines: readonly string[], names: readonly string[]): { round: string | null; groups: Group[] }[] {
  const rounds: { round: string | null; groups: Group[] }[] = [{ round: null, groups: [] }];
  for (const line of lines) {
    if (ROUND_LINE.test(line)) {
      rounds.push({ round: capital(line), groups: [] });
      continue;
    }
    const who = actorOf(line, names) ?? 'The game';
    const groups = rounds.at(-1)!.groups;
    const last = groups.at(-1);
    if (last?.who === who) last.lines.push(capital(line));
    else groups.push({ who, lines: [capital(line)] });
  }
  return rounds.filter((r) => r.round !== null || r.groups.length);
}

/** The summary card, or null when nothing happened since the player's last move (or they never moved). */
export function sinceSummary(frame: StateFrame, names: readonly string[], dismiss: () => void): Node | null {
  const from = sinceLine(frame);
  if (from === null) return null;
  const lines = frame.log.slice(Math.max(0, from - frame.logStart));
  const missing = Math.max(0, frame.logStart - from);
  const rounds = groupSince(lines, names);
  const actors = [...new Set(rounds.flatMap((r) => r.groups.map((g) => g.who)).filter((w) => w !== 'The game'))];
  return h(
    'section',
    // Focusable: past 22rem it scrolls, and keyboards must reach it.
    { class: 'card since-summary', 'aria-labelledby': 'since-title', tabindex: '0', dataset: { since: String(from) } },
    h('h2', { id: 'since-title' }, 'Since your last move'),
    h(
      'p',
      { class: 'muted' },
      // Lines name who moved and who only received something (income, a bonus): say who they are about, not that all played.
      actors.length ? `What happened, in order: lines about ${listWords(actors)}.` : 'The game moved on.',
      missing ? ` The ${missing} earliest lines are not shown here.` : '',
    ),
    rounds.map((r) =>
      h(
        'div',
        { class: 'since-round' },
        r.round ? h('h3', null, r.round) : null,
        h(
          'ul',
          null,
          r.groups.map((g) =>
            h(
              'li',
              null,
              h('strong', null, g.who),
              h(
                'ul',
                null,
                g.lines.map((l) => h('li', null, l)),
              ),
            ),
          ),
        ),
      ),
    ),
    h('button', { type: 'button', onclick: dismiss }, 'Got it'),
  );
}
