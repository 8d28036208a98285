import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import type { PostgresTarget } from '../database-url';

const logger = new Logger('StartUpLock');

/**
 * The advisory lock's key for a target: one per schema, since instances of one deployment share
 * a schema and other deployments (each test's own schema) on the same database need not wait.
 */
export function startUpLockKey(target: PostgresTarget): string {
  return createHash('sha256').update(`lead-desk start-up ${target.schema}`).digest().readBigInt64BE(0).toString();
}

/**
 * Runs `work` while no other instance on the target's schema runs its own: a session-level
 * advisory lock, on a connection of its own held for the whole work, released after.
 *
 * Why: instances starting together on an empty database each set up the same things. Prisma's
 * migrations take an advisory lock of their own, but it gives up after 10 s (a long migration
 * fails the instances that wait), and pg-boss 10 locks only the creation of its schema, not
 * `createQueue`: its create_queue() inserts the queue's row, then adds a foreign key from the
 * new partition to the queue table (a lock that conflicts with writers of that table), while a
 * second instance's INSERT … ON CONFLICT into the same table waits for the first's row to
 * commit; each waits for the other, and PostgreSQL aborts one with "deadlock detected". In turn,
 * the later instances find the work done.
 */
export async function withStartUpLock<T>(target: PostgresTarget, work: () => Promise<T>): Promise<T> {
  const key = startUpLockKey(target);
  const client = new Client({ connectionString: target.connectionString, application_name: 'lead-desk-start-up' });
  client.on('error', (error) => logger.error({ err: error, schema: target.schema }, 'The start-up lock connection failed'));
  await client.connect();
  try {
    const [{ locked }] = (await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [key])).rows;
    if (!locked) {
      const since = Date.now();
      logger.log(`Waiting for another instance's migration of schema "${target.schema}" to finish (PostgreSQL advisory lock ${key})`);
      await client.query('SELECT pg_advisory_lock($1::bigint)', [key]);
      logger.log(`Another instance's migration of schema "${target.schema}" finished after ${Date.now() - since} ms: checking what is left to do`);
    }
    try {
      return await work();
    } finally {
      await client
        .query('SELECT pg_advisory_unlock($1::bigint)', [key])
        .catch((error: unknown) => logger.error({ err: error, schema: target.schema }, 'Releasing the start-up lock failed: it ends with its connection'));
    }
  } finally {
    await client.end();
  }
}
