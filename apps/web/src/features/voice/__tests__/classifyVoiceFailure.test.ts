import { describe, expect, it } from 'vitest';
import { classifyVoiceFailure, isFatalVoiceError } from '../classifyVoiceFailure';

/** What @vapi-ai/web 2.7 emits when POST /call/web answers 401: its serialised form of the thrown fetch Response. */
function sdkUnauthorizedEvent() {
  const body = { statusCode: 401, message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.', error: 'Unauthorized' };
  return {
    type: 'start-method-error',
    stage: 'unknown',
    error: { message: body, data: null, error: body },
    totalDuration: 12,
    timestamp: '2025-01-01T10:00:00.000Z',
  };
}

describe('classifyVoiceFailure', () => {
  it('recognises the SDK error event of a 401 from the voice API', () => {
    expect(classifyVoiceFailure(sdkUnauthorizedEvent(), 'connection-failed')).toBe('unauthorized');
  });

  it('recognises a thrown error or Response mentioning 401', () => {
    expect(classifyVoiceFailure(new Error('Request failed with status 401'), 'start-failed')).toBe('unauthorized');
    expect(classifyVoiceFailure(new Response('{}', { status: 401 }), 'start-failed')).toBe('unauthorized');
  });

  it('does not mistake a duration of 401 ms for a 401 answer', () => {
    const event = { type: 'start-method-error', error: { message: 'Internal server error', statusCode: 500 }, totalDuration: 401 };
    expect(classifyVoiceFailure(event, 'connection-failed')).toBe('connection-failed');
  });

  it('recognises a microphone the browser or the visitor blocked', () => {
    expect(classifyVoiceFailure(new DOMException('Permission denied', 'NotAllowedError'), 'start-failed')).toBe('microphone-blocked');
    expect(classifyVoiceFailure({ type: 'daily-error', error: { message: 'Permission denied' } }, 'connection-failed')).toBe(
      'microphone-blocked',
    );
    // Daily's camera-error for a blocked microphone, as the SDK re-emits it.
    const cameraError = { type: 'camera-error', error: { action: 'camera-error', error: { type: 'permissions', blockedBy: 'user', blockedMedia: ['audio'] } } };
    expect(classifyVoiceFailure(cameraError, 'connection-failed')).toBe('microphone-blocked');
  });

  it('recognises a missing assistant', () => {
    expect(classifyVoiceFailure(new Error('Assistant or Squad or Workflow must be provided.'), 'start-failed')).toBe('assistant-missing');
  });

  it('falls back for anything else', () => {
    expect(classifyVoiceFailure(new TypeError('Failed to fetch'), 'start-failed')).toBe('start-failed');
    expect(classifyVoiceFailure(undefined, 'connection-failed')).toBe('connection-failed');
  });
});

describe('isFatalVoiceError', () => {
  it.each(['start-method-error', 'daily-error', 'daily-call-join-error', 'validation-error', undefined])('%s ends the call', (type) => {
    expect(isFatalVoiceError({ type })).toBe(true);
  });

  it.each(['audio-processing-setup-error', 'audio-observer-setup-error', 'audio-start-failed'])('%s lets the call carry on', (type) => {
    expect(isFatalVoiceError({ type })).toBe(false);
  });
});
