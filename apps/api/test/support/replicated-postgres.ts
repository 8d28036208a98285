import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@lead-desk/test-support';
import { Client } from 'pg';

const run = promisify(execFile);
const POSTGRES_BIN = process.env.POSTGRES_BIN ?? newestInstalledPostgresBin();

/** The server programs (initdb, pg_ctl, pg_basebackup) of the newest PostgreSQL installed as Debian installs it. */
function newestInstalledPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((version) => existsSync(join(root, version, 'bin/initdb'))).sort((a, b) => Number(b) - Number(a)) : [];
  if (versions.length === 0) throw new Error(`No PostgreSQL server programs under ${root}: set POSTGRES_BIN to the folder holding initdb, pg_ctl and pg_basebackup`);
  return join(root, versions[0], 'bin');
}
/** The machine's own cluster allows no replication: the tests make a primary and a standby of their own. */
const DATABASE = 'postgres';

export interface ReplicatedPostgres {
  /** DATABASE_URL of the primary and DATABASE_READ_URL of its streaming standby, both naming `schema`. */
  primaryUrl: string;
  replicaUrl: string;
  /** Runs SQL on the standby (its own connection each time): pg_wal_replay_pause(), pg_is_in_recovery()… */
  onReplica<T>(text: string, values?: unknown[]): Promise<T[]>;
  /** How many times statements whose text is LIKE `pattern` ran on that server since `forgetStatements` (pg_stat_statements). */
  statementCalls(server: 'primary' | 'replica', pattern: string): Promise<number>;
  forgetStatements(): Promise<void>;
  /** Resolves once the standby has replayed everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops both clusters and deletes their files. */
  stop(): Promise<void>;
}

/**
 * A PostgreSQL primary and a standby streaming from it (pg_basebackup -R), two clusters of their
 * own in a temporary folder on free ports, made with the machine's PostgreSQL 15 binaries. As
 * root, the clusters are made and run as the `postgres` user (PostgreSQL refuses to run as root).
 * Fsync is off: the tests are about what each side sees, not durability.
 */
export async function startReplicatedPostgres(schema: string): Promise<ReplicatedPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'lead-desk-replica-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    chownSync(dir, Number(uid.stdout), Number(gid.stdout));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(POSTGRES_BIN, tool), ...args]) : run(join(POSTGRES_BIN, tool), args);
  const primaryDir = join(dir, 'primary');
  const replicaDir = join(dir, 'replica');
  const started: string[] = [];
  const stop = async () => {
    const stopped = await Promise.allSettled(started.map((data) => pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])));
    rmSync(dir, { recursive: true, force: true });
    const failed = stopped.find((result) => result.status === 'rejected');
    if (failed) throw new Error(`Stopping a test cluster failed: ${String(failed.reason)}`);
  };
  try {
    const [primaryPort, replicaPort] = [await freePort(), await freePort()];
    await pg('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    writeFileSync(join(primaryDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n');
    // pg_stat_statements tells which server ran a statement: the standby keeps its own.
    const settings = [`shared_preload_libraries = 'pg_stat_statements'`, `listen_addresses = '127.0.0.1'`, `unix_socket_directories = '${dir}'`, 'fsync = off', 'wal_level = replica', 'max_wal_senders = 4', 'hot_standby = on'];
    appendSettings(primaryDir, [...settings, `port = ${primaryPort}`]);
    await startCluster(pg, primaryDir, started);
    await query(primaryPort, 'CREATE EXTENSION pg_stat_statements');
    await pg('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast', '-w', '--no-sync']);
    appendSettings(replicaDir, [`port = ${replicaPort}`]);
    await startCluster(pg, replicaDir, started);

    const url = (port: number) => `postgresql://postgres@127.0.0.1:${port}/${DATABASE}?schema=${schema}`;
    const onReplica = <T>(text: string, values: unknown[] = []) => query<T>(replicaPort, text, values);
    const caughtUp = async (timeoutMs = 10_000) => {
      const [{ position }] = await query<{ position: string }>(primaryPort, 'SELECT pg_current_wal_lsn()::text AS position');
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [{ replayed }] = await onReplica<{ replayed: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS replayed', [position]);
        if (replayed) return;
        if (Date.now() > deadline) throw new Error(`The standby had not replayed up to ${position} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const [{ standby }] = await onReplica<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
    if (!standby) throw new Error('The test replica is not a standby (pg_is_in_recovery() is false)');
    const portOf = { primary: primaryPort, replica: replicaPort };
    const statementCalls = async (server: 'primary' | 'replica', pattern: string) => {
      const [{ calls }] = await query<{ calls: number }>(portOf[server], 'SELECT COALESCE(SUM(calls), 0)::int AS calls FROM pg_stat_statements WHERE query LIKE $1', [pattern]);
      return calls;
    };
    const forgetStatements = async () => {
      await Promise.all([primaryPort, replicaPort].map((port) => query(port, 'SELECT pg_stat_statements_reset()')));
    };
    return { primaryUrl: url(primaryPort), replicaUrl: url(replicaPort), onReplica, statementCalls, forgetStatements, caughtUp, stop };
  } catch (error) {
    await stop().catch((stopError: unknown) => console.error('Removing the test clusters after a failed start failed too', stopError));
    throw error;
  }
}

function appendSettings(dataDir: string, lines: string[]): void {
  const file = join(dataDir, 'postgresql.conf');
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n${lines.join('\n')}\n`);
}

async function startCluster(pg: (tool: string, args: string[]) => Promise<unknown>, dataDir: string, started: string[]): Promise<void> {
  started.push(dataDir);
  try {
    await pg('pg_ctl', ['-D', dataDir, '-l', join(dataDir, 'server.log'), '-w', '-t', '30', 'start']);
  } catch (error) {
    throw new Error(`A test cluster did not start (${dataDir}): ${String(error)}\n${readFileSync(join(dataDir, 'server.log'), 'utf8').slice(-2_000)}`);
  }
}

async function query<T>(port: number, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: DATABASE, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
