/**
 * The choices an action, a tile or a card opens, one step per kind of pending choice (the top of
 * the stack is the step): who makes it, its options one at a time (a spice placed, a spice
 * returned…), and how it settles by itself when only one outcome is left.
 */
import type { Seat } from '../../engine/contract';
import { plural } from '../../engine/words';
import type { GoaCommand } from './commands';
import { COLONY_NAMES, COLONY_TILES, type ColonyName, COLUMNS, DATA } from './data';
import { clearTable, draw, gainTile, playCard, useTile, viceKing } from './effects';
import { emptyFields, handLimit, playerOf, rowValue, spotsOf, tileAt, totalSpices } from './rules';
import { type AtOf, end, type GoaSteps, start, type Tx, unexpected, update } from './step';
import { discards, playableCards, usableTiles } from './turn';
import type { GoaPlayer, GoaState, Pending } from './types';

type ChooseColony = Extract<GoaCommand, { type: 'chooseColony' }>;
type Spied = Extract<GoaCommand, { type: 'spy' }>['column'];

/** The colony tiles a seat may take: each Quilon and Madras tile, one of the identical Cochin and Calicut ones. */
export function colonyChoices(s: GoaState, colony: ColonyName): ChooseColony[] {
  const tiles = s.colonyTiles.flatMap((id) => {
    const t = COLONY_TILES[id];
    return t && t.colony === colony ? [t] : [];
  });
  const distinct = colony === 'cochin' || colony === 'calicut' ? tiles.slice(0, 1) : tiles;
  return distinct.flatMap((t) => t.spices.map((spice) => ({ type: 'chooseColony' as const, tile: t.id, spice })));
}

const openSpots = (p: GoaPlayer) => spotsOf(p).filter((x) => x.filled < x.fields);
const placing = (p: GoaPlayer): GoaCommand[] => openSpots(p).map((x) => ({ type: 'placeSpice', spot: x.tile }));
const take = (...what: ('ships' | 'colonists' | 'spices')[]) => what.map((w): GoaCommand => ({ type: 'take', what: w }));
/** Ships, colonists, or (where a field is empty) spices. */
const takeAny = (p: GoaPlayer) => (emptyFields(p) > 0 ? take('ships', 'colonists', 'spices') : take('ships', 'colonists'));
/** A choice is made by the seat it belongs to. */
const chooser = (_: GoaState, q: { seat: Seat }) => [q.seat];

function dutyDone(tx: Tx, q: AtOf<'removeSpices'>): void {
  if (q.reason === 'duty') tx.emit({ type: 'DutyDone', seat: q.seat, tile: q.tile });
}

/** Enough colonists: they are paid, the table's cards discarded, and the colony tile is chosen next. */
function recruited(tx: Tx, q: AtOf<'colony'>): void {
  const needed = DATA.colonistsNeeded.value[q.colony];
  tx.emit({ type: 'ColonistsRecruited', seat: q.seat, colony: q.colony, counted: q.base, paid: Math.max(0, needed - q.base) });
  clearTable(tx, q.seat);
  end(tx, q.seat);
  start(tx, { kind: 'colonyTile', seat: q.seat, colony: q.colony });
}

/** The Ships/Colonists tile or a Re-supply: the whole amount as ships, colonists or spices. */
function takeAmount(tx: Tx, q: AtOf<'shipsOrColonists' | 'resupply'>, what: 'ships' | 'colonists' | 'spices'): void {
  const seat = q.seat;
  const p = playerOf(tx.state, seat);
  if (q.kind === 'resupply') clearTable(tx, seat);
  end(tx, seat);
  if (what === 'spices')
    return start(tx, { kind: 'placeSpices', seat, count: Math.min(q.amount, emptyFields(p)), optional: false, reason: 're-supply' });
  const gained = what === 'ships' ? { ships: q.amount } : { colonists: q.amount };
  return tx.emit({ type: 'Gained', seat, ...gained, reason: q.kind === 'resupply' ? 're-supply' : 'the ships/colonists tile' });
}

