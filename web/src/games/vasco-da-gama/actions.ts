/**
 * The actions panel: every legal command as a button with its cost in the text, grouped.
 * Placing a disc is two steps (number, then area) so the panel shows ~20 + 4 buttons instead of
 * numbers × areas; launches are grouped by project; recruit choices sit in rows with and
 * without a captain.
 */
import { h } from '../../dom';
import type { VdgCommand } from '../../../../domain/games/vasco-da-gama/commands';
import { AREA_NAMES, DATA, SAILOR_COLOURS } from '../../../../domain/games/vasco-da-gama/data';
import { listWords } from '../../words';
import { turnText } from './board';
import {
  GROUPS,
  GROUP_ORDER,
  cap,
  crewText,
  describeCommand,
  merchantLimit,
  numberCost,
  projectText,
  reals,
  rightRange,
  sailorsText,
  type CommandLabel,
} from './labels';
import { PICKED_NUMBER, chip, seatTag, sr, type Rc } from './widgets';

interface Entry {
  raw: unknown;
  c: VdgCommand;
  d: CommandLabel;
}

export function actionsEl(rc: Rc): HTMLElement {
  const entries: Entry[] = rc.frame.legal.map((raw) => {
    const c = raw as VdgCommand;
    return { raw, c, d: describeCommand(c, rc.view, rc.you, rc.ctx.names) };
  });
  const groups = new Map<string, Entry[]>();
  for (const e of entries) groups.set(e.d.group, [...(groups.get(e.d.group) ?? []), e]);
  const order = [...GROUP_ORDER, ...[...groups.keys()].filter((g) => !GROUP_ORDER.includes(g))];
  const mine = rc.you !== null && rc.view.activeSeats.includes(rc.you);
  return h(
    'div',
    { class: 'vdg-actions' },
    h('p', { class: `vdg-turn${mine ? ' vdg-your-turn' : ''}` }, rc.you === null ? `You are watching. ${turnText(rc)}` : turnText(rc)),
    ownEl(rc),
    entries.length === 0 && rc.you !== null && !rc.view.final ? h('p', { class: 'vdg-small' }, 'Nothing for you to do right now.') : null,
    order.filter((g) => groups.has(g)).map((g) => groupEl(rc, g, groups.get(g)!)),
  );
}

/** The player's own supply, always in view beside the choices it pays for. */
function ownEl(rc: Rc): HTMLElement | null {
  const p = rc.you === null ? undefined : rc.view.players[rc.you];
  if (!p || rc.view.final) return null;
  const item = (n: number, word: string) => h('span', { class: 'vdg-own-item' }, h('strong', null, String(n)), ` ${word}`);
  return h(
    'div',
    { class: 'vdg-own', role: 'group', 'aria-label': 'Your supply' },
    seatTag(rc, p.seat),
    item(p.reals, p.reals === 1 ? 'Real' : 'Reals'),
    item(p.vp, 'VP'),
    item(p.captains, p.captains === 1 ? 'captain' : 'captains'),
    item(p.ships.length, p.ships.length === 1 ? 'ship' : 'ships'),
    item(p.discsToPlace + (p.extraToPlace ? 1 : 0), p.discsToPlace + (p.extraToPlace ? 1 : 0) === 1 ? 'disc to place' : 'discs to place'),
    SAILOR_COLOURS.filter((c) => p.sailors[c] > 0).map((c) => chip(c, p.sailors[c])),
    p.missionaries ? chip('missionary', p.missionaries, p.missionaries === 1 ? 'missionary (white)' : 'missionaries (white)') : null,
  );
}

/** A choice the rules would allow but the player cannot pay for: shown, disabled, with the reason. */
function unaffordable(label: string, reason: string): HTMLElement {
  return h(
    'button',
    { type: 'button', class: 'vdg-cmd vdg-too-dear', disabled: true },
    h('span', { class: 'vdg-cmd-label' }, label),
    h('span', { class: 'vdg-reason' }, sr(' — '), reason),
  );
}

