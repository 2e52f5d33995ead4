/**
 * Exactly-once pairing on the memory stores: two app instances sharing them (two Lambda
 * containers on one table), each reacting to every finishing commit twice while both sweep
 * (test/support/tournament-race.ts). test/store/dynamodb.test.ts runs the same on DynamoDB Local.
 */
import { describe, it } from 'vitest';
import { memoryStores } from '../../functions/adapters/memory';
import { createApp, type App } from '../../functions/app/app';
import { configFromEnv } from '../../functions/app/config';
import { randomIds } from '../../functions/app/deps';
import { RecordingSender } from '../support/memory-host';
import { raceTournament } from '../support/tournament-race';

function twoInstances(): [App, App] {
  const stores = memoryStores();
  const config = { ...configFromEnv({}), logLevel: 'SILENT' as const };
  // Each container sends its own frames (a new round's games are told to their players).
  const app = () => createApp({ config, now: () => new Date(), ids: randomIds, stores, sender: new RecordingSender() });
  return [app(), app()];
}

describe('a tournament run by two instances at once, on memory', () => {
  it('pairs every Swiss round once, creates every game once and ends once', () => raceTournament(twoInstances(), 'swiss', 7));
  it('does the same for a round robin', () => raceTournament(twoInstances(), 'roundRobin', 4));
  it('and for an elimination bracket with byes', () => raceTournament(twoInstances(), 'elimination', 5));
});
