/**
 * The Vasco da Gama command labels: human words and the Reals a command costs, shown before the
 * click. Views come from the real game module (rulebook situations from the domain fixtures, and
 * whole bot games for coverage of every command type).
 */
import { describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import type { VdgCommand } from '../../domain/games/vasco-da-gama/commands';
import { heuristicBot } from '../../domain/games/vasco-da-gama/bot';
import type { VdgState } from '../../domain/games/vasco-da-gama/types';
import type { VdgView } from '../../domain/games/vasco-da-gama/view';
import { GROUP_ORDER, describeCommand, numberCost, possibleFreeNumbers } from '../../web/src/games/vasco-da-gama/labels';
import { PHASE1_EXAMPLE, RED, YELLOW, game, phase2, play, round1, vdg } from '../vasco-da-gama/fixtures';

const viewOf = (s: VdgState, seat: number): VdgView => game.view(s, seat);
const cost = (c: VdgCommand, s: VdgState, seat: number) => describeCommand(c, viewOf(s, seat), seat).cost;

describe('Phase 2 example (initial 11, variation −3: the first free action is 8)', () => {
  // The rulebook's discs: Red 5 in Recruiting and 6 in Characters, Yellow 7, 8, 9 and 11 …
  const { discs } = PHASE1_EXAMPLE;
  const begin = () =>
    phase2(2, discs, {
      setup: { holders: PHASE1_EXAMPLE.holders },
      arrange: (s) => {
        s.seats[YELLOW]!.ships.push('I-12'); // limit 7
        s.seats[RED]!.captains = 2;
      },
    }).state;

  it('number 5 costs 3 Reals for the right to act, shown on every way to act, and refunds 1 if given up', () => {
    const s = begin();
    const view = viewOf(s, RED);
    expect(view.numbers.free).toBe(8);
    expect(view.call).toMatchObject({ number: 5, cost: 3 });
    expect(describeCommand({ type: 'recruitFrom', section: 0 }, view, RED)).toMatchObject({
      label: expect.stringMatching(/^Recruit from section 1 \(.+\)$/),
      cost: '3 Reals for the right, then sailors from 1 Real',
      group: 'Act',
    });
    expect(cost({ type: 'recruitCaptain' }, s, RED)).toBe('3 Reals for the right to act');
    expect(describeCommand({ type: 'giveUp' }, view, RED)).toEqual({ label: 'Give up number 5', cost: '+1 Real', group: 'Act' });
  });

  it('recruiting, once the right is paid, costs the colours (1/3/6/10) plus 1 Real per sailor for a captain', () => {
    let s = begin();
    s = play(s, RED, { type: 'recruitFrom', section: 0 }).state;
    const view = viewOf(s, RED);
    const one = describeCommand({ type: 'recruit', sailors: { orange: 1, turquoise: 0, violet: 0, grey: 0 }, captain: false }, view, RED);
    expect(one).toEqual({ label: '1 orange sailor', cost: '1 Real', group: 'Recruit sailors' });
    const mixed = { orange: 1, turquoise: 2, violet: 1, grey: 0 };
    expect(describeCommand({ type: 'recruit', sailors: mixed, captain: false }, view, RED).cost).toBe('6 Reals');
    expect(describeCommand({ type: 'recruit', sailors: mixed, captain: true }, view, RED)).toEqual({
      label: '1 orange, 2 turquoise and 1 violet sailors + a captain',
      cost: '10 Reals (sailors 6 + captain 4)',
      group: 'Recruit sailors',
    });
    const all = { orange: 1, turquoise: 1, violet: 1, grey: 1 };
    expect(describeCommand({ type: 'recruit', sailors: all, captain: false }, view, RED).cost).toBe('10 Reals');
  });

  it('giving up 6 refunds 2 Reals; acting with it would cost 2 for the right', () => {
    let s = begin();
    const colour = (['orange', 'turquoise', 'violet', 'grey'] as const).find((c) => s.sections[0]![c] > 0)!;
    s = play(s, RED, { type: 'recruitFrom', section: 0 }).state;
    s = play(s, RED, { type: 'recruit', sailors: { [colour]: 1 }, captain: false }).state;
    expect(s.call).toMatchObject({ number: 6, seat: RED, area: 'characters' });
    expect(describeCommand({ type: 'giveUp' }, viewOf(s, RED), RED)).toEqual({ label: 'Give up number 6', cost: '+2 Reals', group: 'Act' });
    expect(cost({ type: 'takeMoney', space: 0 }, s, RED)).toBe('2 Reals for the right, then +9 Reals');
    expect(cost({ type: 'host', character: 'alvares' }, s, RED)).toBe('2 Reals for the right to act');
    expect(describeCommand({ type: 'host', character: 'dias' }, viewOf(s, RED), RED).label).toMatch(
      /^Host Bartolomeu Dias \(from Yellow\): \+2 VP/,
    );
  });

  it('from 8 on the right is free: Vasco da Gama money is a pure gain, projects cost their price', () => {
    let s = begin();
    const colour = (['orange', 'turquoise', 'violet', 'grey'] as const).find((c) => s.sections[0]![c] > 0)!;
    s = play(s, RED, { type: 'recruitFrom', section: 0 }).state;
    s = play(s, RED, { type: 'recruit', sailors: { [colour]: 1 }, captain: false }).state;
    s = play(s, RED, { type: 'giveUp' }).state;
    expect(cost({ type: 'recruitCaptain' }, s, YELLOW)).toBe('1 Real for the right to act'); // 7: 8 − 7
    s = play(s, YELLOW, { type: 'recruitCaptain' }).state;
    expect(s.call).toMatchObject({ number: 8, seat: YELLOW });
    expect(cost({ type: 'takeMoney', space: 0 }, s, YELLOW)).toBe('+9 Reals');
    expect(cost({ type: 'takeMoney', space: 1 }, s, YELLOW)).toBe('+4 Reals');
    expect(cost({ type: 'host', character: 'manuel' }, s, YELLOW)).toBe('free');
    s = play(s, YELLOW, { type: 'takeMoney', space: 0 }).state;
    expect(s.call).toMatchObject({ number: 9, area: 'projects' });
    expect(cost({ type: 'purchase', spaces: [0] }, s, YELLOW)).toBe('1 Real');
    expect(cost({ type: 'purchase', spaces: [0, 1] }, s, YELLOW)).toBe('4 Reals');
    const sg = viewOf(s, YELLOW).projects.saoGabriel!;
    expect(describeCommand({ type: 'purchaseSaoGabriel' }, viewOf(s, YELLOW), YELLOW)).toEqual({
      label: `Buy the São Gabriel, the crew-${sg.crew} ship (limit ${sg.limit}${sg.reals || sg.vp ? ', earns ' : ''}${[sg.vp ? `${sg.vp} VP` : '', sg.reals ? `${sg.reals} Real${sg.reals > 1 ? 's' : ''}` : ''].filter(Boolean).join(' + ')}), launched at once`,
      cost: `${sg.crew} Reals`,
      group: 'Act',
    });
  });

  it('an expedition shows the VP of the slot and the landing bonus (Malindi: 1 Real)', () => {
    let s = begin();
    const colour = (['orange', 'turquoise', 'violet', 'grey'] as const).find((c) => s.sections[0]![c] > 0)!;
    for (const [seat, c] of [
      [RED, { type: 'recruitFrom', section: 0 }],
      [RED, { type: 'recruit', sailors: { [colour]: 1 }, captain: false }],
      [RED, { type: 'giveUp' }],
      [YELLOW, { type: 'recruitCaptain' }],
      [YELLOW, { type: 'takeMoney', space: 0 }],
      [YELLOW, { type: 'purchase', spaces: [0] }],
    ] as const)
      s = play(s, seat, c).state;
    expect(cost({ type: 'expedition', landing: 'malindi' }, s, YELLOW)).toBe('free');
    s = play(s, YELLOW, { type: 'expedition', landing: 'malindi' }).state;
    expect(describeCommand({ type: 'sendShip', ship: 'I-12', slot: 2 }, viewOf(s, YELLOW), YELLOW)).toEqual({
      label: 'Send your crew-5 ship (limit 7) to Malindi, slot 3 (value 7)',
      cost: '+7 VP · +1 Real when the expedition ends',
      group: 'Expedition',
    });
  });

  it('paying for the right and the action shows the total and the parts', () => {
    const { state: s } = phase2(2, [
      [RED, 5, 'projects'],
      [YELLOW, 12, 'characters'],
    ]);
    const sg = viewOf(s, RED).projects.saoGabriel!;
    expect(cost({ type: 'purchase', spaces: [0] }, s, RED)).toBe('4 Reals (right 3 + project 1)');
    expect(cost({ type: 'purchase', spaces: [2, 4] }, s, RED)).toBe('7 Reals (right 3 + projects 4)');
    expect(cost({ type: 'purchaseSaoGabriel' }, s, RED)).toBe(`${3 + sg.crew} Reals (right 3 + São Gabriel ${sg.crew})`);
    expect(describeCommand({ type: 'purchase', spaces: [2, 4] }, viewOf(s, RED), RED).label).toMatch(
      /^Buy the crew-\d ship \(limit \d+\) and the crew-\d ship \(limit \d+\)$/,
    );
  });
});

describe('placing a disc', () => {
  const start = () => round1(2, { vdg: { faceUp: vdg(11), deck: [vdg(8), vdg(4), vdg(5), vdg(6), vdg(7), vdg(9), vdg(10), vdg(12)] } });

  it('shows the give-up refund of the number (rows of five: 1, 2, 3, 4 Reals; 21 and 22 nothing)', () => {
    const view = viewOf(start(), YELLOW);
    expect(view.numbers.free).toBeNull();
    expect(describeCommand({ type: 'place', number: 6, area: 'recruiting' }, view, YELLOW)).toMatchObject({
      label: 'Number 6 in Recruiting',
      cost: expect.stringMatching(/give up \+2 Reals$/),
      group: 'Place a disc',
    });
    expect(numberCost(view, 15)).toMatch(/give up \+3 Reals$/);
    expect(numberCost(view, 20)).toMatch(/give up \+4 Reals$/);
    expect(numberCost(view, 21)).toMatch(/give up: no refund$/);
  });

  it('during Phase 1 the right to act is a range from the face-down tiles; once known it is exact', () => {
    const view = viewOf(start(), YELLOW);
    // Tiles left face down: variations −3 … +3 around the initial 11.
    expect(possibleFreeNumbers(view)).toEqual({ min: 8, max: 14 });
    expect(numberCost(view, 5)).toBe('right to act 3–9 Reals · give up +1 Real');
    expect(numberCost(view, 14)).toBe('free to act · give up +3 Reals');
    const known: VdgView = { ...view, numbers: { ...view.numbers, free: 8 } };
    expect(numberCost(known, 5)).toBe('right to act 3 Reals · give up +1 Real');
    expect(numberCost(known, 8)).toBe('free to act · give up +2 Reals');
    expect(describeCommand({ type: 'placeExtraDisc', number: 22, area: 'projects' }, known, YELLOW)).toEqual({
      label: 'Additional Action Disc: number 22 in Purchase Projects',
      cost: 'free to act · give up: no refund',
      group: 'Place a disc',
    });
  });
});

describe('every legal command of whole games', () => {
  it('has a label, a known group, and a price on every Phase 2 action whose right to act is not free', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 6; seed++) {
      const players = 2 + (seed % 3);
      playGame(game, {
        players,
        seed,
        bots: Array.from({ length: players }, () => (seed % 2 ? randomBot : heuristicBot)),
        onCommand: ({ state }) => {
          const s = state as VdgState;
          for (let seat = 0; seat < players; seat++) {
            const view = viewOf(s, seat);
            for (const c of game.legal(s, seat)) {
              seen.add(c.type);
              const d = describeCommand(c, view, seat);
              expect(d.label.length).toBeGreaterThan(3);
              expect(d.label).not.toMatch(/undefined|NaN|null/);
              expect(d.cost ?? '').not.toMatch(/undefined|NaN|null/);
              expect(GROUP_ORDER).toContain(d.group);
              const starts = ['purchase', 'purchaseSaoGabriel', 'recruitFrom', 'recruitCaptain', 'expedition', 'takeMoney', 'host'];
              if (starts.includes(c.type) && view.call && !view.call.started && view.call.cost > 0)
                expect(d.cost).toMatch(new RegExp(`^${view.call.cost} Reals? for the right|\\(right ${view.call.cost} \\+`));
            }
          }
        },
      });
    }
    // The games reach every command type, so none is left without words.
    expect([...seen].sort()).toEqual(
      [
        'drawSailor',
        'endExpedition',
        'expedition',
        'finish',
        'giveUp',
        'holdMerchant',
        'host',
        'launch',
        'place',
        'placeExtraDisc',
        'purchase',
        'purchaseSaoGabriel',
        'recruit',
        'recruitCaptain',
        'recruitFrom',
        'sendMerchant',
        'sendShip',
        'takeMoney',
        'takeProject',
        'takeSailor',
      ].sort(),
    );
  });
});