/** The called action's choices the player's Reals do not reach (the legal ones are the buttons). */
function tooDear(rc: Rc, entries: Entry[]): HTMLElement[] {
  const call = rc.view.call;
  const p = rc.you === null ? undefined : rc.view.players[rc.you];
  if (!call || !p || call.seat !== rc.you || call.started) return [];
  const have = `you have ${reals(p.reals)}`;
  const out: HTMLElement[] = [];
  if (call.area === 'projects') {
    const bought = new Set(entries.flatMap((e) => (e.c.type === 'purchase' && e.c.spaces.length === 1 ? [e.c.spaces[0]!] : [])));
    rc.view.projects.row.forEach((tile, i) => {
      if (tile && !bought.has(i))
        out.push(unaffordable(`Buy ${tile.id}`, `costs ${reals(call.cost + DATA.purchasePrices.value.one)}, ${have}`));
    });
    const sg = rc.view.projects.saoGabriel;
    if (sg && !entries.some((e) => e.c.type === 'purchaseSaoGabriel'))
      out.push(unaffordable(`Buy the São Gabriel`, `costs ${reals(call.cost + sg.crew)}, ${have}`));
  }
  if (call.area === 'recruiting') {
    const open = new Set(entries.flatMap((e) => (e.c.type === 'recruitFrom' ? [e.c.section] : [])));
    rc.view.recruiting.sections.forEach((s, i) => {
      const any = SAILOR_COLOURS.some((c) => s.sailors[c] > 0);
      if (s.active && any && !open.has(i))
        out.push(
          unaffordable(
            `Recruit from section ${i + 1}`,
            `at least ${reals(call.cost + (DATA.recruitCostByColours.value[1] ?? 0))}, ${have}`,
          ),
        );
    });
  }
  return out;
}

function groupEl(rc: Rc, group: string, entries: Entry[]): HTMLElement {
  let body: Node | Node[];
  let intro: Node | null = null;
  if (group === GROUPS.place) body = placeEl(rc, entries);
  else if (group === GROUPS.recruit) body = recruitEl(rc, entries);
  else if (group === GROUPS.launch) body = launchEl(rc, entries);
  else if (group === GROUPS.merchant) body = merchantEl(rc, entries);
  else
    body = h(
      'div',
      { class: 'vdg-buttons' },
      entries.map((e) => commandButton(rc, e)),
      group === GROUPS.act ? tooDear(rc, entries) : null,
    );
  if (group === GROUPS.act && rc.view.call) {
    const call = rc.view.call;
    intro = h(
      'p',
      { class: 'vdg-small' },
      `Number ${call.number} in ${AREA_NAMES[call.area]}: `,
      call.cost > 0 && !call.started
        ? `the right to act costs ${reals(call.cost)}, included in each price below (giving up costs nothing).`
        : 'the right to act is free.',
      (() => {
        const p = rc.you === null ? undefined : rc.view.players[rc.you];
        return p && call.seat === rc.you && !call.started && call.cost > p.reals
          ? ` You have ${reals(p.reals)}: not enough to act, so it can only be given up.`
          : null;
      })(),
    );
  }
  return h('section', { class: 'vdg-group', 'aria-label': group }, h('h3', null, group), intro, body);
}

/** A button that sends exactly this legal entry; the cost is part of its text. */
function commandButton(rc: Rc, e: Entry, text: string = e.d.label): HTMLElement {
  return h(
    'button',
    {
      type: 'button',
      class: 'vdg-cmd',
      dataset: { action: e.c.type, command: JSON.stringify(e.raw), key: `cmd:${JSON.stringify(e.raw)}` },
      onclick: () => rc.ctx.send(e.raw as object),
    },
    h('span', { class: 'vdg-cmd-label' }, text),
    e.d.cost ? h('span', { class: 'vdg-cost' }, sr(' — '), e.d.cost) : null,
  );
}

