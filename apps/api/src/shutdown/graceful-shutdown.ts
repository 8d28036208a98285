import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppConfig } from '../config/app-config';
import { LiveEventsService } from '../events/live-events.service';
import { ShutdownState } from '../health/shutdown-state';
import type { HttpDrain } from './http-drain';

/**
 * Takes the instance out of service without losing work, and says how it went (the exit code):
 * 1. readiness answers 503 at once, while the port still serves for SHUTDOWN_DRAIN_SECONDS, so a
 *    load balancer checking it stops sending requests before the port closes;
 * 2. the port closes, every live-event stream ends (browsers reconnect, to another instance),
 *    requests in flight are answered and their connections closed, idle ones at once;
 * 3. the modules stop (app.close): the job batch and the scheduled rounds in progress finish and
 *    none starts, then the database closes.
 * Steps 2 and 3 get SHUTDOWN_TIMEOUT_SECONDS; past it the log says what was still running, and 1.
 */
export async function shutDownGracefully(app: NestExpressApplication, drain: HttpDrain, config: AppConfig, signal: NodeJS.Signals): Promise<number> {
  const logger = new Logger('Shutdown');
  app.get(ShutdownState).begin();
  logger.log({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, `${signal}: not ready any more; the port closes in ${config.SHUTDOWN_DRAIN_SECONDS} s`);
  await sleep(config.SHUTDOWN_DRAIN_SECONDS * 1000);

  let step: 'requests' | 'modules' = 'requests';
  const stopped = (async () => {
    const connectionsClosed = drain.close();
    app.get(LiveEventsService).endStreams();
    logger.log({ requestsInFlight: drain.requestsInFlight() }, 'Port closed, live streams ended; waiting for the requests in flight');
    await connectionsClosed;
    step = 'modules';
    await app.close();
  })();
  const timedOut = sleep(config.SHUTDOWN_TIMEOUT_SECONDS * 1000, 'timed out' as const, { ref: false });
  try {
    if ((await Promise.race([stopped, timedOut])) === 'timed out') {
      const stillRunning = step === 'requests' ? drain.requestsInFlight().join(', ') : 'the job batch or scheduled round in progress, or closing the database';
      logger.error({ step, stillRunning }, `Shutdown did not finish within SHUTDOWN_TIMEOUT_SECONDS (${config.SHUTDOWN_TIMEOUT_SECONDS} s); still running: ${stillRunning}`);
      return 1;
    }
  } catch (error) {
    logger.error({ err: error, step }, 'Shutdown failed');
    return 1;
  }
  logger.log('Shut down: every request answered, background work stopped, database closed');
  return 0;
}
