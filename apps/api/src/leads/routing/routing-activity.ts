import { activity, type NewActivity } from '../../activity/activity-entry';
import type { RoutableAgent } from './round-robin';

/** The `assigned` entries of leads round-robin gave an owner (actor: routing, null); an unrouted lead has none. */
export function routingActivity(leads: { id: string; owner: RoutableAgent | null }[]): NewActivity[] {
  return leads.flatMap(({ id, owner }) => (owner ? [activity(id, 'assigned', { from: null, to: { id: owner.id, name: owner.name }, by: 'round-robin' })] : []));
}
