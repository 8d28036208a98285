import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { callReducer, canStartCall, initialCallState, type CallEvent } from './callMachine';
import { classifyVoiceFailure, isFatalVoiceError } from './classifyVoiceFailure';
import { vapiBackend } from './vapiBackend';
import type { VoiceBackend, VoiceClient, VoiceConfig } from './voiceClient';
import { VoiceCallContext } from './voiceCallContext';

interface Subscription {
  client: VoiceClient;
  unsubscribe: () => void;
}

/** Owns the page's one voice call, shared by every control that starts or ends it. */
export function VoiceCallProvider({ children, backend = vapiBackend }: { children: ReactNode; backend?: VoiceBackend }) {
  const [state, dispatch] = useReducer(callReducer, initialCallState);
  // Outside render state: listeners are attached once per client, never again on a re-render.
  const subscription = useRef<Subscription | null>(null);

  useEffect(
    () => () => {
      subscription.current?.unsubscribe();
      subscription.current = null;
    },
    [],
  );

  const listenTo = useCallback((client: VoiceClient) => {
    if (subscription.current?.client === client) return;
    subscription.current?.unsubscribe();
    subscription.current = { client, unsubscribe: subscribe(client, dispatch) };
  }, []);

  const { status } = state;

  const start = useCallback(async () => {
    if (!canStartCall(status)) return;
    dispatch({ type: 'START_REQUESTED' });

    let config: VoiceConfig;
    try {
      config = await backend.loadConfig();
    } catch (error) {
      console.error('Could not load the voice settings', error);
      dispatch({ type: 'START_FAILED', failure: 'start-failed' });
      return;
    }
    if (!config.assistantId) {
      console.error('No voice assistant is configured (VAPI_ASSISTANT_ID)');
      dispatch({ type: 'START_FAILED', failure: 'assistant-missing' });
      return;
    }
    if (!config.publicKey) {
      console.error('No public key is configured for the voice client (VAPI_PUBLIC_KEY)');
      dispatch({ type: 'START_FAILED', failure: 'unauthorized' });
      return;
    }

    try {
      const client = await backend.loadClient(config.publicKey, config.apiBaseUrl);
      listenTo(client);
      const call = await client.start(config.assistantId);
      dispatch({ type: 'START_RETURNED', callCreated: call != null });
    } catch (error) {
      console.error('The voice call could not start', error);
      dispatch({ type: 'START_FAILED', failure: classifyVoiceFailure(error, 'start-failed') });
    }
  }, [backend, listenTo, status]);

  const stop = useCallback(async () => {
    const client = subscription.current?.client;
    if (status !== 'connected' || !client) return;
    dispatch({ type: 'STOP_REQUESTED' });
    try {
      await client.stop();
    } catch (error) {
      console.error('Ending the voice call failed', error);
    } finally {
      dispatch({ type: 'STOP_FINISHED' });
    }
  }, [status]);

  const value = useMemo(() => ({ state, start, stop }), [state, start, stop]);
  return <VoiceCallContext.Provider value={value}>{children}</VoiceCallContext.Provider>;
}

function subscribe(client: VoiceClient, dispatch: (event: CallEvent) => void): () => void {
  const onCallStart = () => dispatch({ type: 'CALL_STARTED' });
  const onCallEnd = () => dispatch({ type: 'CALL_ENDED' });
  const onVolume = (level: number) => dispatch({ type: 'VOLUME_CHANGED', level });
  const onError = (error: unknown) => {
    console.error('Voice call error', error);
    if (isFatalVoiceError(error)) dispatch({ type: 'SDK_ERROR', failure: classifyVoiceFailure(error, 'connection-failed') });
  };
  const onDeviceError = (error: unknown) => {
    console.error('Microphone error', error);
    dispatch({ type: 'SDK_ERROR', failure: classifyVoiceFailure(error, 'connection-failed') });
  };
  client.on('call-start', onCallStart);
  client.on('call-end', onCallEnd);
  client.on('volume-level', onVolume);
  client.on('error', onError);
  client.on('camera-error', onDeviceError);
  return () => {
    client.removeListener('call-start', onCallStart);
    client.removeListener('call-end', onCallEnd);
    client.removeListener('volume-level', onVolume);
    client.removeListener('error', onError);
    client.removeListener('camera-error', onDeviceError);
  };
}
