import type { Lead, LeadStatus } from '@lead-desk/contracts';

/** What the list shows: the filter, the search term, and optionally a stage and an owner (as the URL keeps them). */
export interface LeadView {
  status: LeadStatus;
  q: string;
  /** A stage id; absent: every stage. */
  stage?: string;
  /** `me`, `none` (unassigned) or a staff id; absent: anyone's. */
  owner?: string;
  /** Tags the leads all carry (any case); absent: any tags or none. */
  tags?: string[];
  /** Where the leads came from, as their `source` says, case aside; absent: anywhere. */
  source?: string;
  /** Calendar days (YYYY-MM-DD, both included) in the browser's time zone; absent: unbounded. */
  createdFrom?: string;
  createdTo?: string;
}

/** How the leads are laid out: the seed's list, or the pipeline board. */
export type LeadLayout = 'list' | 'board';

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

/** A lead to open: as a list holds it, or by its id and name only (a match, a pair of possible duplicates), the rest read when shown. */
export type LeadReference = Lead | Pick<Lead, '_id' | 'name'>;

export function isFullLead(lead: LeadReference): lead is Lead {
  return 'version' in lead;
}
