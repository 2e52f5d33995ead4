/**
 * Leaving a game, on the game screen: "Resign…" while it is in play (asked twice: the second
 * step says what resigning does in this game, and it cannot be taken back), and for a finished
 * game "Hide from my list" (and showing it again).
 */
import type { ServerFrame, StateFrame } from '../../../functions/core/protocol/frames';
import type { App } from '../app';
import { h, replace } from '../dom';

export interface LeaveControls {
  node: HTMLElement;
  update(frame: StateFrame): void;
}

/** What resigning does here: the game ends when it says so, or when nobody else would be left playing. */
function resignEnds(frame: StateFrame): boolean {
  const resigned = frame.resigned ?? [];
  const othersPlaying = frame.seats.some((s, i) => i !== frame.you && s !== null && !s.bot && !resigned.includes(i));
  return frame.onResign === 'end' || !othersPlaying;
}

export function leaveControls(app: App, gameId: string): LeaveControls {
  const node = h('div', { class: 'leave' });
  let confirming = false;
  /** Set once the player hid or showed the finished game here. */
  let hidden = false;
  let frame: StateFrame | null = null;

  const request = async (action: string): Promise<ServerFrame> => {
    const answer = await app.conn!.request<ServerFrame>({ action, gameId });
    if (answer.type !== 'error') app.clearError();
    return answer;
  };
  const focus = (key: string) => (node.querySelector(`[data-key="${key}"]`) as HTMLElement | null)?.focus();

  const resign = async () => {
    const answer = await request('resign');
    if (answer.type === 'done') confirming = false;
    render();
  };
  const setHidden = async (hide: boolean) => {
    const answer = await request(hide ? 'hideGame' : 'unhideGame');
    if (answer.type === 'gameHidden') hidden = answer.hidden;
    render();
    focus(hidden ? 'unhide' : 'hide');
  };

  function render(): void {
    const f = frame;
    const you = f?.you ?? null;
    if (!f || you === null) return replace(node);
    const resigned = (f.resigned ?? []).includes(you);
    if (f.status === 'active' && !resigned) {
      const ends = resignEnds(f);
      return replace(
        node,
        confirming
          ? h(
              'div',
              { class: 'confirm', role: 'group', 'aria-labelledby': 'resign-question' },
              h(
                'p',
                { id: 'resign-question' },
                h('strong', null, 'Resign from this game?'),
                ' ',
                ends ? 'It ends here, and you finish last.' : 'A bot plays safe moves for your seat to the end, and you finish last.',
                ' This cannot be undone.',
              ),
              h(
                'button',
                { type: 'button', class: 'primary', dataset: { key: 'resign-yes' }, onclick: () => void resign() },
                'Yes, resign',
              ),
              h(
                'button',
                {
                  type: 'button',
                  dataset: { key: 'resign-no' },
                  onclick: () => {
                    confirming = false;
                    render();
                    focus('resign');
                  },
                },
                'Keep playing',
              ),
            )
          : h(
              'button',
              {
                type: 'button',
                dataset: { key: 'resign' },
                onclick: () => {
                  confirming = true;
                  render();
                  focus('resign-no');
                },
              },
              'Resign…',
            ),
      );
    }
    if (f.status === 'finished') {
      return replace(
        node,
        hidden
          ? [
              h('p', { class: 'muted' }, 'This game is hidden from your list of games.'),
              h('button', { type: 'button', dataset: { key: 'unhide' }, onclick: () => void setHidden(false) }, 'Show it in my list again'),
            ]
          : h('button', { type: 'button', dataset: { key: 'hide' }, onclick: () => void setHidden(true) }, 'Hide from my list'),
      );
    }
    replace(node, resigned ? h('p', { class: 'muted' }, 'You resigned; a bot plays your seat to the end.') : null);
  }

  // Only what the controls show decides whether they are drawn again (a move elsewhere leaves them be).
  let shown = '';
  return {
    node,
    update(next: StateFrame) {
      frame = next;
      const key = JSON.stringify([next.you, next.status, next.resigned, next.onResign, next.seats.map((s) => s?.bot ?? s?.playerId)]);
      if (key === shown) return;
      shown = key;
      render();
    },
  };
}
