import type { Notifications } from '../database-dialect';

/** Notifications within this process: a SQLite database has one API process writing to it. */
export class InProcessNotifications implements Notifications {
  private readonly listeners = new Map<string, (payloads: string[]) => Promise<void>>();

  async publish(channel: string, payloads: string[]): Promise<void> {
    await this.listeners.get(channel)?.(payloads);
  }

  async listen(channel: string, onPayloads: (payloads: string[]) => Promise<void>): Promise<void> {
    this.listeners.set(channel, onPayloads);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