export const choiceSteps: GoaSteps<Pending['kind']> = {
  placeSpices: {
    active: chooser,
    prompt: (_, q) => (q.optional ? `place up to ${plural(q.count, 'spice')}` : `place ${plural(q.count, 'spice')} on empty fields`),
    options: (s, q) => [...placing(playerOf(s, q.seat)), ...(q.optional ? [{ type: 'done' } as const] : [])],
    settle(tx, q) {
      const open = openSpots(playerOf(tx.state, q.seat));
      if (q.count === 0 || open.length === 0) {
        end(tx, q.seat);
        return true;
      }
      if (q.optional) return false;
      const room = open.reduce((n, x) => n + x.fields - x.filled, 0);
      if (open.length > 1 && room > q.count) return false;
      // Forced: every empty field gets filled, or there is one plantation to fill.
      let left = q.count;
      for (const x of open) {
        const n = Math.min(left, x.fields - x.filled);
        if (n > 0) tx.emit({ type: 'SpicesPlaced', seat: q.seat, spot: x.tile, count: n });
        left -= n;
      }
      end(tx, q.seat);
      return true;
    },
    perform(tx, q, c, seat) {
      if (c.type === 'done') return end(tx, seat);
      if (c.type !== 'placeSpice') return unexpected(q, c);
      tx.emit({ type: 'SpicesPlaced', seat, spot: c.spot, count: 1 });
      return q.count > 1 ? update(tx, { ...q, count: q.count - 1 }) : end(tx, seat);
    },
  },

  extraHarvest: {
    active: chooser,
    prompt: (_, q) => `fill up to ${plural(q.left, 'plantation or colony', 'plantations or colonies')}`,
    options: (s, q) => [...placing(playerOf(s, q.seat)), { type: 'done' }],
    settle(tx, q) {
      const open = openSpots(playerOf(tx.state, q.seat));
      if (q.left > 0 && open.length > 0) {
        if (open.length > q.left) return false;
        for (const x of open) tx.emit({ type: 'SpicesPlaced', seat: q.seat, spot: x.tile, count: x.fields - x.filled });
      }
      end(tx, q.seat);
      return true;
    },
    perform(tx, q, c, seat) {
      if (c.type === 'done') return end(tx, seat);
      const spot = c.type === 'placeSpice' ? spotsOf(playerOf(tx.state, seat)).find((x) => x.tile === c.spot) : undefined;
      if (!spot) return unexpected(q, c);
      tx.emit({ type: 'SpicesPlaced', seat, spot: spot.tile, count: spot.fields - spot.filled });
      return q.left > 1 ? update(tx, { ...q, left: q.left - 1 }) : end(tx, seat);
    },
  },

  removeSpices: {
    active: chooser,
    prompt: (_, q) => (q.reason === 'duty' ? `return ${plural(q.count, 'spice')} for the Duty` : 'sell spices for 3 ducats each, or stop'),
    options: (s, q) => [
      ...spotsOf(playerOf(s, q.seat))
        .filter((x) => x.filled > 0)
        .map((x): GoaCommand => ({ type: 'removeSpice', spot: x.tile })),
      ...(q.reason === 'sell' ? [{ type: 'done' } as const] : []),
    ],
    settle(tx, q) {
      const p = playerOf(tx.state, q.seat);
      const held = spotsOf(p).filter((x) => x.filled > 0);
      if (q.count === 0 || held.length === 0) {
        end(tx, q.seat);
        return true;
      }
      if (q.reason === 'sell' || (held.length > 1 && totalSpices(p) > q.count)) return false;
      // Forced: the Duty takes every spice left, or all from one spot.
      let left = q.count;
      const spots = held.map((x) => {
        const n = Math.min(left, x.filled);
        left -= n;
        return { spot: x.tile, count: n };
      });
      tx.emit({ type: 'SpicesRemoved', seat: q.seat, spots: spots.filter((x) => x.count > 0), reason: q.reason });
      end(tx, q.seat);
      dutyDone(tx, q);
      return true;
    },
    perform(tx, q, c, seat) {
      if (c.type === 'done') return end(tx, seat);
      if (c.type !== 'removeSpice') return unexpected(q, c);
      tx.emit({ type: 'SpicesRemoved', seat, spots: [{ spot: c.spot, count: 1 }], reason: q.reason });
      if (q.reason === 'sell') tx.emit({ type: 'Gained', seat, ducats: DATA.cardEffects.value.sellSpices!, reason: 'a spice sold' });
      if (q.count > 1) return update(tx, { ...q, count: q.count - 1 });
      end(tx, seat);
      return dutyDone(tx, q);
    },
  },

  discardPlantation: {
    active: chooser,
    prompt: () => 'discard a plantation to make room for the new one',
    options: (s, q) => playerOf(s, q.seat).plantations.map((x): GoaCommand => ({ type: 'discardPlantation', spot: x.tile })),
    perform(tx, q, c, seat) {
      const spot = c.type === 'discardPlantation' ? playerOf(tx.state, seat).plantations.find((x) => x.tile === c.spot) : undefined;
      if (!spot) return unexpected(q, c);
      tx.emit({ type: 'PlantationDiscarded', seat, spot: spot.tile, keptSingle: spot.fields === 1 });
      end(tx, seat);
      return tx.emit({ type: 'PlantationPlaced', seat, tile: q.tile });
    },
  },

  shipsOrColonists: {
    active: chooser,
    prompt: (_, q) => `take ${plural(q.amount, 'ship')} or ${plural(q.amount, 'colonist')}`,
    options: () => take('ships', 'colonists'),
    perform: (tx, q, c) => (c.type === 'take' ? takeAmount(tx, q, c.what) : unexpected(q, c)),
  },

  resupply: {
    active: chooser,
    prompt: (_, q) => `take ${q.amount} ships, colonists or spices`,
    options: (s, q) => takeAny(playerOf(s, q.seat)),
    perform: (tx, q, c) => (c.type === 'take' ? takeAmount(tx, q, c.what) : unexpected(q, c)),
  },

  harvestMix: {
    active: chooser,
    prompt: (_, q) => `take ${q.count} more of ships, colonists or spices, one at a time`,
    options: (s, q) => takeAny(playerOf(s, q.seat)),
    settle(tx, q) {
      if (q.count > 0) return false;
      end(tx, q.seat);
      return true;
    },
    perform(tx, q, c, seat) {
      if (c.type !== 'take') return unexpected(q, c);
      if (q.count > 1) update(tx, { ...q, count: q.count - 1 });
      else end(tx, seat);
      if (c.what === 'spices') return start(tx, { kind: 'placeSpices', seat, count: 1, optional: false, reason: 'harvest' });
      return tx.emit({ type: 'Gained', seat, ...(c.what === 'ships' ? { ships: 1 } : { colonists: 1 }), reason: 'harvest' });
    },
  },

  colony: {
    active: chooser,
    prompt: (_, q) => `recruit colonists for ${COLONY_NAMES[q.colony]}, or give it up`,
    options(s, q) {
      const p = playerOf(s, q.seat);
      const needed = DATA.colonistsNeeded.value[q.colony];
      return [
        ...(q.base + p.colonists >= needed ? [{ type: 'recruitColonists' } as const] : []),
        { type: 'abandonColony' },
        ...usableTiles(s, p, ['colonist', 'espionage']),
        ...playableCards(s, p, 'colonists'),
      ];
    },
    // The cards drawn and the colonists row are enough by themselves: nothing to pay, nothing to choose.
    settle(tx, q) {
      if (q.base < DATA.colonistsNeeded.value[q.colony]) return false;
      recruited(tx, q);
      return true;
    },
    perform(tx, q, c, seat) {
      switch (c.type) {
        case 'recruitColonists':
          return recruited(tx, q);
        case 'abandonColony': {
          const had = q.base + playerOf(tx.state, seat).colonists;
          tx.emit({ type: 'ColonyFailed', seat, colony: q.colony, had, needed: DATA.colonistsNeeded.value[q.colony] });
          tx.emit({ type: 'Gained', seat, colonists: 1, reason: 'a failed colony' });
          clearTable(tx, seat);
          return end(tx, seat);
        }
        case 'useTile':
          return useTile(tx, seat, c.tile);
        case 'playCard':
          return playCard(tx, seat, c.card);
        default:
          return unexpected(q, c);
      }
    },
  },

  colonyTile: {
    active: chooser,
    prompt: (_, q) => `choose the ${COLONY_NAMES[q.colony]} colony tile and the spice it grows`,
    options: (s, q) => colonyChoices(s, q.colony),
    settle(tx, q) {
      const [one, ...others] = colonyChoices(tx.state, q.colony);
      if (!one || others.length > 0) return false;
      end(tx, q.seat);
      tx.emit({ type: 'ColonyFounded', seat: q.seat, colony: q.colony, tile: one.tile, spice: one.spice });
      return true;
    },
    perform(tx, q, c, seat) {
      if (c.type !== 'chooseColony') return unexpected(q, c);
      end(tx, seat);
      return tx.emit({ type: 'ColonyFounded', seat, colony: q.colony, tile: c.tile, spice: c.spice });
    },
  },

  expedition: {
    active: chooser,
    prompt: () => 'play or discard expedition cards down to the hand limit, then draw',
    options(s, q) {
      const p = playerOf(s, q.seat);
      return [...(p.hand.length <= handLimit(p) ? [{ type: 'drawCard' } as const] : []), ...playableCards(s, p), ...discards(p)];
    },
    // Room for every card: they are drawn.
    settle(tx, q) {
      const p = playerOf(tx.state, q.seat);
      if (p.hand.length + q.draws > handLimit(p)) return false;
      end(tx, q.seat);
      draw(tx, q.seat, q.draws, 'hand', 'expedition');
      return true;
    },
    perform(tx, q, c, seat) {
      if (c.type === 'playCard') return playCard(tx, seat, c.card);
      if (c.type !== 'drawCard') return unexpected(q, c);
      const p = playerOf(tx.state, seat);
      end(tx, seat);
      return draw(tx, seat, Math.min(q.draws, handLimit(p) - p.hand.length), 'hand', 'expedition');
    },
  },

  viceKing: {
    active: chooser,
    prompt: () => 'choose the column the Vice-king moves down',
    options: (_, q) => q.columns.map((column): GoaCommand => ({ type: 'chooseColumn', column })),
    perform(tx, q, c, seat) {
      if (c.type !== 'chooseColumn') return unexpected(q, c);
      end(tx, seat);
      return viceKing(tx, seat, c.column);
    },
  },

  espionage: {
    active: chooser,
    prompt: () => 'choose whose column to spy on, and which',
    options(s, q) {
      const founding = s.pending.some((x) => x.kind === 'colony');
      const columns: Spied[] = [
        'ships',
        'taxes',
        ...(emptyFields(playerOf(s, q.seat)) > 0 ? (['harvest'] as const) : []),
        ...(founding ? (['colonists'] as const) : []),
      ];
      return s.seats.flatMap((_, other) =>
        other === q.seat ? [] : columns.map((column): GoaCommand => ({ type: 'spy', seat: other, column })),
      );
    },
    perform(tx, q, c, seat) {
      if (c.type !== 'spy') return unexpected(q, c);
      const p = playerOf(tx.state, seat);
      const amount = rowValue(playerOf(tx.state, c.seat), c.column);
      end(tx, seat);
      if (c.column === 'ships') return tx.emit({ type: 'Gained', seat, ships: amount, reason: 'espionage' });
      if (c.column === 'taxes') return tx.emit({ type: 'Gained', seat, ducats: amount, reason: 'espionage' });
      if (c.column === 'harvest')
        return start(tx, { kind: 'placeSpices', seat, count: Math.min(amount, emptyFields(p)), optional: false, reason: 'espionage' });
      // Colonists: counted toward the colony being founded, the choice under this one.
      const colony = tx.state.pending.at(-1);
      if (colony?.kind !== 'colony') return unexpected(q, c);
      return update(tx, { ...colony, base: colony.base + amount });
    },
  },

  swap: {
    active: chooser,
    prompt: () => 'choose the tile to take in exchange',
    options: (s) => s.grid.flatMap((row, r) => row.flatMap((t, c): GoaCommand[] => (t ? [{ type: 'swapWith', r, c }] : []))),
    perform(tx, q, c, seat) {
      const taken = c.type === 'swapWith' ? tileAt(tx.state, c) : null;
      if (c.type !== 'swapWith' || taken === null) return unexpected(q, c);
      end(tx, seat);
      tx.emit({ type: 'Swapped', seat, tile: taken, pos: { r: c.r, c: c.c }, swap: q.tile });
      return gainTile(tx, seat, taken);
    },
  },

  variant: {
    active: chooser,
    prompt: () => `take ${DATA.variant.value.ducats} ducats or move two success markers to row 2`,
    options: () => [
      { type: 'startWithDucats' },
      ...COLUMNS.flatMap((a, i) => COLUMNS.slice(i + 1).map((b): GoaCommand => ({ type: 'startWithRows', columns: [a, b] }))),
    ],
    perform(tx, q, c, seat) {
      if (c.type === 'startWithDucats') {
        end(tx, seat);
        return tx.emit({ type: 'Gained', seat, ducats: DATA.variant.value.ducats, reason: 'the rule variant' });
      }
      if (c.type !== 'startWithRows') return unexpected(q, c);
      end(tx, seat);
      for (const column of c.columns)
        tx.emit({ type: 'Progressed', seat, column, row: DATA.variant.value.row, ships: 0, spices: [], ducats: 0 });
    },
  },
};
