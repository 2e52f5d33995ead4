/**
 * The frames the server sends (protocol version 1), as zod schemas: the one source of their
 * TypeScript types (each type below is `z.output` of its schema) and of their published JSON
 * Schemas (`npm run schemas`: docs/schemas/server-frames.json and the AsyncAPI document), which
 * the end-to-end tests hold every received frame to. An object lists every field the server
 * sends (the JSON Schemas say `additionalProperties: false`); the protocol grows by optional
 * fields, so a client ignores the ones it does not know.
 *
 * Nothing here parses at run time: the server builds these frames, typed by the types below.
 * The web client imports only the types (see frames.ts), so none of this is in its bundle.
 */
import * as z from 'zod';
import { timeControlSchema } from '../clock';
import { notificationSettingsSchema } from '../notification';
import { MOVES_BEFORE_LEAVING } from '../ratings';
import { CHAT_PAGE_MAX, ERROR_CODES, GAMES_PAGE_MAX, type Action } from './frames';
import { LEADERBOARD_PAGE_MAX } from './profile-frames';
import { socialServerFrames } from './social-frames';
import { tournamentServerFrames } from './tournament-frames';

/** A seat number: 0 for the first seat (the creator's), up to players − 1. */
const seatNumber = z.number().int().min(0).max(15);
const seatList = (description: string) => z.array(seatNumber).describe(description);
const count = z.number().int().min(0);
const version = z.number().int().min(1).describe("The game's version: 1 at creation, 1 more with every stored change.");
const isoTime = (description: string) => z.iso.datetime().describe(`${description} (ISO 8601, UTC).`);
const gameId = z.string().min(1).max(64).describe("The game's id, as `gameCreated` gave it.");
const gameKind = z.string().min(1).max(64).describe('The game module, e.g. "vasco-da-gama".');
const playerId = z.string().min(1).max(64);
/** Every answer echoes the `requestId` of the frame it answers, when it had one. */
const requestId = z.string().max(64).optional().describe('The `requestId` of the client frame this answers, when it had one.');
const status = z.enum(['open', 'active', 'finished']).describe('open: waiting for players; active: in play; finished: over.');
/** A next-page cursor: opaque, null after the last page. */
const cursor = z.string().min(1).max(256).nullable().describe('The `cursor` of the page after this one; null after the last page.');

export const seatInfoSchema = z
  .object({
    seat: seatNumber,
    playerId,
    name: z.string().describe("The name as the player chose it (see Player-chosen text), or a bot's name."),
    bot: z.string().optional().describe('The bot playing this seat, if it is not a person (e.g. "strong").'),
    awayUntil: isoTime('On vacation until').optional().describe("The seat's player is on vacation until then (see Vacation)."),
  })
  .meta({ id: 'SeatInfo', description: 'A taken seat: who sits there.' });
export type SeatInfo = z.output<typeof seatInfoSchema>;

const seats = z.array(seatInfoSchema.nullable()).describe('One entry per seat, in seat order; null while the seat is free.');

export const seatResultSchema = z
  .object({
    seat: seatNumber,
    score: z.number(),
    rank: z.number().int().min(1).describe('1 is best; tied seats share a rank.'),
    details: z
      .record(z.string(), z.number())
      .optional()
      .describe("The game's score breakdown and tie-break values, by name (which names depends on the game)."),
  })
  .meta({ id: 'SeatResult', description: "One seat's result." });

export const outcomeSchema = z
  .object({
    results: z
      .array(seatResultSchema)
      .describe('Every seat that is ranked, best first (empty for a game ended by vote with nobody resigned).'),
    winners: seatList('The seats ranked first.'),
    ended: z
      .enum(['vote', 'resign', 'adjudicated'])
      .optional()
      .describe(
        "Only for a game ended early: by `voteEnd`, by a resignation (see Resigning), or by its tournament round's deadline, ranked by the points as they stood (see Tournaments).",
      ),
    resigned: seatList('Only after a resignation: the seats that resigned, in the order they did; they rank last.').optional(),
  })
  .meta({ id: 'Outcome', description: 'How a game ended.' });
