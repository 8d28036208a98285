import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database';

/** The only place that queries daily_runs. */
@Injectable()
export class DailyRunsRepository {
  constructor(private readonly database: Database) {}

  /**
   * Claims the day's run of a task: true for exactly one caller across every API process (the
   * primary key takes one row per task and day; the others' inserts do nothing).
   */
  async claim(task: string, day: string, at: Date): Promise<boolean> {
    const inserted = await this.database.client.$executeRaw`
      INSERT INTO daily_runs (task, day, started_at) VALUES (${task}, ${day}, ${at}) ON CONFLICT (task, day) DO NOTHING`;
    return inserted === 1;
  }

  /** Gives back a claimed day whose run failed: the next claim of it succeeds. */
  async release(task: string, day: string): Promise<void> {
    await this.database.client.dailyRun.deleteMany({ where: { task, day, outcome: null } });
  }

  async finish(task: string, day: string, outcome: Record<string, unknown>): Promise<void> {
    await this.database.client.dailyRun.update({ where: { task_day: { task, day } }, data: { outcome: JSON.stringify(outcome) } });
  }
}
