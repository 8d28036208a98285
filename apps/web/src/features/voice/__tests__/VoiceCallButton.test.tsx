import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VoiceCallButton } from '../components/VoiceCallButton';
import type { VoiceConfig } from '../voiceClient';
import { VoiceCallProvider } from '../VoiceCallProvider';
import { deferred, FakeVoiceClient, fakeBackend } from './FakeVoiceClient';

const UNAUTHORIZED =
  'Unauthorized (401). Check that you passed the public key to the voice client constructor and the assistant id to start().';
const REPEATED = 'Multiple connection attempts failed. Please check your internet connection.';

function renderCall(config: Partial<VoiceConfig> = {}) {
  const client = new FakeVoiceClient();
  const backend = fakeBackend(client, config);
  const { unmount } = render(
    <VoiceCallProvider backend={backend}>
      <VoiceCallButton />
    </VoiceCallProvider>,
  );
  return { client, backend, unmount, user: userEvent.setup() };
}

const callButton = () => screen.getByRole('button', { name: /Talk to Agent|Connecting|Live Conversation|Try Again/ });
const badge = () => screen.getByRole('status');
const alert = () => screen.getByRole('alert');

async function startCall(user: ReturnType<typeof userEvent.setup>, client: FakeVoiceClient) {
  await user.click(callButton());
  await waitFor(() => expect(client.start).toHaveBeenCalled());
  client.emit('call-start');
}

