/** A lead as the API's JSON names it. */
export interface Lead {
  _id: string;
  name: string;
  email: string | null;
  location: string | null;
  qualified: boolean;
  createdAt: string;
  source: string;
  phone: string | null;
  interestedIn: string | null;
  budget: number | string | null;
  timeline: string | null;
  loan_needed: boolean | null;
  updatedAt: string;
}

/** A call record as GET /api/calls/:id and the call.updated event carry it. */
export interface CallRecord {
  id: string;
  vapiCallId: string;
  leadId: string | null;
  type: string | null;
  status: string;
  endedReason: string | null;
  customerNumber: string | null;
  startedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  summary: string | null;
  transcript: string | null;
  recordingUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface LeadWithCalls extends Lead {
  calls: CallRecord[];
}

export interface LeadStats {
  total: number;
  qualified: number;
  unqualified: number;
  thisMonth: number;
  lastMonth: number;
  unqualifiedThisMonth: number;
  unqualifiedLastMonth: number;
  processedToday: number;
}

export interface DailyLeadCount {
  /** YYYY-MM-DD in the browser's time zone. */
  date: string;
  qualified: number;
  unqualified: number;
}

export type LeadStatus = 'all' | 'qualified' | 'unqualified';

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

export interface ImportSummary {
  created: number;
  updated: number;
  skipped: number;
  errors: { line: number; field: string; message: string }[];
}

/** The fields POST /api/leads accepts. */
export interface NewLead {
  name: string;
  email?: string;
  phone?: string;
  location?: string;
  interestedIn?: string;
  budget?: number | string;
  timeline?: string;
  loan_needed?: boolean;
  qualified: boolean;
}

/** POST /api/calls's answer: the number as the server normalised it. */
export interface PlacedCall {
  id: string;
  vapiCallId: string;
  status: string;
  number: string;
}
