import type { LeadActivity, LeadMerge } from '@lead-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aDuplicateLead, aMergePreview, aPair } from '../../../../testing/duplicateFixtures';
import { aLead } from '../../../../testing/leadFixtures';
import { renderWithQueryClient } from '../../../../testing/renderWithQueryClient';
import { MergeLeadsDialog } from '../../components/duplicates/MergeLeadsDialog';
import { LeadDetailsDialog } from '../../components/LeadDetailsDialog';
import { LEAD, requestsTo, stubDetailsApi } from '../details/detailsApi';

const KEPT = aLead({ _id: 'lead-1', name: 'Aarav Sharma', version: 6, location: 'Pune' });
const RESTORED = aLead({ _id: 'lead-2', name: 'Rahul Verma', version: 2 });
const MERGE: LeadMerge = {
  id: 'merge-1',
  keptLeadId: 'lead-1',
  mergedLeadId: 'lead-2',
  at: '2026-05-21T10:00:00.000Z',
  by: null,
  undoUntil: '2026-06-20T10:00:00.000Z',
  undoneAt: null,
};

function renderMerge() {
  const onClose = vi.fn();
  renderWithQueryClient(<MergeLeadsDialog keep={aDuplicateLead()} merge={aDuplicateLead({ _id: 'lead-2', name: 'Rahul Verma' })} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

const fieldset = (label: string) => screen.getByRole('group', { name: new RegExp(`^${label}`) });

describe('Merging two leads', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every field side by side, the differing ones marked with a choice defaulting to the proposal, and what moves', async () => {
    stubDetailsApi({}, { 'GET /api/leads/merge-preview': () => Response.json(aMergePreview()) });
    renderMerge();
    const dialog = await screen.findByRole('dialog', { name: 'Merge leads' });
    await within(dialog).findByRole('button', { name: 'Merge' });
    expect(fieldset('Name')).toHaveTextContent('Differs');
    expect(within(fieldset('Name')).getByRole('radio', { name: 'Aarav Sharma (kept lead)' })).toBeChecked();
    expect(within(fieldset('Name')).getByRole('radio', { name: 'Rahul Verma (merged lead)' })).not.toBeChecked();
    // Where the kept lead has nothing, the merged lead's value is proposed.
    expect(within(fieldset('Location')).getByRole('radio', { name: 'Not given (kept lead)' })).not.toBeChecked();
    expect(within(fieldset('Location')).getByRole('radio', { name: 'Pune (merged lead)' })).toBeChecked();
    expect(within(fieldset('Budget')).getByRole('radio', { name: '₹45,00,000 (kept lead)' })).toBeChecked();
    expect(within(fieldset('Owner')).getByRole('radio', { name: 'Unassigned (kept lead)' })).not.toBeChecked();
    expect(within(fieldset('Owner')).getByRole('radio', { name: 'Riya Das (merged lead)' })).toBeChecked();
    expect(within(fieldset('Stage')).getByRole('radio', { name: 'Contacted (merged lead)' })).toBeInTheDocument();
    // Fields alike are shown once, without a choice.
    expect(screen.queryByRole('group', { name: /^Phone/ })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Phone+919876543210 (The same on both)');
    expect(dialog).toHaveTextContent('LoanNeeded (The same on both)');
    const moves = within(screen.getByRole('region', { name: 'What moves to the kept lead' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(moves).toEqual(['2 calls', '1 note', '1 consent', '4 timeline entries', '1 task', 'Tags: Hot', 'Do Not Call: the kept lead will not be called']);
  });

  it('merges with the versions the preview showed and the choices made, then offers Undo until its date', async () => {
    const requests = stubDetailsApi(
      {},
      {
        'GET /api/leads/merge-preview': () => Response.json(aMergePreview()),
        'POST /api/leads/merge': () => Response.json({ merge: MERGE, lead: KEPT }),
        'POST /api/leads/merges/merge-1/undo': () => Response.json({ merge: { ...MERGE, undoneAt: '2026-05-21T10:05:00.000Z' }, kept: aLead({ _id: 'lead-1', name: 'Aarav Sharma', version: 7 }), restored: RESTORED }),
      },
    );
    const { user, onClose } = renderMerge();
    await user.click(await screen.findByRole('radio', { name: 'Rahul Verma (merged lead)' }));
    await user.click(screen.getByRole('radio', { name: 'Unassigned (kept lead)' }));
    await user.click(screen.getByRole('button', { name: 'Merge' }));

    expect(await screen.findByText('Rahul Verma was merged into Aarav Sharma.')).toBeInTheDocument();
    const [post] = requestsTo(requests, 'POST /api/leads/merge');
    expect(await post.json()).toEqual({
      keepId: 'lead-1',
      mergeId: 'lead-2',
      keepVersion: 5,
      mergeVersion: 2,
      choose: { name: 'merged', email: 'kept', location: 'merged', source: 'kept', budget: 'kept', stage: 'kept', owner: 'kept' },
    });
    const undo = screen.getByRole('button', { name: 'Undo merge' });
    expect(undo).toHaveAccessibleDescription(/^You can undo it until .+2026/);

    await user.click(undo);
    expect(await screen.findByText('The merge was undone: Rahul Verma and Aarav Sharma are back as they were.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST /api/leads/merges/merge-1/undo')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Undo merge' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledWith(null);
  });

  it('tells the caller about a merge that stands when it closes', async () => {
    stubDetailsApi({}, { 'GET /api/leads/merge-preview': () => Response.json(aMergePreview()), 'POST /api/leads/merge': () => Response.json({ merge: MERGE, lead: KEPT }) });
    const { user, onClose } = renderMerge();
    await user.click(await screen.findByRole('button', { name: 'Merge' }));
    await screen.findByText('Rahul Verma was merged into Aarav Sharma.');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith({ merge: MERGE, lead: KEPT });
  });

  it('a lead changed since the preview (412): nothing merged, the preview read again, the merge made against the new versions', async () => {
    let preview = aMergePreview();
    const requests = stubDetailsApi(
      {},
      {
        'GET /api/leads/merge-preview': () => Response.json(preview),
        'POST /api/leads/merge': async (request) => {
          const body = await request.json();
          if (body.keepVersion !== preview.kept.version) return Response.json({ statusCode: 412, error: 'Precondition Failed', message: 'Lead lead-1 has changed since the preview.' }, { status: 412 });
          return Response.json({ merge: MERGE, lead: KEPT });
        },
      },
    );
    const { user } = renderMerge();
    await user.click(await screen.findByRole('radio', { name: 'Rahul Verma (merged lead)' }));
    // A colleague sets Aarav's location meanwhile.
    preview = aMergePreview({
      kept: { ...preview.kept, location: 'Thane', version: 6 },
      fields: preview.fields.map((field) => (field.field === 'location' ? { ...field, kept: 'Thane', proposed: 'kept' } : field)),
    });
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('One of the leads was changed after this preview was read, so nothing was merged.');
    expect(await screen.findByRole('radio', { name: 'Thane (kept lead)' })).toBeChecked();
    // The choices start again from the new preview's proposals.
    expect(screen.getByRole('radio', { name: 'Aarav Sharma (kept lead)' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Rahul Verma was merged into Aarav Sharma.')).toBeInTheDocument();
    const posts = requestsTo(requests, 'POST /api/leads/merge');
    expect(posts).toHaveLength(2);
    expect((await posts[1].json()).keepVersion).toBe(6);
  });

  it('can keep the other lead instead', async () => {
    const requests = stubDetailsApi({}, { 'GET /api/leads/merge-preview': () => Response.json(aMergePreview()) });
    const { user } = renderMerge();
    await screen.findByRole('button', { name: 'Merge' });
    await user.click(screen.getByRole('button', { name: 'Keep the other lead instead' }));
    await waitFor(() => expect(requestsTo(requests, 'GET /api/leads/merge-preview')).toHaveLength(2));
    expect(Object.fromEntries(new URL(requestsTo(requests, 'GET /api/leads/merge-preview')[1].url).searchParams)).toEqual({ keepId: 'lead-2', mergeId: 'lead-1' });
  });
});

describe('Merging from the details of the lead merged away', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the kept lead once the merge dialog closes: the one it was opened on is part of it now', async () => {
    const aarav = aLead({ _id: 'lead-7', name: 'Aarav Sharma' });
    const pair = aPair({ lead: aDuplicateLead({ _id: 'lead-1', name: LEAD.name }), other: aDuplicateLead({ _id: 'lead-7' }) });
    stubDetailsApi(
      {},
      {
        'GET /api/leads/duplicates': () => Response.json([pair]),
        'GET /api/leads/merge-preview': () => Response.json(aMergePreview({ kept: aarav, merged: LEAD })),
        'POST /api/leads/merge': () => Response.json({ merge: { ...MERGE, keptLeadId: 'lead-7', mergedLeadId: 'lead-1' }, lead: aarav }),
        'GET /api/leads/lead-7': () => Response.json({ ...aarav, calls: [] }),
      },
    );
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('region', { name: 'Possible duplicates' })).getByRole('button', { name: 'Merge…' }));
    await user.click(await screen.findByRole('button', { name: 'Merge' }));
    await screen.findByText('Sanjay Kulkarni was merged into Aarav Sharma.');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('dialog', { name: 'Aarav Sharma' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Sanjay Kulkarni' })).not.toBeInTheDocument();
  });
});

describe("A merge on the kept lead's timeline", { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const mergedEntry = (at: string, mergeId = 'merge-1'): LeadActivity => ({ id: `entry-${mergeId}`, leadId: 'lead-1', type: 'merged', at, actor: null, data: { mergeId, mergedLeadId: 'lead-2' } });
  const timeline = () => screen.findByRole('region', { name: 'Activity' });

  it('offers Undo for 30 days, and undoes the merge', async () => {
    const at = new Date(Date.now() - 29 * 86_400_000).toISOString();
    const requests = stubDetailsApi(
      { activity: [mergedEntry(at)] },
      { 'POST /api/leads/merges/merge-1/undo': () => Response.json({ merge: { ...MERGE, undoneAt: new Date().toISOString() }, kept: LEAD, restored: RESTORED }) },
    );
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const entry = (await within(await timeline()).findByText('Another lead was merged into this one')).closest('li')!;
    await userEvent.setup().click(within(entry).getByRole('button', { name: 'Undo merge' }));
    await waitFor(() => expect(requestsTo(requests, 'POST /api/leads/merges/merge-1/undo')).toHaveLength(1));
  });

  it('offers no Undo after 30 days, nor once the merge was undone', async () => {
    const undone: LeadActivity = { id: 'a10', leadId: 'lead-1', type: 'merge_undone', at: new Date().toISOString(), actor: null, data: { mergeId: 'merge-1', restoredLeadId: 'lead-2' } };
    stubDetailsApi({ activity: [mergedEntry(new Date().toISOString(), 'merge-2'), undone, mergedEntry(new Date(Date.now() - 86_400_000).toISOString())] });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const entries = await within(await timeline()).findAllByText('Another lead was merged into this one');
    // The newest merge (merge-2) can be undone; merge-1 was.
    expect(within(entries[0].closest('li')!).getByRole('button', { name: 'Undo merge' })).toBeInTheDocument();
    expect(within(entries[1].closest('li')!).queryByRole('button', { name: 'Undo merge' })).not.toBeInTheDocument();
  });

  it('offers no Undo for a merge older than 30 days', async () => {
    stubDetailsApi({ activity: [mergedEntry(new Date(Date.now() - 31 * 86_400_000).toISOString())] });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const entry = (await within(await timeline()).findByText('Another lead was merged into this one')).closest('li')!;
    expect(within(entry).queryByRole('button')).not.toBeInTheDocument();
  });
});
