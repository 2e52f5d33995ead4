/**
 * The flow of Vasco da Gama as a table of steps (domain/engine/flow.ts): every moment the game
 * can wait in, with who acts, what it waits for in words, the exact commands allowed and how it
 * runs on by itself. A pending choice (the top of `pending`) is a step of its own kind, whatever
 * the phase; otherwise the phase, the turn and the call say which step the game is in.
 * `legal`, `activeSeats`, the waiting sentence and the checks before `decide` all come from here.
 */
import type { Seat } from '../../engine/contract';
import type { Emitter, Flow, Steps } from '../../engine/flow';
import type { CommandType, VdgCommand } from './commands';
import { AREA_NAMES, AREAS, type Area, DATA, LANDING_NAMES, SAILOR_COLOURS, shipLimit, VDG_TILES } from './data';
import type { VdgEvent } from './events';
import { explain } from './explain';
import { endGame, endRound, finalScores, scoreAndNavigate, startRound } from './navigation';
import { launchOptions, placeOptions, recruitChoices, startOptions } from './options';
import {
  areasWithRoom,
  expeditionShips,
  extraNumbersLeft,
  fittingSlots,
  giveUpRefund,
  merchantCanSail,
  placements,
  rightCost,
  sailorCount,
  seatOf,
} from './rules';
import type { Call, Pending, PlayerState, VdgState } from './types';
import { cap } from '../../engine/words';

/** Where a decision's events go (the engine's transaction). */
export type VdgTx = Emitter<VdgState, VdgEvent>;

/**
 * The step the game is in, with what the step reads, narrowed: a pending choice is its own entry
 * of `pending` (with its player); the other steps carry the seat, the call or the tile they need.
 */
export type VdgAt =
  | (Pending & { player: PlayerState })
  /** Before the set-up and after the end: nothing to wait for. */
  | { kind: 'idle' }
  /** A merchant ship falls due for the Sernigi holder: the one dealt at setup, or in Phase 3 the one not sent in Phase 2. */
  | { kind: 'dueMerchant'; tile: string; seat: Seat | null }
  /** The setup's merchant ship is out of the way: round 1 begins. */
  | { kind: 'firstRound' }
  /** Phase 1: a seat places a disc. */
  | { kind: 'place'; seat: Seat; player: PlayerState }
  /** Phase 1 is over: the next Vasco da Gama tile gives the variation. */
  | { kind: 'reveal' }
  /** Phase 2: the next number is called (or Phase 3 begins). */
  | { kind: 'callNext' }
  /** Phase 2: the called number's owner acts or gives up. */
  | { kind: 'call'; call: Call; player: PlayerState }
  /** Phase 2: the called action is done; its disc leaves the board. */
  | { kind: 'complete'; call: Call }
  /** Phase 3: ships earn, complete landings score and navigate; the round or the game ends. */
  | { kind: 'navigate' }
  /** After round 5: the seats still launching. */
  | { kind: 'finalLaunch'; waiting: Seat[] };

export function at(s: VdgState): VdgAt {
  const top = s.pending.at(-1);
  if (top) return { ...top, player: seatOf(s, top.seat) };
  switch (s.phase) {
    case 'merchantSetup':
      return s.merchant.dealt === null ? { kind: 'firstRound' } : { kind: 'dueMerchant', tile: s.merchant.dealt, seat: s.holder.sernigi };
    case 'placement':
      return s.turn === null ? { kind: 'reveal' } : { kind: 'place', seat: s.turn, player: seatOf(s, s.turn) };
    case 'actions':
      if (s.call === null) return { kind: 'callNext' };
      return s.call.started ? { kind: 'complete', call: s.call } : { kind: 'call', call: s.call, player: seatOf(s, s.call.seat) };
    case 'navigation': {
      const m = s.merchant;
      return m.faceUp && !m.done ? { kind: 'dueMerchant', tile: m.faceUp, seat: s.holder.sernigi } : { kind: 'navigate' };
    }
    case 'finalLaunch':
      return { kind: 'finalLaunch', waiting: s.finished.flatMap((done, seat) => (done ? [] : [seat])) };
    case 'new':
    case 'over':
      return { kind: 'idle' };
  }
}

/** The step the game is in, which must be `kind`: a command is admitted only in the step that offers it. */
export function stepAt<K extends VdgAt['kind']>(s: VdgState, kind: K): Extract<VdgAt, { kind: K }> {
  const now = at(s);
  if (!isAt(now, kind)) throw new Error(`the game is at ${now.kind}, not ${kind}`);
  return now;
}

const isAt = <K extends VdgAt['kind']>(now: VdgAt, kind: K): now is Extract<VdgAt, { kind: K }> => now.kind === kind;

