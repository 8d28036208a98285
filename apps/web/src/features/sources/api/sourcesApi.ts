import { apiJson } from '../../../lib/apiClient';
import type { CreatedLeadSourceKey, InboundLeadReceipt, LeadSource, LeadSourceChanges, LeadSourceKey, NewLeadSource, StaffAccount, StaffLeadCalls } from '@lead-desk/contracts';

export const sourcesKey = ['lead-sources'] as const;
const path = (id: string) => `/api/lead-sources/${encodeURIComponent(id)}`;

export const fetchLeadSources = (signal?: AbortSignal): Promise<LeadSource[]> => apiJson('/api/lead-sources', { signal });
export const createLeadSource = (source: NewLeadSource): Promise<LeadSource> => apiJson('/api/lead-sources', { method: 'POST', body: source });
export const changeLeadSource = (id: string, changes: LeadSourceChanges): Promise<LeadSource> => apiJson(path(id), { method: 'PATCH', body: changes });
export const removeLeadSource = (id: string): Promise<void> => apiJson(path(id), { method: 'DELETE' });
export const fetchSourceKeys = (id: string, signal?: AbortSignal): Promise<LeadSourceKey[]> => apiJson(`${path(id)}/keys`, { signal });
export const createSourceKey = (id: string): Promise<CreatedLeadSourceKey> => apiJson(`${path(id)}/keys`, { method: 'POST', body: {} });
export const revokeSourceKey = (id: string, keyId: string): Promise<void> => apiJson(`${path(id)}/keys/${encodeURIComponent(keyId)}`, { method: 'DELETE' });
export const sendTestLead = (id: string): Promise<InboundLeadReceipt> => apiJson(`${path(id)}/test-lead`, { method: 'POST' });
export const fetchStaffLeadCalls = (signal?: AbortSignal): Promise<StaffLeadCalls> => apiJson('/api/settings/staff-leads', { signal });
export const putStaffLeadCalls = (settings: StaffLeadCalls): Promise<StaffLeadCalls> => apiJson('/api/settings/staff-leads', { method: 'PUT', body: settings });
export const fetchStaffMembers = (signal?: AbortSignal): Promise<StaffAccount[]> => apiJson('/api/staff', { signal });
