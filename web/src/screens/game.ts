/**
 * The game screen: who sits where (online, to act, bot), the invite link while seats are open,
 * what happened since the player's last move, the game's own board and actions,
 * undo/resume/vote, the chat, the log, and for finished games who won and a replay.
 */
import { LOG_KEEP, type ServerFrame, type StateFrame } from '../../../functions/core/protocol/frames';
import type { App } from '../app';
import { h, replace } from '../dom';
import { DRAWN } from '../marks';
import { gameInfo, gameScoring, gameTitle, gameUi } from '../games/registry';
import type { UiContext } from '../games/ui';
import { rulesHelpEl } from '../games/aid';
import { playTurnSound } from '../turn-sound';
import { chatPanel } from './game-chat';
import { choiceBar, clearChoice } from './game-choice';
import { endHeadline } from './game-end';
import { ratedSentence } from './rated-sentence';
import { logItems, sinceLine, sinceSummary } from './game-log';
import { replayPanel, type Replay } from './game-replay';
import { enablePush } from './settings';
import { leaveControls } from './game-leave';
import { changedPaths, loadSeen, saveSeen } from './view-diff';
import { playerLink } from './profile';
import { untilWords } from './friends';

const ASKED = 'caravela.askedPush';
/** How long a move's answer waits for the state it made before the screen is drawn anyway. */
const AWAIT_STATE_MS = 3000;
/** Log lines before "since your last move" kept in view, for context. */
const SINCE_CONTEXT = 10;

/**
 * The players, one panel each by seat: colour, online, name, points (or their public
 * estimate: the game's note says what they count) and what the seat is doing. Beside the board
 * on a wide screen, a strip above it on a phone.
 */
function seatList(frame: StateFrame): Node {
  const ui = gameUi(frame.game);
  const note = gameInfo(frame.game)?.pointsNote;
  return h(
    'ol',
    { class: 'seats', 'aria-label': 'Players' },
    frame.seats.map((s, i) => {
      const colour = ui.seatColour?.(frame, i);
      const swatch = colour ? h('span', { class: 'swatch', title: colour.name }) : null;
      if (swatch && colour) (swatch as HTMLElement).style.background = colour.fill;
      const points = frame.points?.[i];
      return h(
        'li',
        {
          class: `seat${frame.activeSeats.includes(i) ? ' active' : ''}${frame.you === i ? ' you' : ''}`,
          dataset: { seat: String(i) },
        },
        swatch,
        colour ? h('span', { class: 'visually-hidden' }, `${colour.name}, `) : null,
        h('span', {
          class: `dot ${s && (s.bot || frame.online.includes(i)) ? 'on' : 'off'}`,
          title: s?.bot ? 'bot' : frame.online.includes(i) ? 'online' : 'offline',
        }),
        h('span', { class: 'visually-hidden' }, s?.bot ? 'bot, ' : frame.online.includes(i) ? 'online, ' : 'offline, '),
        h('span', { class: 'seat-name' }, s ? playerLink(s) : h('em', null, 'open seat'), frame.you === i ? ' (you)' : ''),
        points === undefined ? null : h('span', { class: 'points', title: note ?? 'Points' }, `${points} VP`),
        frame.activeSeats.includes(i) ? h('span', { class: 'badge' }, 'to act') : '',
        frame.resigned?.includes(i)
          ? h('span', { class: 'badge warn' }, frame.status === 'active' ? 'resigned, a bot plays' : 'resigned')
          : frame.absent.includes(i)
            ? h('span', { class: 'badge warn' }, 'bot plays (out of time)')
            : '',
        s?.awayUntil
          ? h(
              'span',
              { class: 'badge away', title: 'Their clock is paused where the game allows it' },
              `on vacation until ${untilWords(s.awayUntil)}`,
            )
          : '',
      );
    }),
  );
}

