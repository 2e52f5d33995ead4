/** The live game list on the local runtime in-process (connections in memory); see test/support/live-lobby.ts. */
import { liveLobbySuite } from '../support/live-lobby';

liveLobbySuite(false);
