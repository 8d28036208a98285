import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aLead } from '../../../testing/leadFixtures';
import { LeadCard } from '../components/LeadCard';

function renderCard(lead = aLead(), highlighted = false) {
  const onCall = vi.fn();
  const onViewDetails = vi.fn();
  render(<LeadCard lead={lead} highlighted={highlighted} onCall={onCall} onViewDetails={onViewDetails} />);
  return { card: screen.getByTestId('lead-card'), onCall, onViewDetails };
}

/** The value shown beside a field's label. */
const field = (card: HTMLElement, label: string) => within(card).getByText(label).closest('div')!.querySelector('dd')!.textContent;

describe('LeadCard', () => {
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

  it('is marked while highlighted', () => {
    expect(renderCard(aLead(), true).card).toHaveAttribute('data-highlighted', 'true');
  });
});
