/** Where a lead came from, as its `source` says when nothing more precise was given. */
export const DEFAULT_SOURCE = 'web form';

/** A lead the voice agent recorded from a call (the dashboard's "processed today" counts these). */
export const VOICE_BOT_SOURCE = 'voice bot';
