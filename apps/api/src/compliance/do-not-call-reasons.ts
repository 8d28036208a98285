/** The reason a lead is Do Not Call when the caller asked for it on a call. */
export const ASKED_ON_A_CALL = 'Asked on a call';

/** The reason a lead is Do Not Call when the visitor asked for it in a chat with the agent. */
export const ASKED_IN_A_CHAT = 'Asked in a chat';

/** The reason a lead is Do Not Call when an imported file's Do Not Call column said so. */
export const MARKED_IN_AN_IMPORT = 'Marked in an import';