function placeEl(rc: Rc, entries: Entry[]): Node[] {
  const regular = entries.filter((e) => e.c.type === 'place');
  const extra = entries.filter((e) => e.c.type !== 'place'); // the Additional Action Disc after hosting Manuel I: few enough to list
  const out: Node[] = [];
  if (regular.length) {
    const numbers = [...new Set(regular.map((e) => (e.c as Extract<VdgCommand, { type: 'place' }>).number))].sort((a, b) => a - b);
    const pick = (n: number | null) => {
      if (n === null) rc.ctx.memory.delete(PICKED_NUMBER);
      else rc.ctx.memory.set(PICKED_NUMBER, n);
      rc.ctx.rerender();
    };
    if (rc.picked === null) {
      out.push(
        h('p', { class: 'vdg-small' }, 'Step 1 of 2: choose a Sequence Number (then its area).'),
        h(
          'div',
          { class: 'vdg-number-picks' },
          numbers.map((n) => pickButton(rc, n, () => pick(n))),
        ),
      );
    } else {
      const mine = regular.filter((e) => (e.c as Extract<VdgCommand, { type: 'place' }>).number === rc.picked);
      out.push(
        h(
          'p',
          { class: 'vdg-small' },
          `Step 2 of 2: number ${rc.picked} (${numberCost(rc.view, rc.picked)}) — choose its area, here or on the board. `,
          h(
            'button',
            { type: 'button', class: 'vdg-link', dataset: { action: 'changeNumber', key: 'change-number' }, onclick: () => pick(null) },
            'Change number',
          ),
        ),
        h(
          'div',
          { class: 'vdg-buttons' },
          mine.map((e) =>
            commandButton(rc, e, `Number ${rc.picked} in ${AREA_NAMES[(e.c as Extract<VdgCommand, { type: 'place' }>).area]}`),
          ),
        ),
      );
    }
  }
  if (extra.length)
    out.push(
      h(
        'div',
        { class: 'vdg-buttons' },
        extra.map((e) => commandButton(rc, e)),
      ),
    );
  return out;
}

/** A compact number button: the number, what the right to act may cost, the give-up refund. */
function pickButton(rc: Rc, n: number, onclick: () => void): HTMLElement {
  const range = rightRange(rc.view, n);
  const refund = rc.view.numbers.refunds[n - 1] ?? 0;
  const pay = range === null ? null : range[1] === 0 ? 'free' : range[0] === range[1] ? `pay ${range[0]}` : `pay ${range[0]}–${range[1]}`;
  // Allowed (Reals may come in before the number is called, or it is given up for the refund), but said.
  const have = rc.you === null ? null : (rc.view.players[rc.you]?.reals ?? null);
  const dear = range !== null && have !== null && range[0] > have;
  return h(
    'button',
    {
      type: 'button',
      class: `vdg-cmd vdg-pick${dear ? ' vdg-dear' : ''}`,
      dataset: { action: 'pickNumber', number: String(n), key: `pick:${n}` },
      onclick,
    },
    h('span', { class: 'vdg-pick-n' }, sr('Number '), String(n)),
    h(
      'span',
      { class: 'vdg-cost' },
      sr(' — '),
      pay ? h('span', null, pay, sr(',')) : null,
      refund ? [`give up +${refund}`, sr(refund === 1 ? ' Real' : ' Reals')] : 'no refund',
    ),
    dear ? h('span', { class: 'vdg-reason' }, `over your ${have}`) : null,
  );
}

/** Merchant destinations as one row per landing, then "keep it". */
function merchantEl(rc: Rc, entries: Entry[]): Node[] {
  type Send = Extract<VdgCommand, { type: 'sendMerchant' }>;
  const rows = new Map<string, Entry[]>();
  for (const e of entries) if (e.c.type === 'sendMerchant') rows.set(e.c.landing, [...(rows.get(e.c.landing) ?? []), e]);
  const rest = entries.filter((e) => e.c.type !== 'sendMerchant');
  const limit = merchantLimit(rc.view);
  const out: Node[] = [];
  if (rows.size)
    out.push(
      h(
        'p',
        { class: 'vdg-small' },
        `The merchant ship${limit ? ` (limit ${limit})` : ''} needs no captain: no VP for the slot, but the landing's bonus is yours.`,
      ),
    );
  for (const [id, list] of rows) {
    const landing = rc.view.landings.find((l) => l.id === id);
    out.push(
      h(
        'div',
        { class: 'vdg-choice-row' },
        h('span', { class: 'vdg-choice-what' }, landing?.name ?? id),
        list.map((e) => {
          const slot = (e.c as Send).slot;
          return commandButton(rc, e, `Slot ${slot + 1} (value ${landing?.slots[slot]?.value ?? '?'})`);
        }),
      ),
    );
  }
  out.push(
    h(
      'div',
      { class: 'vdg-buttons' },
      rest.map((e) => commandButton(rc, e)),
    ),
  );
  return out;
}

