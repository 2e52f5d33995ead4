/**
 * The Vasco da Gama board and actions panel, rendered into a minimal stand-in DOM (enough for
 * web/src/dom.ts) from states of whole bot games: every control that sends a command sends an
 * exact legal entry, the panel offers every legal command (placing in two steps), costs are in
 * the button text, board spaces are keyboard-usable, sailors carry words, final scores show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import type { VdgCommand } from '../../domain/games/vasco-da-gama/commands';
import { heuristicBot } from '../../domain/games/vasco-da-gama/bot';
import type { VdgState } from '../../domain/games/vasco-da-gama/types';
import type { StateFrame } from '../../functions/core/protocol/frames';
import { describeCommand } from '../../web/src/games/vasco-da-gama/labels';
import { game } from '../vasco-da-gama/fixtures';

// ---- a stand-in DOM: elements with children, attributes, dataset, listeners and text ----------
type Listener = (e: unknown) => void;
class FakeNode {
  childNodes: FakeNode[] = [];
  parent: FakeNode | null = null;
  appendChild(child: FakeNode): FakeNode {
    child.parent = this;
    this.childNodes.push(child);
    return child;
  }
  replaceChildren(...nodes: FakeNode[]): void {
    this.childNodes = [];
    for (const n of nodes) this.appendChild(n);
  }
  get textContent(): string {
    return this.childNodes.map((c) => c.textContent).join('');
  }
}
class FakeText extends FakeNode {
  constructor(readonly data: string) {
    super();
  }
  override get textContent(): string {
    return this.data;
  }
}
class FakeElement extends FakeNode {
  className = '';
  dataset: Record<string, string> = {};
  attributes = new Map<string, string>();
  listeners = new Map<string, Listener[]>();
  constructor(readonly tagName: string) {
    super();
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  addEventListener(type: string, fn: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  fire(type: string, event: object = {}): void {
    for (const fn of this.listeners.get(type) ?? []) fn({ preventDefault() {}, ...event });
  }
  /** Every element below (and including) this one. */
  all(): FakeElement[] {
    const out: FakeElement[] = [this];
    for (const c of this.childNodes) if (c instanceof FakeElement) out.push(...c.all());
    return out;
  }
}

const g = globalThis as Record<string, unknown>;
let saved: unknown;
beforeAll(() => {
  saved = g.document;
  g.document = {
    createElement: (tag: string) => new FakeElement(tag.toUpperCase()),
    createElementNS: (_ns: string, tag: string) => new FakeElement(tag),
    createTextNode: (t: string) => new FakeText(t),
  };
});
afterAll(() => {
  g.document = saved;
});

// The UI module is typed against the DOM library, which the server-side tsconfig that checks the
// tests does not load; so it is imported by a path TypeScript does not follow, and typed here.
interface Ctx {
  send(command: object): void;
  names: string[];
  rerender(): void;
  memory: Map<string, unknown>;
}
interface Ui {
  board(frame: StateFrame, ctx: Ctx): unknown;
  actions(frame: StateFrame, ctx: Ctx): unknown;
}
const UI_MODULE = '../../web/src/games/vasco-da-gama/index.ts';
const ui = async (): Promise<Ui> => ((await import(/* @vite-ignore */ UI_MODULE)) as { vascoDaGamaUi: Ui }).vascoDaGamaUi;

// ---- frames from real games ---------------------------------------------------------------
const NAMES = ['Ana', 'Bruno', 'Chen', 'Dara'];

function frameOf(s: VdgState, you: number | null): StateFrame {
  return {
    type: 'state',
    gameId: 'g1',
    game: 'vasco-da-gama',
    version: 1,
    status: s.phase === 'over' ? 'finished' : 'active',
    seats: s.seats.map((_, seat) => ({ seat, playerId: `p${seat}`, name: NAMES[seat]! })),
    you,
    activeSeats: game.activeSeats(s),
    online: [0],
    absent: [],
    canUndo: false,
    view: game.view(s, you),
    legal: you === null ? [] : game.legal(s, you),
    log: [],
    logStart: 0,
    outcome: null,
  } as StateFrame;
}

/** States of a few whole games, thinned out so every kind of moment appears without rendering thousands. */
function states(): VdgState[] {
  const out: VdgState[] = [];
  for (const [seed, players] of [
    [3, 4],
    [4, 2],
    [5, 3],
  ] as const) {
    let i = 0;
    const played = playGame<VdgState, never>(game, {
      players,
      seed,
      bots: Array.from({ length: players }, () => (seed % 2 ? randomBot : heuristicBot)),
      onCommand: ({ state }) => {
        const s = state as VdgState;
        if (i++ % 3 === 0 || s.pending.length > 0 || s.phase === 'finalLaunch') out.push(s);
      },
    });
    out.push(played.state);
  }
  return out;
}

