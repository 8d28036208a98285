import { lazy } from 'react';

// Dialogs open on demand: their code, with the dialog and form-validation libraries, stays
// out of the page's first download and is fetched once the dashboard is up.
const loadAddLead = () => import('./AddLeadDialog');
const loadDetails = () => import('./LeadDetailsDialog');
const loadOutboundCall = () => import('./OutboundCallDialog');
const loadImport = () => import('./ImportCsvDialog');

export const AddLeadDialog = lazy(() => loadAddLead().then((module) => ({ default: module.AddLeadDialog })));
export const LeadDetailsDialog = lazy(() => loadDetails().then((module) => ({ default: module.LeadDetailsDialog })));
export const OutboundCallDialog = lazy(() => loadOutboundCall().then((module) => ({ default: module.OutboundCallDialog })));
export const ImportCsvDialog = lazy(() => loadImport().then((module) => ({ default: module.ImportCsvDialog })));

/** Fetches the dialogs' code ahead of the first click, so they open at once. */
export function preloadLeadDialogs(): void {
  Promise.all([loadAddLead(), loadDetails(), loadOutboundCall(), loadImport()]).catch((error: unknown) =>
    // Opening a dialog tries again.
    console.error('Preloading the lead dialogs failed', error),
  );
}
