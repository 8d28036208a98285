import type { LiveEvent, LiveEventType } from '@lead-desk/contracts';

/** A part of the page that follows some of the live events (GET /api/events). */
export interface LiveEventSubscriber {
  types: readonly LiveEventType[];
  onEvent: (event: LiveEvent) => void;
  /** The stream is back after a drop: events were missed, so what is shown should be read again. */
  onReconnected?: () => void;
  /** The server closed the stream (a 401, a 500): reading again shows why; the stream reconnects by itself. */
  onStopped?: () => void;
}

const RECONNECT_MS = 5000;

/**
 * One stream per page, shared by every subscriber: a browser keeps only six connections
 * per server, and each open tab would otherwise hold one per feature.
 */
class SharedLiveStream {
  private source: EventSource | null = null;
  private readonly subscribers = new Set<LiveEventSubscriber>();
  private readonly listened = new Set<LiveEventType>();
  private missedEvents = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  add(subscriber: LiveEventSubscriber): void {
    this.subscribers.add(subscriber);
    if (this.source) subscriber.types.forEach((type) => this.listen(type));
    else if (this.reconnectTimer === undefined) this.connect();
  }

  /** Returns how many subscribers are left. */
  remove(subscriber: LiveEventSubscriber): number {
    this.subscribers.delete(subscriber);
    return this.subscribers.size;
  }

  close(): void {
    this.source?.close();
    this.source = null;
    clearTimeout(this.reconnectTimer);
  }

  private connect(): void {
    this.reconnectTimer = undefined;
    const source = new EventSource('/api/events');
    this.source = source;
    this.listened.clear();
    for (const subscriber of this.subscribers) subscriber.types.forEach((type) => this.listen(type));
    source.addEventListener('open', () => {
      if (!this.missedEvents) return;
      this.missedEvents = false;
      this.each((subscriber) => subscriber.onReconnected?.());
    });
    source.addEventListener('error', () => {
      this.missedEvents = true;
      // The browser retries a dropped stream by itself; an HTTP error (such as 401) closes it for good.
      if (source.readyState !== EventSource.CLOSED) return;
      console.error('Live updates stopped (GET /api/events failed); reconnecting');
      source.close();
      this.source = null;
      this.each((subscriber) => subscriber.onStopped?.());
      this.reconnectTimer = setTimeout(() => this.connect(), RECONNECT_MS);
    });
  }

  private listen(type: LiveEventType): void {
    if (!this.source || this.listened.has(type)) return;
    this.listened.add(type);
    this.source.addEventListener(type, (message) => {
      const event = { type, data: JSON.parse((message as MessageEvent<string>).data) } as LiveEvent;
      this.each((subscriber) => {
        if (subscriber.types.includes(type)) subscriber.onEvent(event);
      });
    });
  }

  private each(notify: (subscriber: LiveEventSubscriber) => void): void {
    for (const subscriber of [...this.subscribers]) notify(subscriber);
  }
}

let shared: SharedLiveStream | null = null;

/** Follows the page's live stream (opened by the first subscriber, closed after the last); returns the unsubscribe. */
export function subscribeToLiveEvents(subscriber: LiveEventSubscriber): () => void {
  const stream = (shared ??= new SharedLiveStream());
  stream.add(subscriber);
  return () => {
    if (stream.remove(subscriber) > 0 || shared !== stream) return;
    stream.close();
    shared = null;
  };
}
