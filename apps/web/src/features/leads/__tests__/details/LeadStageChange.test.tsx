import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../../../testing/renderWithQueryClient';
import { LeadDetailsDialog } from '../../components/LeadDetailsDialog';
import { LEAD, requestsTo, STAGES, stubDetailsApi } from './detailsApi';

/** PATCH as the server answers it: the stage named by id, a lost stage only with its reason. */
function patchLead(request: Request) {
  return request.json().then((changes: { stageId?: string; lostReason?: string }) => {
    const stage = STAGES.find((candidate) => candidate.id === changes.stageId)!;
    if (stage.kind === 'lost' && !changes.lostReason) {
      return Response.json({ statusCode: 400, error: 'Bad Request', message: 'Invalid lostReason', errors: [{ field: 'lostReason', message: 'is required to move a lead to a lost stage' }] }, { status: 400 });
    }
    const { id, name, kind } = stage;
    return Response.json({ ...LEAD, stage: { id, name, kind }, lostReason: changes.lostReason ?? null, version: LEAD.version + 1 });
  });
}

describe('Moving a lead to another stage', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('moves it at once to an open stage, against the version shown; archived stages are not offered', async () => {
    const requests = stubDetailsApi({}, { 'PATCH /api/leads/lead-1': patchLead });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const stage = screen.getByLabelText('Stage');
    await waitFor(() => expect(stage).toBeEnabled());
    expect([...(stage as HTMLSelectElement).options].map((option) => option.text)).toEqual(['New', 'Contacted', 'Booked', 'Lost']);

    await user.selectOptions(stage, 'Contacted');
    await waitFor(() => expect(stage).toHaveValue('stage-contacted'));
    const [patch] = requestsTo(requests, 'PATCH /api/leads/lead-1');
    expect(patch.headers.get('If-Match')).toBe('"3"');
    expect(await patch.json()).toEqual({ stageId: 'stage-contacted' });
  });

  it('asks for a lost reason before moving it to a lost stage, and shows the reason after', async () => {
    const requests = stubDetailsApi({}, { 'PATCH /api/leads/lead-1': patchLead });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText('Stage')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Stage'), 'Lost');

    // Nothing is sent until there is a reason.
    await user.click(screen.getByRole('button', { name: 'Move to Lost' }));
    expect(screen.getByLabelText('Lost reason')).toHaveAccessibleDescription(/Lost reason is required/);
    expect(requestsTo(requests, 'PATCH /api/leads/lead-1')).toHaveLength(0);

    await user.type(screen.getByLabelText('Lost reason'), 'Bought a flat elsewhere');
    await user.click(screen.getByRole('button', { name: 'Move to Lost' }));
    await waitFor(() => expect(screen.queryByLabelText('Lost reason')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Stage')).toHaveValue('stage-lost');
    expect(screen.getByText('Lost reason: Bought a flat elsewhere')).toBeInTheDocument();
    const [patch] = requestsTo(requests, 'PATCH /api/leads/lead-1');
    expect(await patch.json()).toEqual({ stageId: 'stage-lost', lostReason: 'Bought a flat elsewhere' });
  });

  it('leaves the lead where it was when the lost reason is cancelled', async () => {
    const requests = stubDetailsApi();
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText('Stage')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Stage'), 'Lost');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Stage')).toHaveValue('stage-new');
    expect(requestsTo(requests, 'PATCH /api/leads/lead-1')).toHaveLength(0);
  });
});
