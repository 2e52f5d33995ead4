/**
 * decide: check a command against `legal`, turn it into events, then run the game forward
 * through every step that needs no decision (calling the next number, Phase 3, the end of the
 * round) until some seat has to choose again.
 */
import { accept, reject, type Decision, type Seat } from '../../engine/contract';
import { deepEqual } from '../../engine/copy';
import { Rng } from '../../engine/rng';
import { AREAS, DATA, PROJECTS, SAILOR_COLOURS, shipLimit, type Area, type LandingId } from './data';
import type { VdgCommand } from './commands';
import type { VdgEvent } from './events';
import { explain } from './explain';
import { activeSeats, launchOptions, legalOfType, startOptions } from './legal';
import { endGame, endRound, finalScores, scoreAndNavigate, startRound } from './navigation';
import { expeditionShips, firstEmptySlot, fittingSlots, giveUpRefund, merchantCanSail, recruitCost, rightCost, sailorCount } from './rules';
import { Tx } from './tx';
import type { Pending, VdgState } from './types';

export function decide(state: VdgState, command: VdgCommand, seat: Seat): Decision<VdgEvent> {
  if (state.phase === 'over') return reject('GAME_OVER', 'The game is over.');
  if (!state.seats[seat]) return reject('BAD_REQUEST', `There is no seat ${seat} in this game.`);
  if (!legalOfType(state, seat, command.type).some((c) => deepEqual(c, command))) {
    const { code, message } = explain(state, command, seat);
    return reject(code, message);
  }
  const tx = new Tx(state);
  perform(tx, command, seat);
  advance(tx);
  return accept(tx.events);
}

/** The events of one legal command, before `advance` runs the game on (exported for the bot model's test). */
export function perform(tx: Tx, c: VdgCommand, seat: Seat): void {
  const s = tx.state;
  const top = s.pending.at(-1);
  const start = () => {
    const call = s.call!;
    tx.emit({ type: 'ActionStarted', seat, number: call.number, area: call.area, paid: rightCost(s, call.number) });
  };
  switch (c.type) {
    case 'place':
      return tx.emit({ type: 'DiscPlaced', seat, number: c.number, area: c.area, slot: firstEmptySlot(s, c.area) });
    case 'giveUp':
      return tx.emit({ type: 'ActionGivenUp', seat, number: s.call!.number, refund: giveUpRefund(s.call!.number), forced: false });
    case 'purchase': {
      const prices = DATA.purchasePrices.value;
      start();
      return tx.emit({
        type: 'ProjectsPurchased',
        seat,
        spaces: c.spaces,
        projects: c.spaces.map((i) => s.row[i]!),
        price: c.spaces.length === 1 ? prices.one : prices.two,
      });
    }
    case 'purchaseSaoGabriel':
      start();
      return tx.emit({ type: 'SaoGabrielPurchased', seat, project: s.saoGabriel!, price: PROJECTS[s.saoGabriel!]!.crew });
    case 'recruitFrom':
      start();
      return tx.emit({ type: 'RecruitStarted', seat, section: c.section });
    case 'recruit': {
      const section = (top as Extract<Pending, { kind: 'recruit' }>).section;
      return tx.emit({
        type: 'SailorsRecruited',
        seat,
        section,
        sailors: c.sailors,
        cost: recruitCost(c.sailors),
        captain: c.captain,
        captainCost: c.captain ? sailorCount(c.sailors) * DATA.captainCostPerSailor.value : 0,
      });
    }
    case 'recruitCaptain':
      start();
      return tx.emit({ type: 'CaptainRecruited', seat });
    case 'expedition':
      start();
      return tx.emit({ type: 'ExpeditionStarted', seat, landing: c.landing });
    case 'sendShip': {
      const landing = (top as Extract<Pending, { kind: 'expedition' }>).landing;
      // The landing's bonuses wait for the end of the expedition.
      const vp = DATA.landingSlots.value[landing][c.slot]!;
      return tx.emit({ type: 'ShipSent', seat, ship: c.ship, landing, slot: c.slot, vp, reals: 0, captain: false, later: true });
    }
    case 'endExpedition':
      return tx.emit(expeditionEnded(s, top as Extract<Pending, { kind: 'expedition' }>));
    case 'takeMoney':
      start();
      return tx.emit({ type: 'MoneyTaken', seat, space: c.space, reals: s.coins[c.space]! });
    case 'host': {
      start();
      tx.emit({
        type: 'CharacterHosted',
        seat,
        character: c.character,
        from: s.holder[c.character],
        vp: c.character === 'dias' ? DATA.diasVp.value : 0,
        missionary: c.character === 'alvares' && s.missionaries > 0,
      });
      const m = tx.state.merchant;
      if (c.character === 'sernigi' && m.faceUp && !m.done) tx.emit({ type: 'MerchantDue', seat, tile: m.faceUp, optional: true });
      return;
    }
    case 'placeExtraDisc':
      return tx.emit({ type: 'ExtraDiscPlaced', seat, number: c.number, area: c.area, slot: firstEmptySlot(s, c.area) });
    case 'sendMerchant': {
      const tile = (top as Extract<Pending, { kind: 'merchant' }>).tile;
      return tx.emit({ type: 'MerchantSent', seat, tile, landing: c.landing, slot: c.slot, ...landingGifts(s, seat, c.landing) });
    }
    case 'holdMerchant':
      return tx.emit({ type: 'MerchantHeld', seat, tile: (top as Extract<Pending, { kind: 'merchant' }>).tile });
    case 'takeProject':
      return tx.emit({ type: 'ProjectTaken', seat, space: c.space, project: s.row[c.space]! });
    case 'takeSailor':
      return tx.emit({ type: 'SailorTaken', seat, section: c.section, colour: c.colour, rng: null });
    case 'drawSailor': {
      const rng = new Rng(s.rng);
      const colour = rng.drawFromCounts(s.bag, SAILOR_COLOURS)!;
      return tx.emit({ type: 'SailorTaken', seat, section: null, colour, rng: rng.state });
    }
    case 'launch':
      return tx.emit({ type: 'ShipLaunched', seat, project: c.project, crew: c.crew });
    case 'finish':
      return tx.emit({ type: 'PlayerFinished', seat, auto: false });
  }
}

