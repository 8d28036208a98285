import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';

describe('App', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lays out the banner, the main content and both halves with headings in order', () => {
    render(<App />);
    expect(screen.getByRole('banner')).toHaveTextContent('Lead Desk');
    expect(screen.getByRole('button', { name: 'Dark theme' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('region', { name: 'Customer Property Demo' })).toBeInTheDocument();
    expect(within(main).getByRole('region', { name: 'Real eState Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');

    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.slice(1).forEach((level, index) => expect(level - levels[index]).toBeLessThanOrEqual(1));
  });

  it('starts the same voice conversation from "Chat with AI" as from the call button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = vi.fn(async () => Response.json({ publicKey: 'pk', assistantId: null, apiBaseUrl: null }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<App />);

    await user.click(screen.getByRole('button', { name: 'Chat with AI' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Assistant or Squad or Workflow must be provided.'));
    expect(screen.getByRole('button', { name: /Try Again/ })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/voice/config', expect.anything());
  });
});
