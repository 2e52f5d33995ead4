/**
 * The board's four areas as the printed board lays them out, each headed by its row of action
 * slots: Navigation as the route of landings from Natal to Calicut with the ships on their slots;
 * Recruiting with its sections of sailors (pieces), the bag and the captains; Characters with Vasco
 * da Gama's money, the four characters, missionaries, numbers 21/22 and the merchant ship;
 * Purchase Projects as a row of cards with São Gabriel.
 */
import { h } from '../../dom';
import {
  AREA_NAMES,
  CHARACTERS,
  CHARACTER_NAMES,
  DATA,
  SAILOR_COLOURS,
  type Area,
  type CharacterId,
} from '../../../../domain/games/vasco-da-gama/data';
import type { VdgView } from '../../../../domain/games/vasco-da-gama/view';
import { landingBonusText, plural, reals } from './labels';
import { chip, discEl, nameOf, projectCard, seatTag, shipPiece, spot, sr, type Rc } from './widgets';

const ROLES: Record<CharacterId, string> = {
  dias: `Leader: ${DATA.diasVp.value} VP when hosted and at round end; first player`,
  alvares: 'Priest: 1 missionary when hosted and at round end',
  sernigi: 'Merchant: sends the merchant ship',
  manuel: 'King: the Additional Action Disc (21/22)',
};

/** An area: its name and action slots on one line, then what lies in it. */
export function area(rc: Rc, a: Area, ...content: (Node | Node[])[]): HTMLElement {
  const slots = rc.view.areas[a];
  const free = slots.filter((d) => d === null).length;
  return h(
    'section',
    { class: `vdg-area vdg-area-${a}`, 'aria-label': `${AREA_NAMES[a]} Area` },
    h(
      'div',
      { class: 'vdg-area-head' },
      h('h3', null, AREA_NAMES[a]),
      spot(
        rc,
        `area:${a}`,
        'vdg-slots',
        h('span', { class: 'vdg-label' }, slots.length ? `Action slots, ${free} of ${slots.length} empty` : 'Action slots open in Phase 1'),
        h(
          'ol',
          { class: 'vdg-slot-list' },
          slots.map((d) => h('li', { class: 'vdg-slot' }, d ? discEl(rc, d) : h('span', { class: 'vdg-empty' }, 'empty'))),
        ),
      ),
    ),
    content,
  );
}

export function navigationEl(rc: Rc): HTMLElement {
  return area(
    rc,
    'navigation',
    h(
      'div',
      { class: 'vdg-route', role: 'group', 'aria-label': 'The route, from Natal to Calicut' },
      rc.view.landings.map((l) => landingEl(rc, l)),
    ),
  );
}

function landingEl(rc: Rc, l: VdgView['landings'][number]): HTMLElement {
  const bonus = landingBonusText(rc.view, l.id, null);
  return h(
    'div',
    { class: `vdg-landing${l.complete ? ' vdg-complete' : ''}`, dataset: { landing: l.id } },
    spot(
      rc,
      `landing:${l.id}`,
      'vdg-landing-head',
      h('strong', null, l.name),
      h('span', { class: 'vdg-small' }, `${l.vpPerShip} VP a ship when full · bonus: ${bonus ?? 'none'}`),
      l.complete ? h('span', { class: 'vdg-badge' }, 'Full') : null,
    ),
    h(
      'ol',
      { class: 'vdg-landing-slots' },
      l.slots.map((slot, i) => {
        const owner = slot.ship?.owner;
        const seatClass = slot.ship ? (owner === null ? ' vdg-merchant-ship' : ` vdg-seat-${rc.view.players[owner!]?.colour}`) : '';
        return h(
          'li',
          null,
          spot(
            rc,
            `slot:${l.id}:${i}`,
            `vdg-ship-slot${slot.ship ? ' vdg-has-ship' : ''}${seatClass}`,
            h('span', { class: 'vdg-slot-value', title: 'Slot value' }, String(slot.value)),
            slot.ship ? shipPiece() : null,
            slot.ship
              ? h(
                  'span',
                  { class: 'vdg-ship-name' },
                  owner === null ? `Merchant, limit ${slot.ship.limit}` : `${nameOf(rc, owner!)}, limit ${slot.ship.limit}`,
                )
              : h('span', { class: 'vdg-empty' }, 'empty'),
          ),
        );
      }),
    ),
  );
}

