export { PrivacyTools } from './components/PrivacyTools';