export type WireOutcome = z.output<typeof outcomeSchema>;

export const stateFrameSchema = z
  .object({
    type: z.literal('state'),
    requestId,
    gameId,
    game: gameKind,
    version,
    status,
    seats,
    you: seatNumber.nullable().describe("The receiver's seat; null for a spectator."),
    activeSeats: seatList('The seats that are to act now (empty unless the game is in play).'),
    online: seatList('Seats with a live connection watching this game.'),
    absent: seatList(
      'Seats that ran out of time, played by a bot until they `resume`; also the seats that resigned to a bot (played by it for good).',
    ),
    resigned: seatList('Only once someone resigned: the seats that resigned, in the order they did.').optional(),
    onResign: z.literal('end').optional().describe('Only when a resignation ends this game (absent: a bot takes a resigned seat).'),
    unrated: z
      .enum(['private', 'leftEarly'])
      .optional()
      .describe(
        `Only when the game does not change every person's rating (see Ratings): \`private\`, a game of people not matched in the public lobby, rated for nobody; \`leftEarly\`, someone left it before making ${MOVES_BEFORE_LEAVING} moves of their own, which counts only against them. Absent: it changes the ratings of everyone at the table once it ends with a ranking.`,
      ),
    canUndo: z.boolean().describe('Whether this seat may take back its last command now (`undo`).'),
    view: z
      .unknown()
      .describe("The game's view for this seat (hidden information removed; its shape is the game's); null until the game starts."),
    legal: z
      .array(z.looseObject({ type: z.string().min(1).max(64) }))
      .describe(
        "Every command this seat may send now, exactly (each is accepted as it is, unless another command got in first); empty for spectators and once the game is over. Each is an object of the game's command schema.",
      ),
    log: z.array(z.string()).describe("The game's latest log sentences (at most 500)."),
    logStart: count.describe('The line number (from 0, over the whole game) of `log[0]`.'),
    sinceYourMove: z
      .object({ version, line: count })
      .optional()
      .describe(
        'Only to a seated player who has moved: the version of their last own command and the log line number (over the whole game) where the lines after it begin.',
      ),
    logAfter: version
      .optional()
      .describe(
        'Only to `logDelta` subscribers, after the first frame: `log` holds the lines from `logStart` on, replacing the lines held from there; it applies to the state of version `logAfter` only.',
      ),
    outcome: outcomeSchema.nullable().describe('How the game ended; null until it ends.'),
    points: z
      .array(z.number())
      .optional()
      .describe(
        "Each seat's points if the game ended now, by seat, counted from what every seat may see (a public estimate where the end scores something hidden); once the game has ended, the outcome's scores. Only games that count points in play (Vasco da Gama, Navegador, Goa).",
      ),
  })
  .meta({ id: 'state', description: 'A game as one seat (or a spectator) sees it: now after `subscribe`, and after every change.' });
export type StateFrame = z.output<typeof stateFrameSchema>;

export const gameSummarySchema = z
  .object({
    gameId,
    game: gameKind,
    status,
    seats,
    yourSeat: seatNumber,
    yourTurn: z.boolean(),
    version,
    updatedAt: isoTime('When the game last changed'),
    lastMove: z.string().describe("The last line of the game's log."),
  })
  .meta({ id: 'GameSummary', description: 'One of your games, as `games` and `gameChanged` list it.' });
export type GameSummary = z.output<typeof gameSummarySchema>;

export const listedSeatSchema = seatInfoSchema
  .extend({ rating: z.number().optional().describe("The player's displayed rating (ordinal) in this game, if they have one.") })
  .meta({ id: 'ListedSeat', description: 'A taken seat of an open public game.' });
export type ListedSeat = z.output<typeof listedSeatSchema>;

