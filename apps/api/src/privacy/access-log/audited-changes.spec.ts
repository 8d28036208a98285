import { activity } from '../../activity/activity-entry';
import { ASKED_ON_A_CALL, MARKED_IN_AN_IMPORT } from '../../compliance/do-not-call-reasons';
import { auditedChanges } from './audited-changes';

describe('auditedChanges', () => {
  const byOf = (entry: Parameters<typeof auditedChanges>[0][number]) => auditedChanges([entry])[0].details?.by;

  it('names staff whenever a member of staff made the change', () => {
    expect(byOf(activity('l', 'do_not_call_changed', { doNotCall: true, reason: MARKED_IN_AN_IMPORT }, 'staff-1'))).toBe('staff');
    expect(byOf(activity('l', 'consent_given', { consentId: 'c', channel: 'import', purpose: 'calls' }, 'staff-1'))).toBe('staff');
  });

  it('without one, names where the change came from: the caller, an import, or staff in open mode', () => {
    expect(byOf(activity('l', 'do_not_call_changed', { doNotCall: true, reason: ASKED_ON_A_CALL }))).toBe('call');
    expect(byOf(activity('l', 'do_not_call_changed', { doNotCall: true, reason: MARKED_IN_AN_IMPORT }))).toBe('import');
    expect(byOf(activity('l', 'do_not_call_changed', { doNotCall: false, reason: null }))).toBe('staff');
    expect(byOf(activity('l', 'consent_given', { consentId: 'c', channel: 'voice_call', purpose: 'calls' }))).toBe('call');
    expect(byOf(activity('l', 'consent_given', { consentId: 'c', channel: 'import', purpose: 'calls' }))).toBe('import');
    expect(byOf(activity('l', 'consent_withdrawn', { consentId: 'c', via: 'import' }))).toBe('import');
    expect(byOf(activity('l', 'consent_withdrawn', { consentId: 'c', via: 'voice_call' }))).toBe('call');
  });

  it('leaves other entries out of the access log', () => {
    expect(auditedChanges([activity('l', 'note_added', { noteId: 'n' })])).toEqual([]);
  });
});
