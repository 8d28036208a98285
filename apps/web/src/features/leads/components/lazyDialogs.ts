import { lazy } from 'react';

// Dialogs open on demand: their code, with the dialog and form-validation libraries, stays
// out of the page's first download and is fetched once the dashboard is up.
const loadAddLead = () => import('./AddLeadDialog');
const loadDetails = () => import('./LeadDetailsDialog');
const loadOutboundCall = () => import('./OutboundCallDialog');
const loadImport = () => import('./ImportCsvDialog');
const loadMerge = () => import('./duplicates/MergeLeadsDialog');
const loadDuplicates = () => import('./duplicates/PossibleDuplicatesDialog');

export const AddLeadDialog = lazy(() => loadAddLead().then((module) => ({ default: module.AddLeadDialog })));
export const LeadDetailsDialog = lazy(() => loadDetails().then((module) => ({ default: module.LeadDetailsDialog })));
export const OutboundCallDialog = lazy(() => loadOutboundCall().then((module) => ({ default: module.OutboundCallDialog })));
export const ImportCsvDialog = lazy(() => loadImport().then((module) => ({ default: module.ImportCsvDialog })));
// Opened now and then, from the possible duplicates: fetched on first use.
export const MergeLeadsDialog = lazy(() => loadMerge().then((module) => ({ default: module.MergeLeadsDialog })));
export const PossibleDuplicatesDialog = lazy(() => loadDuplicates().then((module) => ({ default: module.PossibleDuplicatesDialog })));

/** Fetches the dialogs' code ahead of the first click, so they open at once. */
export function preloadLeadDialogs(): void {
  Promise.all([loadAddLead(), loadDetails(), loadOutboundCall(), loadImport()]).catch((error: unknown) =>
    // Opening a dialog tries again.
    console.error('Preloading the lead dialogs failed', error),
  );
}
