/** Friends, blocks, groups and vacations: their store and the services on it (host/social.ts, host/vacations.ts). */
import { Social } from '../host/social';
import { Vacations } from '../host/vacations';
import type { App } from './app';
import { connectionStore } from './connections';
import { host, playerGameStore } from './games';
import { playerStore } from './players';
import { ratingStore } from './ratings';
import { socialStore } from './social-store';

export function social(app: App): Social {
  return new Social({
    social: app.get(socialStore),
    players: app.get(playerStore),
    connections: app.get(connectionStore),
    playerGames: app.get(playerGameStore),
    ratings: app.get(ratingStore),
    now: app.deps.now,
    newGroupId: app.deps.ids.gameId,
  });
}

export function vacations(app: App): Vacations {
  const { games, reactions } = app.get(host);
  return new Vacations({
    social: app.get(socialStore),
    playerGames: app.get(playerGameStore),
    games,
    reactions,
    now: app.deps.now,
  });
}
