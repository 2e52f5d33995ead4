/**
 * The sweep and its reactions: the host's, whose look at a finished game asks the ratings reactor
 * to rate it if it never did (host/rating-fallback.ts), then compacts it. Apart from notify.ts, so
 * only the sweep's bundle carries the rating store and the compactor.
 */
import { RatingFallback } from '../host/rating-fallback';
import type { Reactions } from '../host/reactions';
import { Sweep } from '../host/sweep';
import type { App } from './app';
import { gameCompactor, host, scheduleStore } from './games';
import { digests, notifier } from './notify';
import { links, observer, senderFor } from './outside';
import { ratingStore } from './ratings';
import { tournaments } from './tournaments';

export function sweepReactions(app: App): Reactions {
  const fallback = new RatingFallback({ ratings: app.get(ratingStore), observer: app.get(observer), now: app.deps.now });
  return app
    .get(host)
    .reactions.compacting(app.get(gameCompactor))
    .lookingAtFinished((record) => fallback.check(record));
}

export function sweep(app: App): Sweep {
  return new Sweep({
    schedule: app.get(scheduleStore),
    reactions: app.get(sweepReactions),
    notifier: app.get(notifier),
    digests: app.get(digests),
    sender: () => app.get(senderFor)(),
    now: app.deps.now,
    gameUrl: app.get(links).game,
    observer: app.get(observer),
    budgetMs: app.deps.config.sweepBudgetMs,
    tournaments: app.get(tournaments),
  });
}
