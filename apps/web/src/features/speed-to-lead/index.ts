export { SpeedToLead } from './components/SpeedToLead';
