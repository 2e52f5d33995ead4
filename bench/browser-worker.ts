/** The browser suite's own process (see browserSuite in browser.ts): its options in argv, its lines and result back by IPC. */
import { playGames, type BrowserOptions } from './browser';

const opts = JSON.parse(process.argv[2] ?? '{}') as BrowserOptions;
const result = await playGames({ ...opts, log: (log) => process.send!({ log }) });
process.send!({ result }, () => process.exit(0));
