import { chmodSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port';
import { ToolProcess } from './tool-process';

export interface PgBouncerSettings {
  /** The PostgreSQL it pools: a URL naming its host, port, database and user (trusted, as on the test machine). */
  server: string;
  /** Server connections for that database and user: fewer than the clients, so each client's transactions land on any of them. */
  poolSize: number;
  /** Run on every new server connection before a client gets it (PgBouncer's per-database connect_query). */
  connectQuery?: string;
}

/**
 * The real PgBouncer (Debian's) in transaction mode in front of PostgreSQL: a client holds a
 * server connection only for a transaction, so nothing session-bound survives from one to the next.
 * Its database is named as PostgreSQL's, and its admin console (SHOW POOLS, SHOW STATS) is open to
 * the same user.
 */
export class PgBouncer {
  private tool?: ToolProcess;
  private port = 0;
  private user = '';
  private database = '';

  async start({ server, poolSize, connectQuery }: PgBouncerSettings): Promise<void> {
    const target = new URL(server);
    this.user = decodeURIComponent(target.username);
    this.database = decodeURIComponent(target.pathname.slice(1));
    this.port = await freePort();
    // PgBouncer refuses to run as root: as root it is told to become nobody, who must read its files.
    this.tool = new ToolProcess('lead-desk-pgbouncer-');
    chmodSync(this.tool.folder, 0o755);
    const usersFile = join(this.tool.folder, 'users.txt');
    const configFile = join(this.tool.folder, 'pgbouncer.ini');
    writeFileSync(usersFile, `"${this.user}" ""\n`, { mode: 0o644 });
    const entry = [`host=${target.hostname}`, `port=${target.port || 5432}`, `dbname=${this.database}`, `pool_size=${poolSize}`];
    if (connectQuery) entry.push(`connect_query='${connectQuery.replaceAll("'", "''")}'`);
    writeFileSync(
      configFile,
      [
        '[databases]',
        `${this.database} = ${entry.join(' ')}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${this.port}`,
        'unix_socket_dir =',
        'pool_mode = transaction',
        'auth_type = trust',
        `auth_file = ${usersFile}`,
        `admin_users = ${this.user}`,
        'max_client_conn = 1000',
        '',
      ].join('\n'),
      { mode: 0o644 },
    );
    this.tool.start('pgbouncer', [...(process.getuid?.() === 0 ? ['-u', 'nobody'] : []), configFile]);
    await this.waitForPort();
  }

  /** A URL through PgBouncer to its database, with `pgbouncer=true` and the query parameters given (schema, …). */
  url(parameters: Record<string, string> = {}): string {
    const url = new URL(`postgresql://${encodeURIComponent(this.user)}@127.0.0.1:${this.port}/${encodeURIComponent(this.database)}`);
    for (const [name, value] of Object.entries({ ...parameters, pgbouncer: 'true' })) url.searchParams.set(name, value);
    return url.toString();
  }

  /** The admin console's URL (`SHOW POOLS`, `SHOW STATS`; simple queries only). */
  get adminUrl(): string {
    return `postgresql://${encodeURIComponent(this.user)}@127.0.0.1:${this.port}/pgbouncer`;
  }

  /** What PgBouncer printed, for a failure's message. */
  get log(): string {
    return this.tool?.log ?? '';
  }

  async stop(): Promise<void> {
    await this.tool?.stop();
  }

  private async waitForPort(withinMs = 10_000): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (Date.now() < deadline) {
      if (this.tool?.ended !== false) throw new Error(`PgBouncer ended: ${this.log}`);
      const open = await new Promise<boolean>((resolve) => {
        const socket = connect(this.port, '127.0.0.1');
        socket.once('connect', () => {
          socket.end();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      if (open) return;
      await sleep(50);
    }
    throw new Error(`PgBouncer did not listen within ${withinMs} ms: ${this.log}`);
  }
}
