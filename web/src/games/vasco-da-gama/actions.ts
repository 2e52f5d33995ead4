/**
 * The actions panel beside the board: whose turn it is, the player's own supply, and a line on
 * each kind of choice open now (its prices, what it needs). The choices themselves are made on
 * the board and confirmed in the choice bar above this panel (choices.ts).
 */
import { h } from '../../dom';
import type { VdgCommand } from '../../../../domain/games/vasco-da-gama/commands';
import { AREA_NAMES, DATA, SAILOR_COLOURS } from '../../../../domain/games/vasco-da-gama/data';
import { listWords } from '../../words';
import { turnText } from './board';
import { GROUPS, GROUP_ORDER, describeCommand, merchantLimit, projectText, reals, type CommandLabel } from './labels';
import { chip, seatTag, type Rc } from './widgets';

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
    order.filter((g) => groups.has(g)).map((g) => noteEl(rc, g, groups.get(g)!)),
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

/** The called action's choices the player's Reals do not reach (the legal ones are on the board). */
function tooDear(rc: Rc, entries: Entry[]): string[] {
  const call = rc.view.call;
  const p = rc.you === null ? undefined : rc.view.players[rc.you];
  if (!call || !p || call.seat !== rc.you || call.started) return [];
  const out: string[] = [];
  if (call.area === 'projects') {
    const bought = new Set(entries.flatMap((e) => (e.c.type === 'purchase' && e.c.spaces.length === 1 ? [e.c.spaces[0]!] : [])));
    rc.view.projects.row.forEach((tile, i) => {
      if (tile && !bought.has(i)) out.push(`${projectText(tile)} costs ${reals(call.cost + DATA.purchasePrices.value.one)}`);
    });
    const sg = rc.view.projects.saoGabriel;
    if (sg && !entries.some((e) => e.c.type === 'purchaseSaoGabriel')) out.push(`the São Gabriel costs ${reals(call.cost + sg.crew)}`);
  }
  if (call.area === 'recruiting') {
    const open = new Set(entries.flatMap((e) => (e.c.type === 'recruitFrom' ? [e.c.section] : [])));
    rc.view.recruiting.sections.forEach((s, i) => {
      const any = SAILOR_COLOURS.some((c) => s.sailors[c] > 0);
      if (s.active && any && !open.has(i))
        out.push(`section ${i + 1} costs at least ${reals(call.cost + (DATA.recruitCostByColours.value[1] ?? 0))}`);
    });
  }
  return out.length ? [`Out of reach with your ${reals(p.reals)}: ${listWords(out)}.`] : [];
}

/** A line on a kind of choice open now: its prices and what it needs (the choices are on the board). */
function noteEl(rc: Rc, group: string, entries: Entry[]): HTMLElement | null {
  const lines: string[] = [];
  const call = rc.view.call;
  if (group === GROUPS.place) {
    lines.push('Pick a number in the Numbers Zone and an area (its action slots): the cost shows before you confirm.');
  } else if (group === GROUPS.act && call) {
    lines.push(
      `Number ${call.number} in ${AREA_NAMES[call.area]}: ` +
        (call.cost > 0 && !call.started
          ? `the right to act costs ${reals(call.cost)}, included in each price (giving up costs nothing).`
          : 'the right to act is free.'),
    );
    const p = rc.you === null ? undefined : rc.view.players[rc.you];
    if (p && call.seat === rc.you && !call.started && call.cost > p.reals)
      lines.push(`You have ${reals(p.reals)}: not enough to act, so it can only be given up.`);
    if (call.area === 'projects')
      lines.push(
        `Pick one or two project cards: ${reals(DATA.purchasePrices.value.one)} for one, ${reals(DATA.purchasePrices.value.two)} for two.`,
      );
    lines.push(...tooDear(rc, entries));
  } else if (group === GROUPS.recruit) {
    lines.push(
      `Pick the sailors in the section; sailors of 1, 2, 3 or 4 colours cost ${listWords(DATA.recruitCostByColours.value.slice(1).map(String)).replace(/ and /, ' or ')} Reals, and a captain (your captains in Recruiting) ${reals(DATA.captainCostPerSailor.value)} per sailor recruited.`,
    );
  } else if (group === GROUPS.launch) {
    lines.push(
      'Launching is free and allowed at any time: pick one of your projects and its crew from your sailors (all different colours).',
    );
  } else if (group === GROUPS.merchant) {
    const limit = merchantLimit(rc.view);
    lines.push(
      `The merchant ship${limit ? ` (limit ${limit})` : ''} needs no captain: no VP for the slot, but the landing's bonus is yours.`,
    );
  } else if (group === GROUPS.expedition) {
    lines.push('Pick a ship and an empty slot it fits (its limit), or end the expedition.');
  }
  return lines.length ? h('p', { class: 'vdg-small vdg-note' }, lines.join(' ')) : null;
}
