import type { FakeVoiceMode, RecordedRequest } from './fake-voice-platform';

/** Steers the fake voice platform that global-setup started. */
export async function setVoiceMode(mode: FakeVoiceMode): Promise<void> {
  const response = await fetch(`${process.env.E2E_VOICE_URL}/__fake/mode`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  if (!response.ok) throw new Error(`The fake voice platform refused mode ${mode}: ${response.status}`);
}

export async function voiceRequests(): Promise<RecordedRequest[]> {
  return (await fetch(`${process.env.E2E_VOICE_URL}/__fake/requests`)).json() as Promise<RecordedRequest[]>;
}
