import type { FakeRecordingBehaviour, FakeVapiBehaviour, RecordedVapiRequest } from '@lead-desk/test-support';

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
