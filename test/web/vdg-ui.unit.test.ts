/**
 * The Vasco da Gama board and panel, rendered into a minimal stand-in DOM (enough for
 * web/src/dom.ts) from states of whole bot games: every legal command is built from places on
 * the board (its parts, no two commands alike), its consequence says what it costs and gains
 * before Confirm, sailors carry words, the panel keeps the player's supply, final scores show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import type { VdgCommand } from '../../domain/games/vasco-da-gama/commands';
import { heuristicBot } from '../../domain/games/vasco-da-gama/bot';
import type { VdgState } from '../../domain/games/vasco-da-gama/types';
import type { StateFrame } from '../../functions/core/protocol/frames';
import { choiceState, partsOfLegal, toggle } from '../../web/src/games/choice';
import { consequence, partsOf, vdgChoices } from '../../web/src/games/vasco-da-gama/choices';
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

const partsIn = (root: FakeElement) => new Set(root.all().flatMap((e) => (e.dataset.part === undefined ? [] : [e.dataset.part])));
/** The parts of a move that have no place on the board: a few words in the panel. */
const OFF_BOARD = new Set(['giveUp', 'endExpedition', 'holdMerchant', 'finish']);

describe('the Vasco da Gama UI', () => {
  const all = states();

  it('builds every legal command from places on the board (and a few panel words), each from parts no other command has', async () => {
    const vdg = await ui();
    const kinds = new Set<string>();
    let built = 0;
    for (const s of all) {
      for (const you of game.activeSeats(s)) {
        const frame = frameOf(s, you);
        const board = vdg.board(frame, context().ctx) as unknown as FakeElement;
        const onBoard = partsIn(board);
        const legal = partsOfLegal(vdgChoices, frame);
        const seen = new Set<string>();
        for (const { command } of legal) {
          const parts = partsOf(command, frame);
          for (const p of parts) expect(onBoard.has(p) || OFF_BOARD.has(p), `${p} for ${JSON.stringify(command)}`).toBe(true);
          const key = [...parts].sort().join('|');
          expect(seen.has(key), `two commands made of ${key}`).toBe(false);
          seen.add(key);
          // Clicked one by one, in any order, the parts make exactly this command.
          let selected: string[] = [];
          for (const p of [...parts].reverse()) selected = toggle(legal, choiceState(legal, selected), p);
          expect(choiceState(legal, selected).complete).toBe(command);
          for (const p of parts) if (onBoard.has(p)) kinds.add(p.split(':')[0]!);
          built++;
        }
      }
    }
    expect(built).toBeGreaterThan(500);
    for (const k of [
      'number',
      'area',
      'project',
      'section',
      'sailor',
      'captains',
      'landing',
      'slot',
      'coin',
      'character',
      'own-project',
      'crew',
    ])
      expect(kinds).toContain(k);
  });

  it('places a disc in two parts: a number of the Numbers Zone, then an area', async () => {
    const s = all.find((x) => x.phase === 'placement' && x.turn !== null)!;
    const frame = frameOf(s, s.turn!);
    const legal = partsOfLegal(vdgChoices, frame);
    const place = frame.legal.find((c) => (c as VdgCommand).type === 'place') as Extract<VdgCommand, { type: 'place' }>;
    const picked = choiceState(legal, [`number:${place.number}`]);
    expect(picked.complete).toBeNull();
    const areas = frame.legal.filter((c) => (c as VdgCommand).type === 'place' && (c as typeof place).number === place.number);
    expect([...picked.addable].filter((p) => p.startsWith('area:'))).toHaveLength(areas.length);
    // Picking the number again takes it back; another number takes its place.
    const both = choiceState(legal, [`number:${place.number}`, `area:${place.area}`]);
    expect(toggle(legal, both, `number:${place.number}`)).toEqual([`area:${place.area}`]);
    const other = frame.legal.find(
      (c) => (c as VdgCommand).type === 'place' && (c as typeof place).area === place.area && (c as typeof place).number !== place.number,
    ) as typeof place;
    expect(toggle(legal, both, `number:${other.number}`)).toEqual([`area:${place.area}`, `number:${other.number}`]);
    // A part that leads nowhere with the rest starts a new choice.
    expect(toggle(legal, both, 'character:dias').length).toBeLessThanOrEqual(1);
    expect(choiceState(legal, [`area:${place.area}`, `number:${place.number}`]).complete).toEqual(place);
  });

  it('says what each command costs and gains before it is confirmed, and warns when a crew cannot be all different colours', async () => {
    let withCost = 0;
    let warned = 0;
    for (const s of all) {
      for (const you of game.activeSeats(s)) {
        const frame = frameOf(s, you);
        for (const command of frame.legal) {
          const d = describeCommand(command as VdgCommand, frame.view as never, you, NAMES);
          const said = consequence(command, frame, NAMES);
          expect(said).toMatch(/^[A-Z0-9].*\.$/);
          expect(said).toContain(d.label);
          if (d.cost) {
            withCost++;
            expect(said).toContain(d.cost);
          }
          if (said.includes('A crew must be all different colours')) warned++;
        }
      }
    }
    expect(withCost).toBeGreaterThan(100);
    expect(warned).toBeGreaterThan(0);
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

  it("keeps the player's own supply in the panel, and says which choices its Reals do not reach", async () => {
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
        const out = actions.textContent.match(/Out of reach with your (\d+) Reals?: (.*)\./);
        if (out) {
          tooDear++;
          expect(Number(out[1])).toBe(reals);
          expect(out[2]).toMatch(/costs (at least )?\d+ Reals?/);
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

    const over = all.find((x) => x.phase === 'over')!;
    const board = vdg.board(frameOf(over, 0), context().ctx) as unknown as FakeElement;
    const table = board.all().find((e) => e.dataset.finalScores !== undefined)!;
    expect(table).toBeDefined();
    expect(table.all().filter((e) => e.tagName === 'TR')).toHaveLength(over.players + 1);
    expect(board.all().some((e) => e.tagName === 'DETAILS' && e.textContent.includes('reconstructed'))).toBe(true);
  });
});
