/** Tournaments: their store and the service that runs them (host/tournaments.ts). */
import { DynamoTournamentStore } from '../adapters/store/tournaments';
import type { TournamentStore } from '../stores/tournaments';
import { Tournaments } from '../host/tournaments';
import type { App } from './app';
import { host, scheduleStore } from './games';
import { socialStore } from './social-store';
import { dynamo, senderFor } from './outside';

export function tournamentStore(app: App): TournamentStore {
  return app.deps.stores?.tournaments ?? new DynamoTournamentStore(app.get(dynamo), app.deps.config.tableName);
}

export function tournaments(app: App): Tournaments {
  return new Tournaments({
    store: app.get(tournamentStore),
    games: app.get(host).games,
    schedule: app.get(scheduleStore),
    now: app.deps.now,
    newSeed: app.deps.ids.seed,
    barriers: (playerId) => app.get(socialStore).barriers(playerId),
    followUp: (step) => app.get(host).reactions.followUp(step, app.get(senderFor)()),
  });
}
