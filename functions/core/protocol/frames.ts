/**
 * The wire protocol's frames (docs/protocol.md, version 1), as zod schemas. Client frames are
 * parsed here; unknown fields are ignored so the protocol can grow without breaking clients.
 * The server's frames are in server-frames.ts.
 */
import * as z from 'zod';
import { timeControlSchema } from '../clock';
import { notificationSettingsSchema } from '../notification';
import { LEADERBOARD_PAGE_MAX } from './profile-frames';
import { socialClientFrames } from './social-frames';
import { tournamentClientFrames } from './tournament-frames';
import type { ServerFrame } from './server-frames';

export * from './profile-frames';

/** The most log lines a game record keeps and a state frame carries (a finished game's whole story is in its replay). */
export const LOG_KEEP = 500;

export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'ILLEGAL',
  'NOT_YOUR_TURN',
  'CONFLICT',
  'GAME_FULL',
  'GAME_OVER',
  'TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Client frames above this size are refused with TOO_LARGE (no command needs more). */
export const MAX_CLIENT_FRAME_BYTES = 32 * 1024;
/** Server frames stay below API Gateway's 128 KB message limit. */
export const MAX_SERVER_FRAME_BYTES = 120 * 1024;

/** `myGames` answers in pages of at most this many games (a frame of 50 stays far below the limit above). */
export const GAMES_PAGE_MAX = 50;
export const GAMES_PAGE_DEFAULT = 20;
/** `chatHistory` answers at most this many messages (500 characters each: far below the frame limit). */
export const CHAT_PAGE_MAX = 100;
export const CHAT_PAGE_DEFAULT = 50;

const requestId = z.string().max(64).optional();
const onResignSchema = z.enum(['bot', 'end']);
const gameId = z.string().min(1).max(64);

