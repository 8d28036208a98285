import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LeadFilterButtons } from '../components/LeadFilterButtons';

describe('LeadFilterButtons', () => {
  it('shows each filter with its count and presses the current one', async () => {
    const onChange = vi.fn();
    render(<LeadFilterButtons status="qualified" counts={{ all: 41, qualified: 25, unqualified: 16 }} onChange={onChange} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['All Leads (41)', 'Qualified (25)', 'Unqualified (16)']);
    expect(screen.getByRole('button', { name: 'Qualified (25)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All Leads (41)' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unqualified (16)' }));
    expect(onChange).toHaveBeenCalledWith('unqualified');
  });

  it('leaves the counts out until they are known', () => {
    render(<LeadFilterButtons status="all" counts={undefined} onChange={vi.fn()} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['All Leads', 'Qualified', 'Unqualified']);
  });
});
