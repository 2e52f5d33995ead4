/**
 * The heuristic bot's forward model (bot-model.ts) against the rules: on states from random and
 * heuristic games (2–4 players, several seeds), for every legal command the model covers, the
 * model's state must equal the state after the command's own events (`perform`, before the game
 * runs on) in every field but the flow of the game — the action slots, the call, the last number
 * called, pending steps, phase and turn, which the bot tracks itself — and the generator, hidden
 * from every seat (a bag draw takes the colour the rules drew). So: all of every seat
 * (Reals, VP, captains, sailors, missionaries, projects, ships, discs), the row, São Gabriel,
 * sections, bag, landings, characters, missionaries, merchant ship, coins, decks and the rest.
 *
 * Covered: giving up, every action (purchase, São Gabriel, recruiting's section and sailors, a
 * captain, an expedition's landing, ships and end, money, hosting), merchant ships, Natal and
 * Terra de Boa Gente bonuses and launches. Not modelled (the bot plans Phase 1 its own way, and
 * finishing changes nothing it values): placing discs and finishing.
 */
import { describe, expect, it } from 'vitest';
import { playGame, randomBot, type Bot } from '../../domain/engine/bots';
import type { Seat } from '../../domain/engine/contract';
import { deepEqual } from '../../domain/engine/copy';
import { heuristicBot } from '../../domain/games/vasco-da-gama/bot';
import {
  consumeCall,
  simCaptain,
  simExpeditionEnd,
  simHost,
  simLaunch,
  simMerchant,
  simPurchase,
  simRecruit,
  simSaoGabriel,
  simSendShip,
  simTakeMoney,
  simTakeProject,
  simTakeSailor,
  withPlayer,
} from '../../domain/games/vasco-da-gama/bot-model';
import type { VdgCommand } from '../../domain/games/vasco-da-gama/commands';
import { perform } from '../../domain/games/vasco-da-gama/decide';
import type { VdgEvent } from '../../domain/games/vasco-da-gama/events';
import { giveUpRefund, rightCost } from '../../domain/games/vasco-da-gama/rules';
import type { Pending, VdgState } from '../../domain/games/vasco-da-gama/types';
import { game, transaction } from './fixtures';

/** The flow of the game, which the model leaves to the bot, and the generator, which no bot may read. */
const FLOW = new Set(['slots', 'call', 'lastCalled', 'pending', 'phase', 'turn', 'rng']);

/** The model's state after `c`, or null for a command it does not model. */
function predict(s: VdgState, seat: Seat, c: VdgCommand, events: readonly VdgEvent[]): VdgState | null {
  const top = s.pending.at(-1);
  const paid = () => consumeCall(s, rightCost(s, s.call!.number));
  switch (c.type) {
    case 'place':
    case 'placeExtraDisc':
    case 'finish':
      return null;
    case 'giveUp':
      return withPlayer(consumeCall(s, 0), seat, (p) => (p.reals += giveUpRefund(s.call!.number)));
    case 'purchase':
      return simPurchase(paid(), seat, c.spaces);
    case 'purchaseSaoGabriel':
      return simSaoGabriel(paid(), seat);
    case 'recruitFrom':
    case 'expedition':
      return paid(); // the right paid; the choice follows as a step of its own
    case 'recruit':
      return simRecruit(s, seat, (top as Extract<Pending, { kind: 'recruit' }>).section, c.sailors, c.captain);
    case 'recruitCaptain':
      return simCaptain(paid(), seat);
    case 'sendShip':
      return simSendShip(s, seat, c.ship, (top as Extract<Pending, { kind: 'expedition' }>).landing, c.slot);
    case 'endExpedition': {
      const expedition = top as Extract<Pending, { kind: 'expedition' }>;
      return simExpeditionEnd(s, seat, expedition.landing, expedition.owed ?? 0);
    }
    case 'takeMoney':
      return simTakeMoney(paid(), seat, c.space);
    case 'host':
      return simHost(paid(), seat, c.character);
    case 'sendMerchant':
      return simMerchant(s, seat, (top as Extract<Pending, { kind: 'merchant' }>).tile, c.landing, c.slot);
    case 'holdMerchant':
      return s;
    case 'takeProject':
      return simTakeProject(s, seat, c.space);
    case 'takeSailor':
      return simTakeSailor(s, seat, c.section, c.colour);
    case 'drawSailor': {
      // The draw is the generator's: the model takes the colour the rules drew.
      const drawn = events.find((e) => e.type === 'SailorTaken');
      return drawn?.type === 'SailorTaken' ? simTakeSailor(s, seat, null, drawn.colour) : null;
    }
    case 'launch':
      return simLaunch(s, seat, c.project, c.crew);
  }
}