export const openGameSchema = z
  .object({
    gameId,
    game: gameKind,
    seats: z.array(listedSeatSchema.nullable()).describe('Every seat: a player (or bot), or null while free.'),
    options: z.unknown().describe("The game's options as created (the game's own, after defaults)."),
    clock: timeControlSchema.nullable().describe('The time control, null for none.'),
    onResign: z.enum(['bot', 'end']),
    createdAt: isoTime('When the game was created'),
    version,
  })
  .meta({ id: 'OpenGame', description: 'An open game of the public lobby (`openGames`, `openGameChanged`).' });
export type OpenGame = z.output<typeof openGameSchema>;

export const gameInfoFrameSchema = z
  .object({
    type: z.literal('gameInfo'),
    requestId,
    gameId,
    game: gameKind,
    rulesVersion: z.string().describe('The rules version the game is played with (it keeps the one it started with).'),
    options: z.unknown().describe("The game's options as created (the game's own, after defaults)."),
    status,
    version,
    seats,
    activeSeats: seatList('The seats that are to act now (empty unless the game is in play).'),
    clock: z
      .object({
        control: timeControlSchema,
        deadlines: z
          .array(isoTime('When the seat runs out of time').nullable())
          .describe('Per seat, when its time runs out; null for a seat that is not to act.'),
      })
      .nullable()
      .describe('The time control and the deadlines; null for a game without a clock.'),
    listed: z.boolean().describe('Whether the game is listed in the public lobby while it has free seats.'),
    spectatorChat: z.boolean().describe('Whether spectators may read its chat.'),
    onResign: z.enum(['bot', 'end']),
    createdAt: isoTime('When the game was created'),
    updatedAt: isoTime('When the game last changed'),
  })
  .meta({ id: 'gameInfo', description: 'Answers `gameInfo`: what a game is, without its state.' });
export type GameInfoFrame = z.output<typeof gameInfoFrameSchema>;

export const chatMessageSchema = z
  .object({
    id: z.number().int().min(1).describe('Grows with each message of the game (gaps are possible).'),
    gameId,
    playerId,
    seat: seatNumber.describe("The author's seat in the game."),
    name: z.string().describe("The author's name in the game."),
    text: z.string().min(1).max(500).describe('The message as stored, normalised (see Player-chosen text).'),
    at: isoTime('When the server stored it'),
  })
  .meta({ id: 'ChatMessage', description: "One message of a game's chat." });
export type ChatMessage = z.output<typeof chatMessageSchema>;

export const deviceInfoSchema = z
  .object({
    deviceId: z.string().min(1).max(64),
    label: z.string(),
    method: z.string().describe("How it signed in: 'name', 'upgrade', 'email', 'code' or 'passkey'."),
    createdAt: isoTime('When it signed in'),
    lastSeenAt: isoTime('When it last refreshed or connected'),
    current: z.boolean().describe('The device of the connection that asked.'),
  })
  .meta({ id: 'DeviceInfo', description: "One of the player's signed-in devices." });
export type DeviceInfo = z.output<typeof deviceInfoSchema>;

export const passkeyInfoSchema = z
  .object({
    credentialId: z.string().min(1),
    label: z.string(),
    createdAt: isoTime('When it was added'),
    lastUsedAt: isoTime('When it last signed in').nullable(),
  })
  .meta({ id: 'PasskeyInfo', description: "One of the player's passkeys." });
export type PasskeyInfo = z.output<typeof passkeyInfoSchema>;

export const signedOutInfoSchema = z
  .object({
    label: z.string(),
    at: isoTime('When the server signed it out'),
    reason: z
      .enum(['refreshReused'])
      .describe("'refreshReused': its refresh token was used after it had been replaced, as only a copy of it could be."),
  })
  .meta({ id: 'SignedOutInfo', description: 'A device of the player that the server signed out, in the last 30 days.' });
export type SignedOutInfo = z.output<typeof signedOutInfoSchema>;

