import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { WebhookInboxDialog } from '../components/WebhookInboxDialog';
import type { WebhookEvent } from '@lead-desk/contracts';

const FAILED: WebhookEvent = {
  id: 'event-1',
  channel: 'vapi',
  externalId: null,
  type: 'end-of-call-report',
  vapiCallId: 'vapi-call-1',
  status: 'failed',
  receivedAt: '2026-11-20T10:00:00.000Z',
  processedAt: null,
  attempts: 5,
  error: 'simulated failure',
  payload: { type: 'end-of-call-report', call: { id: 'vapi-call-1' } },
};
const UNATTRIBUTABLE: WebhookEvent = { ...FAILED, id: 'event-2', type: 'status-update', vapiCallId: null, status: 'unattributable', attempts: 0, error: null, payload: { type: 'status-update', status: 'ringing' } };

describe('WebhookInboxDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows failed deliveries with their error and message, and replays one', async () => {
    let failed = [FAILED];
    const requests = stubApi({
      'GET /api/webhooks/events': (request) =>
        Response.json({ events: new URL(request.url).searchParams.get('status') === 'failed' ? failed : [UNATTRIBUTABLE], nextCursor: null }),
      'POST /api/webhooks/events/event-1/replay': () => {
        failed = [];
        return Response.json({ outcome: 'processed', event: { ...FAILED, status: 'processed', processedAt: '2026-11-20T10:05:00.000Z' } });
      },
    });
    const user = userEvent.setup();
    renderWithQueryClient(<WebhookInboxDialog onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Webhook inbox' });
    const event = await within(dialog).findByRole('article');
    expect(within(event).getByRole('heading')).toHaveTextContent('end-of-call-report');
    expect(within(event).getByText('Error', { selector: 'dt' }).nextElementSibling).toHaveTextContent('simulated failure');
    expect(within(event).getByText('Attempts', { selector: 'dt' }).nextElementSibling).toHaveTextContent('5');
    expect(within(event).getByText('Call', { selector: 'dt' }).nextElementSibling).toHaveTextContent('vapi-call-1');
    expect(event).toHaveTextContent('"id": "vapi-call-1"');

    await user.click(within(event).getByRole('button', { name: 'Replay end-of-call-report' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Replayed: the message was applied.');
    expect(await within(dialog).findByText('No failed deliveries.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST').map((request) => new URL(request.url).pathname)).toEqual(['/api/webhooks/events/event-1/replay']);
  });

  it('switches to messages without a call, and says a replay cannot attribute them', async () => {
    stubApi({
      'GET /api/webhooks/events': (request) => Response.json({ events: new URL(request.url).searchParams.get('status') === 'failed' ? [] : [UNATTRIBUTABLE], nextCursor: null }),
      'POST /api/webhooks/events/event-2/replay': () => Response.json({ outcome: 'unattributable', event: UNATTRIBUTABLE }),
    });
    const user = userEvent.setup();
    renderWithQueryClient(<WebhookInboxDialog onClose={vi.fn()} />);
    expect(await screen.findByText('No failed deliveries.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Not attributable' }));
    expect(screen.getByRole('button', { name: 'Not attributable' })).toHaveAttribute('aria-pressed', 'true');
    const event = await screen.findByRole('article');
    expect(within(event).getByText('Call', { selector: 'dt' }).nextElementSibling).toHaveTextContent('none');
    await user.click(within(event).getByRole('button', { name: 'Replay status-update' }));
    expect(await screen.findByRole('status')).toHaveTextContent('the message still names no call');
  });

  it('pages with the cursor the API gave, and shows a refused replay', async () => {
    const requests = stubApi({
      'GET /api/webhooks/events': (request) =>
        new URL(request.url).searchParams.get('cursor') === 'next-1'
          ? Response.json({ events: [{ ...FAILED, id: 'event-3', type: 'status-update' }], nextCursor: null })
          : Response.json({ events: [FAILED], nextCursor: 'next-1' }),
      'POST /api/webhooks/events/event-1/replay': () => Response.json({ statusCode: 409, error: 'Conflict', message: 'This webhook event has been processed already.' }, { status: 409 }),
    });
    const user = userEvent.setup();
    renderWithQueryClient(<WebhookInboxDialog onClose={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((request) => new URL(request.url).search)).toEqual(['?status=failed&limit=20', '?status=failed&limit=20&cursor=next-1']);
    await user.click(screen.getByRole('button', { name: 'Replay end-of-call-report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not replay the event: This webhook event has been processed already.');
  });
});
