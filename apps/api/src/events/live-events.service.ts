import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Subject, type Observable } from 'rxjs';
import { Database } from '../database/database';
import type { LiveEvent, LiveEventSignal, LiveEventType, LiveRecord } from './live-event';

/** Reads records as the API shows them, by id, in one go, each with the lead it is about; a record that is gone is left out. */
export type LiveRecordLoader = (ids: string[]) => Promise<Map<string, LiveRecord>>;

const CHANNEL = 'lead_desk_events';

/**
 * Fans record changes out to every connected browser. The signal goes through the
 * database's notifications (PostgreSQL: LISTEN/NOTIFY, so a change made by one API
 * process reaches browsers connected to another; SQLite: within the one process).
 */
@Injectable()
export class LiveEventsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LiveEventsService.name);
  private readonly events = new Subject<LiveEvent>();
  private readonly loaders = new Map<LiveEventType, LiveRecordLoader>();
  private readonly signalListeners: ((signals: LiveEventSignal[]) => void)[] = [];

  constructor(private readonly database: Database) {}

  get stream(): Observable<LiveEvent> {
    return this.events.asObservable();
  }

  async onModuleInit(): Promise<void> {
    await this.database.listen(CHANNEL, (payloads) => this.deliver(payloads.map((payload) => JSON.parse(payload) as LiveEventSignal)));
  }

  onModuleDestroy(): void {
    this.endStreams();
  }

  /**
   * Ends every live-event stream of this process, and any opened later at once: at shutdown, so
   * each browser's EventSource reconnects (behind a load balancer, to another instance).
   */
  endStreams(): void {
    this.events.complete();
  }

  /** The module that owns a record type tells how to read it (events stay ignorant of leads and calls). */
  registerLoader(types: LiveEventType[], load: LiveRecordLoader): void {
    for (const type of types) this.loaders.set(type, load);
  }

  /** Hears every change announced, in any process, as bare signals (no record is read for it): work that waits for new leads starts at once. */
  onSignals(listener: (signals: LiveEventSignal[]) => void): void {
    this.signalListeners.push(listener);
  }

  /** Announces a change; call it after the change has committed. */
  publish(signal: LiveEventSignal): Promise<void> {
    return this.publishAll([signal]);
  }

  /** Announces several changes at once (one NOTIFY statement on PostgreSQL); call it after they have committed. */
  async publishAll(signals: LiveEventSignal[]): Promise<void> {
    if (signals.length === 0) return;
    try {
      await this.database.publish(CHANNEL, signals.map((signal) => JSON.stringify(signal)));
    } catch (error) {
      // The changes themselves are stored; a missed live update only means the dashboard refreshes later.
      this.logger.error({ err: error, signals }, 'Could not publish live events');
    }
  }

  /**
   * Re-reads the records so every browser gets them as the API shows them: one read per
   * kind of record for all the signals, which arrive by the batch from the webhook.
   */
  private async deliver(signals: LiveEventSignal[]): Promise<void> {
    for (const listener of this.signalListeners) listener(signals);
    // No browser is connected to this process: a bulk import need not read every lead back.
    if (!this.events.observed) return;
    const idsByLoader = new Map<LiveRecordLoader, Set<string>>();
    for (const signal of signals) {
      const load = this.loaders.get(signal.type);
      if (load) idsByLoader.set(load, (idsByLoader.get(load) ?? new Set()).add(signal.id));
      else this.logger.error({ signal }, 'No loader for a live event type');
    }
    const recordsByLoader = new Map<LiveRecordLoader, Map<string, LiveRecord>>();
    for (const [load, ids] of idsByLoader) {
      try {
        recordsByLoader.set(load, await load([...ids]));
      } catch (error) {
        this.logger.error({ err: error, ids: [...ids] }, 'Could not load the records of live events');
      }
    }
    for (const signal of signals) {
      const record = recordsByLoader.get(this.loaders.get(signal.type)!)?.get(signal.id);
      if (record) {
        this.events.next({
          type: signal.type,
          ...record,
          formerOwnerId: 'formerOwnerId' in signal ? signal.formerOwnerId : undefined,
          formerAssigneeId: 'formerAssigneeId' in signal ? signal.formerAssigneeId : undefined,
        });
      }
    }
  }
}
