export { CallingRules } from './components/CallingRules';
