/** The public lobby on the cloud path's records (watch items in the table); see test/support/open-games.ts. */
import { openGamesSuite } from '../support/open-games';

openGamesSuite(true);