/**
 * The end of an expedition pays the landing's bonus for each ship sent: "First, the Player performing
 * the action places a Captain … on the Ship Tile of each launched Ship that he wants to send. Then, he
 * chooses a Landing and places all Ships" — so nothing gained on arrival sails in the same expedition.
 */
function expeditionEnded(s: VdgState, top: Extract<Pending, { kind: 'expedition' }>): VdgEvent {
  const owed = top.owed ?? 0;
  const bonus = DATA.landingBonus.value[top.landing];
  const gifts = {
    reals: (DATA.landingBonusReals.value[top.landing] ?? 0) * owed,
    captains: bonus === 'captain' ? Math.min(owed, s.seats[top.seat]!.captainsInRecruiting) : 0,
    choices: bonus === 'project' || bonus === 'sailor' ? owed : 0,
  };
  const paid = Object.fromEntries(Object.entries(gifts).filter(([, n]) => n > 0));
  return { type: 'ExpeditionEnded', seat: top.seat, landing: top.landing, ships: top.sent, ...paid };
}

/** The immediate bonuses of a merchant ship reaching a landing that need no choice: Reals and a captain. */
function landingGifts(s: VdgState, seat: Seat, landing: LandingId): { reals: number; captain: boolean } {
  const bonus = DATA.landingBonus.value[landing];
  return {
    reals: DATA.landingBonusReals.value[landing] ?? 0,
    captain: bonus === 'captain' && s.seats[seat]!.captainsInRecruiting > 0,
  };
}

