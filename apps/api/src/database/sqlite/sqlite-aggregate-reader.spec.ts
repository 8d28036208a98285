import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from '../sql';
import { SqliteAggregateReader } from './sqlite-aggregate-reader';
import { SqliteReader } from './sqlite-reader';

describe('SqliteAggregateReader', () => {
  let dir: string;
  let filename: string;
  let aggregates: SqliteAggregateReader;
  let reader: SqliteReader;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'aggregate-reader-'));
    filename = join(dir, 'leads.db');
    const db = new Database(filename);
    db.pragma('journal_mode = WAL');
    // Declared as Prisma's SQLite migrations declare them: the read side converts by these types.
    db.exec(`CREATE TABLE leads (id TEXT PRIMARY KEY, qualified BOOLEAN NOT NULL, created_at DATETIME NOT NULL, score REAL)`);
    const insert = db.prepare('INSERT INTO leads VALUES (?, ?, ?, ?)');
    for (let index = 0; index < 50; index += 1) insert.run(`lead-${index}`, index % 2, new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString().replace('Z', '+00:00'), index * 1.5);
    db.close();
    aggregates = new SqliteAggregateReader(filename);
    reader = new SqliteReader(filename);
  });
  afterEach(async () => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    await aggregates.close();
    await reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("gives the read side's rows: booleans, times as UtcTimeText, numbers, parameters bound alike", async () => {
    const query = sql`SELECT id, qualified, created_at AS "createdAt", score, percentile_cont(score, 0.9) OVER () AS p90
      FROM leads WHERE created_at >= ${new Date(Date.UTC(2026, 10, 1, 0, 40))} AND qualified = ${true} ORDER BY id`;
    const rows = await aggregates.rows(query);
    expect(rows).toEqual(await reader.rows(query));
    expect(rows[0]).toEqual({ id: 'lead-41', qualified: true, createdAt: '2026-11-01T00:41:00.000Z', score: 61.5, p90: expect.any(Number) });
  });

  it("answers a failed query with the database's error, then goes on answering", async () => {
    const failed = aggregates.rows(sql`SELECT missing_column FROM leads`);
    await expect(failed).rejects.toThrow('no such column: missing_column');
    await expect(failed).rejects.toMatchObject({ code: 'SQLITE_ERROR' });
    expect(await aggregates.rows(sql`SELECT count(*) AS leads FROM leads`)).toEqual([{ leads: 50 }]);
  });

  it("runs its queries below the priority of the API's own thread (Linux schedules each thread apart)", async () => {
    await aggregates.rows(sql`SELECT count(*) AS leads FROM leads`);
    // The 19th field of a thread's stat is its nice value (the 17th after the command's closing parenthesis).
    const niceOf = (threadId: string) => Number(readFileSync(`/proc/self/task/${threadId}/stat`, 'utf8').split(') ').at(-1)!.split(' ')[16]);
    expect(niceOf(String(process.pid))).toBe(0);
    expect(readdirSync('/proc/self/task').map(niceOf)).toContain(10);
  });

  it('ends an idle thread after a minute, and starts another for the next query', async () => {
    const ended = jest.spyOn(Worker.prototype, 'terminate');
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    expect(await aggregates.rows(sql`SELECT count(*) AS leads FROM leads`)).toEqual([{ leads: 50 }]);
    jest.advanceTimersByTime(59_000);
    expect(ended).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1_000);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(await aggregates.rows(sql`SELECT count(*) AS leads FROM leads WHERE qualified`)).toEqual([{ leads: 25 }]);
  });

  it('turns away the queries under way when it closes, even while its thread is busy', async () => {
    const release = aggregates.hold();
    const turnedAway = expect(aggregates.rows(sql`SELECT count(*) AS leads FROM leads`)).rejects.toThrow('The database is closing');
    await aggregates.close();
    release();
    await turnedAway;
  });
});