export const gameRatingSummarySchema = z
  .object({
    game: gameKind,
    rating: z.number().describe("OpenSkill's ordinal (mu − 3 sigma), one decimal."),
    games: count,
    wins: count,
    updatedAt: isoTime('When it last changed'),
    history: z
      .array(z.object({ at: isoTime('When the game ended'), gameId, rank: z.number().int().min(1), rating: z.number() }))
      .describe('The rating after each of the latest rated games of this kind, oldest first.'),
  })
  .meta({ id: 'GameRatingSummary', description: "A player's rating in one game." });
export type GameRatingSummary = z.output<typeof gameRatingSummarySchema>;

export const recentGameSchema = z
  .object({
    gameId,
    game: gameKind,
    at: isoTime('When it ended'),
    rank: z.number().int().min(1),
    won: z.boolean(),
    ratingBefore: z.number().nullable().describe("The player's rating before it (null: their first rated game of this kind)."),
    ratingAfter: z.number(),
    players: z
      .array(z.object({ playerId, name: z.string(), bot: z.string().optional(), rank: z.number().int().min(1) }))
      .describe('Everyone at the table, in seat order.'),
  })
  .meta({ id: 'RecentGame', description: 'One of the latest rated games of a player.' });
export type RecentGame = z.output<typeof recentGameSchema>;

export const leaderboardEntrySchema = z
  .object({
    rank: z.number().int().min(1).describe('1 for the best; by position (players with equal ratings get successive ranks).'),
    playerId,
    name: z.string(),
    rating: z.number(),
    games: count,
    wins: count,
  })
  .meta({ id: 'LeaderboardEntry', description: 'One player of a leaderboard.' });
export type LeaderboardEntry = z.output<typeof leaderboardEntrySchema>;

export const profileFrameSchema = z
  .object({
    type: z.literal('profile'),
    requestId,
    playerId,
    name: z.string(),
    gamesPlayed: count.describe('Rated games (finished with a ranking), over every kind of game.'),
    wins: count,
    ratings: z.array(gameRatingSummarySchema),
    recent: z.array(recentGameSchema).describe('The latest rated games, newest first.'),
  })
  .meta({ id: 'profile', description: 'Answers `profile`: only what every player may see (names, results, ratings).' });
export type ProfileFrame = z.output<typeof profileFrameSchema>;

export const leaderboardFrameSchema = z
  .object({
    type: z.literal('leaderboard'),
    requestId,
    game: gameKind,
    entries: z.array(leaderboardEntrySchema).max(LEADERBOARD_PAGE_MAX),
    next: cursor,
  })
  .meta({ id: 'leaderboard', description: 'Answers `leaderboard`: one page, best first.' });
export type LeaderboardFrame = z.output<typeof leaderboardFrameSchema>;

const emailProblem = z
  .object({
    kind: z.enum(['bounced', 'complained']),
    at: isoTime('When it was reported'),
    reason: z.string().describe('What the receiving server or the recipient said.'),
  })
  .nullable()
  .optional()
  .describe('Why no more mail goes to the address (it bounced, or was reported as spam); null: nothing reported.');

