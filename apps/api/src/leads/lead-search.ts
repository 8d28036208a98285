import type { TextSearch } from '../database/database-dialect';

/** What the list's `q` searches: name, email and location, and the index each database keeps for it. */
export const LEAD_SEARCH: TextSearch = { columns: ['name', 'email', 'location'], ftsTable: 'leads_search' };
