/**
 * Vacation (on the settings page): going away until a day — your clocks pause in every game
 * that allows it and nobody reminds you — or back early; how many of the year's days are left.
 */
import './community.css';
import type { ServerFrame } from '../../../functions/core/protocol/frames';
import { VACATION_DAYS_PER_YEAR } from '../../../functions/core/protocol/community-limits';
import type { App } from '../app';
import { h, replace } from '../dom';
import { untilWords } from './friends';

type VacationFrame = Extract<ServerFrame, { type: 'vacation' }>;

const DAY = 86_400_000;
/** The date input's value for a day `days` from now (the local calendar). */
const dateIn = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export function vacationCard(app: App): Node {
  const card = h('section', { class: 'card narrow', 'data-part': 'vacation' }, h('p', { class: 'muted' }, 'Loading…'));
  const show = (v: VacationFrame) => {
    const status = h('p', { role: 'status' });
    if (v.vacation) {
      status.textContent = `You are on vacation until ${untilWords(v.vacation.until)}: your clocks are paused and nobody reminds you.`;
      replace(
        card,
        h('h2', null, 'Vacation'),
        status,
        h('button', { type: 'button', class: 'primary', onclick: () => act({ action: 'endVacation' }) }, 'I am back'),
        h('p', { class: 'muted hint' }, `${v.daysLeft} of ${VACATION_DAYS_PER_YEAR} vacation days left this year.`),
      );
      return;
    }
    const until = h('input', {
      id: 'vacation-until',
      type: 'date',
      min: dateIn(1),
      max: dateIn(Math.max(1, v.daysLeft)),
      value: dateIn(Math.min(7, Math.max(1, v.daysLeft))),
      required: true,
    });
    replace(
      card,
      h('h2', null, 'Vacation'),
      h(
        'p',
        null,
        'Going away? Your clocks pause in every game that allows it (a tournament may not), the other players see you are away, and nobody reminds you.',
      ),
      h(
        'form',
        {
          class: 'inline-form',
          onsubmit: (e: Event) => {
            e.preventDefault();
            // The end of the chosen day, where the player is.
            const [y, m, d] = until.value.split('-').map(Number);
            void act({ action: 'setVacation', until: new Date(y!, m! - 1, d!, 23, 59).toISOString() });
          },
        },
        h('label', { for: 'vacation-until' }, 'Away until'),
        until,
        h('button', { type: 'submit', disabled: v.daysLeft === 0 }, 'Go on vacation'),
      ),
      h('p', { class: 'muted hint' }, `${v.daysLeft} of ${VACATION_DAYS_PER_YEAR} vacation days left this year.`),
    );
  };
  const act = async (frame: Record<string, unknown>) => {
    const answer = await app.conn!.request<ServerFrame>(frame, frame.action === 'vacation');
    if (answer.type === 'vacation') {
      app.clearError();
      show(answer);
    }
  };
  void act({ action: 'vacation' });
  return card;
}
