/**
 * The game screen: who sits where (online, to act, bot), the invite link while seats are open,
 * the game's own board and actions, undo/resume/vote, the log, and for finished games a replay
 * slider that steps through every version.
 */
import { LOG_KEEP, type ServerFrame, type StateFrame } from '../../../functions/core/protocol/frames';
import { applyCommit, type Commit, type GameRecord } from '../../../functions/core/record';
import { stateFrame } from '../../../functions/core/state-frame';
import type { App } from '../app';
import { h, replace } from '../dom';
import { gameTitle, gameUi } from '../games/registry';
import type { UiContext } from '../games/ui';
import { enablePush } from './settings';

const ASKED = 'caravela.askedPush';

function seatList(frame: StateFrame): Node {
  return h(
    'ul',
    { class: 'seats' },
    frame.seats.map((s, i) =>
      h(
        'li',
        { class: `seat${frame.activeSeats.includes(i) ? ' active' : ''}`, dataset: { seat: String(i) } },
        h('span', { class: `dot ${s && (s.bot || frame.online.includes(i)) ? 'on' : 'off'}`, title: s?.bot ? 'bot' : frame.online.includes(i) ? 'online' : 'offline' }),
        h('span', { class: 'visually-hidden' }, s?.bot ? 'bot, ' : frame.online.includes(i) ? 'online, ' : 'offline, '),
        s ? s.name : h('em', null, 'open seat'),
        frame.you === i ? ' (you)' : '',
        frame.activeSeats.includes(i) ? h('span', { class: 'badge' }, 'to act') : '',
        frame.absent.includes(i) ? h('span', { class: 'badge warn' }, 'bot plays (out of time)') : '',
      ),
    ),
  );
}

function inviteBox(gameId: string, publicUrl: string | undefined): Node {
  const base = publicUrl ? `${publicUrl.replace(/\/$/, '')}/` : `${location.origin}${location.pathname}`;
  const link = `${base}#/join/${encodeURIComponent(gameId)}`;
  const input = h('input', { id: 'invite', readonly: true, value: link, onfocus: (e: Event) => (e.target as HTMLInputElement).select() });
  return h(
    'div',
    { class: 'invite card' },
    h('label', { for: 'invite' }, 'Invite link — whoever opens it takes a free seat'),
    input,
    h('button', { type: 'button', onclick: () => void navigator.clipboard?.writeText(link) }, 'Copy'),
  );
}

/** A finished game, version by version, folded in the browser from its stored commits. */
async function replayPanel(app: App, frame: StateFrame, render: (f: StateFrame) => void): Promise<Node> {
  const body = await app.api<{ commits: Commit[] }>(`/api/games/${encodeURIComponent(frame.gameId)}/replay`);
  const records: GameRecord[] = [];
  body.commits.reduce<GameRecord | null>((r, c) => {
    const next = applyCommit(r, c);
    records.push(next);
    return next;
  }, null);
  const label = h('output', { for: 'replay' }, `Version ${frame.version} of ${records.length}`);
  const slider = h('input', {
    id: 'replay',
    type: 'range',
    min: '1',
    max: String(records.length),
    value: String(records.length),
    oninput: () => {
      const record = records[Number(slider.value) - 1]!;
      label.textContent = `Version ${record.version} of ${records.length}`;
      render({ ...stateFrame(record, frame.you), legal: [] });
    },
  });
  return h('div', { class: 'replay card' }, h('label', { for: 'replay' }, 'Replay'), slider, label);
}

