/** The fold step: apply one event. Nothing is drawn or decided here. */
import { deepCopy } from '../../engine/copy';
import { evolverOf } from '../../engine/evolver';
import { BUILDINGS, DATA, FACTORY_GOOD, FIELDS, GOODS, PRIVILEGES, REGIONS, type RegionId } from './data';
import type { NavEvent } from './events';
import type { NavPlayer, NavState } from './types';

const zero = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

export function initialState(): NavState {
  return {
    status: 'new',
    players: 0,
    rng: 0,
    phase: 1,
    startPlayer: 0,
    turn: 0,
    turnsDone: 0,
    beforeMove: true,
    seats: [],
    ships: Object.fromEntries(REGIONS.map((r) => [r, []])) as unknown as Record<RegionId, number[]>,
    unexplored: [],
    stacks: {},
    revealed: {},
    removedTokens: [],
    market: zero(GOODS),
    built: zero(BUILDINGS),
    gallery: zero(PRIVILEGES),
    privilegeSupply: zero(PRIVILEGES),
    navegador: { holder: 0, marker: null },
    endTrigger: null,
    finalTurns: null,
    nextPhase: null,
    pending: null,
    final: null,
  };
}

export const { evolve, evolveAll } = evolverOf<NavState, NavEvent>(apply);

