/**
 * The fold step: apply one event to the state. Every outcome of chance is read from the event;
 * nothing is drawn or decided here.
 */
import { deepCopy } from '../../engine/copy';
import { evolverOf } from '../../engine/evolver';
import { AREAS, CHARACTERS, DATA, LANDINGS, SAILOR_COLOURS, VDG_TILES } from './data';
import type { VdgEvent } from './events';
import { anySailorInSections, emptySailors, isExtraNumber, sailorCount, slotsPerArea } from './rules';
import { removeDealt } from './setup';
import type { Pending, PlayerState, VdgState } from './types';

export function initialState(): VdgState {
  return {
    phase: 'new',
    players: 0,
    rng: 0,
    round: 0,
    firstPlayer: 0,
    turn: null,
    seats: [],
    vdg: { deck: [], faceUp: null, used: [] },
    initialNumber: 0,
    freeNumber: null,
    coins: [null, null],
    slots: { recruiting: [], characters: [], projects: [], navigation: [] },
    call: null,
    lastCalled: 0,
    holder: { dias: null, alvares: null, sernigi: null, manuel: null },
    hosted: { dias: null, alvares: null, sernigi: null, manuel: null },
    missionaries: 0,
    sections: [],
    bag: emptySailors(),
    decks: [[], [], []],
    row: [],
    saoGabriel: null,
    merchant: { deck: [], faceUp: null, dealt: null, done: false },
    landings: { natal: [], terraDeBoaGente: [], mozambique: [], mombasa: [], malindi: [], calicut: [] },
    removed: [],
    pending: [],
    finished: [],
    final: null,
  };
}

export const { evolve, evolveAll } = evolverOf<VdgState, VdgEvent>(apply);

function pop(s: VdgState, kind: Pending['kind']): void {
  const top = s.pending.pop();
  if (top?.kind !== kind) throw new Error(`expected a pending ${kind}, found ${top?.kind ?? 'nothing'}`);
}

const bonusAvailable = (s: VdgState, kind: 'projectBonus' | 'sailorBonus'): boolean =>
  kind === 'projectBonus' ? s.row.some((p) => p !== null) : anySailorInSections(s) || sailorCount(s.bag) > 0;

/** Landing bonuses that need a choice become one pending step (for `count` picks) for the player who sent the ships. */
function pushChoiceBonus(s: VdgState, seat: number, landing: string, count = 1): void {
  const bonus = DATA.landingBonus.value[landing as keyof typeof DATA.landingBonus.value];
  const kind = bonus === 'project' ? 'projectBonus' : bonus === 'sailor' ? 'sailorBonus' : null;
  if (kind && count > 0 && bonusAvailable(s, kind)) s.pending.push({ kind, seat, ...(count > 1 ? { count } : {}) });
}

/** One bonus pick taken: the step ends when none is left to take, or nothing is left to take from. */
function tookBonus(s: VdgState, kind: 'projectBonus' | 'sailorBonus'): void {
  const top = s.pending.at(-1);
  if (top?.kind === kind && (top.count ?? 1) > 1 && bonusAvailable(s, kind)) top.count = top.count! - 1;
  else pop(s, kind);
}

function takeCaptainBonus(player: PlayerState, captain: boolean): void {
  if (!captain) return;
  player.captains++;
  player.captainsInRecruiting--;
}

function removeDisc(s: VdgState, number: number): void {
  for (const area of AREAS) {
    const i = s.slots[area].findIndex((d) => d?.number === number);
    if (i >= 0) s.slots[area][i] = null;
  }
}