/** Run every step that needs no decision. */
export function advance(tx: Tx): void {
  for (;;) {
    const s = tx.state;
    const top = s.pending.at(-1);
    if (top) {
      const auto = autoResolve(s, top);
      if (!auto) return;
      tx.emit(auto);
      continue;
    }
    switch (s.phase) {
      case 'merchantSetup': {
        const dealt = s.merchant.dealt;
        if (dealt === null) startRound(tx, 1);
        else if (merchantCanSail(s, dealt)) tx.emit({ type: 'MerchantDue', seat: s.holder.sernigi!, tile: dealt, optional: false });
        else tx.emit({ type: 'MerchantDiscarded', tile: dealt });
        continue;
      }
      case 'placement':
        if (s.turn !== null) return;
        revealVariation(tx);
        continue;
      case 'actions': {
        if (s.call?.started) {
          tx.emit({ type: 'ActionCompleted', seat: s.call.seat, number: s.call.number, area: s.call.area });
          continue;
        }
        if (s.call) {
          if (!mustGiveUp(s)) return;
          tx.emit({ type: 'ActionGivenUp', seat: s.call.seat, number: s.call.number, refund: giveUpRefund(s.call.number), forced: true });
          continue;
        }
        callNext(tx);
        continue;
      }
      case 'navigation': {
        const m = s.merchant;
        if (m.faceUp && !m.done) {
          // The merchant ship not sent in Phase 2 is sent by the Sernigi holder now.
          if (merchantCanSail(s, m.faceUp)) tx.emit({ type: 'MerchantDue', seat: s.holder.sernigi!, tile: m.faceUp, optional: false });
          else tx.emit({ type: 'MerchantDiscarded', tile: m.faceUp });
          continue;
        }
        scoreAndNavigate(tx);
        if (tx.state.round < DATA.rounds.value) endRound(tx);
        else endGame(tx);
        continue;
      }
      case 'finalLaunch': {
        const waiting = activeSeats(s);
        const stuck = waiting.find((seat) => launchOptions(s, seat).length === 0);
        if (stuck !== undefined) {
          tx.emit({ type: 'PlayerFinished', seat: stuck, auto: true });
          continue;
        }
        if (waiting.length === 0) tx.emit({ type: 'GameEnded', scores: finalScores(s) });
        return;
      }
      default:
        return;
    }
  }
}

function revealVariation(tx: Tx): void {
  const s = tx.state;
  const tile = s.vdg.deck[0]!;
  const variation = DATA.vdgTiles.value.find((t) => t.id === tile)!.variation;
  tx.emit({ type: 'VariationRevealed', tile, variation, freeNumber: s.initialNumber + variation });
}

function callNext(tx: Tx): void {
  const s = tx.state;
  let next: { number: number; seat: Seat; area: Area } | null = null;
  for (const area of AREAS) {
    for (const d of s.slots[area]) if (d && d.number > s.lastCalled && (!next || d.number < next.number)) next = { ...d, area };
  }
  if (next) tx.emit({ type: 'NumberCalled', number: next.number, seat: next.seat, area: next.area, cost: rightCost(s, next.number) });
  else tx.emit({ type: 'NavigationStarted', round: s.round });
}

/**
 * Nothing but giving up is possible (and, for an expedition, no launch could change that):
 * the action is given up for the player instead of waiting days for the only possible click.
 */
function mustGiveUp(s: VdgState): boolean {
  const call = s.call!;
  if (startOptions(s, call).length > 0) return false;
  return call.area !== 'navigation' || launchOptions(s, call.seat).length === 0;
}

/** Steps that end by themselves: an expedition that cannot send another ship, a merchant with nowhere to go. */
function autoResolve(s: VdgState, top: Pending): VdgEvent | null {
  const p = s.seats[top.seat]!;
  if (top.kind === 'expedition' && top.sent > 0) {
    const canSend = p.captains > 0 && expeditionShips(s, top).some((t) => fittingSlots(s, top.landing, shipLimit(t)).length > 0);
    if (!canSend) return expeditionEnded(s, top);
  }
  if (top.kind === 'merchant' && top.optional && !merchantCanSail(s, top.tile))
    return { type: 'MerchantHeld', seat: top.seat, tile: top.tile };
  return null;
}
