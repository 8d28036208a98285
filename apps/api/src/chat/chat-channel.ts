/** The inbox channel of the chats' results (WebhookEvent.channel); a row's externalId is Vapi's session id. */
export const CHAT_CHANNEL = 'chat';