export function gameScreen(app: App, gameId: string): Node {
  const conn = app.conn!;
  const memory = new Map<string, unknown>();
  const header = h('div', { class: 'game-head' });
  const board = h('div', { class: 'board' });
  const actions = h('div', { class: 'actions-panel', 'aria-label': 'Your actions' });
  const extras = h('div', { class: 'extras' });
  const log = h('ol', { class: 'log', 'aria-label': 'Game log' });
  const earlier = h('div');
  const replay = h('div');
  const root = h('section', { class: 'game', 'data-screen': 'game', dataset: { gameId } }, header, extras, board, actions, replay, h('details', { class: 'card', open: true }, h('summary', null, 'Log'), earlier, log));
  let busy = false;
  let replaying = false;

  const act = async (frame: ServerFrame) => {
    if (frame.type === 'error') app.error(frame.message);
    else app.clearError();
  };

  /**
   * The sensible moment to ask for notifications: right after the player's own move, when the
   * game goes on without them. Asked once per browser; the settings screen can always do it.
   */
  const offerPush = () => {
    if (!('Notification' in window) || Notification.permission !== 'default' || localStorage.getItem(ASKED)) return;
    if (root.querySelector('.prompt')) return; // already asking
    const close = () => {
      localStorage.setItem(ASKED, '1');
      prompt.remove();
    };
    const prompt = h(
      'div',
      { class: 'card prompt', role: 'region', 'aria-label': 'Notifications' },
      h('p', null, 'Want a notification when it is your turn again?'),
      h('button', { type: 'button', class: 'primary', onclick: () => void enablePush(app).then(close, (e: Error) => (close(), app.error(e.message))) }, 'Yes, notify me'),
      h('button', { type: 'button', onclick: close }, 'Not now'),
    );
    extras.after(prompt);
  };

  const send = async (command: object) => {
    const current = conn.state(gameId);
    if (busy || !current) return;
    busy = true;
    render(current);
    try {
      const answer = await conn.command(gameId, command, current.version);
      await act(answer);
      if (answer.type === 'ack') offerPush();
    } finally {
      busy = false;
      memory.delete('vdg.number');
      render(conn.state(gameId)!);
    }
  };

  const simple = (action: 'undo' | 'resume' | 'voteEnd', label: string) =>
    h('button', { type: 'button', onclick: async () => act(await conn.request({ action, gameId })) }, label);

  function render(frame: StateFrame): void {
    const ui = gameUi(frame.game);
    const names = frame.seats.map((s, i) => s?.name ?? `Seat ${i + 1}`);
    const ctx: UiContext = { send: (c) => void send(c), names, rerender: () => render(conn.state(gameId) ?? frame), memory };
    const status =
      frame.status === 'open'
        ? 'Waiting for players'
        : frame.status === 'finished'
          ? 'Finished'
          : frame.you !== null && frame.activeSeats.includes(frame.you)
            ? 'Your turn'
            : `Waiting for ${frame.activeSeats.map((s) => names[s]).join(', ') || 'the game'}`;
    replace(header, h('h1', null, gameTitle(frame.game)), h('p', { class: 'status-line', 'aria-live': 'polite' }, status), seatList(frame));
    // The tab says so too, for a player whose tab is in the background.
    document.title = `${status === 'Your turn' ? 'Your turn · ' : ''}${gameTitle(frame.game)} — Caravela`;
    replace(
      extras,
      frame.status === 'open' ? inviteBox(gameId, app.config.publicUrl) : null,
      frame.canUndo ? simple('undo', 'Take back my last move') : null,
      frame.you !== null && frame.absent.includes(frame.you) ? simple('resume', 'Take my seat back from the bot') : null,
      frame.status === 'active' && frame.absent.length && frame.you !== null && !frame.absent.includes(frame.you) ? simple('voteEnd', 'Vote to end the game') : null,
    );
    replace(board, frame.view === null ? h('p', null, 'The game starts when every seat is taken.') : ui.board(frame, ctx));
    replace(actions, busy ? h('p', { class: 'muted' }, 'Sending…') : frame.view === null || replaying ? null : ui.actions(frame, ctx));
    // Follow new lines only if the reader was at the end of the log, and only inside its own box:
    // the page itself never moves under a player studying the board.
    const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
    replace(log, frame.log.map((line) => h('li', null, line)));
    replace(
      earlier,
      frame.logStart > 0 && conn.logShortened(gameId)
        ? h('button', { type: 'button', onclick: () => void conn.subscribe(gameId, LOG_KEEP).then((f) => (f.type === 'error' ? app.error(f.message) : undefined)) }, `Show earlier lines (${frame.logStart})`)
        : null,
    );
    if (atEnd) log.scrollTop = log.scrollHeight;
    if (busy) for (const b of root.querySelectorAll<HTMLButtonElement>('[data-action]')) b.disabled = true;
  }

  const off = conn.onFrame((f) => {
    if (!root.isConnected) return off();
    if ((f.type === 'state' || f.type === 'presence') && f.gameId === gameId && !replaying) {
      const s = conn.state(gameId)!;
      render(s);
      if (s.status === 'finished' && !replay.hasChildNodes()) {
        void replayPanel(app, s, (old) => {
          replaying = old.version !== s.version;
          render(replaying ? old : conn.state(gameId)!);
        }).then((panel) => replace(replay, panel), (e: Error) => app.error(e.message));
      }
    }
  });
  void conn.subscribe(gameId).then((f) => (f.type === 'error' ? app.error(f.message) : undefined));
  const known = conn.state(gameId);
  if (known) render(known);
  else replace(board, h('p', { class: 'muted' }, 'Loading the game…'));
  return root;
}
