import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { VoiceBackend, VoiceClient, VoiceClientEvents, VoiceConfig } from '../voiceClient';

type Listener = (...args: never[]) => void;

/** Stands in for the Vapi web client: tests decide what start() and stop() do and emit the SDK's events. */
export class FakeVoiceClient implements VoiceClient {
  private readonly listeners = new Map<keyof VoiceClientEvents, Set<Listener>>();

  /** Resolves like the SDK when it created the call; the call goes live only on 'call-start'. */
  start = vi.fn<(assistantId: string) => Promise<unknown>>(async () => ({ id: 'call-1' }));
  stop = vi.fn<() => Promise<void>>(async () => undefined);

  on<E extends keyof VoiceClientEvents>(event: E, listener: VoiceClientEvents[E]): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener as Listener);
    return this;
  }

  removeListener<E extends keyof VoiceClientEvents>(event: E, listener: VoiceClientEvents[E]): this {
    this.listeners.get(event)?.delete(listener as Listener);
    return this;
  }

  listenerCount(event: keyof VoiceClientEvents): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  emit<E extends keyof VoiceClientEvents>(event: E, ...args: Parameters<VoiceClientEvents[E]>): void {
    act(() => {
      for (const listener of this.listeners.get(event) ?? []) (listener as (...values: unknown[]) => void)(...args);
    });
  }
}

export const CONFIGURED: VoiceConfig = { publicKey: 'public-key', assistantId: 'assistant-1', apiBaseUrl: null };

export function fakeBackend(client: VoiceClient, config: Partial<VoiceConfig> = {}) {
  return {
    loadConfig: vi.fn<VoiceBackend['loadConfig']>(async () => ({ ...CONFIGURED, ...config })),
    loadClient: vi.fn<VoiceBackend['loadClient']>(async () => client),
  } satisfies VoiceBackend;
}

/** A promise the test settles when it wants to. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}
