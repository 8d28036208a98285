import type { CallEligibility } from '@lead-desk/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { aLead } from '../../../testing/leadFixtures';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { LeadCard } from '../components/LeadCard';

const ALLOWED: CallEligibility = { allowed: true, code: null, reason: null, nextAllowedAt: null };

function renderCard(lead = aLead(), highlighted = false) {
  const onCall = vi.fn();
  const onViewDetails = vi.fn();
  renderWithQueryClient(<LeadCard lead={lead} highlighted={highlighted} onCall={onCall} onViewDetails={onViewDetails} />);
  return { card: screen.getByTestId('lead-card'), onCall, onViewDetails };
}

/** GET /api/leads/lead-1/call-eligibility answers this. */
const eligibility = (answer: CallEligibility) => stubApi({ 'GET /api/leads/lead-1/call-eligibility': () => Response.json(answer) });

/** The value shown beside a field's label. */
const field = (card: HTMLElement, label: string) => within(card).getByText(label).closest('div')!.querySelector('dd')!.textContent;

describe('LeadCard', () => {
  beforeEach(() => eligibility(ALLOWED));
  afterEach(() => vi.unstubAllGlobals());

  it('shows every field of the lead, with the budget in Indian rupees', () => {
    const lead = aLead();
    const { card } = renderCard(lead);
    expect(within(card).getByRole('heading', { name: 'Aarav Sharma' })).toBeInTheDocument();
    expect(card).toHaveTextContent('voice bot');
    expect(within(card).getByText('Qualified')).toHaveClass('badge--qualified');
    expect(field(card, 'Phone')).toBe('+919876543210');
    expect(field(card, 'Email')).toBe('aarav@example.in');
    expect(field(card, 'Location')).toBe('Mumbai');
    expect(field(card, 'Property interest')).toBe('3 BHK Apartment');
    expect(field(card, 'Budget')).toBe('₹45,00,000');
    expect(field(card, 'Timeline')).toBe('3 months');
    expect(field(card, 'Loan')).toBe('Needed');
    expect(field(card, 'Created')).toBe(new Date(lead.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
  });

  it('tells staff when the person was erased before at their request, and says nothing otherwise', () => {
    expect(within(renderCard(aLead({ previouslyErased: true })).card).getByRole('note')).toHaveTextContent('Previously erased: this person asked to be erased before');
  });

  it('says nothing of an erasure for a lead that follows none', () => {
    expect(within(renderCard().card).queryByRole('note')).toBeNull();
  });

  it('marks an unqualified lead and the fields it lacks', () => {
    const { card } = renderCard(aLead({ qualified: false, email: null, phone: null, budget: '45 Lakh', loan_needed: null }));
    expect(within(card).getByText('Unqualified')).toHaveClass('badge--unqualified');
    expect(field(card, 'Email')).toBe('Not given');
    expect(field(card, 'Phone')).toBe('Not given');
    expect(field(card, 'Budget')).toBe('₹45 Lakh');
    expect(field(card, 'Loan')).toBe('Not known');
  });

  it('calls the customer and opens the details, naming the lead for screen readers', async () => {
    const user = userEvent.setup();
    const lead = aLead();
    const { onCall, onViewDetails } = renderCard(lead);
    const call = screen.getByRole('button', { name: 'Call To Customer' });
    expect(call).toHaveAccessibleDescription('Aarav Sharma');
    await user.click(call);
    expect(onCall).toHaveBeenCalledWith(lead);
    await user.click(screen.getByRole('button', { name: 'View Details' }));
    expect(onViewDetails).toHaveBeenCalledWith(lead);
  });

  it('disables the call with the reason the calling rules give, before anyone presses', async () => {
    const reason = 'Outside calling hours (09:00-21:00 Asia/Kolkata). Next allowed time: 2026-11-25T03:30:00.000Z (25 Nov 2026, 09:00 Asia/Kolkata).';
    eligibility({ allowed: false, code: 'outside_hours', reason, nextAllowedAt: '2026-11-25T03:30:00.000Z' });
    const { card, onCall } = renderCard();
    expect(await within(card).findByText(reason)).toBeInTheDocument();
    const call = within(card).getByRole('button', { name: 'Call To Customer' });
    expect(call).toBeDisabled();
    expect(call).toHaveAccessibleDescription(`Aarav Sharma ${reason}`);
    await userEvent.setup().click(call);
    expect(onCall).not.toHaveBeenCalled();
  });

  it('does not ask about a lead without a phone: its button still opens the "No phone number found." dialog', async () => {
    const requests = eligibility({ allowed: false, code: 'do_not_call', reason: 'This lead is Do Not Call: x.', nextAllowedAt: null });
    const lead = aLead({ phone: null });
    const { onCall } = renderCard(lead);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Call To Customer' }));
    expect(onCall).toHaveBeenCalledWith(lead);
    expect(requests).toEqual([]);
  });

  it('is marked while highlighted', () => {
    expect(renderCard(aLead(), true).card).toHaveAttribute('data-highlighted', 'true');
  });
});