function context(memory = new Map<string, unknown>()) {
  const sent: unknown[] = [];
  let rerenders = 0;
  const ctx: Ctx = { send: (c) => void sent.push(c), names: NAMES, rerender: () => void rerenders++, memory };
  return { ctx, sent, rerenders: () => rerenders };
}

const commandsIn = (root: FakeElement) => root.all().filter((e) => e.dataset.command !== undefined);

describe('the Vasco da Gama UI', () => {
  const all = states();

  it('sends only exact legal entries, and offers every legal command in the panel (placing in two steps)', async () => {
    const vdg = await ui();
    const typesOnBoard = new Set<string>();
    for (const s of all) {
      for (const you of game.activeSeats(s)) {
        const frame = frameOf(s, you);
        const legal = frame.legal.map((c) => JSON.stringify(c));
        const { ctx, sent } = context();
        const board = vdg.board(frame, ctx) as unknown as FakeElement;
        const actions = vdg.actions(frame, ctx) as unknown as FakeElement;
        for (const el of [...commandsIn(board), ...commandsIn(actions)]) {
          expect(legal).toContain(el.dataset.command);
          expect(el.dataset.action).toBe(JSON.parse(el.dataset.command!).type);
        }
        for (const el of commandsIn(board)) typesOnBoard.add(el.dataset.action!);
        // The panel: each legal command once, except `place`, which needs a number first.
        const offered = commandsIn(actions).map((e) => e.dataset.command!);
        expect(offered.sort()).toEqual(legal.filter((c) => JSON.parse(c).type !== 'place').sort());
        // Clicking any offered control sends that very entry.
        const pick = commandsIn(actions)[0];
        if (pick) {
          pick.fire('click');
          expect(sent).toEqual([frame.legal[legal.indexOf(pick.dataset.command!)]]);
        }
      }
    }
    // The board is clickable for ships, the merchant, projects, characters, money and sailors.
    for (const t of [
      'sendMerchant',
      'takeProject',
      'purchase',
      'host',
      'takeMoney',
      'recruitFrom',
      'takeSailor',
      'expedition',
      'recruitCaptain',
    ])
      expect(typesOnBoard).toContain(t);
  });

  it('places a disc in two steps: a number (remembered), then one button per area', async () => {
    const vdg = await ui();
    const s = all.find((x) => x.phase === 'placement' && x.turn !== null)!;
    const you = s.turn!;
    const frame = frameOf(s, you);
    const memory = new Map<string, unknown>();
    const first = context(memory);
    const actions = vdg.actions(frame, first.ctx) as unknown as FakeElement;
    const picks = actions.all().filter((e) => e.dataset.action === 'pickNumber');
    expect(picks.length).toBeGreaterThan(0);
    for (const p of picks) {
      expect(p.tagName).toBe('BUTTON');
      expect(p.dataset.command).toBeUndefined();
      expect(p.textContent).toMatch(/give up \+\d|no refund/);
    }
    const seven = picks.find((p) => p.dataset.number === '7') ?? picks[0]!;
    const number = Number(seven.dataset.number);
    seven.fire('click');
    expect(first.rerenders()).toBe(1);

    const second = context(memory);
    const step2 = vdg.actions(frame, second.ctx) as unknown as FakeElement;
    const areas = commandsIn(step2).map((e) => JSON.parse(e.dataset.command!) as VdgCommand);
    const legalForNumber = frame.legal.filter(
      (c) => (c as VdgCommand).type === 'place' && (c as { type: string; number?: number }).number === number,
    );
    expect(areas).toEqual(legalForNumber);
    expect(step2.all().some((e) => e.dataset.action === 'changeNumber' && e.tagName === 'BUTTON')).toBe(true);
    // The board's areas are the same choices now.
    const board = vdg.board(frame, second.ctx) as unknown as FakeElement;
    expect(commandsIn(board).map((e) => JSON.parse(e.dataset.command!))).toEqual(expect.arrayContaining(legalForNumber));
    // "Change number" forgets the pick.
    step2
      .all()
      .find((e) => e.dataset.action === 'changeNumber')!
      .fire('click');
    expect(memory.size).toBe(0);
  });

  it('shows each cost in the button text, before the click', async () => {
    const vdg = await ui();
    let withCost = 0;
    for (const s of all) {
      for (const you of game.activeSeats(s)) {
        const frame = frameOf(s, you);
        const actions = vdg.actions(frame, context().ctx) as unknown as FakeElement;
        for (const el of commandsIn(actions)) {
          const d = describeCommand(JSON.parse(el.dataset.command!), frame.view as never, you, NAMES);
          expect(el.tagName).toBe('BUTTON');
          if (d.cost) {
            withCost++;
            expect(el.textContent).toContain(d.cost);
          }
        }
      }
    }
    expect(withCost).toBeGreaterThan(50);
  });

  it('makes board spaces keyboard buttons (role, tabindex, Enter and Space)', async () => {
    const vdg = await ui();
    let checked = 0;
    for (const s of all) {
      const you = game.activeSeats(s)[0];
      if (you === undefined) continue;
      const { ctx, sent } = context();
      const board = vdg.board(frameOf(s, you), ctx) as unknown as FakeElement;
      for (const el of commandsIn(board)) {
        expect(el.getAttribute('role')).toBe('button');
        expect(el.getAttribute('tabindex')).toBe('0');
        expect(el.getAttribute('aria-label')).toBeTruthy();
        el.fire('keydown', { key: 'Enter' });
        el.fire('keydown', { key: ' ' });
        el.fire('keydown', { key: 'a' });
        expect(sent.slice(-2).map((c) => JSON.stringify(c))).toEqual([el.dataset.command, el.dataset.command]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('labels every colour with words: sailors "3 orange", discs with their seat name', async () => {
    const vdg = await ui();
    const s = all[Math.floor(all.length / 2)]!;
    const board = vdg.board(frameOf(s, null), context().ctx) as unknown as FakeElement;
    const chips = board.all().filter((e) => e.className.split(' ').includes('vdg-chip'));
    expect(chips.length).toBeGreaterThan(0);
    for (const c of chips) expect(c.textContent).toMatch(/^\d+ (orange|turquoise|violet|grey|missionar(y|ies) \(white\)( left)?)$/);
    for (const d of board.all().filter((e) => e.className.split(' ').includes('vdg-disc')))
      expect(d.textContent).toMatch(new RegExp(`^${d.dataset.number}(${NAMES.join('|')}) \\((yellow|red|black|blue)`));
  });

  it("keeps the player's own supply in the panel, and shows choices out of reach disabled with the reason", async () => {
    const vdg = await ui();
    let tooDear = 0;
    for (const s of all) {
      if (s.phase === 'over') continue;
      for (const you of game.activeSeats(s)) {
        const frame = frameOf(s, you);
        const actions = vdg.actions(frame, context().ctx) as unknown as FakeElement;
        const own = actions.all().find((e) => e.getAttribute('aria-label') === 'Your supply')!;
        const reals = s.seats[you]!.reals;
        expect(own.textContent).toContain(`${reals} ${reals === 1 ? 'Real' : 'Reals'}`);
        for (const b of actions.all().filter((e) => e.className.split(' ').includes('vdg-too-dear'))) {
          tooDear++;
          expect(b.tagName).toBe('BUTTON');
          expect(b.getAttribute('disabled')).not.toBeNull(); // set as an attribute in this stand-in DOM
          expect(b.dataset.command).toBeUndefined();
          expect(b.textContent).toMatch(new RegExp(`(costs|at least) \\d+ Reals?, you have ${reals} Reals?$`));
        }
      }
    }
    expect(tooDear).toBeGreaterThan(0);
  });

  it('says whom the game waits for when there is nothing to do, and shows the final scores at the end', async () => {
    const vdg = await ui();
    const s = all.find((x) => x.phase === 'placement' && x.turn !== null)!;
    const other = (s.turn! + 1) % s.players;
    const waiting = vdg.actions(frameOf(s, other), context().ctx) as unknown as FakeElement;
    expect(waiting.textContent).toContain(`Waiting for ${NAMES[s.turn!]}`);
    expect(commandsIn(waiting).filter((e) => e.dataset.action !== 'launch')).toEqual([]);

    const over = all.find((x) => x.phase === 'over')!;
    const board = vdg.board(frameOf(over, 0), context().ctx) as unknown as FakeElement;
    const table = board.all().find((e) => e.dataset.finalScores !== undefined)!;
    expect(table).toBeDefined();
    expect(table.all().filter((e) => e.tagName === 'TR')).toHaveLength(over.players + 1);
    expect(board.all().some((e) => e.tagName === 'DETAILS' && e.textContent.includes('reconstructed'))).toBe(true);
  });
});
