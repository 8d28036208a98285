export { VoiceCallButton } from './components/VoiceCallButton';
export { VoiceCallProvider } from './VoiceCallProvider';
export { useVoiceCall } from './useVoiceCall';
