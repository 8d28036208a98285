import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leadPage, stubApi } from '../../testing/apiStub';
import { SAMPLE_PROPERTIES } from '../../testing/propertyFixtures';
import { App } from '../App';

const STATS = { total: 0, qualified: 0, unqualified: 0, thisMonth: 0, lastMonth: 0, unqualifiedThisMonth: 0, unqualifiedLastMonth: 0, processedToday: 0 };

/** The API of an empty dashboard in open mode, plus the voice settings a test gives. */
function stubDashboardApi(voiceConfig: unknown) {
  return stubApi({
    'GET /api/auth/me': () => Response.json({ authMode: 'open', staff: null, csrfToken: null }),
    'GET /api/leads': () => leadPage([]),
    'GET /api/leads/stats': () => Response.json(STATS),
    'GET /api/leads/stats/daily': () => Response.json([]),
    'GET /api/voice/config': () => Response.json(voiceConfig),
    'GET /api/properties': () => Response.json(SAMPLE_PROPERTIES),
    'GET /api/calendar': () => Response.json({ from: '2026-11-23', to: '2026-11-29', timeZone: 'UTC', agents: [], truncated: false }),
  });
}

describe('App', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lays out the banner, the main content and both halves with headings in order', async () => {
    stubDashboardApi({ publicKey: null, assistantId: null, apiBaseUrl: null });
    render(<App />);
    await screen.findByText('Demo mode: the staff dashboard is open');
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

  it('lets the dashboard take the whole width, first on the page, and remembers it; two halves by default', async () => {
    stubDashboardApi({ publicKey: null, assistantId: null, apiBaseUrl: null });
    const user = userEvent.setup();
    const { unmount } = render(<App />);
    await screen.findByText('Demo mode: the staff dashboard is open');
    const toggle = screen.getByRole('button', { name: 'Full width' });
    const halvesInOrder = () => within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('main')).toHaveAttribute('data-dashboard-width', 'half');
    expect(halvesInOrder()).toEqual(['Customer Property Demo', 'Real eState Admin Dashboard']);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('main')).toHaveAttribute('data-dashboard-width', 'full');
    expect(halvesInOrder()).toEqual(['Real eState Admin Dashboard', 'Customer Property Demo']);

    unmount();
    render(<App />);
    expect(screen.getByRole('button', { name: 'Full width' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Full width' }));
    expect(halvesInOrder()).toEqual(['Customer Property Demo', 'Real eState Admin Dashboard']);
  });

  it('opens the text chat from "Chat with AI", while "Talk to Agent" keeps starting the voice call', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const requests = stubDashboardApi({ publicKey: 'pk', assistantId: null, apiBaseUrl: null });
    const user = userEvent.setup();
    render(<App />);
    const paths = () => requests.map((request) => new URL(request.url).pathname);

    await user.click(screen.getByRole('button', { name: 'Chat with AI' }));
    const chat = await screen.findByRole('dialog', { name: 'Chat with AI' });
    expect(within(chat).getByRole('textbox', { name: 'Your message' })).toHaveFocus();
    expect(paths()).not.toContain('/api/voice/config');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Chat with AI' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: /Talk to Agent/ }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Assistant or Squad or Workflow must be provided.'));
    expect(paths()).toContain('/api/voice/config');
  });
});
