/** An observer for tests that build services by hand: errors logged (as under the local server in tests), metrics counted in memory. */
import { createObserver, type LogLevel, type Observer } from '../../functions/observe/observer';

export function testObserver(): Observer {
  return createObserver({ level: (process.env.LOG_LEVEL as LogLevel | undefined) ?? 'ERROR', onLambda: false });
}
