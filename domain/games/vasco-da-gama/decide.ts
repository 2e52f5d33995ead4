/**
 * decide: the engine's checks against the flow (flow.ts), then the command's own events
 * (`perform`), then the flow's automatic steps (calling the next number, Phase 3, the end of the
 * round) until some seat has to choose again.
 */
import type { Decision, Seat } from '../../engine/contract';
import { decider } from '../../engine/flow';
import { Rng } from '../../engine/rng';
import type { VdgCommand } from './commands';
import { DATA, type LandingId, PROJECTS, SAILOR_COLOURS } from './data';
import type { VdgEvent } from './events';
import { apply } from './evolve';
import { expeditionEnded, flow, stepAt, type VdgTx } from './flow';
import { firstEmptySlot, giveUpRefund, recruitCost, rightCost, sailorCount, seatOf } from './rules';
import type { VdgState } from './types';

export const decide: (state: VdgState, command: VdgCommand, seat: Seat) => Decision<VdgEvent> = decider(flow, apply, perform);

/**
 * The events of one legal command, before the flow runs the game on (exported for the bot model's
 * test). A command that answers a step reads that step's data (`stepAt`).
 */
export function perform(tx: VdgTx, c: VdgCommand, seat: Seat): void {
  const s = tx.state;
  const start = () => {
    const { call } = stepAt(s, 'call');
    tx.emit({ type: 'ActionStarted', seat, number: call.number, area: call.area, paid: rightCost(s, call.number) });
  };
  switch (c.type) {
    case 'place':
      return tx.emit({ type: 'DiscPlaced', seat, number: c.number, area: c.area, slot: firstEmptySlot(s, c.area) });
    case 'giveUp': {
      const { call } = stepAt(s, 'call');
      return tx.emit({ type: 'ActionGivenUp', seat, number: call.number, refund: giveUpRefund(call.number), forced: false });
    }
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
      const { section } = stepAt(s, 'recruit');
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
      const { landing } = stepAt(s, 'expedition');
      // The landing's bonuses wait for the end of the expedition.
      const vp = DATA.landingSlots.value[landing][c.slot]!;
      return tx.emit({ type: 'ShipSent', seat, ship: c.ship, landing, slot: c.slot, vp, reals: 0, captain: false, later: true });
    }
    case 'endExpedition':
      return tx.emit(expeditionEnded(s, stepAt(s, 'expedition')));
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
      const { tile } = stepAt(s, 'merchant');
      return tx.emit({ type: 'MerchantSent', seat, tile, landing: c.landing, slot: c.slot, ...landingGifts(s, seat, c.landing) });
    }
    case 'holdMerchant':
      return tx.emit({ type: 'MerchantHeld', seat, tile: stepAt(s, 'merchant').tile });
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

/** The immediate bonuses of a merchant ship reaching a landing that need no choice: Reals and a captain. */
function landingGifts(s: VdgState, seat: Seat, landing: LandingId): { reals: number; captain: boolean } {
  const bonus = DATA.landingBonus.value[landing];
  return {
    reals: DATA.landingBonusReals.value[landing] ?? 0,
    captain: bonus === 'captain' && seatOf(s, seat).captainsInRecruiting > 0,
  };
}