/** Board sizes a player can choose, as a share of the drawn size; remembered per game in this browser. */
const ZOOMS = [0.6, 0.75, 0.9, 1, 1.15, 1.3, 1.5];
const zoomKey = (game: string) => `caravela.zoom.${game}`;
function zoomOf(game: string): number {
  const z = Number(localStorage.getItem(zoomKey(game)));
  return ZOOMS.includes(z) ? z : 1;
}

/** Smaller / the size / larger, at the top of the board. */
function zoomBar(game: string, redraw: () => void): Node {
  const z = zoomOf(game);
  const step = (d: number) => () => {
    const next = ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, ZOOMS.indexOf(z) + d))]!;
    localStorage.setItem(zoomKey(game), String(next));
    redraw();
  };
  // The signs are for the eye; their names are words.
  const sign = (mark: string, words: string) => [
    h('span', { 'aria-hidden': 'true' }, mark),
    h('span', { class: 'visually-hidden' }, words),
  ];
  return h(
    'div',
    { class: 'zoom-bar', role: 'group', 'aria-label': 'Board size' },
    h(
      'button',
      { type: 'button', title: 'Smaller board', disabled: z === ZOOMS[0], dataset: { key: 'zoom-out' }, onclick: step(-1) },
      sign('−', 'Smaller board'),
    ),
    h(
      'button',
      { type: 'button', title: 'Back to 100 %', dataset: { key: 'zoom-reset' }, onclick: step(ZOOMS.indexOf(1) - ZOOMS.indexOf(z)) },
      `${Math.round(z * 100)} %`,
      h('span', { class: 'visually-hidden' }, ' board size'),
    ),
    h(
      'button',
      { type: 'button', title: 'Larger board', disabled: z === ZOOMS.at(-1), dataset: { key: 'zoom-in' }, onclick: step(1) },
      sign('+', 'Larger board'),
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

export function gameScreen(app: App, gameId: string): Node {
  const conn = app.conn!;
  const memory = new Map<string, unknown>();
  const header = h('div', { class: 'game-head' });
  const board = h('div', { class: 'board' });
  // A region: a bare div may not carry a name (axe: aria-prohibited-attr once it has content without being the player's turn).
  const actions = h('div', { class: 'actions-panel', role: 'region', 'aria-label': 'Your actions' });
  const extras = h('div', { class: 'extras' });
  // Focusable, so its own scroll box can be scrolled by keyboard.
  const log = h('ol', { class: 'log', 'aria-label': 'Game log', tabindex: '0' });
  const earlier = h('div');
  const replay = h('div');
  const since = h('div');
  const chat = chatPanel(app, gameId);
  const leave = leaveControls(app, gameId);
  const seats = h('div', { class: 'seats-panel' });
  // The rules help, drawn once the game (and so its rules) is known.
  const help = h('div', { class: 'help-panel' });
  // Wide screens: the board in front, the players and the actions in a column beside it that
  // never covers it; phones: one column, the players' strip above the board, the actions below it.
  const root = h(
    'section',
    { class: 'game', 'data-screen': 'game', dataset: { gameId } },
    header,
    h(
      'div',
      { class: 'game-layout' },
      h('div', { class: 'game-main' }, since, extras, board, replay),
      h('aside', { class: 'game-side', 'aria-label': 'Players and actions' }, seats, actions, help),
      h(
        'div',
        { class: 'game-rest' },
        chat.panel,
        h('details', { class: 'card', open: true }, h('summary', null, 'Log'), earlier, log),
        leave.node,
      ),
    ),
  );
  let busy = false;
  let replaying = false;
  let replayer: Replay | null = null;
  /**
   * "Since your last move", fixed when the game is opened: the line it starts at and the version
   * of the move it counts from (a new move of the player's own ends it). Undefined: not known yet.
   */
  let sinceFrom: { line: number; version: number } | null | undefined;

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
      h(
        'button',
        {
          type: 'button',
          class: 'primary',
          onclick: () =>
            void enablePush(app).then(close, (e: Error) => {
              close();
              app.error(e.message);
            }),
        },
        'Yes, notify me',
      ),
      h('button', { type: 'button', onclick: close }, 'Not now'),
    );
    extras.after(prompt);
  };

  /**
   * A move in flight: the actions panel says "Sending…" and every control is disabled from the
   * click until the state the move made is on screen. `awaited` is that state's version once the
   * answer named it (the state frame follows the answer at once, so the old state is not drawn
   * again in between); `awaitLimit` ends the wait if the frame is slow (it also comes on a resync).
   */
  let awaited: number | null = null;
  let awaitLimit: ReturnType<typeof setTimeout> | undefined;
  const settle = () => {
    if (!busy) return;
    busy = false;
    awaited = null;
    clearTimeout(awaitLimit);
    render(conn.state(gameId)!);
  };

  const send = async (command: object) => {
    const current = conn.state(gameId);
    if (busy || !current) return;
    busy = true;
    // On its way before anything is drawn; meanwhile only the actions panel changes.
    const answered = conn.command(gameId, command, current.version);
    showSending();
    let version: number | null = null;
    try {
      const answer = await answered;
      await act(answer);
      if (answer.type === 'ack') {
        offerPush();
        version = answer.version;
      }
    } finally {
      clearChoice(memory);
      if (version !== null && (conn.state(gameId)?.version ?? -1) < version) {
        awaited = version;
        awaitLimit = setTimeout(settle, AWAIT_STATE_MS);
      } else settle();
    }
  };

  /** What a busy render draws, without rebuilding the rest: the page keeps its height (see render). */
  function showSending(): void {
    const height = root.offsetHeight;
    replace(actions, h('p', { class: 'muted' }, 'Sending…'));
    for (const b of root.querySelectorAll<HTMLButtonElement>('[data-action]')) b.disabled = true;
    if (root.offsetHeight < height) root.style.minHeight = `${height}px`;
  }

  const simple = (action: 'undo' | 'resume' | 'voteEnd', label: string) =>
    h('button', { type: 'button', onclick: async () => act(await conn.request({ action, gameId })) }, label);

  /** The first frame of an opened game decides whether there is news since the player's last move. */
  const noteSince = (frame: StateFrame) => {
    if (sinceFrom !== undefined || frame.status === 'open') return;
    const line = sinceLine(frame);
    sinceFrom = line === null ? null : { line, version: frame.sinceYourMove!.version };
    // Not all of those lines came with the first frame: ask for them and a few before (up to all the kept ones).
    if (sinceFrom && sinceFrom.line < frame.logStart) {
      void conn
        .subscribe(gameId, Math.min(LOG_KEEP, frame.logStart + frame.log.length - sinceFrom.line + SINCE_CONTEXT))
        .then((f) => (f.type === 'error' ? app.error(f.message) : undefined));
    }
  };

  function render(frame: StateFrame): void {
    const ui = gameUi(frame.game);
    const names = frame.seats.map((s, i) => s?.name ?? `Seat ${i + 1}`);
    const ctx: UiContext = { send: (c) => void send(c), names, rerender: () => render(conn.state(gameId) ?? frame), memory };
    noteSince(frame);
    chat.update(frame);
    // Read before anything changes, while the layout is clean: reading it after a change would
    // lay the page out again, once for each read.
    const height = root.offsetHeight;
    // Follow new lines only if the reader was at the end of the log, and only inside its own box:
    // the page itself never moves under a player studying the board.
    const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
    // The player moved since: the summary has done its work.
    if (sinceFrom && frame.sinceYourMove && frame.sinceYourMove.version !== sinceFrom.version) sinceFrom = null;
    const yourTurn = frame.status === 'active' && frame.you !== null && frame.activeSeats.includes(frame.you);
    const status = replaying
      ? 'Replay'
      : frame.status === 'open'
        ? 'Waiting for players'
        : frame.status === 'finished'
          ? frame.view === null
            ? 'Cancelled'
            : 'Finished'
          : yourTurn
            ? 'Your turn'
            : `Waiting for ${frame.activeSeats.map((s) => names[s]).join(', ') || 'the game'}`;
    replace(
      header,
      h('h1', null, gameTitle(frame.game)),
      h('p', { class: 'status-line', 'aria-live': 'polite' }, status),
      replaying ? null : endHeadline(frame, names, gameScoring(frame.game)),
      replaying ? null : h('p', { class: 'rated-line muted' }, ratedSentence(frame)),
    );
    replace(seats, seatList(frame));
    if (!help.firstChild && ui.help) replace(help, rulesHelpEl(ui.help));
    // The tab says so too, for a player whose tab is in the background.
    document.title = `${status === 'Your turn' ? 'Your turn · ' : ''}${gameTitle(frame.game)} — Caravela`;
    replace(since, sinceFrom && !replaying ? sinceSummary({ ...frame, sinceYourMove: sinceFrom }, names, dismissSince) : null);
    if (frame.status === 'finished') root.querySelector('.prompt')?.remove(); // no "notify me" once it is over
    replace(
      extras,
      replaying ? null : frame.status === 'open' ? inviteBox(gameId, app.config.publicUrl) : null,
      // Nobody else has joined yet: the game can be called off (it ends with no result).
      frame.status === 'open' && frame.you !== null && !frame.seats.some((seat, i) => seat !== null && i !== frame.you && !seat.bot)
        ? h(
            'button',
            {
              type: 'button',
              dataset: { key: 'cancel-game' },
              onclick: async () => act(await conn.request({ action: 'cancelGame', gameId })),
            },
            'Cancel this game',
          )
        : null,
      frame.you !== null && frame.absent.includes(frame.you) && !frame.resigned?.includes(frame.you) && !replaying
        ? simple('resume', 'Take my seat back from the bot')
        : null,
      frame.status === 'active' && frame.absent.length && frame.you !== null && !frame.absent.includes(frame.you)
        ? simple('voteEnd', 'Vote to end the game')
        : null,
    );
    if (!replaying) leave.update(frame);
    const drawnBoard =
      frame.view !== null
        ? ui.board(frame, ctx)
        : h(
            'p',
            null,
            frame.status === 'finished' ? 'This game was cancelled before it started.' : 'The game starts when every seat is taken.',
          );
    const zoom = zoomOf(frame.game);
    // A style property (the CSP allows it; no attribute): the board's own size, chosen by the player.
    if (drawnBoard instanceof HTMLElement && zoom !== 1) drawnBoard.style.zoom = String(zoom);
    replace(board, frame.view === null ? null : zoomBar(frame.game, () => render(conn.state(gameId) ?? frame)), drawnBoard);
    markChanged(frame);
    // A game whose moves are built on the board: the places to click, and what the choice does before Confirm.
    const bar =
      ui.choices && frame.view !== null && frame.you !== null && !replaying && !busy
        ? choiceBar({ frame, choices: ui.choices, board, names, memory, rerender: ctx.rerender, send: ctx.send })
        : null;
    // Taking a move back sits with the actions: nothing above the board changes height between turns.
    replace(
      actions,
      busy
        ? h('p', { class: 'muted' }, 'Sending…')
        : frame.view === null || replaying
          ? null
          : [frame.canUndo ? h('p', { class: 'undo' }, simple('undo', 'Take back my last move')) : null, ui.actions(frame, ctx), bar],
    );
    replace(log, logItems(frame, sinceFrom?.line ?? null, replayer ? (line) => replayer!.showLine(line) : undefined));
    replace(
      earlier,
      frame.logStart > 0 && conn.logShortened(gameId)
        ? h(
            'button',
            {
              type: 'button',
              onclick: () => void conn.subscribe(gameId, LOG_KEEP).then((f) => (f.type === 'error' ? app.error(f.message) : undefined)),
            },
            `Show earlier lines (${frame.logStart})`,
          )
        : null,
    );
    if (atEnd) log.scrollTop = log.scrollHeight;
    if (busy) for (const b of root.querySelectorAll<HTMLButtonElement>('[data-action]')) b.disabled = true;
    // The page never gets shorter under a player on this screen: a window scrolled to the bottom
    // of a page that shrinks would move. (A style property, which the CSP allows; no attribute.)
    if (root.offsetHeight < height) root.style.minHeight = `${height}px`;
    // The state is on the page now; only the latest mark is kept, so a long session's timeline does not grow.
    performance.clearMarks(DRAWN);
    performance.mark(DRAWN, { detail: { gameId, version: frame.version } });
  }

  /**
   * Places on the board that changed are marked (boards name the view path each place draws in
   * `data-path`): since the player's last move while its summary shows (against the board as it
   * stood then, kept by this browser), else by the last move (against the version before).
   */
  let shown: StateFrame | null = null;
  let lastMove: { version: number; base: unknown } | null = null;
  function markChanged(frame: StateFrame): void {
    if (replaying || frame.view === null) return;
    if (frame.sinceYourMove?.version === frame.version) saveSeen(gameId, frame.version, frame.view);
    if (frame.version !== shown?.version) {
      // Another's move that follows the version on screen: it is "the last move".
      const follows = shown?.version === frame.version - 1 && frame.sinceYourMove?.version !== frame.version;
      lastMove = follows ? { version: frame.version, base: shown!.view } : null;
      shown = frame;
    }
    const base = sinceFrom ? loadSeen(gameId, sinceFrom.version) : lastMove?.version === frame.version ? lastMove.base : undefined;
    if (base === undefined || base === null) return;
    const changed = changedPaths(base, frame.view);
    let marked = 0;
    for (const el of board.querySelectorAll<HTMLElement | SVGElement>('[data-path]')) {
      if (changed.has(el.dataset.path!)) {
        el.classList.add('changed');
        marked++;
      }
    }
    board.dataset.changed = String(marked);
  }

  function dismissSince(): void {
    sinceFrom = null;
    render(conn.state(gameId)!);
  }

  // The height kept between renders belongs to one window width: a turned phone or a resized window lays the page out anew.
  let width = window.innerWidth;
  const resized = () => {
    if (!root.isConnected) return window.removeEventListener('resize', resized);
    if (window.innerWidth === width) return;
    width = window.innerWidth;
    root.style.minHeight = '';
  };
  window.addEventListener('resize', resized);

  let replayAsked = false;
  /** Whether the last frame drawn was the player's turn: the chime sounds when it becomes so. */
  let wasTurn: boolean | null = null;
  const off = conn.onFrame((f) => {
    if (!root.isConnected) return off();
    if ((f.type === 'state' || f.type === 'presence') && f.gameId === gameId && !replaying) {
      const s = conn.state(gameId)!;
      const turn = s.status === 'active' && s.you !== null && s.activeSeats.includes(s.you);
      if (turn && wasTurn === false) playTurnSound();
      wasTurn = turn;
      if (awaited !== null && s.version >= awaited) {
        busy = false;
        awaited = null;
        clearTimeout(awaitLimit);
      }
      render(s);
      if (s.status === 'finished' && !replayAsked) {
        replayAsked = true;
        void replayPanel(app, s, (old, back) => {
          replaying = back;
          render(back ? old : conn.state(gameId)!);
        }).then(
          (r) => {
            replayer = r;
            replace(replay, r.panel);
            render(conn.state(gameId)!); // the log's lines now lead into the replay
          },
          (e: Error) => app.error(e.message),
        );
      }
    }
  });
  void conn.subscribe(gameId).then((f) => (f.type === 'error' ? app.error(f.message) : undefined));
  const known = conn.state(gameId);
  if (known) render(known);
  else replace(board, h('p', { class: 'muted' }, 'Loading the game…'));
  return root;
}