/** Every frame the server sends, by `type`. */
export const serverFrames = {
  state: stateFrameSchema,
  gameCreated: z
    .object({ type: z.literal('gameCreated'), requestId, gameId })
    .meta({ id: 'gameCreated', description: 'Answers `createGame` (and `quickPlay` when it created a game): the creator sits in seat 0.' }),
  joined: z
    .object({ type: z.literal('joined'), requestId, gameId, seat: seatNumber.describe('The seat you sit in.') })
    .meta({ id: 'joined', description: 'Answers `joinGame` (and `quickPlay` when it seated you).' }),
  ack: z
    .object({
      type: z.literal('ack'),
      requestId,
      commandId: z.string().min(1).max(64),
      version: version.describe('The version that stored the command.'),
    })
    .meta({ id: 'ack', description: 'Answers `command`: stored (or stored already, for a repeated `commandId`).' }),
  games: z
    .object({ type: z.literal('games'), requestId, games: z.array(gameSummarySchema).max(GAMES_PAGE_MAX), next: cursor })
    .meta({ id: 'games', description: 'Answers `myGames`: one page of your games.' }),
  gameChanged: z.object({ type: z.literal('gameChanged'), game: gameSummarySchema }).meta({
    id: 'gameChanged',
    description: "To a connection that watches its player's games: one of them changed for that player (turn, status, seats).",
  }),
  pong: z.object({ type: z.literal('pong'), requestId }).meta({ id: 'pong', description: 'Answers `ping`.' }),
  done: z
    .object({ type: z.literal('done'), requestId, gameId, version: version.describe("The game's version after the action.") })
    .meta({ id: 'done', description: 'Answers `undo`, `resume`, `voteEnd` and `resign`.' }),
  presence: z
    .object({ type: z.literal('presence'), gameId, online: seatList('The seats with a live connection watching the game.') })
    .meta({ id: 'presence', description: "Who is watching a game changed: to the game's watchers." }),
  notifications: z
    .object({
      type: z.literal('notifications'),
      requestId,
      settings: notificationSettingsSchema,
      pushKey: z.string().nullable().describe('The VAPID public key for `pushManager.subscribe`; null when Web Push is off.'),
      emailConfirmed: z
        .boolean()
        .describe('Whether the address in `settings` opened its confirmation link (only then is email sent there).'),
      emailProblem,
    })
    .meta({ id: 'notifications', description: 'Answers `setNotifications` and `getNotifications`.' }),
  chat: z.object({ type: z.literal('chat'), gameId, message: chatMessageSchema }).meta({
    id: 'chat',
    description:
      "A new message in a game's chat, to its readers' connections (not the sender's, which has `chatSent`; never to those who muted its author).",
  }),
  chatSent: z
    .object({ type: z.literal('chatSent'), requestId, message: chatMessageSchema })
    .meta({ id: 'chatSent', description: 'Answers `chat`: the message as stored.' }),
  chatHistory: z
    .object({
      type: z.literal('chatHistory'),
      requestId,
      gameId,
      messages: z.array(chatMessageSchema).max(CHAT_PAGE_MAX).describe('Oldest first.'),
      next: z.number().int().min(1).nullable().describe('The `before` of the page of older messages; null at the first message.'),
      muted: z.array(playerId).describe('The players you muted.'),
      canWrite: z.boolean().describe('Whether you may write here (you sit in the game).'),
    })
    .meta({ id: 'chatHistory', description: "Answers `chatHistory`: a page of a game's chat." }),
  muted: z
    .object({ type: z.literal('muted'), requestId, muted: z.array(playerId) })
    .meta({ id: 'muted', description: 'Answers `mute` and `unmute`: your muted players.' }),
  openGames: z
    .object({ type: z.literal('openGames'), requestId, games: z.array(openGameSchema).max(GAMES_PAGE_MAX), next: cursor })
    .meta({ id: 'openGames', description: 'Answers `openGames`: one page of the public lobby.' }),
  openGameChanged: z
    .object({
      type: z.literal('openGameChanged'),
      game: openGameSchema,
      open: z.boolean().describe('true: listed, or a seat was taken; false: it left the lobby (it started).'),
    })
    .meta({ id: 'openGameChanged', description: 'To a connection that watches the lobby: a game of it changed.' }),
  gameHidden: z
    .object({
      type: z.literal('gameHidden'),
      requestId,
      gameId,
      hidden: z.boolean().describe('Whether the game is now left out of your `myGames`.'),
    })
    .meta({ id: 'gameHidden', description: 'Answers `hideGame` and `unhideGame`.' }),
  gameInfo: gameInfoFrameSchema,
  profile: profileFrameSchema,
  leaderboard: leaderboardFrameSchema,
  devices: z
    .object({
      type: z.literal('devices'),
      requestId,
      devices: z.array(deviceInfoSchema),
      passkeys: z.array(passkeyInfoSchema),
      signInEmail: z.string().nullable().describe('The confirmed address that signs this player in with a link, if any.'),
      signedOut: z.array(signedOutInfoSchema).describe('Devices the server signed out in the last 30 days, the newest first.'),
    })
    .meta({ id: 'devices', description: 'Answers `myDevices`, `revokeDevice` and `removePasskey`.' }),
  deviceLinkCode: z
    .object({
      type: z.literal('deviceLinkCode'),
      requestId,
      code: z
        .string()
        .regex(/^[23456789ABCDEFGHJKMNPQRSTWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTWXYZ]{4}$/)
        .describe('As shown: ABCD-EFGH, 8 characters of 23456789ABCDEFGHJKMNPQRSTWXYZ.'),
      expiresAt: isoTime('When it stops working'),
    })
    .meta({ id: 'deviceLinkCode', description: 'Answers `deviceLinkCode`: a code that signs a new device in as you, once.' }),
  error: z
    .object({
      type: z.literal('error'),
      requestId,
      code: z.enum(ERROR_CODES),
      message: z.string().min(1).describe('A sentence a person can act on.'),
      retryAfterMs: count.optional().describe('With some RATE_LIMITED refusals: how long to wait before sending the same frame again.'),
    })
    .meta({ id: 'error', description: 'A refusal: nothing was stored.' }),
  ...tournamentServerFrames,
  ...socialServerFrames,
} as const;