/** Apply one event to a state the caller owns (in place; nothing of the event is aliased). */
export function apply(s: NavState, e: NavEvent): void {
  const p = (seat: number): NavPlayer => s.seats[seat]!;
  switch (e.type) {
    case 'GameSetUp': {
      s.status = 'playing';
      s.players = e.players;
      s.rng = e.rng;
      s.startPlayer = e.startPlayer;
      s.turn = e.startPlayer;
      s.seats = e.colours.map((colour) => ({
        colour,
        cash: DATA.startingCash.value,
        workers: DATA.startingWorkers.value,
        supply: DATA.shipsPerPlayer.value - DATA.startingShipsAtSea.value,
        position: null,
        colonies: [],
        factories: zero(GOODS),
        wildcard: 1,
        shipyards: 1,
        churches: 1,
        explorers: [],
        privileges: zero(PRIVILEGES),
        king: null,
      }));
      for (const r of REGIONS) s.ships[r] = e.colours.map(() => (r === 'portugal' ? DATA.startingShipsAtSea.value : 0));
      s.unexplored = REGIONS.filter((r) => r !== 'portugal');
      s.stacks = deepCopy(e.stacks);
      s.removedTokens = [...e.removedTokens];
      for (const g of GOODS) s.market[g] = DATA.marketStartRow.value;
      for (const t of PRIVILEGES) {
        s.gallery[t] = DATA.startingGallery.value;
        s.privilegeSupply[t] = DATA.privilegeTokensPerType.value - DATA.startingGallery.value;
      }
      s.navegador = { holder: e.navegador, marker: null };
      return;
    }
    case 'NavegadorUsed':
      s.pending = { kind: 'sailing', seat: e.seat, navegador: true, moved: [], exploring: null };
      return;
    case 'Moved': {
      p(e.seat).position = e.to;
      s.beforeMove = false;
      if (s.navegador.holder === e.seat && s.navegador.marker === null) s.navegador.marker = e.to;
      const action = FIELDS[e.to]!;
      s.pending = e.cost > 0 ? { kind: 'payShips', seat: e.seat, remaining: e.cost, action } : startAction(e.seat, action);
      return;
    }
    case 'ShipPaid': {
      s.ships[e.region][e.seat]!--;
      p(e.seat).supply++;
      const pending = s.pending;
      if (pending?.kind === 'payShips') s.pending = --pending.remaining > 0 ? pending : startAction(e.seat, pending.action);
      return;
    }
    case 'WorkersRecruited': {
      const player = p(e.seat);
      player.cash += e.received - e.paid;
      player.workers += e.real;
      s.pending = null;
      return;
    }
    case 'ShipsBuilt': {
      const player = p(e.seat);
      player.cash += e.received - e.paid;
      player.supply -= e.real;
      s.ships.portugal[e.seat]! += e.real;
      s.pending = null;
      return;
    }
    case 'ShipMoved': {
      s.ships[e.from][e.seat]!--;
      s.ships[e.to][e.seat]!++;
      if (s.pending?.kind === 'sailing') {
        s.pending.moved.push({ from: e.from, to: e.to });
        if (s.unexplored.includes(e.to)) s.pending.exploring = e.to;
      }
      return;
    }
    case 'Explored': {
      const player = p(e.seat);
      s.ships[e.region][e.seat]! -= e.lost;
      player.supply += e.lost;
      player.explorers.push(e.region);
      player.cash += e.bonus;
      s.unexplored = s.unexplored.filter((r) => r !== e.region);
      delete s.stacks[e.region];
      s.revealed[e.region] = [...e.tokens].sort((a, b) => a - b);
      const phase = DATA.phaseRegions.value[e.region];
      if (phase && phase > s.phase) s.nextPhase = phase;
      if (s.pending?.kind === 'sailing') s.pending.exploring = null;
      return;
    }
    case 'PhaseStarted':
      s.phase = e.phase;
      s.nextPhase = null;
      for (const t of PRIVILEGES) {
        s.privilegeSupply[t] -= e.gallery[t] - s.gallery[t];
        s.gallery[t] = e.gallery[t];
      }
      return;
    case 'ColonyFounded': {
      const player = p(e.seat);
      player.cash -= e.value;
      player.colonies.push({ good: e.good, value: e.value, region: e.region });
      const left = s.revealed[e.region]!;
      left.splice(left.indexOf(e.value), 1);
      if (s.pending?.kind === 'colony') s.pending.founded.push(e.region);
      return;
    }
    case 'Built': {
      const player = p(e.seat);
      player.cash -= e.price;
      s.built[e.kind]++;
      const good = FACTORY_GOOD[e.kind];
      if (good) player.factories[good]++;
      else if (e.kind === 'shipyard') player.shipyards++;
      else player.churches++;
      if (s.pending?.kind === 'buildings') s.pending.built.push(e.kind);
      return;
    }
    case 'Traded':
      p(e.seat).cash += e.units * e.perUnit;
      s.market[e.good] = e.row;
      if (s.pending?.kind === 'market') {
        s.pending.traded.push(e.good);
        if (e.wildcard) s.pending.wildcardUsed = true;
      }
      return;
    case 'PrivilegeTaken': {
      const player = p(e.seat);
      player.workers--;
      player.privileges[e.privilege]++;
      player.cash += e.bonus;
      s.gallery[e.privilege]--;
      s.pending = null;
      return;
    }
    case 'ActionEnded':
      s.pending = null;
      return;
    case 'NavegadorPassed':
      s.navegador = { holder: e.to, marker: e.marker };
      return;
    case 'EndTriggered':
      s.endTrigger = e.reason;
      return;
    case 'TurnEnded':
      s.turnsDone++;
      s.turn = e.next;
      s.beforeMove = true;
      if (s.endTrigger) s.finalTurns = s.finalTurns === null ? s.players : s.finalTurns - 1;
      return;
    case 'GameEnded':
      s.status = 'over';
      s.final = deepCopy(e.scores);
      for (const score of e.scores) p(score.seat).king = score.king;
      return;
  }
}

function startAction(seat: number, action: (typeof FIELDS)[number]): NavState['pending'] {
  switch (action) {
    case 'sailing':
      return { kind: 'sailing', seat, navegador: false, moved: [], exploring: null };
    case 'colony':
      return { kind: 'colony', seat, founded: [] };
    case 'buildings':
      return { kind: 'buildings', seat, built: [] };
    case 'market':
      return { kind: 'market', seat, traded: [], wildcardUsed: false };
    default:
      return { kind: action, seat };
  }
}
