/**
 * A finished game, version by version, folded in the browser from its stored commits: step and
 * play controls, a slider with the rounds marked, a jump to any round, and (from the log) to the
 * moment a line was written.
 */
import type { StateFrame } from '../../../functions/core/protocol/frames';
import { applyCommit, type Commit, type GameRecord } from '../../../functions/core/record';
import { stateFrame } from '../../../functions/core/state-frame';
import type { App } from '../app';
import { h } from '../dom';
import { ROUND_LINE } from './game-log';

/** Time between two moves while playing. */
const PLAY_MS = 700;

export interface Replay {
  panel: Node;
  /** Show the board as it was when this log line (numbered over the game) was written. */
  showLine(line: number): void;
}

/**
 * `show(frame, replaying)`: draw this version (`replaying` false: the end, i.e. the live game).
 */
export async function replayPanel(app: App, frame: StateFrame, show: (f: StateFrame, replaying: boolean) => void): Promise<Replay> {
  const body = await app.api<{ commits: Commit[] }>(`/api/games/${encodeURIComponent(frame.gameId)}/replay`);
  const records: GameRecord[] = [];
  body.commits.reduce<GameRecord | null>((r, c) => {
    const next = applyCommit(r, c);
    records.push(next);
    return next;
  }, null);
  const last = records.length;
  /** The log line count (over the game) after each version, and the versions that open a round. */
  const ends = records.map((r) => r.logBase + r.log.length);
  const rounds = records.flatMap((r, i) => {
    const added = r.log.slice(Math.max(0, r.log.length - (ends[i]! - (ends[i - 1] ?? 0))));
    const opening = added.find((l) => ROUND_LINE.test(l));
    return opening ? [{ version: i + 1, label: opening.replace(/[:,].*$/, '') }] : [];
  });
  let at = last;
  let timer: ReturnType<typeof setInterval> | undefined;

  const label = h('output', { for: 'replay', 'aria-live': 'off' });
  const ticks = h(
    'datalist',
    { id: 'replay-rounds' },
    rounds.map((r) => h('option', { value: String(r.version), label: r.label })),
  );
  const slider = h('input', {
    id: 'replay',
    type: 'range',
    min: '1',
    max: String(last),
    value: String(last),
    list: 'replay-rounds',
    oninput: () => go(Number(slider.value)),
  });
  const play = h('button', { type: 'button', class: 'replay-play', onclick: () => (timer ? stop() : start()) }, 'Play');
  const jump = h(
    'select',
    { id: 'replay-round', 'aria-label': 'Jump to a round', onchange: () => jump.value && go(Number(jump.value)) },
    h('option', { value: '' }, 'Jump to…'),
    h('option', { value: '1' }, 'The start'),
    rounds.map((r) => h('option', { value: String(r.version) }, r.label)),
    h('option', { value: String(last) }, 'The end'),
  );

  /** "Move 12 of 40: Ana drops a disc in column 4": the move shown, by the last line it wrote. */
  const moveText = (version: number): string => {
    const record = records[version - 1]!;
    const wrote = ends[version - 1]! - (ends[version - 2] ?? 0);
    return `Move ${version} of ${last}${wrote > 0 && record.log.length ? `: ${record.log.at(-1)}` : ''}`;
  };

  function go(version: number): void {
    at = Math.min(Math.max(1, version), last);
    slider.value = String(at);
    label.textContent = moveText(at);
    const record = records[at - 1]!;
    show({ ...stateFrame(record, frame.you), legal: [] }, at !== last);
    if (at === last) stop();
  }
  function start(): void {
    if (at === last) go(1);
    play.textContent = 'Pause';
    timer = setInterval(() => go(at + 1), PLAY_MS);
  }
  function stop(): void {
    clearInterval(timer);
    timer = undefined;
    play.textContent = 'Play';
  }
  // The accessible name holds the visible text ("« First move"), the arrows only decorate.
  const step = (before: string, text: string, after: string, to: () => number) =>
    h(
      'button',
      {
        type: 'button',
        onclick: () => {
          stop();
          go(to());
        },
      },
      h('span', { 'aria-hidden': 'true' }, before),
      text,
      h('span', { class: 'visually-hidden' }, ' move'),
      h('span', { 'aria-hidden': 'true' }, after),
    );

  label.textContent = moveText(last);
  const panel = h(
    'div',
    { class: 'replay card', role: 'group', 'aria-labelledby': 'replay-title' },
    h('h2', { id: 'replay-title' }, 'Replay'),
    h(
      'div',
      { class: 'row' },
      step('« ', 'First', '', () => 1),
      step('‹ ', 'Previous', '', () => at - 1),
      play,
      step('', 'Next', ' ›', () => at + 1),
      step('', 'Last', ' »', () => last),
      jump,
    ),
    h('label', { for: 'replay', class: 'visually-hidden' }, 'Move'),
    slider,
    ticks,
    label,
  );
  return {
    panel,
    showLine(line: number): void {
      stop();
      const index = ends.findIndex((end) => end > line);
      go(index < 0 ? last : index + 1);
    },
  };
}
