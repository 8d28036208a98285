/** Where a lead came from, as its `source` says when nothing more precise was given. */
export const DEFAULT_SOURCE = 'web form';

/** A lead the voice agent recorded from a call (the dashboard's "processed today" counts these). */
export const VOICE_BOT_SOURCE = 'voice bot';

/** A lead the agent recorded from a chat on the page ("Chat with AI"). */
export const CHAT_BOT_SOURCE = 'chat bot';
