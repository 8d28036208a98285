import { useContext } from 'react';
import { ChatContext, type Chat } from './chatContext';

export function useChat(): Chat {
  const chat = useContext(ChatContext);
  if (!chat) throw new Error('useChat must be used inside <ChatProvider>');
  return chat;
}