export type ServerFrameType = keyof typeof serverFrames;
export const SERVER_FRAME_TYPES = Object.keys(serverFrames) as ServerFrameType[];
export type ServerFrameOf<T extends ServerFrameType> = z.output<(typeof serverFrames)[T]>;
export type ServerFrame = { [T in ServerFrameType]: ServerFrameOf<T> }[ServerFrameType];

/** The frame that answers each client frame (one of them), besides `error`, which may answer any. */
export const ANSWERS = {
  createGame: ['gameCreated'],
  joinGame: ['joined'],
  subscribe: ['state'],
  command: ['ack'],
  myGames: ['games'],
  ping: ['pong'],
  undo: ['done'],
  resume: ['done'],
  voteEnd: ['done'],
  setNotifications: ['notifications'],
  getNotifications: ['notifications'],
  chat: ['chatSent'],
  chatHistory: ['chatHistory'],
  mute: ['muted'],
  unmute: ['muted'],
  openGames: ['openGames'],
  quickPlay: ['joined', 'gameCreated'],
  resign: ['done'],
  cancelGame: ['done'],
  hideGame: ['gameHidden'],
  unhideGame: ['gameHidden'],
  gameInfo: ['gameInfo'],
  profile: ['profile'],
  leaderboard: ['leaderboard'],
  myDevices: ['devices'],
  revokeDevice: ['devices'],
  deviceLinkCode: ['deviceLinkCode'],
  removePasskey: ['devices'],
  createTournament: ['tournamentCreated'],
  enterTournament: ['tournament'],
  leaveTournament: ['tournament'],
  tournament: ['tournament'],
  tournaments: ['tournaments'],
  follow: ['friends'],
  unfollow: ['friends'],
  block: ['friends'],
  unblock: ['friends'],
  friends: ['friends'],
  createGroup: ['group'],
  joinGroup: ['group'],
  leaveGroup: ['group'],
  group: ['group'],
  vacation: ['vacation'],
  setVacation: ['vacation'],
  endVacation: ['vacation'],
} as const satisfies { [A in Action]: readonly ServerFrameType[] };

/** The frames the server sends unasked, to connections that subscribed or watch. */
export const PUSHED: readonly ServerFrameType[] = ['state', 'presence', 'chat', 'gameChanged', 'openGameChanged'];
