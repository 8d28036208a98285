// The chat panel's visible texts, in one place.
export const CHAT_TEXT = {
  title: 'Chat with AI',
  description: 'Type to our AI sales agent, the same one that answers calls.',
  conversation: 'Conversation',
  greeting: 'Ask about a property, a price or a site visit.',
  you: 'You:',
  agent: 'Agent:',
  waiting: 'Sent when the agent has answered',
  typing: 'The agent is typing…',
  closed: {
    ended: 'You ended the chat. Write a message to start a new one.',
    expired: 'Your earlier chat has expired. Write a message to start a new one.',
  },
  end: 'End chat',
  ending: 'Ending…',
  endFailed: 'The chat could not be ended',
  notAnswered: 'Your message was not answered',
  message: 'Your message',
  keys: 'Enter sends, Shift+Enter starts a new line.',
  charactersLeft: (left: number) => (left < 0 ? `${-left} characters too many` : left === 1 ? '1 character left' : `${left} characters left`),
  send: 'Send',
};