/** Fields (outside the flow) where the two states differ. */
function differences(model: VdgState, real: VdgState): string[] {
  const keys = Object.keys(real) as (keyof VdgState)[];
  return keys.filter((k) => !FLOW.has(k) && !deepEqual(model[k], real[k]));
}

/** States along a game, every `every`th command. */
function states(players: number, seed: number, bot: Bot, every: number): VdgState[] {
  const out: VdgState[] = [];
  let n = 0;
  playGame<VdgState, VdgEvent>(game, {
    players,
    seed,
    bots: Array(players).fill(bot),
    onCommand: ({ state }) => void (n++ % every === 0 && out.push(state as VdgState)),
  });
  return out;
}

describe("the heuristic bot's forward model", () => {
  it('agrees with evolve on every modelled legal command, for every seat, on states from random and heuristic games', () => {
    const covered = new Map<string, number>();
    const failures: string[] = [];
    for (const players of [2, 3, 4])
      for (const seed of [1, 2, 3])
        for (const [bot, every] of [
          [randomBot, 2],
          [heuristicBot, 3],
        ] as const)
          for (const s of states(players, seed + 10 * players, bot, every))
            for (let seat = 0; seat < players; seat++)
              for (const c of game.legal(s, seat)) {
                const tx = transaction(s);
                perform(tx, c, seat);
                const model = predict(s, seat, c, tx.events);
                if (!model) continue;
                covered.set(c.type, (covered.get(c.type) ?? 0) + 1);
                const diff = differences(model, tx.state);
                if (diff.length && failures.length < 5) failures.push(`${JSON.stringify(c)} by seat ${seat}: ${diff.join(', ')}`);
              }
    expect(failures).toEqual([]);
    // Every modelled command was tried, so the agreement means something.
    const modelled: VdgCommand['type'][] = [
      'giveUp',
      'purchase',
      'purchaseSaoGabriel',
      'recruitFrom',
      'recruit',
      'recruitCaptain',
      'expedition',
      'sendShip',
      'endExpedition',
      'takeMoney',
      'host',
      'sendMerchant',
      'holdMerchant',
      'takeProject',
      'takeSailor',
      'drawSailor',
      'launch',
    ];
    expect(modelled.filter((t) => !covered.has(t))).toEqual([]);
  });

  it('finds a disagreement: a model that gave the landing bonus with each ship sent differs from the rules', () => {
    // The rule the model follows since bonuses wait for the end of an expedition: check the test sees it.
    const s = states(2, 3, heuristicBot, 1).find((x) => {
      const top = x.pending.at(-1);
      return top?.kind === 'expedition' && (top.landing === 'mombasa' || top.landing === 'malindi');
    });
    expect(s).toBeDefined();
    const top = s!.pending.at(-1) as Extract<Pending, { kind: 'expedition' }>;
    const send = game.legal(s!, top.seat).find((c) => c.type === 'sendShip')!;
    expect(send).toBeDefined();
    const tx = transaction(s!);
    perform(tx, send, top.seat);
    const eager = simExpeditionEnd(predict(s!, top.seat, send, tx.events)!, top.seat, top.landing, 1);
    expect(differences(eager, tx.state)).toEqual(['seats']);
  });
});
