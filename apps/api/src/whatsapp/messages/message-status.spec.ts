import { statusAfter } from './message-status';

describe('statusAfter', () => {
  it('moves forward through sent, delivered and read, whatever order Meta reports them in', () => {
    expect(statusAfter('accepted', 'sent')).toBe('sent');
    expect(statusAfter('sent', 'delivered')).toBe('delivered');
    expect(statusAfter('accepted', 'read')).toBe('read');
    expect(statusAfter('read', 'delivered')).toBeNull();
    expect(statusAfter('delivered', 'sent')).toBeNull();
    expect(statusAfter('delivered', 'delivered')).toBeNull();
  });

  it('takes a status for a send whose answer was never recorded (a crash): Meta got it', () => {
    expect(statusAfter('sending', 'sent')).toBe('sent');
    expect(statusAfter('pending', 'delivered')).toBe('delivered');
  });

  it('settles an unconfirmed send (interrupted, its lease over) by whatever Meta reports of it late', () => {
    expect(statusAfter('unconfirmed', 'sent')).toBe('sent');
    expect(statusAfter('unconfirmed', 'read')).toBe('read');
    expect(statusAfter('unconfirmed', 'failed')).toBe('failed');
    expect(statusAfter('sent', 'failed')).toBe('failed');
  });

  it('fails a message not yet delivered; a failure is final, and the person’s messages have no statuses', () => {
    expect(statusAfter('sent', 'failed')).toBe('failed');
    expect(statusAfter('accepted', 'failed')).toBe('failed');
    expect(statusAfter('delivered', 'failed')).toBeNull();
    expect(statusAfter('failed', 'read')).toBeNull();
    expect(statusAfter('received', 'read')).toBeNull();
  });
});
