import type { ConsentChannel, ConsentEvidence } from '@lead-desk/contracts';

/**
 * A lead as one of the inbound channels delivers it (the callback form, Meta Lead Ads,
 * Google Ads lead forms, a lead source's API key), before the identity rule resolves it.
 */
export interface InboundLead {
  /** The lead's fields in the import's names and synonyms (name, phone, email, location, interestedIn, budget, timeline, loan_needed…); read by parseLeadInput. */
  fields: Record<string, unknown>;
  /** The lead's source as leads show it ("web form", "facebook ads", a lead source's name). */
  source: string;
  /** The lead source it came through (its default owner and its "the agent calls" switch), if it has one. */
  sourceId: string | null;
  /** The source's own creation time of the lead, where it sends one; otherwise now. */
  arrivedAt?: Date;
  /** The consents the person gave with the lead (to be called; to WhatsApp messages), each recorded with its wording and evidence. */
  consents?: { channel: ConsentChannel; purpose: string; wording: string; evidence: ConsentEvidence }[];
  /**
   * The delivery learnt no name (a chat where the visitor gave none): `fields.name` is a
   * placeholder, which the identity rule does not compare and a known lead does not take.
   */
  nameUnknown?: boolean;
  /** When the person asked to be called (a callback request's preferred time). */
  preferredAt?: Date;
  /** A test lead (Google's is_test, the Sources panel's "send a test lead"): stored, never called. */
  test?: boolean;
  /** The person is on a call with the agent as the lead is made (a caller it did not know yet): nobody calls them back for it. */
  onCallWithAgent?: boolean;
  /** What came with the lead that has no field of its own (campaign, form, custom answers), for its timeline. */
  details?: Record<string, string>;
}

/** What became of an inbound lead. */
export interface IntakeOutcome {
  leadId: string;
  /** A new lead was made (otherwise the lead with the same phone or email took the delivery). */
  created: boolean;
  /** The lead made was flagged as a possible duplicate of this one (same contact, another name). */
  possibleDuplicateOf: string | null;
  /** When the agent will call: the first attempt of its cadence (a new one, or the one already open); null when it will not. */
  firstCallAt: Date | null;
  /** Why the agent will not call, or why the call waits, in words (Do Not Call, outside calling hours…); null when it calls as soon as it can. */
  callNote: string | null;
}
