import { createHash } from 'node:crypto';
import type { ConsentEvidence } from '@lead-desk/contracts';
import type { ValidCallbackRequest } from './inputs/callback-request.pipe';

export const CALLBACK_FORM = 'Request a callback';

/** Where a callback request came from, as the request shows it. */
export interface RequestOrigin {
  address: string;
  /** The page the form was on (its Referer, without query or fragment), when the browser said. */
  page: string | null;
  userAgent: string | null;
}

/**
 * What proves the consents given with a callback request (to be called, and to WhatsApp when ticked): the form, the page, when, the
 * request as submitted, the client's address as a salted hash (enough to tell two
 * submissions apart or match a complaint, not to read the address back) and the browser.
 */
export function callbackConsentEvidence(request: ValidCallbackRequest, origin: RequestOrigin, submittedAt: Date, salt: string): ConsentEvidence {
  return {
    kind: 'web_form',
    submission: {
      form: CALLBACK_FORM,
      page: origin.page,
      submittedAt: submittedAt.toISOString(),
      addressHash: createHash('sha256').update(`${salt}:${origin.address}`).digest('hex'),
      userAgent: origin.userAgent,
      name: request.name,
      phone: request.phone,
      email: request.email,
      preferredTime: request.preferredAt?.toISOString() ?? null,
      property: request.property?.name ?? null,
      consent: true,
      whatsappOptIn: request.whatsappOptInWording !== null,
    },
  };
}

/** The Referer as evidence: origin and path only (a query may carry anything). */
export function pageOf(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return `${url.origin}${url.pathname}`.slice(0, 500);
  } catch {
    // Not a URL: the browser said nothing usable about the page.
    return null;
  }
}
