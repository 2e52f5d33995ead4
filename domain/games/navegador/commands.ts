/** Commands a seat may send, as zod schemas; `legal` lists them in this parsed form. */
import * as z from 'zod';
import { BUILDINGS, GOODS, PRIVILEGES, REGIONS } from './data';

const region = z.enum(REGIONS);
const count = z.number().int().min(0).max(20);

export const commandSchema = z.discriminatedUnion('type', [
  /** Before the rondel move: an extra sailing action with the Navegador card. */
  z.object({ type: z.literal('useNavegador') }),
  /** Move the game stone to a rondel field (0 Sailing … 7 Buildings, clockwise). */
  z.object({ type: z.literal('move'), field: z.number().int().min(0).max(7) }),
  /** Pay one extra rondel step with a ship taken from this region. */
  z.object({ type: z.literal('payShip'), region }),
  /** Workers: how many to recruit (churches first at 50 each). */
  z.object({ type: z.literal('recruitWorkers'), count }),
  /** Ships: how many to build (shipyards first at 50 each). */
  z.object({ type: z.literal('buildShips'), count }),
  /** Sailing: one ship from a region to a region within range. */
  z.object({ type: z.literal('moveShip'), from: region, to: region }),
  /** Colony: found a colony (the cheapest token) in a region where you have a ship. */
  z.object({ type: z.literal('foundColony'), region }),
  /** Buildings: build one building of a kind (the cheapest left of that row). */
  z.object({ type: z.literal('build'), kind: z.enum(BUILDINGS) }),
  /** Market: sell (colonies) or process (factories) some units of one good. */
  z.object({ type: z.literal('trade'), good: z.enum(GOODS), mode: z.enum(['sell', 'process']), units: z.number().int().min(1).max(20) }),
  /** Privilege: pay a worker and take a privilege of a type. */
  z.object({ type: z.literal('takePrivilege'), privilege: z.enum(PRIVILEGES) }),
  /** End the current action (also with nothing done). */
  z.object({ type: z.literal('done') }),
]);

export type NavCommand = z.infer<typeof commandSchema>;
