import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { sessionKey, signOut } from '../api/authApi';
import { SignInForm } from '../components/SignInForm';

describe('SignInForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for both fields before sending anything', async () => {
    const requests = stubApi({});
    const user = userEvent.setup();
    renderWithQueryClient(<SignInForm />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it("shows the API's answer to wrong credentials", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ 'POST /api/auth/sign-in': () => Response.json({ statusCode: 401, error: 'Unauthorized', message: 'Wrong email or password.' }, { status: 401 }) });
    const user = userEvent.setup();
    renderWithQueryClient(<SignInForm />);
    await user.type(screen.getByLabelText('Email'), 'admin@example.in');
    await user.type(screen.getByLabelText('Password'), 'not the password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.');
  });

  it("shows the API's field errors beside the fields they name and focuses the first", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({
      'POST /api/auth/sign-in': () =>
        Response.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Invalid email, password: must be at most 254 characters; must be at most 200 characters',
            errors: [
              { field: 'password', message: 'must be at most 200 characters' },
              { field: 'email', message: 'must be at most 254 characters' },
            ],
          },
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    renderWithQueryClient(<SignInForm />);
    await user.type(screen.getByLabelText('Email'), 'admin@example.in');
    await user.type(screen.getByLabelText('Password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email must be at most 254 characters'));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password must be at most 200 characters');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs in and keeps the session with its CSRF token for later changes', async () => {
    const session = { authMode: 'staff', staff: { id: 's1', email: 'admin@example.in', name: 'Administrator', role: 'admin' }, csrfToken: 'csrf-1' };
    const requests = stubApi({
      'POST /api/auth/sign-in': () => Response.json(session),
      'POST /api/auth/sign-out': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    const { queryClient } = renderWithQueryClient(<SignInForm />);
    await user.type(screen.getByLabelText('Email'), ' admin@example.in ');
    await user.type(screen.getByLabelText('Password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(queryClient.getQueryData(sessionKey)).toEqual(session));
    expect(await requests[0].json()).toEqual({ email: 'admin@example.in', password: 'a long enough password' });

    // The next change made with the cookie carries the token.
    await signOut();
    expect(requests[1].headers.get('X-CSRF-Token')).toBe('csrf-1');
  });
});
