import { DateTime } from 'luxon';
import { callerVariables } from './caller-variables';

const ZONE = 'Asia/Kolkata';
const NOW = DateTime.fromISO('2026-11-27T10:00', { zone: ZONE }).toJSDate();
const lead = { name: 'Sanjay Kulkarni', interestedIn: '3 BHK Apartment', location: 'Pune', budgetAmount: null, budgetText: '95 Lakh' };

describe('callerVariables', () => {
  it("gives the prompt a known caller's first name, interest, last call and booked visit", () => {
    const nextVisit = { dueAt: DateTime.fromISO('2026-11-28T11:00', { zone: ZONE }).toJSDate(), propertyName: 'Skyline Residency 2BHK', siteVisitAddress: 'Site office, Andheri West', assigneeName: 'Ravi Kumar' };
    expect(callerVariables({ lead, lastCallSummary: 'Wants a 3 BHK.', nextVisit }, NOW, ZONE)).toEqual({
      knownCaller: 'yes',
      firstName: 'Sanjay',
      lastInterest: '3 BHK Apartment, in Pune, budget 95 Lakh',
      lastCallSummary: 'Wants a 3 BHK.',
      bookedVisit: 'tomorrow at 11 am at Skyline Residency 2BHK (Site office, Andheri West) with Ravi Kumar',
    });
  });

  it('leaves out what is not known, so the prompt says its defaults; an unnamed caller has no first name', () => {
    expect(callerVariables({ lead: { name: 'Unknown caller', interestedIn: null, location: null, budgetAmount: 8_500_000, budgetText: null }, lastCallSummary: null, nextVisit: null }, NOW, ZONE)).toEqual({
      knownCaller: 'yes',
      lastInterest: 'budget 85,00,000 rupees',
    });
  });
});
