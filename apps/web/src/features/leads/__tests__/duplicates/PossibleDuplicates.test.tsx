import type { LeadActivity } from '@lead-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aDuplicateLead, aMergePreview, aPair } from '../../../../testing/duplicateFixtures';
import { renderWithQueryClient } from '../../../../testing/renderWithQueryClient';
import { PossibleDuplicates } from '../../components/duplicates/PossibleDuplicates';
import { LeadDetailsDialog } from '../../components/LeadDetailsDialog';
import { LEAD, requestsTo, stubDetailsApi } from '../details/detailsApi';

const NEWER = aPair();
const OLDER = aPair({
  id: 'pair-0',
  reason: 'gmail_variant',
  detectedAt: '2026-05-18T08:00:00.000Z',
  lead: aDuplicateLead({ _id: 'lead-4', name: 'Kavya Menon', email: 'kavyamenon@gmail.com', phone: null, location: null, source: 'chat bot', archived: true }),
  other: aDuplicateLead({ _id: 'lead-3', name: 'Kavya Menon', email: 'kavya.menon@gmail.com', phone: '+919845012345' }),
});

/** GET /api/leads/duplicates as the API pages it: newest first, the next page in the Link header. */
function pages(request: Request) {
  if (new URL(request.url).searchParams.get('cursor') === 'after-pair-1') return Response.json([OLDER]);
  return Response.json([NEWER], { headers: { Link: '</api/leads/duplicates?limit=20&cursor=after-pair-1>; rel="next"' } });
}

const pairCard = (name: RegExp | string) => screen.getByRole('article', { name });

async function openPanel() {
  const user = userEvent.setup();
  renderWithQueryClient(<PossibleDuplicates />);
  await user.click(screen.getByRole('button', { name: 'Possible duplicates' }));
  const panel = await screen.findByRole('dialog', { name: 'Possible duplicates' });
  return { user, panel };
}

