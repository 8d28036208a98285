/** The part of the Vapi web client the page uses; tests substitute a fake. */
export interface VoiceClientEvents {
  'call-start': () => void;
  'call-end': () => void;
  'volume-level': (level: number) => void;
  error: (error: unknown) => void;
  /** Daily reports a blocked or missing microphone here rather than on 'error'. */
  'camera-error': (error: unknown) => void;
}

export interface VoiceClient {
  /** Resolves null when the SDK could not create the call (it reports why on 'error'). */
  start(assistantId: string): Promise<unknown>;
  stop(): Promise<void>;
  on<E extends keyof VoiceClientEvents>(event: E, listener: VoiceClientEvents[E]): unknown;
  removeListener<E extends keyof VoiceClientEvents>(event: E, listener: VoiceClientEvents[E]): unknown;
}

export interface VoiceConfig {
  publicKey: string | null;
  assistantId: string | null;
  apiBaseUrl: string | null;
}

/** Where the provider gets its settings and its client; the page uses vapiBackend. */
export interface VoiceBackend {
  loadConfig(): Promise<VoiceConfig>;
  loadClient(publicKey: string, apiBaseUrl: string | null): Promise<VoiceClient>;
}
