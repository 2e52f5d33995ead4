/** The public lobby on the local runtime in-process (watches in memory); see test/support/open-games.ts. */
import { openGamesSuite } from '../support/open-games';

openGamesSuite(false);
