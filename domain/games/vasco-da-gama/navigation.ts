/**
 * Phase 3 (ship rewards, complete landings, navigation from Calicut downward), the end-of-round
 * operations after rounds 1–4, and the end of the game.
 */
import { Rng } from '../../engine/rng';
import { DATA, LANDINGS, PROJECTS, SAILOR_COLOURS, VDG_TILES, shipLimit } from './data';
import type { VdgEvent } from './events';
import { activeSectionCount, emptySailors, fittingSlots, isComplete, nextLanding, sailorCount, shipsAtLandings } from './rules';
import { dealProjects } from './setup';
import type { VdgTx } from './flow';
import type { FinalScore, VdgState } from './types';

export function scoreAndNavigate(tx: VdgTx): void {
  const s = tx.state;
  // Each ship earns what is printed on it, wherever it is; merchant ships earn nothing.
  for (const landing of LANDINGS) {
    for (const ship of s.landings[landing]) {
      if (!ship || ship.owner === null) continue;
      const { reals, vp } = PROJECTS[ship.tile]!;
      if (reals || vp) tx.emit({ type: 'ShipRewarded', seat: ship.owner, tile: ship.tile, landing, reals, vp });
    }
  }
  // Ships in complete landings earn the landing's points.
  for (const landing of LANDINGS) {
    const vpPerShip = DATA.landingVp.value[landing];
    if (vpPerShip === 0 || !isComplete(tx.state, landing)) continue;
    const owners = tx.state.landings[landing].flatMap((ship) => (ship && ship.owner !== null ? [ship.owner] : []));
    if (owners.length) tx.emit({ type: 'LandingScored', landing, vpPerShip, owners });
  }
  // From Calicut downward, ships of complete landings move left to right to the next landing's
  // leftmost fitting slot, or leave the game (always from Calicut).
  for (const landing of [...LANDINGS].reverse()) {
    if (!isComplete(tx.state, landing)) continue;
    const next = nextLanding(landing);
    tx.state.landings[landing].forEach((ship, fromSlot) => {
      if (!ship) return;
      const toSlot = next === null ? undefined : fittingSlots(tx.state, next, shipLimit(ship.tile))[0];
      if (next === null || toSlot === undefined)
        tx.emit({ type: 'ShipDiscarded', tile: ship.tile, owner: ship.owner, from: landing, fromSlot });
      else tx.emit({ type: 'ShipNavigated', tile: ship.tile, owner: ship.owner, from: landing, fromSlot, to: next, toSlot });
    });
  }
}

/** Alvares gives a missionary, Dias 2 VP: at the end of every round and of the game. */
function characterIncome(tx: VdgTx): void {
  const { alvares, dias } = tx.state.holder;
  if (alvares !== null) tx.emit({ type: 'MissionaryGranted', seat: alvares, granted: tx.state.missionaries > 0 });
  if (dias !== null) tx.emit({ type: 'DiasScored', seat: dias, vp: DATA.diasVp.value });
}

/** Draw sailors into the active sections, from the rightmost one, 3 each, until the bag is empty. */
function refill(s: VdgState): Extract<VdgEvent, { type: 'RecruitingRefilled' }> {
  const rng = new Rng(s.rng);
  const bag = { ...s.bag };
  const added = s.sections.map(() => emptySailors());
  for (let i = activeSectionCount(s) - 1; i >= 0; i--) {
    const room = DATA.sectionCapacity.value - sailorCount(s.sections[i]!);
    for (let k = 0; k < Math.min(DATA.refillPerSection.value, room); k++) {
      const colour = rng.drawFromCounts(bag, SAILOR_COLOURS);
      if (colour === null) break;
      bag[colour]--;
      added[i]![colour]++;
    }
  }
  return { type: 'RecruitingRefilled', added, rng: rng.state };
}

export function endRound(tx: VdgTx): void {
  const s0 = tx.state;
  const discarded = [s0.saoGabriel, ...s0.row].filter((t): t is string => t !== null);
  const { saoGabriel, row } = dealProjects(s0.decks);
  tx.emit({ type: 'ProjectsReplaced', discarded, saoGabriel, row });
  const nextMerchant = tx.state.merchant.deck[0];
  if (nextMerchant) tx.emit({ type: 'MerchantRevealed', tile: nextMerchant });
  tx.emit(refill(tx.state));
  characterIncome(tx);
  for (const [seat, p] of tx.state.seats.entries())
    if (p.extraDisc && tx.state.holder.manuel !== seat) tx.emit({ type: 'ExtraDiscReturned', seat });
  startRound(tx, tx.state.round + 1);
}

export function startRound(tx: VdgTx, round: number): void {
  const s = tx.state;
  const tile = VDG_TILES[s.vdg.faceUp ?? '']!;
  tx.emit({
    type: 'RoundStarted',
    round,
    firstPlayer: s.holder.dias ?? s.firstPlayer,
    tile: tile.id,
    initialNumber: tile.initial,
    coins: [...tile.coins],
  });
}

export function endGame(tx: VdgTx): void {
  characterIncome(tx);
  tx.emit({ type: 'FinalLaunchStarted' });
}

export function finalScores(s: VdgState): FinalScore[] {
  const scores = s.seats.map((p, seat) => {
    const realsVp = Math.floor(p.reals / DATA.realsPerFinalVp.value);
    // Every launched ship in front of a player with a captain to board scores.
    const shipsVp = Math.min(p.ships.length, p.captains) * DATA.vpPerLaunchedShipWithCaptain.value;
    return {
      seat,
      realsVp,
      shipsVp,
      total: p.vp + realsVp + shipsVp,
      shipsAtLandings: shipsAtLandings(s, seat),
      sailors: sailorCount(p.sailors),
      rank: 0,
    };
  });
  const better = (a: FinalScore, b: FinalScore) => a.total - b.total || a.shipsAtLandings - b.shipsAtLandings || a.sailors - b.sailors;
  for (const score of scores) score.rank = 1 + scores.filter((other) => better(other, score) > 0).length;
  return scores;
}
