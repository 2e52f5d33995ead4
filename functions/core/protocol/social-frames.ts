/**
 * Friends, blocks, groups and vacations (docs/protocol.md, Friends and groups, Vacation): the
 * client's requests, parsed, and the server's answers, as zod schemas published with the others.
 */
import * as z from 'zod';
import { FOLLOWS_MAX, GROUP_MEMBERS_MAX, VACATION_DAYS_PER_YEAR } from './community-limits';
import { playerText, type TextRule } from './text';

export { FOLLOWS_MAX, GROUP_MEMBERS_MAX, VACATION_DAYS_PER_YEAR };

export const GROUP_NAME_RULE: TextRule = { label: 'Group names', max: 48 };

const requestId = z.string().max(64).optional();
const playerId = z.string().min(1).max(64);
const groupId = z.string().min(1).max(40);
/** Another player, by id (from a game or a profile) or by name (typed). */
const someone = {
  playerId: playerId.optional(),
  name: z.string().min(1).max(200).optional(),
};

export const socialClientFrames = {
  /** Follow a player: they are in your `friends` with whether they are online and their games waiting for players. */
  follow: z.object({ action: z.literal('follow'), requestId, ...someone }),
  unfollow: z.object({ action: z.literal('unfollow'), requestId, playerId }),
  /** Block a player: never seated or paired with you, their chat hidden from you. */
  block: z.object({ action: z.literal('block'), requestId, ...someone }),
  unblock: z.object({ action: z.literal('unblock'), requestId, playerId }),
  friends: z.object({ action: z.literal('friends'), requestId }),
  createGroup: z.object({ action: z.literal('createGroup'), requestId, name: playerText(GROUP_NAME_RULE) }),
  /** Join a group with the code of its invite link. */
  joinGroup: z.object({ action: z.literal('joinGroup'), requestId, groupId, code: z.string().min(1).max(64) }),
  leaveGroup: z.object({ action: z.literal('leaveGroup'), requestId, groupId }),
  /** A group's members, their games waiting for players and the group's leaderboard of `game`. */
  group: z.object({ action: z.literal('group'), requestId, groupId, game: z.string().min(1).max(64).optional() }),
  /** Your vacation now under way, if any, and the days left this year. */
  vacation: z.object({ action: z.literal('vacation'), requestId }),
  /** Go away until `until`: your clocks pause where the games allow it, and no reminders are sent. */
  setVacation: z.object({ action: z.literal('setVacation'), requestId, until: z.iso.datetime() }),
  /** Back early: your clocks run again. */
  endVacation: z.object({ action: z.literal('endVacation'), requestId }),
};

const isoTime = (description: string) => z.iso.datetime().describe(`${description} (ISO 8601, UTC).`);
const person = z.object({ playerId, name: z.string() });

export const waitingGameSchema = z
  .object({
    gameId: z.string(),
    game: z.string(),
    seats: z.array(person.extend({ bot: z.string().optional() }).nullable()).describe('Every seat: a player, or null while free.'),
    updatedAt: isoTime('When it last changed'),
  })
  .meta({ id: 'WaitingGame', description: 'A game waiting for players, which one may join.' });

const vacationSchema = z
  .object({
    since: isoTime('When it began'),
    until: isoTime('When it ends'),
  })
  .nullable()
  .describe('The vacation now under way; null: none.');

export const socialServerFrames = {
  friends: z
    .object({
      type: z.literal('friends'),
      requestId,
      following: z.array(
        person.extend({
          online: z.boolean(),
          awayUntil: isoTime('On vacation until').nullable(),
          turnsWaiting: z.number().int().min(0).describe('Their games in play waiting for their move (counted up to 50).'),
        }),
      ),
      blocked: z.array(person),
      groups: z.array(z.object({ groupId, name: z.string() })),
    })
    .meta({ id: 'friends', description: 'Answers `friends`, `follow`, `unfollow`, `block` and `unblock`.' }),
  group: z
    .object({
      type: z.literal('group'),
      requestId,
      groupId,
      name: z.string(),
      createdBy: person,
      youMember: z.boolean(),
      inviteCode: z.string().nullable().describe('For members only: the code of its invite link.'),
      members: z.array(person.extend({ online: z.boolean() })).describe('Members only see them; others get an empty list.'),
      waiting: z.array(waitingGameSchema).describe("Members' games waiting for players."),
      game: z.string().describe('The game of the leaderboard.'),
      leaderboard: z.array(person.extend({ rank: z.number().int().min(1), rating: z.number(), games: z.number().int() })),
    })
    .meta({ id: 'group', description: 'Answers `group`, `createGroup`, `joinGroup` and `leaveGroup`.' }),
  vacation: z
    .object({
      type: z.literal('vacation'),
      requestId,
      vacation: vacationSchema,
      daysLeft: z.number().int().min(0).describe('Vacation days still free this calendar year.'),
      paused: z.number().int().min(0).describe('Games whose clocks the change paused or resumed.'),
    })
    .meta({ id: 'vacation', description: 'Answers `vacation`, `setVacation` and `endVacation`.' }),
};

export type WaitingGame = z.output<typeof waitingGameSchema>;