/** Apply one event to a state the caller owns (mutated in place; nothing of the event is aliased). */
export function apply(s: VdgState, e: VdgEvent): void {
  const seatOf = (seat: number): PlayerState => {
    const p = s.seats[seat];
    if (!p) throw new Error(`no seat ${seat}`);
    return p;
  };
  switch (e.type) {
    case 'GameSetUp': {
      s.phase = 'merchantSetup';
      s.players = e.players;
      s.rng = e.rng;
      s.firstPlayer = e.firstPlayer;
      s.seats = e.colours.map((colour, seat) => ({
        colour,
        reals: DATA.startingReals.value,
        vp: e.holders.dias === seat ? DATA.diasVp.value : 0,
        discsToPlace: 0,
        extraDisc: e.holders.manuel === seat,
        extraToPlace: false,
        captains: DATA.captainsInSupply.value,
        captainsInRecruiting: DATA.captainsInRecruiting.value,
        sailors: emptySailors(),
        missionaries: e.holders.alvares === seat ? 1 : 0,
        projects: [],
        ships: [],
      }));
      s.holder = { ...e.holders };
      s.missionaries = DATA.missionaries.value - (e.holders.alvares === null ? 0 : 1);
      s.vdg = { deck: [...e.vdg.deck], faceUp: e.vdg.faceUp, used: [] };
      s.merchant = { deck: [...e.merchant.deck], faceUp: e.merchant.faceUp, dealt: e.merchant.dealt, done: false };
      s.decks = deepCopy(e.decks);
      s.row = [...e.row];
      s.saoGabriel = e.saoGabriel;
      s.sections = deepCopy(e.sections);
      s.bag = { ...e.bag };
      for (const landing of LANDINGS) s.landings[landing] = DATA.landingSlots.value[landing].map(() => null);
      s.finished = e.colours.map(() => false);
      return;
    }
    case 'MerchantDue':
      s.pending.push({ kind: 'merchant', seat: e.seat, tile: e.tile, optional: e.optional });
      return;
    case 'MerchantSent': {
      pop(s, 'merchant');
      s.landings[e.landing][e.slot] = { tile: e.tile, owner: null };
      const player = seatOf(e.seat);
      player.reals += e.reals;
      takeCaptainBonus(player, e.captain);
      if (e.tile === s.merchant.dealt) s.merchant.dealt = null;
      else {
        s.merchant.faceUp = null;
        s.merchant.done = true;
      }
      pushChoiceBonus(s, e.seat, e.landing);
      return;
    }
    case 'MerchantHeld':
      pop(s, 'merchant');
      return;
    case 'MerchantDiscarded':
      s.removed.push(e.tile);
      if (e.tile === s.merchant.dealt) s.merchant.dealt = null;
      else {
        s.merchant.faceUp = null;
        s.merchant.done = true;
      }
      return;
    case 'RoundStarted': {
      s.phase = 'placement';
      s.round = e.round;
      s.firstPlayer = e.firstPlayer;
      s.turn = e.firstPlayer;
      s.vdg.used.push(e.tile);
      s.vdg.faceUp = null;
      s.initialNumber = e.initialNumber;
      s.freeNumber = null;
      s.coins = [...e.coins];
      const n = slotsPerArea(s.players);
      for (const area of AREAS) s.slots[area] = Array.from({ length: n }, () => null);
      for (const c of CHARACTERS) s.hosted[c] = null;
      s.call = null;
      s.lastCalled = 0;
      s.merchant.done = false;
      for (const p of s.seats) {
        p.discsToPlace = DATA.actionDiscs.value;
        p.extraToPlace = p.extraDisc;
      }
      return;
    }
    case 'DiscPlaced': {
      s.slots[e.area][e.slot] = { seat: e.seat, number: e.number };
      const player = seatOf(e.seat);
      if (isExtraNumber(e.number)) player.extraToPlace = false;
      else player.discsToPlace--;
      s.turn = null;
      for (let i = 1; i <= s.players; i++) {
        const next = (e.seat + i) % s.players;
        const p = seatOf(next);
        if (p.discsToPlace > 0 || p.extraToPlace) {
          s.turn = next;
          break;
        }
      }
      return;
    }
    case 'VariationRevealed':
      s.vdg.deck = s.vdg.deck.filter((t) => t !== e.tile);
      s.vdg.faceUp = e.tile;
      s.freeNumber = e.freeNumber;
      s.phase = 'actions';
      return;
    case 'NumberCalled':
      s.call = { number: e.number, seat: e.seat, area: e.area, started: false };
      s.lastCalled = e.number;
      return;
    case 'ActionGivenUp':
      seatOf(e.seat).reals += e.refund;
      removeDisc(s, e.number);
      s.call = null;
      return;
    case 'ActionStarted':
      seatOf(e.seat).reals -= e.paid;
      if (s.call) s.call.started = true;
      return;
    case 'ActionCompleted':
      removeDisc(s, e.number);
      s.call = null;
      return;
    case 'ProjectsPurchased': {
      const player = seatOf(e.seat);
      player.reals -= e.price;
      for (const i of e.spaces) s.row[i] = null;
      player.projects.push(...e.projects);
      return;
    }
    case 'SaoGabrielPurchased': {
      const player = seatOf(e.seat);
      player.reals -= e.price;
      s.saoGabriel = null;
      player.ships.push(e.project);
      return;
    }
    case 'RecruitStarted':
      s.pending.push({ kind: 'recruit', seat: e.seat, section: e.section });
      return;
    case 'SailorsRecruited': {
      pop(s, 'recruit');
      const player = seatOf(e.seat);
      const section = s.sections[e.section]!;
      player.reals -= e.cost + e.captainCost;
      for (const c of SAILOR_COLOURS) {
        section[c] -= e.sailors[c];
        player.sailors[c] += e.sailors[c];
      }
      takeCaptainBonus(player, e.captain);
      return;
    }
    case 'CaptainRecruited':
      takeCaptainBonus(seatOf(e.seat), true);
      return;
    case 'ExpeditionStarted':
      s.pending.push({ kind: 'expedition', seat: e.seat, landing: e.landing, sent: 0, ships: [...seatOf(e.seat).ships] });
      return;
    case 'ShipSent': {
      const player = seatOf(e.seat);
      player.ships = player.ships.filter((t) => t !== e.ship);
      player.captains--;
      s.landings[e.landing][e.slot] = { tile: e.ship, owner: e.seat };
      player.vp += e.vp;
      const top = s.pending.at(-1);
      if (top?.kind === 'expedition') {
        top.sent++;
        if (e.later) top.owed = (top.owed ?? 0) + 1;
      }
      if (e.later) return;
      // Games stored before bonuses waited for the end of the expedition got them ship by ship.
      player.reals += e.reals;
      takeCaptainBonus(player, e.captain);
      pushChoiceBonus(s, e.seat, e.landing);
      return;
    }
    case 'ExpeditionEnded': {
      pop(s, 'expedition');
      const player = seatOf(e.seat);
      player.reals += e.reals ?? 0;
      for (let i = 0; i < (e.captains ?? 0); i++) takeCaptainBonus(player, true);
      pushChoiceBonus(s, e.seat, e.landing, e.choices ?? 0);
      return;
    }
    case 'ProjectTaken':
      s.row[e.space] = null;
      seatOf(e.seat).projects.push(e.project);
      tookBonus(s, 'projectBonus');
      return;
    case 'SailorTaken':
      if (e.section === null) {
        s.bag[e.colour]--;
        if (e.rng !== null) s.rng = e.rng;
      } else s.sections[e.section]![e.colour]--;
      seatOf(e.seat).sailors[e.colour]++;
      tookBonus(s, 'sailorBonus');
      return;
    case 'MoneyTaken':
      s.coins[e.space] = null;
      seatOf(e.seat).reals += e.reals;
      return;
    case 'CharacterHosted': {
      const player = seatOf(e.seat);
      // The hosting disc moves from its action slot to the character's space.
      if (s.call) removeDisc(s, s.call.number);
      s.hosted[e.character] = e.seat;
      s.holder[e.character] = e.seat;
      player.vp += e.vp;
      if (e.missionary) {
        s.missionaries--;
        player.missionaries++;
      }
      if (e.character === 'manuel' && !player.extraDisc) {
        player.extraDisc = true;
        s.pending.push({ kind: 'extraDisc', seat: e.seat });
      }
      return;
    }
    case 'ExtraDiscPlaced':
      pop(s, 'extraDisc');
      s.slots[e.area][e.slot] = { seat: e.seat, number: e.number };
      return;
    case 'ShipLaunched': {
      const player = seatOf(e.seat);
      player.projects = player.projects.filter((t) => t !== e.project);
      player.ships.push(e.project);
      for (const member of e.crew) {
        if (member === 'missionary') {
          player.missionaries--;
          s.missionaries++;
        } else {
          player.sailors[member]--;
          s.bag[member]++;
        }
      }
      return;
    }
    case 'NavigationStarted':
      s.phase = 'navigation';
      s.call = null;
      return;
    case 'ShipRewarded': {
      const player = seatOf(e.seat);
      player.reals += e.reals;
      player.vp += e.vp;
      return;
    }
    case 'LandingScored':
      for (const owner of e.owners) seatOf(owner).vp += e.vpPerShip;
      return;
    case 'ShipNavigated':
      s.landings[e.from][e.fromSlot] = null;
      s.landings[e.to][e.toSlot] = { tile: e.tile, owner: e.owner };
      return;
    case 'ShipDiscarded':
      s.landings[e.from][e.fromSlot] = null;
      s.removed.push(e.tile);
      if (e.owner !== null) seatOf(e.owner).captains++; // the captain returns to his owner's supply
      return;
    case 'ProjectsReplaced':
      s.removed.push(...e.discarded);
      s.saoGabriel = e.saoGabriel;
      s.row = [...e.row];
      removeDealt(s.decks, [e.saoGabriel, ...e.row]);
      return;
    case 'MerchantRevealed':
      s.merchant.deck = s.merchant.deck.filter((t) => t !== e.tile);
      s.merchant.faceUp = e.tile;
      return;
    case 'RecruitingRefilled':
      e.added.forEach((added, i) => {
        for (const c of SAILOR_COLOURS) {
          s.sections[i]![c] += added[c];
          s.bag[c] -= added[c];
        }
      });
      s.rng = e.rng;
      return;
    case 'MissionaryGranted':
      if (e.granted) {
        s.missionaries--;
        seatOf(e.seat).missionaries++;
      }
      return;
    case 'DiasScored':
      seatOf(e.seat).vp += e.vp;
      return;
    case 'ExtraDiscReturned':
      seatOf(e.seat).extraDisc = false;
      return;
    case 'FinalLaunchStarted':
      s.phase = 'finalLaunch';
      s.finished = s.seats.map(() => false);
      return;
    case 'PlayerFinished':
      s.finished[e.seat] = true;
      return;
    case 'GameEnded':
      s.phase = 'over';
      s.final = deepCopy(e.scores);
      return;
  }
}

/** The tile that sets this round's initial number and Reals, once Phase 1 has begun. */
export const currentTile = (s: VdgState) => {
  const id = s.vdg.used.at(-1);
  return id ? VDG_TILES[id] : undefined;
};
