import type { FakeCallContext, FakeChatBehaviour, FakeRecordingBehaviour, FakeServerUrl, FakeToolCall, FakeVapiBehaviour, RecordedVapiRequest, ServerAnswer } from '@lead-desk/test-support';

/** Steers the fake voice platform that global-setup started (it runs in another process). */
export async function setVoiceBehaviour(behaviour: FakeVapiBehaviour, recordingBehaviour: FakeRecordingBehaviour = 'success'): Promise<void> {
  const response = await fetch(`${process.env.E2E_VOICE_URL}/__fake/behaviour`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ behaviour, recordingBehaviour }),
  });
  if (!response.ok) throw new Error(`The fake voice platform refused behaviour ${behaviour}: ${response.status}`);
}

export async function voiceRequests(): Promise<RecordedVapiRequest[]> {
  return (await fetch(`${process.env.E2E_VOICE_URL}/__fake/requests`)).json() as Promise<RecordedVapiRequest[]>;
}

/**
 * Steers the fake's text chat (and resets its other behaviours and recorded requests):
 * `chatChunkDelayMs` paces the streamed words, so a test sees them before an answer ends.
 */
export async function setChatBehaviour({ chatBehaviour = 'success', chatChunkDelayMs = 0 }: { chatBehaviour?: FakeChatBehaviour; chatChunkDelayMs?: number } = {}): Promise<void> {
  const response = await fetch(`${process.env.E2E_VOICE_URL}/__fake/behaviour`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ chatBehaviour, chatChunkDelayMs }),
  });
  if (!response.ok) throw new Error(`The fake voice platform refused chat behaviour ${chatBehaviour}: ${response.status}`);
}

/** A chat session as the fake voice platform holds it (GET /session/{id}, with the private key the app uses). */
export async function vapiSession(sessionId: string): Promise<{ status: string; messages: unknown[] }> {
  const response = await fetch(`${process.env.E2E_VOICE_URL}/session/${encodeURIComponent(sessionId)}`, { headers: { Authorization: 'Bearer test-private-key' } });
  if (!response.ok) throw new Error(`The fake voice platform has no session ${sessionId}: ${response.status}`);
  return (await response.json()) as { status: string; messages: unknown[] };
}

/**
 * The model calls tools during a call: the fake voice platform sends the `tool-calls` message to
 * `server` with its credential, as Vapi does (the message and a 200 answer checked against Vapi's
 * schemas), and tells what the server answered.
 */
export async function sendToolCalls(server: FakeServerUrl, call: FakeCallContext, toolCalls: FakeToolCall[]): Promise<ServerAnswer> {
  const response = await fetch(`${process.env.E2E_VOICE_URL}/__fake/tool-calls`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ server, call, toolCalls }),
  });
  if (!response.ok) throw new Error(`The fake voice platform could not send the tool calls: ${response.status} ${await response.text()}`);
  return (await response.json()) as ServerAnswer;
}