describe('Possible duplicates', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the pairs newest first, why in words, both leads side by side, a page at a time', async () => {
    const requests = stubDetailsApi({}, { 'GET /api/leads/duplicates': pages });
    const { user, panel } = await openPanel();
    const first = await within(panel).findByRole('article', { name: 'Rahul Verma and Aarav Sharma' });
    expect(first).toHaveTextContent('Possible duplicate: same phone');
    // The lead written first on the left, the one flagged after it on the right.
    const [earlier, later] = first.querySelectorAll('.duplicate-pair__lead');
    expect(earlier).toHaveTextContent('Aarav Sharma');
    expect(earlier).toHaveTextContent('+919876543210');
    expect(earlier).toHaveTextContent('aarav@example.in');
    expect(earlier).toHaveTextContent('Mumbai');
    expect(earlier).toHaveTextContent('voice bot');
    expect(later).toHaveTextContent('Rahul Verma');
    expect(later).toHaveTextContent('Pune');
    expect(later).toHaveTextContent('web form');
    expect(new URL(requestsTo(requests, 'GET /api/leads/duplicates')[0].url).search).toBe('?limit=20');

    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    const second = await within(panel).findByRole('article', { name: 'Kavya Menon and Kavya Menon' });
    expect(second).toHaveTextContent('Possible duplicate: Gmail variant');
    expect(second).toHaveTextContent('Archived');
    expect(second).toHaveTextContent('PhoneNot given');
    expect(within(panel).getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual(['Rahul Verma and Aarav Sharma', 'Kavya Menon and Kavya Menon']);
    expect(within(panel).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('"Not the same person" dismisses the pair: it leaves the list, and the panel says so', async () => {
    const requests = stubDetailsApi({}, { 'GET /api/leads/duplicates': () => Response.json([NEWER, OLDER]), 'POST /api/leads/duplicates/pair-1/dismiss': () => new Response(null, { status: 204 }) });
    const { user, panel } = await openPanel();
    await user.click(within(await within(panel).findByRole('article', { name: 'Rahul Verma and Aarav Sharma' })).getByRole('button', { name: 'Not the same person' }));
    await waitFor(() => expect(within(panel).queryByRole('article', { name: 'Rahul Verma and Aarav Sharma' })).not.toBeInTheDocument());
    expect(within(panel).getByRole('status')).toHaveTextContent('Rahul Verma and Aarav Sharma are not the same person: the pair is gone from the list.');
    expect(within(panel).getByRole('list')).toHaveFocus();
    expect(within(panel).getByRole('article', { name: 'Kavya Menon and Kavya Menon' })).toBeInTheDocument();
    expect(requestsTo(requests, 'POST /api/leads/duplicates/pair-1/dismiss')).toHaveLength(1);
  });

  it('says why a dismissal failed and keeps the pair', async () => {
    stubDetailsApi({}, {
      'GET /api/leads/duplicates': () => Response.json([NEWER]),
      'POST /api/leads/duplicates/pair-1/dismiss': () => Response.json({ statusCode: 404, error: 'Not Found', message: 'No possible duplicate with id pair-1.' }, { status: 404 }),
    });
    const { user, panel } = await openPanel();
    await user.click(within(await within(panel).findByRole('article', { name: 'Rahul Verma and Aarav Sharma' })).getByRole('button', { name: 'Not the same person' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The pair could not be dismissed: No possible duplicate with id pair-1.');
    expect(pairCard('Rahul Verma and Aarav Sharma')).toBeInTheDocument();
  });

  it('opens either lead over the panel', async () => {
    stubDetailsApi({}, { 'GET /api/leads/duplicates': () => Response.json([NEWER]) });
    const { user, panel } = await openPanel();
    await user.click(within(await within(panel).findByRole('article', { name: 'Rahul Verma and Aarav Sharma' })).getByRole('button', { name: 'Open Aarav Sharma' }));
    // Only its id and name are known: the rest is read (lead-1's details answer as Sanjay's fixture).
    const details = await screen.findByRole('dialog', { name: 'Sanjay Kulkarni' });
    expect(await within(details).findByText('No calls yet.')).toBeInTheDocument();
  });

  it('"Merge…" opens the merge of the later lead into the earlier one', async () => {
    const requests = stubDetailsApi({}, { 'GET /api/leads/duplicates': () => Response.json([NEWER]), 'GET /api/leads/merge-preview': () => Response.json(aMergePreview()) });
    const { user, panel } = await openPanel();
    await user.click(within(await within(panel).findByRole('article', { name: 'Rahul Verma and Aarav Sharma' })).getByRole('button', { name: 'Merge…' }));
    expect(await screen.findByRole('dialog', { name: 'Merge leads' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(requests, 'GET /api/leads/merge-preview')).toHaveLength(1));
    expect(Object.fromEntries(new URL(requestsTo(requests, 'GET /api/leads/merge-preview')[0].url).searchParams)).toEqual({ keepId: 'lead-1', mergeId: 'lead-2' });
  });

  it('says when there are none', async () => {
    stubDetailsApi({}, { 'GET /api/leads/duplicates': () => Response.json([]) });
    const { panel } = await openPanel();
    expect(await within(panel).findByText('No possible duplicates.')).toBeInTheDocument();
  });
});

describe("A lead's own possible duplicates in its details", { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  const flagged: LeadActivity = { id: 'a2', leadId: 'lead-1', type: 'possible_duplicate', at: '2026-05-20T11:00:00.000Z', actor: null, data: { pairId: 'pair-1', otherLeadId: 'lead-2', reason: 'same_phone' } };

  it("shows the lead's pairs with the same actions, this lead marked, and the timeline's entry leads to its pair", async () => {
    const pair = aPair({ other: aDuplicateLead({ _id: 'lead-1', name: 'Sanjay Kulkarni' }) });
    const requests = stubDetailsApi({ activity: [flagged] }, { 'GET /api/leads/duplicates': () => Response.json([pair]) });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Possible duplicates' });
    const card = within(section).getByRole('article', { name: 'Rahul Verma and Sanjay Kulkarni' });
    expect(card).toHaveTextContent('This lead');
    expect(within(card).getByRole('button', { name: 'Open Rahul Verma' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Open Sanjay Kulkarni' })).not.toBeInTheDocument();
    expect(Object.fromEntries(new URL(requestsTo(requests, 'GET /api/leads/duplicates')[0].url).searchParams)).toEqual({ limit: '20', leadId: 'lead-1' });

    const entry = await within(screen.getByRole('region', { name: 'Activity' })).findByText(/^Possible duplicate of another lead/);
    await user.click(within(entry.closest('li')!).getByRole('button', { name: 'Show the pair' }));
    expect(card).toHaveFocus();
  });

  it('shows nothing for a lead without possible duplicates, and no link on its entry once the pair is gone', async () => {
    stubDetailsApi({ activity: [flagged] });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const entry = await within(await screen.findByRole('region', { name: 'Activity' })).findByText(/^Possible duplicate of another lead/);
    expect(within(entry.closest('li')!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Possible duplicates' })).not.toBeInTheDocument();
  });
});