export const clientFrames = {
  createGame: z.object({
    action: z.literal('createGame'),
    requestId,
    game: z.string().min(1).max(64),
    /**
     * A client-chosen id, unique per player (as `commandId` is per game): a createGame sent again with
     * the same createId is answered with the game the first one created, and creates nothing more.
     */
    createId: z.string().min(1).max(64).optional(),
    players: z.number().int().min(1).max(16),
    options: z.record(z.string(), z.unknown()).optional(),
    /** Seats (1…) to fill with bots at once; the game starts when no seat is left. The creator sits in seat 0. */
    bots: z.array(z.number().int().min(1, 'bots take seats from 1 on; you sit in seat 0').max(15)).max(15).optional(),
    /** Which of the game's bots (default: its strongest). */
    bot: z.string().min(1).max(32).optional(),
    /** Time control for play over days (default: none). */
    clock: timeControlSchema.optional(),
    /** Let spectators read the game's chat (default: only its seated players). */
    spectatorChat: z.boolean().optional(),
    /** Show the game in the public lobby (`openGames`) while seats are open (default: private, invite only). */
    listed: z.boolean().optional(),
    /** What a player's `resign` does: a safe bot plays their seat to the end (default), or the game ends. */
    onResign: onResignSchema.optional(),
    /** Players to invite (e.g. friends): each is told "Ana invites you to a game of …" with the game's link. */
    invite: z.array(z.string().min(1).max(64)).max(4).optional(),
  }),
  joinGame: z.object({
    action: z.literal('joinGame'),
    requestId,
    gameId,
    seat: z.number().int().min(0).max(15).optional(),
    /** Join only a game listed in the public lobby (the lobby's Join; an invite link leaves it out). */
    listed: z.boolean().optional(),
  }),
  subscribe: z.object({
    action: z.literal('subscribe'),
    requestId,
    gameId,
    /** Later `state` frames carry only the log lines that changed since the version before them (`logAfter`). */
    logDelta: z.boolean().optional(),
    /** The answer's log holds at most this many of the latest lines (default: all kept, up to LOG_KEEP). */
    logLines: z.number().int().min(0).max(LOG_KEEP).optional(),
    /** `state` frames (the answer too) leave out the view's static fields (the game's `staticView`, e.g. `about`): the client has them from the rules module. */
    lean: z.boolean().optional(),
  }),
  command: z.object({
    action: z.literal('command'),
    requestId,
    gameId,
    commandId: z.string().min(1).max(64),
    expectedVersion: z.number().int().min(0).optional(),
    command: z.looseObject({ type: z.string().min(1).max(64) }),
  }),
  myGames: z.object({
    action: z.literal('myGames'),
    requestId,
    /** At most this many games in the answer (default GAMES_PAGE_DEFAULT). */
    limit: z.number().int().min(1).max(GAMES_PAGE_MAX).optional(),
    /** The `next` of the previous `games` answer: the page after it. */
    cursor: z.string().min(1).max(256).optional(),
    /** Also send `gameChanged` on this connection whenever one of my games changes for me (see docs). */
    watch: z.boolean().optional(),
  }),
  ping: z.object({ action: z.literal('ping'), requestId }),
  /** Take back your own last command (before anyone else acts, if it revealed nothing hidden). */
  undo: z.object({ action: z.literal('undo'), requestId, gameId }),
  /** Take your seat back from the bot that played for you after your time ran out. */
  resume: z.object({ action: z.literal('resume'), requestId, gameId }),
  /** After a player ran out of time: vote to end the game; it ends when every present player agrees. */
  voteEnd: z.object({ action: z.literal('voteEnd'), requestId, gameId }),
  /**
   * Replace your notification settings (Web Push subscriptions, webhook, email, quiet hours). A
   * new email address is sent a confirmation link; `resendConfirmation` asks for another.
   */
  setNotifications: z.object({
    action: z.literal('setNotifications'),
    requestId,
    settings: notificationSettingsSchema,
    resendConfirmation: z.boolean().optional(),
  }),
  getNotifications: z.object({ action: z.literal('getNotifications'), requestId }),
  /** Write in a game's chat (seated players); the text follows the player-text rule (see core/chat.ts). */
  chat: z.object({ action: z.literal('chat'), requestId, gameId, text: z.string({ error: 'Chat messages must be text.' }) }),
  /** A page of a game's chat, newest last: the messages before `before` (a message id), at most `limit`. */
  chatHistory: z.object({
    action: z.literal('chatHistory'),
    requestId,
    gameId,
    before: z.number().int().min(1).optional(),
    limit: z.number().int().min(1).max(CHAT_PAGE_MAX).optional(),
  }),
  /** Hide a player's chat messages from you (everywhere, until `unmute`). */
  mute: z.object({ action: z.literal('mute'), requestId, playerId: z.string().min(1).max(64) }),
  unmute: z.object({ action: z.literal('unmute'), requestId, playerId: z.string().min(1).max(64) }),
  /** One page of the public lobby: open listed games, by game then oldest first; `watch` also sends `openGameChanged`. */
  openGames: z.object({
    action: z.literal('openGames'),
    requestId,
    /** Only games of this kind. */
    game: z.string().min(1).max(64).optional(),
    limit: z.number().int().min(1).max(GAMES_PAGE_MAX).optional(),
    cursor: z.string().min(1).max(256).optional(),
    /** true: this connection is told of every change to the lobby's games (of `game`, if given) until it closes; false: no longer. */
    watch: z.boolean().optional(),
  }),
  /** Join the oldest open public game of this kind, seat count and clock that you are not in, or create one, listed. */
  quickPlay: z.object({
    action: z.literal('quickPlay'),
    requestId,
    game: z.string().min(1).max(64),
    players: z.number().int().min(1).max(16),
    clock: timeControlSchema.optional(),
  }),
  /** Give up a game in play: a bot takes your seat or the game ends, as its `onResign` says. */
  resign: z.object({ action: z.literal('resign'), requestId, gameId }),
  /** Call off a game still waiting for players, while no other person sits in it: it ends with no result. */
  cancelGame: z.object({ action: z.literal('cancelGame'), requestId, gameId }),
  /** Leave a finished game out of your `myGames`. */
  hideGame: z.object({ action: z.literal('hideGame'), requestId, gameId }),
  /** List a hidden game in your `myGames` again. */
  unhideGame: z.object({ action: z.literal('unhideGame'), requestId, gameId }),
  /** What a game is — its kind, options, seats, status and clock — without its state: anyone may ask. */
  gameInfo: z.object({ action: z.literal('gameInfo'), requestId, gameId }),
  /** A player's profile: games played, wins, rating and its history per game, recent games. */
  profile: z.object({ action: z.literal('profile'), requestId, playerId: z.string().min(1).max(64) }),
  /** A game's leaderboard, best first, in pages. */
  leaderboard: z.object({
    action: z.literal('leaderboard'),
    requestId,
    game: z.string().min(1).max(64),
    limit: z.number().int().min(1).max(LEADERBOARD_PAGE_MAX).optional(),
    /** The `next` of the previous `leaderboard` answer: the page after it. */
    cursor: z.string().min(1).max(256).optional(),
  }),
  /** Your signed-in devices, passkeys and the address that signs you in (answer: `devices`). */
  myDevices: z.object({ action: z.literal('myDevices'), requestId }),
  /** Sign one of your devices out: it can no longer refresh or connect, and its connections close. */
  revokeDevice: z.object({ action: z.literal('revokeDevice'), requestId, deviceId: z.string().min(1).max(64) }),
  /** A code (and link) that signs a new device in as you: valid 10 minutes, once. */
  deviceLinkCode: z.object({ action: z.literal('deviceLinkCode'), requestId }),
  /** Remove one of your passkeys. */
  removePasskey: z.object({
    action: z.literal('removePasskey'),
    requestId,
    credentialId: z.string().regex(/^[\w-]{1,700}$/, 'a passkey id as `devices` lists it'),
  }),
  ...tournamentClientFrames,
  ...socialClientFrames,
};

export type Action = keyof typeof clientFrames;
export const ACTIONS = Object.keys(clientFrames) as Action[];
export const clientFrame = z.discriminatedUnion('action', Object.values(clientFrames) as never);
export type ClientFrame = { [A in Action]: z.infer<(typeof clientFrames)[A]> }[Action];
export type FrameOf<A extends Action> = z.infer<(typeof clientFrames)[A]>;

/**
 * The server's frames are zod schemas in server-frames.ts (the source of their JSON Schemas);
 * their types are re-exported here, so that importing them pulls no schema into a bundle.
 */
export type {
  ChatMessage,
  DeviceInfo,
  GameSummary,
  GameInfoFrame,
  ListedSeat,
  OpenGame,
  PasskeyInfo,
  SignedOutInfo,
  SeatInfo,
  ServerFrame,
  ServerFrameOf,
  ServerFrameType,
  StateFrame,
  WireOutcome,
} from './server-frames';

/** A failure that becomes an `error` frame for the sender and changes nothing. */
export class ProtocolError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** For RATE_LIMITED: when the same request may succeed. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  /** The `error` frame that answers a request with this refusal. */
  frame(requestId?: string): Extract<ServerFrame, { type: 'error' }> {
    return {
      type: 'error',
      requestId,
      code: this.code,
      message: this.message,
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: Math.ceil(this.retryAfterMs) }),
    };
  }
}
