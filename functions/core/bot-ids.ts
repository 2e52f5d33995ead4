/** A bot's player id in a seat (a person's id is a UUID): what the host and the stores tell bots by. */
export const botPlayerId = (bot: string, seat: number): string => `bot:${bot}:${seat}`;

/** Whether a seat's player is a bot. */
export const isBotPlayer = (playerId: string): boolean => playerId.startsWith('bot:');