/** Recruit choices as rows: the sailors, then "without captain" and "with captain" buttons. */
function recruitEl(rc: Rc, entries: Entry[]): HTMLElement {
  type Recruit = Extract<VdgCommand, { type: 'recruit' }>;
  const rows = new Map<string, Entry[]>();
  for (const e of entries) {
    const key = JSON.stringify((e.c as Recruit).sailors);
    rows.set(key, [...(rows.get(key) ?? []), e]);
  }
  return h(
    'div',
    { class: 'vdg-recruit' },
    h(
      'p',
      { class: 'vdg-small' },
      `Sailors of 1, 2, 3 or 4 colours cost ${listWords(DATA.recruitCostByColours.value.slice(1).map(String)).replace(/ and /, ' or ')} Reals; a captain costs ${reals(DATA.captainCostPerSailor.value)} per sailor recruited.`,
    ),
    [...rows.values()].map((list) =>
      h(
        'div',
        { class: 'vdg-recruit-row' },
        h('span', { class: 'vdg-recruit-what' }, cap(sailorsText((list[0]!.c as Recruit).sailors))),
        list.map((e) => commandButton(rc, e, (e.c as Recruit).captain ? 'with a captain' : 'no captain')),
        captainOut(rc, list),
      ),
    ),
  );
}

/** "With a captain" for a row the player can pay only without one (when a captain waits in Recruiting). */
function captainOut(rc: Rc, list: Entry[]): HTMLElement | null {
  type Recruit = Extract<VdgCommand, { type: 'recruit' }>;
  const p = rc.you === null ? undefined : rc.view.players[rc.you];
  if (!p || p.captainsInRecruiting === 0 || list.some((e) => (e.c as Recruit).captain)) return null;
  const sailors = (list[0]!.c as Recruit).sailors;
  const count = SAILOR_COLOURS.reduce((n, c) => n + sailors[c], 0);
  const colours = SAILOR_COLOURS.filter((c) => sailors[c] > 0).length;
  const cost = (DATA.recruitCostByColours.value[colours] ?? 0) + count * DATA.captainCostPerSailor.value;
  return unaffordable('with a captain', `costs ${reals(cost)}, you have ${reals(p.reals)}`);
}

function launchEl(rc: Rc, entries: Entry[]): HTMLElement {
  type Launch = Extract<VdgCommand, { type: 'launch' }>;
  const byProject = new Map<string, Entry[]>();
  for (const e of entries) byProject.set((e.c as Launch).project, [...(byProject.get((e.c as Launch).project) ?? []), e]);
  const projects = rc.you === null ? [] : (rc.view.players[rc.you]?.projects ?? []);
  return h(
    'div',
    { class: 'vdg-launch' },
    h(
      'p',
      { class: 'vdg-small' },
      'Launching is free and allowed at any time; the crew (all different colours) returns to the bag, missionaries to the Characters Area.',
    ),
    [...byProject].map(([id, list]) => {
      const p = projects.find((t) => t.id === id);
      return h(
        'div',
        { class: 'vdg-launch-project' },
        h('h4', null, p ? projectText(p) : 'A project'),
        h(
          'div',
          { class: 'vdg-buttons' },
          list.map((e) => commandButton(rc, e, `Crew: ${crewText((e.c as Launch).crew)}`)),
        ),
      );
    }),
  );
}
