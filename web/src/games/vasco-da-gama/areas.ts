/**
 * The board's four areas as the printed board groups them: each area's action slots, then what
 * lies in it (Recruiting: sections and captains; Characters: Vasco da Gama's money, the
 * characters, missionaries, numbers 21/22 and the merchant ship; Purchase Projects: the row and
 * São Gabriel; Navigation: the six landings).
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
import { chip, discEl, nameOf, projectCard, seatTag, spot, sr, type Rc } from './widgets';

const ROLES: Record<CharacterId, string> = {
  dias: `The Leader: ${DATA.diasVp.value} VP when hosted and at round end; first player`,
  alvares: 'The Priest: 1 missionary when hosted and at round end',
  sernigi: 'The Merchant: sends the merchant ship',
  manuel: 'The King: the Additional Action Disc (21/22)',
};

export function areasEl(rc: Rc): HTMLElement {
  return h(
    'div',
    { class: 'vdg-areas' },
    area(rc, 'recruiting', recruitingContent(rc)),
    area(rc, 'characters', charactersContent(rc)),
    area(rc, 'projects', projectsContent(rc)),
    area(rc, 'navigation', navigationContent(rc)),
  );
}

function area(rc: Rc, a: Area, content: Node[]): HTMLElement {
  const slots = rc.view.areas[a];
  const free = slots.filter((d) => d === null).length;
  return h(
    'section',
    { class: `vdg-area vdg-area-${a}`, 'aria-label': `${AREA_NAMES[a]} Area` },
    h('h3', null, `${AREA_NAMES[a]}`),
    spot(
      rc,
      `area:${a}`,
      'vdg-slots',
      h('span', { class: 'vdg-label' }, `Action slots (${free} of ${slots.length} empty)`),
      h(
        'ol',
        { class: 'vdg-slot-list' },
        slots.map((d, i) => h('li', { class: 'vdg-slot' }, d ? discEl(rc, d) : h('span', { class: 'vdg-empty' }, sr(`slot ${i + 1} `), 'empty'))),
      ),
    ),
    content,
  );
}

function recruitingContent(rc: Rc): Node[] {
  const { view } = rc;
  const sections = view.recruiting.sections.map((s, i) => {
    const total = SAILOR_COLOURS.reduce((n, c) => n + s.sailors[c], 0);
    return spot(
      rc,
      `section:${i}`,
      `vdg-section${s.active ? '' : ' vdg-inactive'}`,
      h('span', { class: 'vdg-label' }, `Section ${i + 1}${s.active ? '' : ' (not in use)'}`),
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
  const captains = view.players.map((p) =>
    spot(rc, `captains:${p.seat}`, 'vdg-captains', seatTag(rc, p.seat), `: ${plural(p.captainsInRecruiting, 'captain')} waiting`),
  );
  return [
    h('div', { class: 'vdg-sections' }, sections),
    spot(rc, 'bag', 'vdg-bag', `Bag: ${plural(view.recruiting.bag, 'sailor')}`),
    h('div', { class: 'vdg-captain-list' }, h('span', { class: 'vdg-label' }, 'Captains in Recruiting'), captains),
  ];
}

function charactersContent(rc: Rc): Node[] {
  const { view } = rc;
  const coins = ([0, 1] as const).map((i) =>
    spot(
      rc,
      `coin:${i}`,
      'vdg-coin',
      h('span', { class: 'vdg-label' }, `Vasco da Gama's ${i === 0 ? 'upper' : 'lower'} space`),
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
      h('span', null, 'Held by ', seatTag(rc, info.holder)),
      h('span', null, 'Hosted this round: ', info.hostedThisRound === null ? 'not yet' : seatTag(rc, info.hostedThisRound)),
    );
  });
  const extra = DATA.extraNumbers.value.map((n) =>
    h('span', { class: `vdg-extra${view.numbers.extra.includes(n) ? '' : ' vdg-gone'}` }, `${n}`, sr(view.numbers.extra.includes(n) ? ' here' : ' on the board')),
  );
  return [
    h('div', { class: 'vdg-coins' }, coins),
    h('div', { class: 'vdg-characters' }, characters),
    h(
      'p',
      { class: 'vdg-line vdg-chips' },
      chip('missionary', view.missionaries, view.missionaries === 1 ? 'missionary (white) left' : 'missionaries (white) left'),
      h('span', { class: 'vdg-extra-numbers' }, 'Numbers for the Additional Action Disc: ', extra),
    ),
    merchantEl(rc),
  ];
}

function merchantEl(rc: Rc): HTMLElement {
  const m = rc.view.merchant;
  return h(
    'div',
    { class: 'vdg-merchant' },
    h('span', { class: 'vdg-label' }, 'Merchant ships'),
    h('span', null, m.faceUp ? `Face up: limit ${m.faceUp.limit}` : m.sentThisRound ? 'This round\'s ship has sailed' : 'None face up'),
    h('span', null, `Face down: ${m.faceDown}`),
    m.dealt ? h('span', null, `Dealt at setup, still to send: limit ${m.dealt.limit}`) : null,
  );
}

function projectsContent(rc: Rc): Node[] {
  const { view } = rc;
  const row = view.projects.row.map((p, i) =>
    spot(rc, `project:${i}`, 'vdg-project-space', p ? projectCard(p, { title: `Space ${i + 1}` }) : h('span', { class: 'vdg-card vdg-card-empty' }, `Space ${i + 1}: empty`)),
  );
  const sg = view.projects.saoGabriel;
  const [d1, d2, d3] = view.projects.decks;
  return [
    h('div', { class: 'vdg-project-row' }, row),
    spot(
      rc,
      'project:sg',
      'vdg-project-space vdg-sao-gabriel',
      sg ? projectCard(sg, { title: `São Gabriel (costs ${reals(sg.crew)}, launched at once)` }) : h('span', { class: 'vdg-card vdg-card-empty' }, 'São Gabriel: sold'),
    ),
    h('p', { class: 'vdg-line vdg-small' }, `Decks: I ${d1}, II ${d2}, III ${d3} · removed from the game: ${view.removed}`),
  ];
}

function navigationContent(rc: Rc): Node[] {
  return [
    h(
      'div',
      { class: 'vdg-landings', tabindex: '0', role: 'group', 'aria-label': 'Landings, from Natal to Calicut' },
      rc.view.landings.map((l) => landingEl(rc, l)),
    ),
  ];
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
      h('span', { class: 'vdg-small' }, `${l.vpPerShip} VP per ship when complete`),
      h('span', { class: 'vdg-small' }, `Bonus: ${bonus ?? 'none'}`),
      l.complete ? h('span', { class: 'vdg-badge' }, 'Complete') : null,
    ),
    h(
      'ol',
      { class: 'vdg-landing-slots' },
      l.slots.map((slot, i) =>
        h(
          'li',
          null,
          spot(
            rc,
            `slot:${l.id}:${i}`,
            `vdg-ship-slot${slot.ship ? (slot.ship.owner === null ? ' vdg-merchant-ship' : ` vdg-seat-${rc.view.players[slot.ship.owner]?.colour}`) : ''}`,
            h('span', { class: 'vdg-slot-value' }, sr(`slot ${i + 1}, value `), String(slot.value)),
            slot.ship
              ? slot.ship.owner === null
                ? h('span', null, `Merchant (limit ${slot.ship.limit})`)
                : h('span', null, `${nameOf(rc, slot.ship.owner)} (${rc.view.players[slot.ship.owner]?.colour}): ${slot.ship.tile}, limit ${slot.ship.limit}`)
              : h('span', { class: 'vdg-empty' }, 'empty'),
          ),
        ),
      ),
    ),
  );
}
