/**
 * The composition root. `createApp(deps)` is the one place where the application is built: every
 * service is a *part* — a named factory of the app — built once per app, on first use, from the
 * explicit dependencies (`AppDeps`) and the other parts it asks for. Nothing is kept in modules:
 * two apps in one process share nothing.
 *
 * Why parts rather than one function that builds everything: each Lambda function ships a bundle
 * of only what it imports. A handler asks for the parts it needs, so the $connect function carries
 * the token check and the connection records, not the games' rules; the passkey library and the
 * rating library stay in the functions that use them.
 */
import type { AppDeps } from './deps';

/**
 * A part is a plain function of the app, so a bundler drops the ones a handler never asks for
 * (with what they import); the app calls each at most once.
 */
export type Part<T> = (app: App) => T;

export interface App {
  readonly deps: AppDeps;
  /** The app's instance of a part, built on first use. */
  get<T>(part: Part<T>): T;
}

export function createApp(deps: AppDeps): App {
  const built = new Map<Part<unknown>, unknown>();
  const building = new Set<Part<unknown>>();
  const app: App = {
    deps,
    get<T>(p: Part<T>): T {
      if (built.has(p)) return built.get(p) as T;
      if (building.has(p)) throw new Error(`the part ${p.name} depends on itself`);
      building.add(p);
      try {
        const value = ((deps.replacing?.get(p) as Part<T> | undefined) ?? p)(app);
        built.set(p, value);
        return value;
      } finally {
        building.delete(p);
      }
    },
  };
  return app;
}
