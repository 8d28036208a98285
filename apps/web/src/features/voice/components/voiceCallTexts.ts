import type { CallFailure, CallStatus } from '../callMachine';

interface StatusTexts {
  title: string;
  subtitle?: string;
  badge: string;
}

const LIVE: StatusTexts = { title: 'Live Conversation', subtitle: 'Tap to end call', badge: 'Live Call Active' };

export const STATUS_TEXTS: Record<CallStatus, StatusTexts> = {
  idle: { title: 'Talk to Agent', subtitle: 'Start conversation', badge: 'Ready to Connect' },
  connecting: { title: 'Connecting...', badge: 'Establishing Connection' },
  connected: LIVE,
  ending: LIVE,
  error: { title: 'Try Again', badge: 'Connection Failed' },
};

export const LISTENING = 'Listening...';
export const VOLUME_LABEL = 'Agent voice level';
export const PANEL_LABEL = 'Voice agent';

export const FAILURE_MESSAGES: Record<CallFailure, string> = {
  'assistant-missing': 'Assistant or Squad or Workflow must be provided.',
  'start-failed': 'Failed to start conversation. Check console/network tab for details.',
  unauthorized:
    'Unauthorized (401). Check that you passed the public key to the voice client constructor and the assistant id to start().',
  'connection-failed': 'Connection failed. See console for details.',
  'microphone-blocked':
    'Microphone access is blocked, so the agent cannot hear you. Allow the microphone for this site in your browser’s site settings (the icon beside the address bar), then press Try Again.',
};

export const REPEATED_FAILURES_MESSAGE = 'Multiple connection attempts failed. Please check your internet connection.';
