/**
 * The game's chat panel: the messages in their own scroll box (author, text, time in words), a
 * one-line field with its limit counted as the player types, a send button, and a mute/unmute
 * button per other player. Collapsed (phones start so), it counts what arrived unread. It reads
 * the history when opened and again after a reconnect, and adds the live `chat` frames.
 */
import './game-chat.css';
import { CHAT_RULE, type ChatMessage } from '../../../functions/core/chat';
import type { ServerFrame, StateFrame } from '../../../functions/core/protocol/frames';
import type { App } from '../app';
import { h, replace } from '../dom';

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

const MAX = CHAT_RULE.max;
const words = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "3 days ago", then the date. */
export function timeInWords(at: string, now = Date.now()): string {
  const seconds = Math.round((now - Date.parse(at)) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return words.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return words.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 7) return words.format(-days, 'day');
  return new Date(at).toLocaleDateString('en', { day: 'numeric', month: 'short', year: days > 300 ? 'numeric' : undefined });
}

/** Characters as the server counts them: code points, after trimming. */
const length = (text: string) => [...text.normalize('NFC').trim()].length;

export interface ChatPanel {
  panel: HTMLElement;
  /** The game's latest state: who sits where (the mute buttons), and whether this player has just taken a seat. */
  update(frame: StateFrame): void;
}

