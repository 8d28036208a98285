export { LeadSources } from './components/LeadSources';
