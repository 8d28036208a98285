import type { Lead, LeadStatus } from '@lead-desk/contracts';

/** What the list shows: the filter and the search term (as the URL keeps them). */
export interface LeadView {
  status: LeadStatus;
  q: string;
}

export interface LeadCounts {
  all: number;
  qualified: number;
  unqualified: number;
}

export interface LeadPage {
  leads: Lead[];
  /** All leads matching the view, not just this page. */
  total: number;
  /** The next page's URL, from the Link header. */
  next: string | null;
}
