import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../testing/FakeEventSource';
import { subscribeToLiveEvents, type LiveEventSubscriber } from '../liveEventStream';

const subscriber = (types: LiveEventSubscriber['types']) => ({ types, onEvent: vi.fn(), onReconnected: vi.fn(), onStopped: vi.fn() });
const TASK = { id: 't1', leadId: 'l1' };

describe('subscribeToLiveEvents', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens one stream for every subscriber, hands each only its types, and closes it after the last leaves', () => {
    const leads = subscriber(['lead.removed']);
    const tasks = subscriber(['task.created', 'task.updated']);
    const leaveLeads = subscribeToLiveEvents(leads);
    const leaveTasks = subscribeToLiveEvents(tasks);
    expect(FakeEventSource.instances).toHaveLength(1);
    const stream = FakeEventSource.latest();
    expect(stream.url).toBe('/api/events');

    stream.emit('task.created', TASK);
    stream.emit('lead.removed', { id: 'l2' });
    expect(tasks.onEvent).toHaveBeenCalledExactlyOnceWith({ type: 'task.created', data: TASK });
    expect(leads.onEvent).toHaveBeenCalledExactlyOnceWith({ type: 'lead.removed', data: { id: 'l2' } });

    leaveLeads();
    expect(stream.readyState).not.toBe(FakeEventSource.CLOSED);
    leaveTasks();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
    subscribeToLiveEvents(subscriber(['lead.created']))();
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('tells every subscriber when the server closes the stream, connects again after a while, and says so once it is back', () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tasks = subscriber(['task.updated']);
    const leave = subscribeToLiveEvents(tasks);
    FakeEventSource.latest().open();
    expect(tasks.onReconnected).not.toHaveBeenCalled();

    FakeEventSource.latest().refuse();
    expect(tasks.onStopped).toHaveBeenCalledOnce();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('Live updates stopped'));
    vi.advanceTimersByTime(5000);
    expect(FakeEventSource.instances).toHaveLength(2);
    FakeEventSource.latest().open();
    expect(tasks.onReconnected).toHaveBeenCalledOnce();
    FakeEventSource.latest().emit('task.updated', TASK);
    expect(tasks.onEvent).toHaveBeenCalledOnce();
    leave();
  });
});
