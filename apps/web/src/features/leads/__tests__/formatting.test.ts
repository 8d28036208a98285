import { describe, expect, it } from 'vitest';
import { nextLink } from '../../../lib/nextLink';
import { aLead } from '../../../testing/leadFixtures';
import { formatBudget } from '../utils/formatBudget';
import { formatDuration } from '../utils/formatDateTime';
import { leadMatchesView } from '../utils/leadMatchesView';
import { monthOverMonth } from '../utils/monthOverMonth';

describe('formatBudget', () => {
  it.each([
    [4500000, '₹45,00,000'],
    [18500000, '₹1,85,00,000'],
    [999, '₹999'],
    ['4500000', '₹45,00,000'],
    ['45,00,000', '₹45,00,000'],
    ['45 Lakh', '₹45 Lakh'],
    ['2.5 Cr', '₹2.5 Cr'],
    ['₹80 Lakh', '₹80 Lakh'],
    ['flexible', 'flexible'],
    [null, null],
  ])('shows %o as %o', (budget, shown) => {
    expect(formatBudget(budget)).toBe(shown);
  });
});

describe('monthOverMonth', () => {
  it.each([
    [19, 20, '-5% from last month'],
    [28, 25, '+12% from last month'],
    [10, 10, '0% from last month'],
    [3, 0, 'No data last month'],
    [0, 0, 'No data last month'],
    [0, 4, '-100% from last month'],
  ])('%i this month against %i last month reads "%s"', (thisMonth, lastMonth, text) => {
    expect(monthOverMonth(thisMonth, lastMonth)).toBe(text);
  });
});

describe('formatDuration', () => {
  it.each([
    [45, '45 s'],
    [192.5, '3 min 13 s'],
    [60, '1 min 0 s'],
  ])('reads %o seconds as %o', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('nextLink', () => {
  it('reads the next page from the Link header', () => {
    expect(nextLink('</api/leads?limit=50&cursor=abc>; rel="next"')).toBe('/api/leads?limit=50&cursor=abc');
    expect(nextLink('</a>; rel="prev", </b>; rel="next"')).toBe('/b');
    expect(nextLink(null)).toBeNull();
    expect(nextLink('</a>; rel="prev"')).toBeNull();
  });
});

describe('leadMatchesView', () => {
  const lead = aLead({ name: 'Priya Iyer', email: 'priya@example.in', location: 'Bengaluru', qualified: false });
  it('applies the filter', () => {
    expect(leadMatchesView(lead, { status: 'all', q: '' })).toBe(true);
    expect(leadMatchesView(lead, { status: 'unqualified', q: '' })).toBe(true);
    expect(leadMatchesView(lead, { status: 'qualified', q: '' })).toBe(false);
  });
  it('searches name, email and location case-insensitively, as the server does', () => {
    expect(leadMatchesView(lead, { status: 'all', q: 'IYER' })).toBe(true);
    expect(leadMatchesView(lead, { status: 'all', q: 'priya@' })).toBe(true);
    expect(leadMatchesView(lead, { status: 'all', q: 'galuru' })).toBe(true);
    expect(leadMatchesView(lead, { status: 'all', q: 'Mumbai' })).toBe(false);
  });
  it('finds a phone number by its digits in any writing, as the server does', () => {
    const caller = aLead({ name: 'Aarav Sharma', email: null, location: null, phone: '+919845012345' });
    for (const q of ['98450', '098450 12345', '+91 98450-12345', '(984) 501']) expect(leadMatchesView(caller, { status: 'all', q })).toBe(true);
    for (const q of ['+44 98450', '98451', '45']) expect(leadMatchesView(caller, { status: 'all', q })).toBe(false);
  });
  it('applies the source in any case and the creation days, both included, as the viewer’s days', () => {
    // Midday UTC is the same calendar day in every zone from UTC-11 to UTC+11.
    const fromFacebook = aLead({ source: 'Facebook', createdAt: '2026-05-15T12:00:00.000Z' });
    expect(leadMatchesView(fromFacebook, { status: 'all', q: '', source: 'Facebook' })).toBe(true);
    expect(leadMatchesView(fromFacebook, { status: 'all', q: '', source: 'FACEBOOK' })).toBe(true);
    expect(leadMatchesView(fromFacebook, { status: 'all', q: '', source: 'Face' })).toBe(false);
    expect(leadMatchesView(fromFacebook, { status: 'all', q: '', createdFrom: '2026-05-15', createdTo: '2026-05-15' })).toBe(true);
    expect(leadMatchesView(fromFacebook, { status: 'all', q: '', createdFrom: '2026-05-16' })).toBe(false);
    expect(leadMatchesView(fromFacebook, { status: 'all', q: '', createdTo: '2026-05-14' })).toBe(false);
  });
  it('applies the stage and owner filters (me: the viewer) and leaves archived leads out', () => {
    const owned = aLead({ stage: { id: 'stage-contacted', name: 'Contacted', kind: 'open' }, owner: { id: 's1', name: 'Asha Rao', email: 'asha@example.in' } });
    expect(leadMatchesView(owned, { status: 'all', q: '', stage: 'stage-contacted' })).toBe(true);
    expect(leadMatchesView(owned, { status: 'all', q: '', stage: 'stage-new' })).toBe(false);
    expect(leadMatchesView(owned, { status: 'all', q: '', owner: 'me' }, 's1')).toBe(true);
    expect(leadMatchesView(owned, { status: 'all', q: '', owner: 'me' }, 's2')).toBe(false);
    expect(leadMatchesView(owned, { status: 'all', q: '', owner: 's1' })).toBe(true);
    expect(leadMatchesView(owned, { status: 'all', q: '', owner: 'none' })).toBe(false);
    expect(leadMatchesView(lead, { status: 'all', q: '', owner: 'none' })).toBe(true);
    expect(leadMatchesView({ ...lead, archived: true }, { status: 'all', q: '' })).toBe(false);
  });
});
