import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { aLead } from '../../../testing/leadFixtures';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { AddLeadDialog } from '../components/AddLeadDialog';

function renderForm() {
  const onAdded = vi.fn();
  const onClose = vi.fn();
  renderWithQueryClient(<AddLeadDialog onClose={onClose} onAdded={onAdded} />);
  return { onAdded, onClose, user: userEvent.setup() };
}

/** The message shown beside a field (its accessible description). */
const messageOf = (label: string) => screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent).join(' ');

describe('AddLeadDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('has every field of a lead, only the name required', () => {
    renderForm();
    expect(screen.getByRole('dialog', { name: 'Add Lead' })).toBeInTheDocument();
    for (const label of ['Name', 'Email', 'Phone', 'Location', 'Property interest', 'Budget', 'Timeline', 'Loan needed', 'Qualified']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-required');
  });

  it('shows what to fix beside each field and sends nothing', async () => {
    const requests = stubApi({});
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(messageOf('Name')).toBe('Name is required');
    expect(messageOf('Email')).toBe('Email must be a valid email address');
    expect(messageOf('Phone')).toContain('Phone is not a valid phone number');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(requests).toHaveLength(0);

    await user.type(screen.getByLabelText('Name'), 'Kavya');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'false');
  });

  it("shows the API's field errors beside the fields they name", async () => {
    stubApi({
      'POST /api/leads': () =>
        Response.json(
          { statusCode: 400, error: 'Bad Request', message: 'Invalid phone: is not a valid phone number', errors: [{ field: 'phone', message: 'is not a valid phone number' }] },
          { status: 400 },
        ),
    });
    const { user, onAdded } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Kavya Nair');
    await user.type(screen.getByLabelText('Phone'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    await waitFor(() => expect(messageOf('Phone')).toContain('Phone is not a valid phone number'));
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Phone')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onAdded).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Phone'), '9');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'false');
  });

  it('focuses the first field the API names, in the order the form shows them', async () => {
    stubApi({
      'POST /api/leads': () =>
        Response.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Invalid budget, email: must be at most 100 characters; must be a valid email address',
            errors: [
              { field: 'budget', message: 'must be at most 100 characters' },
              { field: 'email', message: 'must be a valid email address' },
            ],
          },
          { status: 400 },
        ),
    });
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Kavya Nair');
    await user.type(screen.getByLabelText('Email'), 'kavya@example.in');
    await user.type(screen.getByLabelText('Budget'), '45 Lakh');
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    await waitFor(() => expect(messageOf('Email')).toBe('Email must be a valid email address'));
    expect(messageOf('Budget')).toBe('In rupees (4500000) or as you say it (45 Lakh) Budget must be at most 100 characters');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('shows a field error for a field the form does not have above the form', async () => {
    stubApi({
      'POST /api/leads': () =>
        Response.json(
          { statusCode: 400, error: 'Bad Request', message: 'Invalid source: is not a known field', errors: [{ field: 'source', message: 'is not a known field' }] },
          { status: 400 },
        ),
    });
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Kavya Nair');
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The lead could not be added: Invalid source: is not a known field');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'false');
  });

  it('sends the lead as the API takes it and reports it added', async () => {
    const created = aLead({ _id: 'new-lead', name: 'Kavya Nair' });
    const requests = stubApi({ 'POST /api/leads': () => Response.json(created, { status: 201 }) });
    const { user, onAdded } = renderForm();
    await user.type(screen.getByLabelText('Name'), '  Kavya Nair ');
    await user.type(screen.getByLabelText('Email'), 'kavya@example.in');
    await user.type(screen.getByLabelText('Budget'), '45,00,000');
    await user.type(screen.getByLabelText('Location'), 'Kochi');
    await user.selectOptions(screen.getByLabelText('Loan needed'), 'Yes');
    await user.click(screen.getByLabelText('Qualified'));
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(created));
    expect(await requests[0].json()).toEqual({ name: 'Kavya Nair', email: 'kavya@example.in', location: 'Kochi', budget: 4500000, loan_needed: true, qualified: true });
  });

  it('keeps a budget in words as text', async () => {
    const requests = stubApi({ 'POST /api/leads': () => Response.json(aLead(), { status: 201 }) });
    const { user, onAdded } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Kavya Nair');
    await user.type(screen.getByLabelText('Budget'), '45 Lakh');
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(await requests[0].json()).toEqual({ name: 'Kavya Nair', budget: '45 Lakh', qualified: false });
  });

  it('shows a failure that names no field above the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ 'POST /api/leads': () => Response.json({ statusCode: 503, message: 'The database is unavailable.' }, { status: 503 }) });
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Kavya Nair');
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The lead could not be added: The database is unavailable.');
  });
});
