/**
 * Commands a seat may send, as zod schemas. Parsing normalises a command (unknown keys dropped,
 * missing sailor counts set to 0, lists sorted), so two commands that mean the same move are
 * equal after parsing, and `legal` lists them in that normal form.
 */
import * as z from 'zod';
import { AREAS, CHARACTERS, CREW_TYPES, LANDINGS, SAILOR_COLOURS } from './data';

const index = z.number().int().min(0).max(9);
const colour = z.enum(SAILOR_COLOURS);
const area = z.enum(AREAS);
const landing = z.enum(LANDINGS);
const count = z.number().int().min(0).max(32).default(0);

const crewOrder = (t: string) => CREW_TYPES.indexOf(t as (typeof CREW_TYPES)[number]);

export const commandSchema = z.discriminatedUnion('type', [
  /** Phase 1: put a Sequence Number with one of your discs in an area. 21/22 go with the Additional Action Disc. */
  z.object({ type: z.literal('place'), number: z.number().int().min(1).max(22), area }),
  /** Phase 2: give up the called action (for the refund printed in the Numbers Zone). */
  z.object({ type: z.literal('giveUp') }),
  /** Purchase Projects: one or two projects from the upper spaces (0–5). */
  z.object({
    type: z.literal('purchase'),
    spaces: z
      .array(index)
      .min(1)
      .max(2)
      .refine((s) => new Set(s).size === s.length, 'the two spaces must differ')
      .transform((s) => [...s].sort((a, b) => a - b)),
  }),
  /** Purchase Projects: the São Gabriel project, launched at once. */
  z.object({ type: z.literal('purchaseSaoGabriel') }),
  /** Recruiting: choose the section (0–3) to recruit sailors from. */
  z.object({ type: z.literal('recruitFrom'), section: index }),
  /** Recruiting, second step: how many sailors of each colour, and whether to add a captain. */
  z.object({
    type: z.literal('recruit'),
    sailors: z.object({ orange: count, turquoise: count, violet: count, grey: count }),
    captain: z.boolean(),
  }),
  /** Recruiting: only a captain of your colour, for free. */
  z.object({ type: z.literal('recruitCaptain') }),
  /** Navigation: choose the landing for this expedition. */
  z.object({ type: z.literal('expedition'), landing }),
  /** Expedition: board a captain on one launched ship and send it to an empty slot (0 = leftmost). */
  z.object({ type: z.literal('sendShip'), ship: z.string().max(16), slot: index }),
  /** Expedition: stop sending ships. */
  z.object({ type: z.literal('endExpedition') }),
  /** Characters: take the Reals of one of Vasco da Gama's two spaces (0 upper, 1 lower). */
  z.object({ type: z.literal('takeMoney'), space: z.number().int().min(0).max(1) }),
  /** Characters: host a character and use its power. */
  z.object({ type: z.literal('host'), character: z.enum(CHARACTERS) }),
  /** After hosting Manuel I: place your Additional Action Disc with 21 or 22. */
  z.object({ type: z.literal('placeExtraDisc'), number: z.union([z.literal(21), z.literal(22)]), area }),
  /** Send the merchant ship to an empty slot of a landing. */
  z.object({ type: z.literal('sendMerchant'), landing, slot: index }),
  /** After hosting Girolamo Sernigi: keep the merchant ship to send it at the start of Phase 3. */
  z.object({ type: z.literal('holdMerchant') }),
  /** Natal bonus: take the project in an upper space. */
  z.object({ type: z.literal('takeProject'), space: index }),
  /** Terra de Boa Gente bonus: take a sailor of a colour from a section … */
  z.object({ type: z.literal('takeSailor'), section: index, colour }),
  /** … or draw one from the bag. */
  z.object({ type: z.literal('drawSailor') }),
  /** At any time: launch a project with a crew of different colours (missionaries are white). */
  z.object({
    type: z.literal('launch'),
    project: z.string().max(16),
    crew: z
      .array(z.enum(CREW_TYPES))
      .min(1)
      .max(5)
      .refine((c) => new Set(c).size === c.length, 'crew members must all be of different colours')
      .transform((c) => [...c].sort((a, b) => crewOrder(a) - crewOrder(b))),
  }),
  /** After round 5: done launching; final scoring follows once everyone is done. */
  z.object({ type: z.literal('finish') }),
]);

export type VdgCommand = z.infer<typeof commandSchema>;
export type CommandType = VdgCommand['type'];
export type CommandOf<T extends CommandType> = Extract<VdgCommand, { type: T }>;
