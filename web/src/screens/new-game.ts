/**
 * A new game: which game, how many seats, which of them bots take, and the time control; from a
 * friend's "New game with …" (`#/new/<playerId>`), for two and with that player invited.
 */
import type { ServerFrame } from '../../../functions/core/protocol/frames';
import type { App } from '../app';
import { h, replace } from '../dom';
import { explainLevel, levelName } from '../../../domain/games/bot-levels';
import { GAME_INFO, gameInfo } from '../games/registry';
import { newGameRatedSentence } from './rated-sentence';

export function newGameScreen(app: App, withPlayer?: string): Node {
  const game = h(
    'select',
    { id: 'game', name: 'game' },
    GAME_INFO.map((g) => h('option', { value: g.id }, g.title)),
  );
  const players = h('select', { id: 'players', name: 'players' });
  const bots = h('fieldset', { class: 'bots' });
  const level = h('select', { id: 'bot', name: 'bot', 'aria-describedby': 'bot-help' });
  const levelHelp = h('p', { id: 'bot-help', class: 'muted hint' });
  level.addEventListener('change', () => (levelHelp.textContent = explainLevel(game.value, level.value)));
  const clock = h(
    'select',
    { id: 'clock', name: 'clock' },
    h('option', { value: 'none' }, 'No clock'),
    h('option', { value: 'perMove' }, 'Days per move'),
    h('option', { value: 'bank' }, 'Time bank'),
  );
  const days = h('input', { id: 'days', type: 'number', min: '0.25', max: '30', step: '0.25', value: '3' });
  const increment = h('input', { id: 'increment', type: 'number', min: '0', max: '30', step: '0.25', value: '1' });
  const cap = h('input', { id: 'cap', type: 'number', min: '1', max: '60', step: '0.5', value: '7' });
  const clockFields = h('div', { class: 'clock-fields' });
  const options = h('div', { class: 'game-options' });
  const spectatorChat = h('input', {
    id: 'spectator-chat',
    type: 'checkbox',
    name: 'spectatorChat',
    'aria-describedby': 'spectator-chat-help',
  });
  const listed = h('input', { id: 'listed', type: 'checkbox', 'aria-describedby': 'listed-help rated-note' });
  const ratedNote = h('p', { id: 'rated-note', class: 'hint rated-note', 'aria-live': 'polite' });
  // Rated or not, as the seats and the listing now stand (the server decides the same way).
  const noteRated = () => {
    const botSeats = bots.querySelectorAll('input:checked').length;
    ratedNote.textContent = newGameRatedSentence(listed.checked, Number(players.value) - botSeats);
  };
  const onResign = h(
    'select',
    { id: 'on-resign', 'aria-describedby': 'on-resign-help' },
    h('option', { value: 'bot' }, 'A bot takes their seat'),
    h('option', { value: 'end' }, 'The game ends'),
  );

  // Changing the game, the seats or the clock keeps what was already chosen where it still applies.
  const update = () => {
    const info = gameInfo(game.value)!;
    const chosen = Math.min(Math.max(Number(players.value) || info.players[1], info.players[0]), info.players[1]);
    const ticked = new Set([...bots.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => i.value));
    const chosenLevel = level.value;
    const optionsTicked = new Set([...options.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => i.value));
    replace(
      players,
      Array.from({ length: info.players[1] - info.players[0] + 1 }, (_, i) => info.players[0] + i).map((n) =>
        h('option', { value: String(n), selected: n === chosen }, `${n} players`),
      ),
    );
    replace(
      bots,
      h('legend', null, 'Seats for bots (you take seat 1)'),
      Array.from({ length: Number(players.value) - 1 }, (_, i) => {
        const id = `bot-seat-${i + 1}`;
        return h(
          'label',
          { for: id, class: 'check' },
          h('input', { id, type: 'checkbox', value: String(i + 1), name: 'bots', checked: ticked.has(String(i + 1)) }),
          ` Seat ${i + 2}`,
        );
      }),
    );
    // The standard bot unless the player chose another level (it answers at once; Strong thinks).
    const wanted = info.bots.includes(chosenLevel) ? chosenLevel : info.bots.includes('heuristic') ? 'heuristic' : info.bots[0];
    replace(
      level,
      info.bots.map((b) => h('option', { value: b, selected: b === wanted }, levelName(b))),
    );
    levelHelp.textContent = explainLevel(game.value, level.value);
    replace(
      options,
      (info.options ?? []).map((o) => {
        const id = `option-${o.key}`;
        return h(
          'div',
          null,
          h(
            'label',
            { for: id, class: 'check' },
            h('input', {
              id,
              type: 'checkbox',
              value: o.key,
              name: 'options',
              checked: optionsTicked.has(o.key),
              'aria-describedby': `${id}-help`,
            }),
            ` ${o.label}`,
          ),
          h('p', { id: `${id}-help`, class: 'muted hint' }, o.help),
        );
      }),
    );
    replace(
      clockFields,
      clock.value === 'none'
        ? null
        : clock.value === 'perMove'
          ? [h('label', { for: 'days' }, 'Days per move'), days]
          : [
              h('label', { for: 'days' }, 'Days in the bank at the start'),
              days,
              h('label', { for: 'increment' }, 'Days added after each move'),
              increment,
              h('label', { for: 'cap' }, 'Most days in the bank'),
              cap,
            ],
    );
  };
  game.addEventListener('change', update);
  players.addEventListener('change', update);
  clock.addEventListener('change', update);
  update();
  for (const input of [game, players, bots, listed]) input.addEventListener('change', noteRated);
  noteRated();

  // One id for this form's game: a second click, or the request sent again after a lost connection, is still one game.
  const createId = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, '0')).join('');
  const submit = async (e: Event) => {
    e.preventDefault();
    const botSeats = [...bots.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => Number(i.value));
    const chosenOptions = Object.fromEntries([...options.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => [i.value, true]));
    const hours = (input: HTMLInputElement) => Math.round(Number(input.value) * 24 * 100) / 100;
    const timeControl =
      clock.value === 'perMove'
        ? { type: 'perMove', hours: hours(days) }
        : clock.value === 'bank'
          ? { type: 'bank', initialHours: hours(days), incrementHours: hours(increment), capHours: hours(cap) }
          : undefined;
    const answer = await app.conn!.request<ServerFrame>(
      {
        action: 'createGame',
        createId,
        game: game.value,
        players: Number(players.value),
        ...(botSeats.length ? { bots: botSeats, bot: level.value } : {}),
        ...(timeControl ? { clock: timeControl } : {}),
        ...(Object.keys(chosenOptions).length ? { options: chosenOptions } : {}),
        ...(spectatorChat.checked ? { spectatorChat: true } : {}),
        ...(listed.checked ? { listed: true } : {}),
        ...(onResign.value === 'end' ? { onResign: 'end' } : {}),
        ...(withPlayer ? { invite: [withPlayer] } : {}),
      },
      true,
    );
    if (answer.type === 'gameCreated') {
      app.clearError();
      app.go(`#/game/${encodeURIComponent(answer.gameId)}`);
    }
  };

  const title = h('h1', null, 'New game');
  const invited = h('p', { class: 'note', hidden: !withPlayer });
  if (withPlayer) {
    players.value = '2';
    update();
    noteRated();
    void app.conn!.request<ServerFrame>({ action: 'profile', playerId: withPlayer }, true).then((f) => {
      if (f.type !== 'profile') return;
      title.textContent = `New game with ${f.name}`;
      invited.textContent = `${f.name} is sent an invitation with the game’s link when you create it.`;
    });
  }
  return h(
    'form',
    { class: 'card narrow', onsubmit: submit, 'data-screen': 'new-game' },
    title,
    invited,
    h('label', { for: 'game' }, 'Game'),
    game,
    h('label', { for: 'players' }, 'Seats'),
    players,
    bots,
    h('label', { for: 'bot' }, 'How the bots play'),
    level,
    levelHelp,
    options,
    h('label', { for: 'clock' }, 'Time control'),
    clock,
    clockFields,
    h(
      'div',
      null,
      h('label', { for: 'spectator-chat', class: 'check' }, spectatorChat, ' Spectators may read the chat'),
      h('p', { id: 'spectator-chat-help', class: 'muted hint' }, 'Only the seated players write in it either way.'),
    ),
    h('label', { for: 'listed', class: 'check' }, listed, ' List publicly in the lobby'),
    h(
      'p',
      { id: 'listed-help', class: 'muted hint' },
      'Anyone signed in can then find the game under Open games and join it; without this, only people you send the invite link can.',
    ),
    ratedNote,
    h('label', { for: 'on-resign' }, 'If a player resigns'),
    onResign,
    h(
      'p',
      { id: 'on-resign-help', class: 'muted hint' },
      'A bot plays safe moves for them to the end, or the game ends there with them last.',
    ),
    h('button', { type: 'submit', class: 'primary' }, 'Create the game'),
  );
}
