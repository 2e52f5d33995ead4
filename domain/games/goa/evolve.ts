/** The fold step: apply one event. Nothing is drawn or decided here. */
import { deepCopy } from '../../engine/copy';
import { evolverOf } from '../../engine/evolver';
import { COLONY_TILES, COLUMNS, DATA, TILES, type TileKind } from './data';
import type { GoaEvent } from './events';
import { nextExtra, samePos, spotsOf } from './rules';
import type { GoaPlayer, GoaState } from './types';

/** Tiles used once per round; they are turned face up again when a round ends. */
export const ROUND_TILES: readonly TileKind[] = ['ship', 'colonist', 'spice', 'ducats'];

export function initialState(): GoaState {
  return {
    status: 'new',
    players: 0,
    seats: [],
    rng: 0,
    part: 'A',
    round: 0,
    stage: 'markers',
    flag: 0,
    grid: [],
    tileDeck: [],
    markers: [],
    auction: null,
    actionSet: 0,
    turn: 0,
    acted: false,
    extraTurn: false,
    cardPlayed: false,
    passed: [],
    deck: [],
    discard: [],
    table: [],
    colonyTiles: [],
    firstReached: Object.fromEntries(COLUMNS.map((c) => [c, [false, false]])) as GoaState['firstReached'],
    pending: [],
    final: null,
  };
}

export const { evolve, evolveAll } = evolverOf<GoaState, GoaEvent>(apply);

function spot(p: GoaPlayer, id: string) {
  const found = spotsOf(p).find((x) => x.tile === id);
  if (!found) throw new Error(`no spot ${id}`);
  return found;
}

