export { LeadDashboardPanel } from './components/LeadDashboardPanel';
export { LeadManagement } from './components/LeadManagement';
export { leadKeys } from './api/leadQueryKeys';
export { leadDetailsHref, openLeadDetails } from './hooks/useLeadView';
export { WhatsappArrivals } from './components/whatsapp/WhatsappArrivals';