export function recruitingEl(rc: Rc): HTMLElement {
  const { view } = rc;
  const sections = view.recruiting.sections.map((s, i) => {
    const total = SAILOR_COLOURS.reduce((n, c) => n + s.sailors[c], 0);
    return spot(
      rc,
      `section:${i}`,
      `vdg-section${s.active ? '' : ' vdg-inactive'}`,
      h('span', { class: 'vdg-label' }, `Section ${i + 1}${s.active ? '' : ', not in use'}`),
      s.active
        ? h(
            'span',
            { class: 'vdg-chips' },
            total === 0 ? h('span', { class: 'vdg-empty' }, 'no sailors') : null,
            SAILOR_COLOURS.filter((c) => s.sailors[c] > 0).map((c) => spot(rc, `sailor:${i}:${c}`, 'vdg-chip-spot', chip(c, s.sailors[c]))),
          )
        : null,
    );
  });
  return area(
    rc,
    'recruiting',
    h('div', { class: 'vdg-sections' }, sections),
    h(
      'div',
      { class: 'vdg-captain-list' },
      spot(rc, 'bag', 'vdg-bag', `Bag: ${plural(view.recruiting.bag, 'sailor')}`),
      h('span', { class: 'vdg-label' }, 'Captains waiting here'),
      view.players.map((p) => spot(rc, `captains:${p.seat}`, 'vdg-captains', seatTag(rc, p.seat), `: ${p.captainsInRecruiting}`)),
    ),
  );
}

export function charactersEl(rc: Rc): HTMLElement {
  const { view } = rc;
  const coins = ([0, 1] as const).map((i) =>
    spot(
      rc,
      `coin:${i}`,
      'vdg-coin',
      h('span', { class: 'vdg-label' }, `Vasco da Gama, ${i === 0 ? 'upper' : 'lower'} space`),
      view.coins[i] === null ? h('span', { class: 'vdg-empty' }, 'taken') : h('strong', null, reals(view.coins[i]!)),
    ),
  );
  const characters = CHARACTERS.map((c) => {
    const info = view.characters[c];
    return spot(
      rc,
      `character:${c}`,
      'vdg-character',
      h('strong', null, CHARACTER_NAMES[c]),
      h('span', { class: 'vdg-small' }, ROLES[c]),
      h('span', { class: 'vdg-small' }, 'Held by ', seatTag(rc, info.holder)),
      info.hostedThisRound === null ? null : h('span', { class: 'vdg-small' }, 'Hosted by ', seatTag(rc, info.hostedThisRound)),
    );
  });
  const extra = DATA.extraNumbers.value.map((n) =>
    h(
      'span',
      { class: `vdg-extra${view.numbers.extra.includes(n) ? '' : ' vdg-gone'}`, dataset: { part: `number:${n}` } },
      `${n}`,
      sr(view.numbers.extra.includes(n) ? ' here' : ' on the board'),
    ),
  );
  const m = view.merchant;
  return area(
    rc,
    'characters',
    h('div', { class: 'vdg-coins' }, coins),
    h('div', { class: 'vdg-characters' }, characters),
    h(
      'p',
      { class: 'vdg-line vdg-chips vdg-small' },
      chip('missionary', view.missionaries, view.missionaries === 1 ? 'missionary (white) left' : 'missionaries (white) left'),
      h('span', null, 'Numbers 21/22: ', extra),
    ),
    h(
      'p',
      { class: 'vdg-line vdg-small', dataset: { path: 'merchant' } },
      'Merchant ships: ',
      m.faceUp ? `face up, limit ${m.faceUp.limit}` : m.sentThisRound ? "this round's has sailed" : 'none face up',
      ` · ${m.faceDown} face down`,
      m.dealt ? ` · from setup, still to send: limit ${m.dealt.limit}` : '',
    ),
  );
}

export function projectsEl(rc: Rc): HTMLElement {
  const { view } = rc;
  const row = view.projects.row.map((p, i) =>
    spot(
      rc,
      `project:${i}`,
      'vdg-project-space',
      p ? projectCard(p, { title: `Space ${i + 1}` }) : h('span', { class: 'vdg-card vdg-card-empty' }, `Space ${i + 1}: empty`),
    ),
  );
  const sg = view.projects.saoGabriel;
  const [d1, d2, d3] = view.projects.decks;
  return area(
    rc,
    'projects',
    h(
      'div',
      { class: 'vdg-project-row' },
      row,
      spot(
        rc,
        'project:sg',
        'vdg-project-space vdg-sao-gabriel',
        sg
          ? projectCard(sg, { title: `São Gabriel: ${reals(sg.crew)}, launched at once` })
          : h('span', { class: 'vdg-card vdg-card-empty' }, 'São Gabriel: sold'),
      ),
    ),
    h('p', { class: 'vdg-line vdg-small' }, `Decks: I ${d1}, II ${d2}, III ${d3} · removed from the game: ${view.removed}`),
  );
}
