import { createContext } from 'react';
import type { CallState } from './callMachine';

export interface VoiceCall {
  state: CallState;
  /** Starts a call when none is under way (idle or after a failure); otherwise does nothing. */
  start: () => Promise<void>;
  /** Ends the live call; otherwise does nothing. */
  stop: () => Promise<void>;
}

export const VoiceCallContext = createContext<VoiceCall | null>(null);