describe('VoiceCallButton', () => {
  beforeEach(() => {
    // The provider logs every failure for "see console"; keep the test output clean.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('is ready to connect at first', () => {
    renderCall();
    expect(callButton()).toHaveAccessibleName('Talk to Agent Start conversation');
    expect(callButton()).toHaveAccessibleDescription('Ready to Connect');
    expect(badge()).toHaveTextContent('Ready to Connect');
    expect(screen.getByRole('group', { name: 'Voice agent' })).toBeInTheDocument();
  });

  it('connects with the configured assistant and is disabled while the start is pending', async () => {
    const { client, backend, user } = renderCall({ apiBaseUrl: 'http://127.0.0.1:9999' });
    const start = deferred<unknown>();
    client.start.mockReturnValueOnce(start.promise);

    await user.click(callButton());
    expect(callButton()).toHaveTextContent('Connecting...');
    expect(badge()).toHaveTextContent('Establishing Connection');
    expect(callButton()).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(client.start).toHaveBeenCalledWith('assistant-1'));
    expect(backend.loadClient).toHaveBeenCalledWith('public-key', 'http://127.0.0.1:9999');

    await user.click(callButton());
    expect(client.start).toHaveBeenCalledTimes(1);

    start.resolve({ id: 'call-1' });
    await waitFor(() => expect(client.start).toHaveBeenCalledTimes(1));
    expect(callButton()).toHaveTextContent('Connecting...');
    client.emit('call-start');
    expect(callButton()).toHaveAccessibleName('Live Conversation Tap to end call');
    expect(callButton()).toHaveAttribute('aria-disabled', 'false');
    expect(badge()).toHaveTextContent('Live Call Active');
    expect(screen.getByText('Listening...')).toBeInTheDocument();
  });

  it('shows the agent’s volume while connected', async () => {
    const { client, user } = renderCall();
    await startCall(user, client);
    const meter = screen.getByRole('meter', { name: 'Agent voice level' });
    expect(meter).toHaveAttribute('aria-valuenow', '0');
    client.emit('volume-level', 0.63);
    expect(meter).toHaveAttribute('aria-valuenow', '63');
    expect(meter.querySelectorAll('[data-active="true"]')).toHaveLength(4);
    client.emit('volume-level', 0);
    expect(meter).toHaveAttribute('aria-valuenow', '0');
  });

  it('ends the call when tapped, disabled until stop() finishes', async () => {
    const { client, user } = renderCall();
    await startCall(user, client);
    const stop = deferred<void>();
    client.stop.mockReturnValueOnce(stop.promise);

    await user.click(callButton());
    expect(client.stop).toHaveBeenCalledTimes(1);
    expect(callButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(callButton());
    expect(client.stop).toHaveBeenCalledTimes(1);

    stop.resolve();
    await waitFor(() => expect(callButton()).toHaveAccessibleName('Talk to Agent Start conversation'));
    expect(badge()).toHaveTextContent('Ready to Connect');
  });

  it('returns to idle when the agent ends the call', async () => {
    const { client, user } = renderCall();
    await startCall(user, client);
    client.emit('call-end');
    expect(callButton()).toHaveAccessibleName('Talk to Agent Start conversation');
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
  });

  it('reports an SDK error event as a failed connection, during a call too', async () => {
    const { client, user } = renderCall();
    await startCall(user, client);
    client.emit('error', { type: 'daily-error', error: { message: 'Meeting ended due to ejection' } });
    expect(callButton()).toHaveTextContent('Try Again');
    expect(badge()).toHaveTextContent('Connection Failed');
    expect(alert()).toHaveTextContent('Connection failed. See console for details.');
    expect(console.error).toHaveBeenCalled();
  });

  it('keeps the call when the SDK reports a non-critical error', async () => {
    const { client, user } = renderCall();
    await startCall(user, client);
    client.emit('error', { type: 'audio-processing-setup-error', error: { message: 'KrispInitError: Canceled' } });
    expect(badge()).toHaveTextContent('Live Call Active');
  });

  it('explains a 401 from the voice API', async () => {
    const { client, user } = renderCall();
    client.start.mockImplementationOnce(async () => {
      client.emit('error', {
        type: 'start-method-error',
        error: { message: { statusCode: 401, message: 'Invalid Key.', error: 'Unauthorized' }, data: null },
      });
      return null;
    });
    await user.click(callButton());
    await waitFor(() => expect(alert()).toHaveTextContent(UNAUTHORIZED));
    expect(badge()).toHaveTextContent('Connection Failed');
  });

  it('explains a thrown start()', async () => {
    const { client, user } = renderCall();
    client.start.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(callButton());
    await waitFor(() => expect(alert()).toHaveTextContent('Failed to start conversation. Check console/network tab for details.'));
  });

  it('treats start() resolving without a call as a failed start', async () => {
    const { client, user } = renderCall();
    client.start.mockResolvedValueOnce(null);
    await user.click(callButton());
    await waitFor(() => expect(alert()).toHaveTextContent('Failed to start conversation. Check console/network tab for details.'));
  });

  it('explains that no assistant is configured, without loading the SDK', async () => {
    const { backend, user } = renderCall({ assistantId: null });
    await user.click(callButton());
    await waitFor(() => expect(alert()).toHaveTextContent('Assistant or Squad or Workflow must be provided.'));
    expect(backend.loadClient).not.toHaveBeenCalled();
  });

  it('treats a missing public key like the 401 it would cause', async () => {
    const { backend, user } = renderCall({ publicKey: null });
    await user.click(callButton());
    await waitFor(() => expect(alert()).toHaveTextContent(UNAUTHORIZED));
    expect(backend.loadClient).not.toHaveBeenCalled();
  });

  it('fails to start when the voice settings cannot be loaded', async () => {
    const { backend, user } = renderCall();
    backend.loadConfig.mockRejectedValueOnce(new Error('GET /api/voice/config answered 503'));
    await user.click(callButton());
    await waitFor(() => expect(alert()).toHaveTextContent('Failed to start conversation.'));
  });

  it('tells the visitor how to allow a blocked microphone', async () => {
    const { client, user } = renderCall();
    client.start.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    await user.click(callButton());
    await waitFor(() => expect(alert()).toHaveTextContent(/Microphone access is blocked/));
    expect(alert()).toHaveTextContent(/allow the microphone for this site in your browser’s site settings/i);
  });

  it('reports a microphone blocked during joining (Daily’s camera-error)', async () => {
    const { client, user } = renderCall();
    await user.click(callButton());
    await waitFor(() => expect(client.start).toHaveBeenCalled());
    client.emit('camera-error', { type: 'camera-error', error: { error: { type: 'permissions', blockedBy: 'browser' } } });
    expect(alert()).toHaveTextContent(/Microphone access is blocked/);
  });

  it('retries from the error state, and suggests checking the connection after more than two failures', async () => {
    const { client, user } = renderCall();
    client.start.mockResolvedValue(null);

    await user.click(callButton());
    await waitFor(() => expect(callButton()).toHaveTextContent('Try Again'));
    expect(screen.queryByText(REPEATED)).not.toBeInTheDocument();

    await user.click(callButton());
    await waitFor(() => expect(client.start).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(callButton()).toHaveTextContent('Try Again'));
    expect(screen.queryByText(REPEATED)).not.toBeInTheDocument();

    await user.click(callButton());
    await waitFor(() => expect(screen.getByText(REPEATED)).toBeInTheDocument());
    expect(alert()).toHaveTextContent('Failed to start conversation. Check console/network tab for details.');
    expect(client.start).toHaveBeenCalledTimes(3);

    client.start.mockResolvedValue({ id: 'call-4' });
    await user.click(callButton());
    await waitFor(() => expect(client.start).toHaveBeenCalledTimes(4));
    client.emit('call-start');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('listens to the client once however many calls are started', async () => {
    const { client, backend, user } = renderCall();
    await startCall(user, client);
    client.emit('call-end');
    await startCall(user, client);
    expect(backend.loadClient).toHaveBeenCalledTimes(2);
    for (const event of ['call-start', 'call-end', 'volume-level', 'error', 'camera-error'] as const) {
      expect(client.listenerCount(event)).toBe(1);
    }
  });

  it('stops listening when unmounted', async () => {
    const { client, unmount, user } = renderCall();
    await startCall(user, client);
    unmount();
    for (const event of ['call-start', 'call-end', 'volume-level', 'error', 'camera-error'] as const) {
      expect(client.listenerCount(event)).toBe(0);
    }
  });
});
