/** The live game list on the cloud path's records (watch items in the table); see test/support/live-lobby.ts. */
import { liveLobbySuite } from '../support/live-lobby';

liveLobbySuite(true);
