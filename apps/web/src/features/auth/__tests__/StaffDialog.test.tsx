import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { StaffDialog } from '../components/StaffDialog';

const team = [{ id: 's1', email: 'admin@example.in', name: 'Asha Rao', role: 'admin', createdAt: '2026-05-01T00:00:00.000Z' }];

function renderDialog(addStaff: (request: Request) => Response | Promise<Response>) {
  const requests = stubApi({ 'GET /api/staff': () => Response.json(team), 'POST /api/staff': addStaff });
  renderWithQueryClient(<StaffDialog currentStaffId="s1" onClose={() => undefined} />);
  const form = within(screen.getByRole('heading', { name: 'Add a staff member' }).closest('form')!);
  return { form, requests, user: userEvent.setup(), posted: () => requests.filter((request) => request.method === 'POST') };
}

describe('StaffDialog: adding a staff member', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for what is missing or too short before sending anything', async () => {
    const { form, user, posted } = renderDialog(() => Response.json({}, { status: 500 }));
    await user.type(form.getByLabelText('Password'), '   ');
    await user.click(form.getByRole('button', { name: 'Add staff member' }));
    expect(form.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(form.getByLabelText('Password')).toHaveAccessibleDescription('At least 12 characters; share it with them privately. Password is required');
    expect(form.getByLabelText('Name')).toHaveFocus();

    await user.type(form.getByLabelText('Name'), 'Meera Joshi');
    await user.type(form.getByLabelText('Email'), 'meera@');
    await user.clear(form.getByLabelText('Password'));
    await user.type(form.getByLabelText('Password'), 'short');
    await user.click(form.getByRole('button', { name: 'Add staff member' }));
    expect(form.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'false');
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription('Email must be a valid email address');
    expect(form.getByLabelText('Password')).toHaveAccessibleDescription(/Password must be at least 12 characters$/);
    expect(form.getByLabelText('Email')).toHaveFocus();
    expect(posted()).toHaveLength(0);
  });

  it("shows the API's field error beside its field (its first, when it names the field twice) and focuses it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { form, user } = renderDialog(() =>
      Response.json(
        { statusCode: 400, error: 'Bad Request', message: 'Invalid role: must be admin or agent', errors: [{ field: 'role', message: 'must be admin or agent' }, { field: 'role', message: 'is not a role' }] },
        { status: 400 },
      ),
    );
    await user.type(form.getByLabelText('Name'), 'Meera Joshi');
    await user.type(form.getByLabelText('Email'), 'meera@example.in');
    await user.type(form.getByLabelText('Password'), 'a long enough password');
    await user.click(form.getByRole('button', { name: 'Add staff member' }));
    await waitFor(() => expect(form.getByLabelText('Role')).toHaveAccessibleDescription('Role must be admin or agent'));
    expect(form.getByLabelText('Role')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Role')).toHaveFocus();
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failure that names no field of the form above it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { form, user } = renderDialog(() =>
      Response.json(
        { statusCode: 400, error: 'Bad Request', message: 'Invalid nickname: is not a known field', errors: [{ field: 'nickname', message: 'is not a known field' }] },
        { status: 400 },
      ),
    );
    await user.type(form.getByLabelText('Name'), 'Meera Joshi');
    await user.type(form.getByLabelText('Email'), 'meera@example.in');
    await user.type(form.getByLabelText('Password'), 'a long enough password');
    await user.click(form.getByRole('button', { name: 'Add staff member' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Could not add the account: Invalid nickname: is not a known field');
  });

  it('sends the new member as the API takes it and empties the form', async () => {
    const { form, user, posted } = renderDialog(() =>
      Response.json({ id: 's2', email: 'meera@example.in', name: 'Meera Joshi', role: 'admin', createdAt: '2026-05-03T00:00:00.000Z' }, { status: 201 }),
    );
    await user.type(form.getByLabelText('Name'), ' Meera Joshi ');
    await user.type(form.getByLabelText('Email'), ' Meera@Example.in ');
    await user.selectOptions(form.getByLabelText('Role'), 'Admin');
    await user.type(form.getByLabelText('Password'), 'a long enough password');
    await user.click(form.getByRole('button', { name: 'Add staff member' }));
    await waitFor(() => expect(form.getByLabelText('Name')).toHaveValue(''));
    expect(await posted()[0].json()).toEqual({ name: 'Meera Joshi', email: 'meera@example.in', role: 'admin', password: 'a long enough password' });
    expect(form.getByLabelText('Role')).toHaveValue('agent');
  });
});
