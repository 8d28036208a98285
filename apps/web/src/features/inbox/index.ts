export { WebhookInbox } from './components/WebhookInbox';