/** Whether a step offering only commands of `types` can meet the caller's `only` hint (skip building the list if not). */
const offers = (only: string | undefined, ...types: CommandType[]): boolean => only === undefined || (types as string[]).includes(only);

const nobody = (): Seat[] => [];
const none = (): VdgCommand[] => [];
const its = (_: VdgState, now: { seat: Seat }): Seat[] => [now.seat];

const steps: Steps<VdgState, VdgCommand, VdgEvent, VdgAt> = {
  idle: { active: nobody, prompt: () => 'nothing', options: none },

  // Pending choices, for the seat that owes them.
  recruit: {
    active: its,
    prompt: (_, now) => `choose the sailors to recruit from section ${now.section + 1}`,
    options: (s, now, _seat, only) =>
      offers(only, 'recruit') ? recruitChoices(s.sections[now.section]!, now.player.reals, now.player.captainsInRecruiting > 0) : [],
  },
  expedition: {
    active: its,
    prompt: (_, now) => `send ships to ${LANDING_NAMES[now.landing]} or end the expedition`,
    options: (s, now, _seat, only) => {
      const out: VdgCommand[] = [];
      if (now.player.captains > 0 && offers(only, 'sendShip'))
        for (const ship of expeditionShips(s, now))
          for (const slot of fittingSlots(s, now.landing, shipLimit(ship))) out.push({ type: 'sendShip', ship, slot });
      if (now.sent > 0) out.push({ type: 'endExpedition' });
      return out;
    },
    // An expedition that has sent a ship and cannot send another ends by itself.
    settle: (tx, now) => {
      if (now.sent === 0) return false;
      const s = tx.state;
      if (now.player.captains > 0 && expeditionShips(s, now).some((t) => fittingSlots(s, now.landing, shipLimit(t)).length > 0))
        return false;
      tx.emit(expeditionEnded(s, now));
      return true;
    },
  },
  projectBonus: {
    active: its,
    prompt: () => 'take a project (Natal bonus)',
    options: (s) => s.row.flatMap((t, space) => (t === null ? [] : [{ type: 'takeProject' as const, space }])),
  },
  sailorBonus: {
    active: its,
    prompt: (_, now) => `take ${(now.count ?? 1) > 1 ? `${now.count} sailors` : 'a sailor'} (Terra de Boa Gente bonus)`,
    options: (s) => {
      const out: VdgCommand[] = [];
      s.sections.forEach((section, i) => {
        for (const colour of SAILOR_COLOURS) if (section[colour] > 0) out.push({ type: 'takeSailor', section: i, colour });
      });
      if (sailorCount(s.bag) > 0) out.push({ type: 'drawSailor' });
      return out;
    },
  },
  merchant: {
    active: its,
    prompt: (_, now) => (now.optional ? 'send the merchant ship now or hold it until Phase 3' : 'send the merchant ship'),
    options: (s, now) => {
      const out: VdgCommand[] = placements(s, now.tile).map(({ landing, slot }) => ({ type: 'sendMerchant' as const, landing, slot }));
      if (now.optional) out.push({ type: 'holdMerchant' });
      return out;
    },
    // A ship hosted with Sernigi that has nowhere to go waits for Phase 3 by itself.
    settle: (tx, now) => {
      if (!now.optional || merchantCanSail(tx.state, now.tile)) return false;
      tx.emit({ type: 'MerchantHeld', seat: now.seat, tile: now.tile });
      return true;
    },
  },
  extraDisc: {
    active: its,
    prompt: () => 'place the Additional Action Disc with 21 or 22',
    options: (s) => {
      const areas = areasWithRoom(s);
      return extraNumbersLeft(s).flatMap((number) =>
        areas.map((area) => ({ type: 'placeExtraDisc' as const, number: number as 21 | 22, area })),
      );
    },
  },

  // The phases' own steps.
  dueMerchant: {
    active: nobody,
    prompt: () => 'hand the merchant ship to the Sernigi holder',
    options: none,
    settle: (tx, now) => {
      if (now.seat !== null && merchantCanSail(tx.state, now.tile))
        tx.emit({ type: 'MerchantDue', seat: now.seat, tile: now.tile, optional: false });
      else tx.emit({ type: 'MerchantDiscarded', tile: now.tile });
      return true;
    },
  },
  firstRound: {
    active: nobody,
    prompt: () => 'begin round 1',
    options: none,
    settle: (tx) => {
      startRound(tx, 1);
      return true;
    },
  },
  place: {
    active: its,
    prompt: () => 'place an action disc',
    options: (s, now, _seat, only) => (offers(only, 'place') ? placeOptions(s, now.player) : []),
  },
  reveal: {
    active: nobody,
    prompt: () => 'reveal the variation',
    options: none,
    settle: (tx) => {
      revealVariation(tx);
      return true;
    },
  },
  callNext: {
    active: nobody,
    prompt: () => 'call the next number',
    options: none,
    settle: (tx) => {
      callNext(tx);
      return true;
    },
  },
  call: {
    active: (_, now) => [now.call.seat],
    prompt: (_, now) => `act with number ${now.call.number} in ${AREA_NAMES[now.call.area]} or give it up`,
    options: (s, now, _seat, only) => [{ type: 'giveUp' }, ...(only === 'giveUp' ? [] : startOptions(s, now.call))],
    // Nothing but giving up is possible (and, for an expedition, no launch could change that): the
    // action is given up for the player instead of waiting days for the only possible click.
    settle: (tx, { call }) => {
      const s = tx.state;
      if (startOptions(s, call).length > 0 || (call.area === 'navigation' && launchOptions(s, call.seat).length > 0)) return false;
      tx.emit({ type: 'ActionGivenUp', seat: call.seat, number: call.number, refund: giveUpRefund(call.number), forced: true });
      return true;
    },
  },
  complete: {
    active: nobody,
    prompt: () => 'complete the action',
    options: none,
    settle: (tx, { call }) => {
      tx.emit({ type: 'ActionCompleted', seat: call.seat, number: call.number, area: call.area });
      return true;
    },
  },
  navigate: {
    active: nobody,
    prompt: () => 'navigate',
    options: none,
    settle: (tx) => {
      scoreAndNavigate(tx);
      if (tx.state.round < DATA.rounds.value) endRound(tx);
      else endGame(tx);
      return true;
    },
  },
  finalLaunch: {
    active: (_, now) => now.waiting,
    prompt: () => 'launch last ships, then finish',
    options: (_s, _now, _seat, only) => (offers(only, 'finish') ? [{ type: 'finish' }] : []),
    // A seat with nothing left to launch is finished for; once every seat is, the game ends.
    settle: (tx, now) => {
      const s = tx.state;
      const stuck = now.waiting.find((seat) => launchOptions(s, seat).length === 0);
      if (stuck !== undefined) tx.emit({ type: 'PlayerFinished', seat: stuck, auto: true });
      else if (now.waiting.length === 0) tx.emit({ type: 'GameEnded', scores: finalScores(s) });
      else return false;
      return true;
    },
  },
};

