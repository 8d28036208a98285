import { taskTimelineText, taskTimeText } from './task-timeline-text';

const clock = { now: new Date('2026-11-28T06:00:00Z'), timeZone: 'Asia/Kolkata' };
const visit = { type: 'site_visit' as const, dueAt: new Date('2026-11-29T05:30:00Z'), propertyName: 'Skyline Residency 2BHK' };
const call = { type: 'call' as const, dueAt: new Date('2026-11-30T04:30:00Z'), propertyName: null };

describe('taskTimelineText', () => {
  it('says who booked a visit, when and where, in the team’s time zone', () => {
    expect(taskTimelineText({ event: 'created', assigneeName: 'Ravi Kumar' }, visit, clock, 'call-7f3a')).toBe(
      'Site visit booked for Sun 29 Nov, 11:00 at Skyline Residency 2BHK by the agent during call call-7f3a; assigned to Ravi Kumar',
    );
    expect(taskTimelineText({ event: 'created', assigneeName: null }, call, clock, null)).toBe('Call scheduled for Mon 30 Nov, 10:00; not assigned yet');
  });

  it('says what changed: the time, the assignee, other fields, done with its outcome, cancelled and back', () => {
    expect(taskTimelineText({ event: 'rescheduled', from: new Date('2026-11-28T11:30:00Z') }, visit, clock, null)).toBe(
      'Site visit at Skyline Residency 2BHK moved from Sat 28 Nov, 17:00 to Sun 29 Nov, 11:00',
    );
    expect(taskTimelineText({ event: 'reassigned', from: 'Ravi Kumar', to: null }, call, clock, null)).toBe('Call of Mon 30 Nov, 10:00 reassigned from Ravi Kumar to nobody');
    expect(taskTimelineText({ event: 'edited', fields: ['notes', 'end time'] }, call, clock, null)).toBe('Call of Mon 30 Nov, 10:00: notes, end time changed');
    expect(taskTimelineText({ event: 'completed', outcome: 'Liked it; wants a second look with family' }, visit, clock, null)).toBe(
      'Site visit of Sun 29 Nov, 11:00 at Skyline Residency 2BHK done: Liked it; wants a second look with family',
    );
    expect(taskTimelineText({ event: 'completed', outcome: null }, call, clock, null)).toBe('Call of Mon 30 Nov, 10:00 done');
    expect(taskTimelineText({ event: 'cancelled' }, call, clock, 'call-9')).toBe('Call of Mon 30 Nov, 10:00 cancelled by the agent during call call-9');
    expect(taskTimelineText({ event: 'restored' }, call, clock, null)).toBe('Call of Mon 30 Nov, 10:00 brought back');
    expect(taskTimelineText({ event: 'reopened' }, call, clock, null)).toBe('Call of Mon 30 Nov, 10:00 opened again');
  });

  it('names the year of a time outside this one, and the local day across midnight UTC', () => {
    expect(taskTimeText(new Date('2027-01-04T05:00:00Z'), clock)).toBe('Mon 4 Jan 2027, 10:30');
    // 19:00 UTC on the 28th is half past midnight on the 29th in Kolkata.
    expect(taskTimeText(new Date('2026-11-28T19:00:00Z'), clock)).toBe('Sun 29 Nov, 00:30');
  });
});