export function chatPanel(app: App, gameId: string): ChatPanel {
  const conn = app.conn!;
  const me = app.session!.playerId;
  const messages = new Map<number, ChatMessage>();
  let muted = new Set<string>();
  let canWrite = false;
  let older: number | null = null;
  let unread = 0;
  let sending = false;
  let you: number | null | undefined;
  let people: { playerId: string; name: string }[] = [];

  const badge = h('span', { class: 'badge', hidden: true });
  const summary = h('summary', null, h('h2', { id: 'chat-title' }, 'Chat'), badge);
  const list = h('ol', { class: 'chat-messages' });
  const empty = h('p', { class: 'muted chat-empty' }, 'No messages yet.');
  // Focusable, so its own scroll box can be scrolled by keyboard; a log, so new lines are read out.
  const box = h('div', { class: 'chat-box', role: 'log', 'aria-label': 'Chat messages', tabindex: '0' }, empty, list);
  const earlier = h('div');
  const input = h('input', {
    id: 'chat-text',
    type: 'text',
    autocomplete: 'off',
    enterkeyhint: 'send',
    placeholder: 'Write to the table',
    'aria-describedby': 'chat-count',
  });
  const count = h('span', { id: 'chat-count', class: 'chat-count' });
  const send = h('button', { type: 'submit', class: 'primary' }, 'Send');
  const problem = h('p', { class: 'chat-error', role: 'alert' });
  const form = h(
    'form',
    { class: 'chat-form', onsubmit: (e: Event) => void submit(e) },
    h('label', { for: 'chat-text', class: 'visually-hidden' }, 'Chat message'),
    input,
    send,
    count,
  );
  const readOnly = h('p', { class: 'muted', hidden: true }, 'Spectators can read this chat; only the seated players write in it.');
  const mutes = h('div', { class: 'chat-people' });
  const details = h(
    'details',
    { open: window.matchMedia('(min-width: 900px)').matches },
    summary,
    box,
    earlier,
    form,
    readOnly,
    problem,
    mutes,
  );
  const panel = h('section', { class: 'card chat', 'aria-labelledby': 'chat-title', hidden: true, dataset: { chat: gameId } }, details);

  const atEnd = () => box.scrollHeight - box.scrollTop - box.clientHeight < 24;

  function showCount(): void {
    const n = length(input.value);
    count.textContent = n > MAX ? `${n} / ${MAX} characters: too long` : `${n} / ${MAX} characters`;
    count.classList.toggle('over', n > MAX);
    send.disabled = sending || n === 0 || n > MAX;
  }

  function renderMessages(): void {
    const follow = atEnd();
    const shown = [...messages.values()].filter((m) => !muted.has(m.playerId)).sort((a, b) => a.id - b.id);
    empty.hidden = shown.length > 0;
    replace(
      list,
      shown.map((m) =>
        h(
          'li',
          { class: m.playerId === me ? 'mine' : undefined, dataset: { id: String(m.id) } },
          h('span', { class: 'chat-author' }, m.playerId === me ? `${m.name} (you)` : m.name),
          h('time', { class: 'chat-time', datetime: m.at, title: new Date(m.at).toLocaleString('en') }, timeInWords(m.at)),
          h('p', { class: 'chat-text' }, m.text),
        ),
      ),
    );
    replace(earlier, older !== null ? h('button', { type: 'button', onclick: () => void load(older!) }, 'Show earlier messages') : null);
    if (follow) box.scrollTop = box.scrollHeight;
  }

  function renderRest(): void {
    form.hidden = !canWrite;
    readOnly.hidden = canWrite;
    badge.hidden = unread === 0;
    badge.textContent = `${unread} new`;
    const others = people.filter((p) => p.playerId !== me);
    replace(
      mutes,
      others.length
        ? [
            h('span', { class: 'muted' }, 'Hide a player’s messages from you: '),
            others.map((p) => {
              const on = muted.has(p.playerId);
              return h(
                'button',
                { type: 'button', 'aria-pressed': String(on), onclick: () => void toggleMute(p.playerId, !on) },
                on ? `Unmute ${p.name}` : `Mute ${p.name}`,
              );
            }),
          ]
        : null,
    );
    showCount();
  }

  /** A page of history (the latest, or the one before `before`), merged by id. */
  async function load(before?: number): Promise<void> {
    const f = await conn
      .request<Frame<'chatHistory'> | Frame<'error'>>({ action: 'chatHistory', gameId, ...(before === undefined ? {} : { before }) }, true)
      .catch((e: Error) => ({ type: 'error', code: 'INTERNAL', message: e.message }) as Frame<'error'>);
    if (f.type === 'error') {
      // A chat closed to spectators is simply not shown.
      if (f.code === 'FORBIDDEN') {
        panel.hidden = true;
        app.clearError();
      }
      return;
    }
    panel.hidden = false;
    canWrite = f.canWrite;
    muted = new Set(f.muted);
    for (const m of f.messages) messages.set(m.id, m);
    // The oldest page reached so far says whether there is more before it.
    const oldest = Math.min(...messages.keys());
    if (before !== undefined || older === null || f.messages.some((m) => m.id <= oldest)) older = f.next;
    renderMessages();
    renderRest();
  }

  async function submit(e: Event): Promise<void> {
    e.preventDefault();
    if (send.disabled) return;
    sending = true;
    showCount();
    const f = await conn
      .request<Frame<'chatSent'> | Frame<'error'>>({ action: 'chat', gameId, text: input.value })
      .catch((error: Error) => ({ type: 'error', code: 'INTERNAL', message: error.message }) as Frame<'error'>);
    sending = false;
    if (f.type === 'chatSent') {
      messages.set(f.message.id, f.message);
      input.value = '';
      problem.textContent = '';
      renderMessages();
      box.scrollTop = box.scrollHeight;
    } else {
      // Said here, beside the field, rather than in the page's banner.
      app.clearError();
      problem.textContent = f.message;
    }
    showCount();
    input.focus();
  }

  async function toggleMute(playerId: string, on: boolean): Promise<void> {
    const f = await conn.request<Frame<'muted'> | Frame<'error'>>({ action: on ? 'mute' : 'unmute', playerId });
    if (f.type !== 'muted') return;
    muted = new Set(f.muted);
    // Their messages come back from the server as history shows them.
    if (!on) await load();
    renderMessages();
    renderRest();
  }

  input.addEventListener('input', showCount);
  details.addEventListener('toggle', () => {
    if (details.open) {
      unread = 0;
      renderRest();
      box.scrollTop = box.scrollHeight;
    }
  });

  const off = conn.onFrame((f) => {
    if (!panel.isConnected && you !== undefined) return cleanup();
    if (f.type !== 'chat' || f.gameId !== gameId || messages.has(f.message.id) || muted.has(f.message.playerId)) return;
    messages.set(f.message.id, f.message);
    if (!details.open) unread++;
    renderMessages();
    renderRest();
  });
  // Frames missed while the socket was down are in the history.
  let wasDown = false;
  const offStatus = conn.onStatus((s) => {
    if (s !== 'online') wasDown = true;
    else if (wasDown && panel.isConnected) {
      wasDown = false;
      void load();
    }
  });
  // Times in words age: refreshed every half minute while the panel is on screen.
  const ticker = setInterval(() => {
    if (!panel.isConnected && you !== undefined) return cleanup();
    for (const t of list.querySelectorAll('time')) t.textContent = timeInWords(t.dateTime);
  }, 30_000);
  function cleanup(): void {
    off();
    offStatus();
    clearInterval(ticker);
  }

  return {
    panel,
    update(frame: StateFrame): void {
      const seated = frame.seats.flatMap((s) => (s && !s.bot ? [{ playerId: s.playerId, name: s.name }] : []));
      const changedPeople = seated.map((p) => `${p.playerId}:${p.name}`).join() !== people.map((p) => `${p.playerId}:${p.name}`).join();
      people = seated;
      // The first state, or a seat just taken: (re)read the history, which says who may write.
      if (frame.you !== you) {
        you = frame.you;
        void load();
      } else if (changedPeople) renderRest();
    },
  };
}