export const flow: Flow<VdgState, VdgCommand, VdgEvent, VdgAt> = {
  at,
  steps,
  over: (s) => s.phase === 'over',
  seats: (s) => s.seats.length,
  seatName: (s, seat) => cap(s.seats[seat]?.colour ?? `seat ${seat}`),
  anytime: launchOptions,
  // Launching is allowed at any time: a launch is refused for what is wrong with it, never for whose turn it is.
  outOfTurn: ['launch'],
  explain: (s, c, seat, allowed) => explain(s, c, seat, at(s), allowed),
};

/**
 * The end of an expedition pays the landing's bonus for each ship sent: "First, the Player performing
 * the action places a Captain … on the Ship Tile of each launched Ship that he wants to send. Then, he
 * chooses a Landing and places all Ships" — so nothing gained on arrival sails in the same expedition.
 */
export function expeditionEnded(s: VdgState, top: Extract<Pending, { kind: 'expedition' }>): VdgEvent {
  const owed = top.owed ?? 0;
  const bonus = DATA.landingBonus.value[top.landing];
  const gifts = {
    reals: (DATA.landingBonusReals.value[top.landing] ?? 0) * owed,
    captains: bonus === 'captain' ? Math.min(owed, seatOf(s, top.seat).captainsInRecruiting) : 0,
    choices: bonus === 'project' || bonus === 'sailor' ? owed : 0,
  };
  const paid = Object.fromEntries(Object.entries(gifts).filter(([, n]) => n > 0));
  return { type: 'ExpeditionEnded', seat: top.seat, landing: top.landing, ships: top.sent, ...paid };
}

function revealVariation(tx: VdgTx): void {
  const s = tx.state;
  const tile = s.vdg.deck[0]!;
  const { variation } = VDG_TILES[tile]!;
  tx.emit({ type: 'VariationRevealed', tile, variation, freeNumber: s.initialNumber + variation });
}

function callNext(tx: VdgTx): void {
  const s = tx.state;
  let next: { number: number; seat: Seat; area: Area } | null = null;
  for (const area of AREAS) {
    for (const d of s.slots[area]) if (d && d.number > s.lastCalled && (!next || d.number < next.number)) next = { ...d, area };
  }
  if (next) tx.emit({ type: 'NumberCalled', number: next.number, seat: next.seat, area: next.area, cost: rightCost(s, next.number) });
  else tx.emit({ type: 'NavigationStarted', round: s.round });
}
