import type { VoiceBackend, VoiceClient, VoiceConfig } from './voiceClient';

let client: Promise<VoiceClient> | null = null;

export const vapiBackend: VoiceBackend = {
  async loadConfig() {
    // Read on every attempt, so a "Try Again" after the server's settings were fixed picks them up.
    const response = await fetch('/api/voice/config', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET /api/voice/config answered ${response.status}`);
    return (await response.json()) as VoiceConfig;
  },

  loadClient(publicKey, apiBaseUrl) {
    // One client for the page's life: a second instance duplicates Daily's call frame and leaves stop() stopping nothing.
    client ??= import('@vapi-ai/web')
      .then(({ default: Vapi }) => new Vapi(publicKey, apiBaseUrl ?? undefined))
      .catch((error: unknown) => {
        client = null; // a failed chunk download may succeed on the next attempt
        throw error;
      });
    return client;
  },
};
