import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/FakeEventSource';
import { stubApi } from '../../../testing/apiStub';
import { aLead } from '../../../testing/leadFixtures';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { aSpeedToLeadReport, someSpeedFigures } from '../../../testing/speedToLeadFixtures';
import { SpeedToLead } from '../../speed-to-lead';
import { useLiveLeadUpdates } from '../hooks/useLiveLeadUpdates';

function DashboardWithSpeedToLead() {
  useLiveLeadUpdates(() => {});
  return <SpeedToLead />;
}

describe('The speed-to-lead panel, live', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the report again when a lead arrives and when a call is placed or connects', async () => {
    let leads = 6;
    const requests = stubApi({
      'GET /api/reports/speed-to-lead': () => Response.json(aSpeedToLeadReport({ overall: someSpeedFigures({ leads }) })),
      'GET /api/leads/stats': () => Response.json({}),
    });
    const reports = () => requests.filter((request) => new URL(request.url).pathname === '/api/reports/speed-to-lead').length;
    const user = userEvent.setup();
    renderWithQueryClient(<DashboardWithSpeedToLead />);
    await user.click(screen.getByRole('button', { name: 'Speed to lead' }));
    const newLeads = async () => (await screen.findByText('New leads', { selector: 'dt' })).nextElementSibling;
    expect(await newLeads()).toHaveTextContent('6');
    act(() => FakeEventSource.latest().open());

    leads = 7;
    act(() => FakeEventSource.latest().emit('lead.created', aLead({ _id: 'lead-new' })));
    await waitFor(async () => expect(await newLeads()).toHaveTextContent('7'));
    expect(reports()).toBe(2);

    act(() =>
      FakeEventSource.latest().emit('call.updated', {
        id: 'call-1', vapiCallId: 'vapi-1', leadId: 'lead-new', type: 'outboundPhoneCall', status: 'in-progress', endedReason: null, customerNumber: '+919820198765',
        startedAt: null, endedAt: null, durationSeconds: null, cost: null, summary: null, transcript: null, recordingUrl: null, structuredData: null,
        structuredOutputs: null, successEvaluation: null, createdAt: '2026-11-10T10:00:00.000Z', updatedAt: '2026-11-10T10:00:00.000Z',
      }),
    );
    await waitFor(() => expect(reports()).toBe(3));
  });
});