/** Apply one event to a state the caller owns (in place; nothing of the event is aliased). */
export function apply(s: GoaState, e: GoaEvent): void {
  const p = (seat: number): GoaPlayer => s.seats[seat]!;
  switch (e.type) {
    case 'GameSetUp':
      s.status = 'playing';
      s.players = e.players;
      s.rng = e.rng;
      s.part = 'A';
      s.round = 1;
      s.stage = 'markers';
      s.flag = e.flag;
      s.turn = e.flag;
      s.grid = deepCopy(e.grid);
      s.tileDeck = [...e.tileDeck];
      s.deck = [...e.deck];
      s.discard = [...e.discard];
      s.passed = e.colours.map(() => false);
      s.colonyTiles = DATA.colonyTiles.value.map((t) => t.id);
      s.seats = e.colours.map((colour, seat) => ({
        colour,
        ducats: seat === e.flag ? DATA.startingDucats.value.first : DATA.startingDucats.value.others,
        ships: DATA.startingShips.value,
        colonists: DATA.startingColonists.value,
        extraActions: 0,
        hand: [],
        rows: Object.fromEntries(COLUMNS.map((c) => [c, 0])) as GoaPlayer['rows'],
        plantations: [],
        colonies: {},
        keptSingles: 0,
        tiles: [],
        dutyDone: 0,
        allRowsBonus: 0,
      }));
      return;
    case 'FlagPlaced':
      s.markers.push({ seat: e.seat, number: 1, pos: { ...e.pos } });
      return;
    case 'MarkerPlaced':
      s.markers.push({ seat: e.seat, number: e.number, pos: { ...e.pos } });
      return;
    case 'AuctionOpened':
      s.stage = 'auctions';
      s.auction = {
        lot: e.lot === 'flag' ? 'flag' : { ...e.lot },
        auctioneer: e.auctioneer,
        toBid: [...e.toBid],
        high: 0,
        highBidder: e.auctioneer,
      };
      return;
    case 'Bid':
      s.auction!.high = e.amount;
      s.auction!.highBidder = e.seat;
      s.auction!.toBid.shift();
      return;
    case 'Passed':
      s.auction!.toBid.shift();
      return;
    case 'AuctionWon': {
      p(e.seat).ducats -= e.amount;
      if (e.seat !== e.auctioneer) p(e.auctioneer).ducats += e.amount;
      const lot = e.lot;
      if (lot === 'flag') {
        s.flag = e.seat;
        s.markers = s.markers.filter((m) => m.number !== 1);
      } else {
        s.grid[lot.r]![lot.c] = null;
        s.markers = s.markers.filter((m) => !samePos(m.pos, lot));
      }
      s.auction = null;
      if (s.markers.length === 0) {
        s.stage = 'actions';
        s.actionSet = 1;
        s.turn = s.flag;
        s.acted = false;
        s.cardPlayed = false;
      }
      return;
    }
    case 'Gained': {
      const q = p(e.seat);
      q.ships += e.ships ?? 0;
      q.colonists += e.colonists ?? 0;
      q.ducats += e.ducats ?? 0;
      q.extraActions += e.extraActions ?? 0;
      return;
    }
    case 'TileKept':
      p(e.seat).tiles.push({ id: e.tile, kind: TILES[e.tile]!.kind, used: false });
      return;
    case 'PlantationPlaced': {
      const t = TILES[e.tile]!;
      p(e.seat).plantations.push({ tile: e.tile, spice: t.spice!, fields: t.fields!, filled: t.fields! });
      return;
    }
    case 'PlantationDiscarded': {
      const q = p(e.seat);
      q.plantations = q.plantations.filter((x) => x.tile !== e.spot);
      if (e.keptSingle) q.keptSingles++;
      return;
    }
    case 'SpicesPlaced':
      spot(p(e.seat), e.spot).filled += e.count;
      return;
    case 'SpicesRemoved':
      for (const x of e.spots) spot(p(e.seat), x.spot).filled -= x.count;
      return;
    case 'PendingStarted':
      s.pending.push(deepCopy(e.pending));
      return;
    case 'PendingUpdated':
      s.pending[s.pending.length - 1] = deepCopy(e.pending);
      return;
    case 'ColonistsRecruited':
      p(e.seat).colonists -= e.paid;
      return;
    case 'PendingEnded':
      s.pending.pop();
      return;
    case 'CardsDrawn':
      if (e.reshuffled) {
        s.deck = [...e.reshuffled];
        s.discard = [];
      }
      if (e.rng !== null) s.rng = e.rng;
      s.deck = s.deck.slice(e.cards.length);
      if (e.to === 'hand') p(e.seat).hand.push(...e.cards);
      else s.table.push(...e.cards);
      return;
    case 'CardDiscarded':
      if (e.from === 'hand') p(e.seat).hand = p(e.seat).hand.filter((c) => c !== e.card);
      else s.table = s.table.filter((c) => c !== e.card);
      s.discard.push(e.card);
      return;
    case 'CardPlayed':
      p(e.seat).hand = p(e.seat).hand.filter((c) => c !== e.card);
      s.discard.push(e.card);
      s.cardPlayed = true;
      return;
    case 'ActionTaken':
      s.acted = true;
      return;
    case 'Progressed': {
      const q = p(e.seat);
      q.rows[e.column] = e.row;
      q.ships -= e.ships;
      q.ducats -= e.ducats;
      return;
    }
    case 'FirstToReach':
      s.firstReached[e.column][e.row - 3] = true;
      return;
    case 'AllRowsReached':
      p(e.seat).allRowsBonus = e.row;
      return;
    case 'ColonyFounded': {
      const q = p(e.seat);
      const t = COLONY_TILES[e.tile]!;
      q.colonies[e.colony] = { tile: e.tile, spice: e.spice, fields: t.fields, filled: t.fields };
      s.colonyTiles = s.colonyTiles.filter((id) => id !== e.tile);
      return;
    }
    case 'ColonyFailed':
      return;
    case 'TileUsed': {
      const q = p(e.seat);
      const t = q.tiles.find((x) => x.id === e.tile)!;
      if (ROUND_TILES.includes(t.kind) || t.kind === 'duty') t.used = true;
      else q.tiles = q.tiles.filter((x) => x.id !== e.tile);
      return;
    }
    case 'Swapped': {
      const q = p(e.seat);
      q.tiles = q.tiles.filter((x) => x.id !== e.swap);
      s.grid[e.pos.r]![e.pos.c] = e.swap;
      return;
    }
    case 'DutyDone':
      p(e.seat).dutyDone++;
      return;
    case 'TurnEnded': {
      s.acted = false;
      s.extraTurn = false;
      s.cardPlayed = false;
      if (s.stage === 'actions') {
        const next = (e.seat + 1) % s.players;
        if (next === s.flag && ++s.actionSet > 3) {
          s.stage = 'extra';
          s.passed = s.seats.map(() => false);
        }
        s.turn = next;
      } else {
        s.turn = nextExtra(s, (e.seat + 1) % s.players) ?? s.turn;
      }
      return;
    }
    case 'ExtraStarted':
      p(e.seat).extraActions--;
      s.extraTurn = true;
      s.turn = e.seat;
      s.acted = false;
      s.cardPlayed = false;
      return;
    case 'ExtraPassed': {
      s.passed[e.seat] = true;
      const next = nextExtra(s, (e.seat + 1) % s.players);
      if (next !== null) s.turn = next;
      return;
    }
    case 'RoundEnded':
      for (const q of s.seats) for (const t of q.tiles) if (ROUND_TILES.includes(t.kind)) t.used = false;
      s.markers = [];
      s.round++;
      s.stage = 'markers';
      s.actionSet = 0;
      s.turn = s.flag;
      return;
    case 'PartStarted':
      s.part = e.part;
      s.round = 1;
      s.grid = deepCopy(e.grid);
      s.tileDeck = [];
      return;
    case 'GameEnded':
      s.status = 'over';
      s.stage = 'over';
      s.final = deepCopy(e.scores);
      return;
  }
}
