import { createContext } from 'react';
import type { ChatState } from './chatConversation';

export interface Chat {
  state: ChatState;
  panelOpen: boolean;
  /** Opens the panel, or brings focus back to it when it is open already. */
  openPanel: () => void;
  /** Closes the panel; the conversation goes on and an answer that is coming still arrives. */
  closePanel: () => void;
  /** How often the panel was asked for: each ask brings focus to the message box. */
  panelRequests: number;
  /** Sends the visitor's message, or queues it until the answer under way has finished. */
  send: (text: string) => void;
  /** Ends the chat at the API (and so at Vapi), then forgets it here. */
  end: () => Promise<void>;
  ending: boolean;
  /** Why the chat could not be ended, until the visitor tries again. */
  endFailure: unknown;
}

export const ChatContext = createContext<Chat | null>(null);
