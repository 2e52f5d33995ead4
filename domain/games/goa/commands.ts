/** Commands a seat may send, as zod schemas; `legal` lists them in this parsed form. */
import * as z from 'zod';
import { COLONIES, COLUMNS, SPICES } from './data';

const id = z.string().min(1).max(32);
const pos = { r: z.number().int().min(-1).max(5), c: z.number().int().min(-1).max(5) };

export const commandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('placeFlag'), ...pos }),
  z.object({ type: z.literal('placeMarker'), ...pos }),
  z.object({ type: z.literal('bid'), amount: z.number().int().min(1).max(1000) }),
  z.object({ type: z.literal('pass') }),
  // The six actions (action-changing expedition cards are given with their action).
  // `from`: where each spice of the cost comes from, in the cost's order — given when there is a choice.
  z.object({ type: z.literal('progress'), column: z.enum(COLUMNS), card: id.optional(), from: z.array(id).max(4).optional() }),
  z.object({ type: z.literal('buildShips') }),
  z.object({ type: z.literal('harvest'), card: id.optional() }),
  z.object({ type: z.literal('taxes') }),
  z.object({ type: z.literal('expedition') }),
  z.object({ type: z.literal('foundColony'), colony: z.enum(COLONIES), card: id.optional() }),
  // Before, during or after the action: one expedition card, any usable tiles; discards any time.
  z.object({ type: z.literal('playCard'), card: id }),
  z.object({ type: z.literal('useTile'), tile: id }),
  z.object({ type: z.literal('discardCard'), card: id }),
  z.object({ type: z.literal('endTurn') }),
  // Steps of a choice in progress.
  z.object({ type: z.literal('placeSpice'), spot: id }),
  z.object({ type: z.literal('removeSpice'), spot: id }),
  z.object({ type: z.literal('discardPlantation'), spot: id }),
  z.object({ type: z.literal('take'), what: z.enum(['ships', 'colonists', 'spices']) }),
  z.object({ type: z.literal('drawCard') }),
  z.object({ type: z.literal('recruitColonists') }),
  z.object({ type: z.literal('abandonColony') }),
  z.object({ type: z.literal('chooseColony'), tile: id, spice: z.enum(SPICES) }),
  z.object({ type: z.literal('chooseColumn'), column: z.enum(COLUMNS) }),
  z.object({ type: z.literal('spy'), seat: z.number().int().min(0).max(3), column: z.enum(['ships', 'harvest', 'taxes', 'colonists']) }),
  z.object({ type: z.literal('swapWith'), ...pos }),
  z.object({ type: z.literal('done') }),
  // The rule variant, before the game begins: 10 ducats, or two success markers (two different columns) to row 2.
  z.object({ type: z.literal('startWithDucats') }),
  z.object({ type: z.literal('startWithRows'), columns: z.tuple([z.enum(COLUMNS), z.enum(COLUMNS)]) }),
  // After the three action rounds: an additional action, or pass.
  z.object({ type: z.literal('extraAction') }),
]);

export type GoaCommand = z.infer<typeof commandSchema>;
