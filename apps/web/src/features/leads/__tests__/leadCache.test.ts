import type { Lead } from '@lead-desk/contracts';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { aLead } from '../../../testing/leadFixtures';
import { placeLeadInLists } from '../api/leadCache';
import { leadKeys } from '../api/leadQueryKeys';
import type { LeadPage, LeadView } from '../types';

const older = aLead({ _id: 'a', name: 'Older', qualified: true, createdAt: '2026-05-01T00:00:00.000Z' });
const newer = aLead({ _id: 'b', name: 'Newer', qualified: false, createdAt: '2026-05-03T00:00:00.000Z' });

function cacheWith(view: LeadView, pages: LeadPage[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<InfiniteData<LeadPage, string>>(leadKeys.list(view), { pages, pageParams: pages.map((_, i) => `page-${i}`) });
  const read = () => queryClient.getQueryData<InfiniteData<LeadPage, string>>(leadKeys.list(view))!;
  return { queryClient, names: () => read().pages.flatMap((page) => page.leads.map((lead) => lead.name)), total: () => read().pages[0].total };
}

const page = (leads: Lead[], total: number, next: string | null = null): LeadPage => ({ leads, total, next });

describe('placeLeadInLists', () => {
  it('puts a new lead where the server would list it and counts it', () => {
    const cache = cacheWith({ status: 'all', q: '' }, [page([newer, older], 2)]);
    placeLeadInLists(cache.queryClient, aLead({ _id: 'c', name: 'Newest', createdAt: '2026-05-04T00:00:00.000Z' }), true);
    placeLeadInLists(cache.queryClient, aLead({ _id: 'd', name: 'Middle', createdAt: '2026-05-02T00:00:00.000Z' }), true);
    expect(cache.names()).toEqual(['Newest', 'Newer', 'Middle', 'Older']);
    expect(cache.total()).toBe(4);
  });

  it('leaves a lead out of lists it does not match', () => {
    const cache = cacheWith({ status: 'qualified', q: 'mumbai' }, [page([older], 1)]);
    placeLeadInLists(cache.queryClient, aLead({ _id: 'c', qualified: false, createdAt: '2026-05-04T00:00:00.000Z' }), true);
    placeLeadInLists(cache.queryClient, aLead({ _id: 'd', qualified: true, location: 'Pune', createdAt: '2026-05-04T00:00:00.000Z' }), true);
    expect(cache.names()).toEqual(['Older']);
    expect(cache.total()).toBe(1);
  });

  it('counts a new lead that sorts beyond the loaded pages without showing it yet', () => {
    const cache = cacheWith({ status: 'all', q: '' }, [page([newer], 80, '/api/leads?cursor=x')]);
    placeLeadInLists(cache.queryClient, aLead({ _id: 'c', name: 'Ancient', createdAt: '2020-01-01T00:00:00.000Z' }), true);
    expect(cache.names()).toEqual(['Newer']);
    expect(cache.total()).toBe(81);
  });

  it('replaces a changed lead in place, and takes it out of a list it no longer matches', () => {
    const all = cacheWith({ status: 'all', q: '' }, [page([newer, older], 2)]);
    const unqualified = cacheWith({ status: 'unqualified', q: '' }, [page([newer], 1)]);
    for (const cache of [all, unqualified]) placeLeadInLists(cache.queryClient, { ...newer, name: 'Newer, now qualified', qualified: true }, false);
    expect(all.names()).toEqual(['Newer, now qualified', 'Older']);
    expect(all.total()).toBe(2);
    expect(unqualified.names()).toEqual([]);
    expect(unqualified.total()).toBe(0);
  });

  it('does not list the same lead twice when it is announced again', () => {
    const cache = cacheWith({ status: 'all', q: '' }, [page([older], 1)]);
    placeLeadInLists(cache.queryClient, newer, true);
    placeLeadInLists(cache.queryClient, newer, true);
    expect(cache.names()).toEqual(['Newer', 'Older']);
    expect(cache.total()).toBe(2);
  });
});
