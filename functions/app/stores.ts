/**
 * Every store of an app, as one `Stores` set: the same parts the handlers use one by one (so a
 * bundle carries only its own), gathered for what needs them all — the behaviour suites on
 * DynamoDB, tools that read a whole app's data.
 */
import type { Stores } from '../stores';
import { accountStore } from './accounts';
import type { App } from './app';
import { chatStore } from './chat';
import { connectionStore } from './connections';
import { eventStore, gameCompactor, hiddenGameStore, listingStore, playerGameStore, quotaStore, scheduleStore } from './games';
import { digestStore, notificationStore } from './notify';
import { playerStore } from './players';
import { ratingStore } from './ratings';
import { tournamentStore } from './tournaments';
import { socialStore } from './social-store';

export function stores(app: App): Stores {
  return {
    games: app.get(eventStore),
    compactor: app.get(gameCompactor),
    connections: app.get(connectionStore),
    players: app.get(playerStore),
    playerGames: app.get(playerGameStore),
    quotas: app.get(quotaStore),
    schedule: app.get(scheduleStore),
    notifications: app.get(notificationStore),
    accounts: app.get(accountStore),
    chat: app.get(chatStore),
    listings: app.get(listingStore),
    hidden: app.get(hiddenGameStore),
    ratings: app.get(ratingStore),
    digests: app.get(digestStore),
    tournaments: app.get(tournamentStore),
    social: app.get(socialStore),
  };
}
