export { WhatsappAdmin } from './components/WhatsappAdmin';
