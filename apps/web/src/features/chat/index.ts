export { ChatProvider } from './ChatProvider';
export { LazyChatPanel } from './components/LazyChatPanel';
export { useChat } from './useChat';
