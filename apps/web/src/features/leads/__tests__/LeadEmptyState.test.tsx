import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LeadEmptyState } from '../components/LeadEmptyState';

describe('LeadEmptyState', () => {
  it('names the search that found nothing', () => {
    render(<LeadEmptyState query="Goa villa" onAddLead={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'No leads found' })).toBeInTheDocument();
    expect(screen.getByText('No leads match "Goa villa"')).toBeInTheDocument();
  });

  it('blames the filter without a search, and offers to add the first lead', async () => {
    const onAddLead = vi.fn();
    render(<LeadEmptyState query="" onAddLead={onAddLead} />);
    expect(screen.getByText('No leads match the current filter')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add Your First Lead' }));
    expect(onAddLead).toHaveBeenCalled();
  });
});
