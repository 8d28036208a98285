import { useContext } from 'react';
import { VoiceCallContext, type VoiceCall } from './voiceCallContext';

export function useVoiceCall(): VoiceCall {
  const call = useContext(VoiceCallContext);
  if (!call) throw new Error('useVoiceCall must be used inside <VoiceCallProvider>');
  return call;
}
