import type { ActivityData } from '@lead-desk/contracts';
import { activity } from '../../activity/activity-entry';
import type { StoredCallbackCadence } from '../../database/models';
import { attemptsOf, parseCallbackCadence, type CallbackCadence } from './callback-cadence';

/** The steps a cadence was opened with (valid when stored: they came from the configuration). */
export function stepsOf(cadence: Pick<StoredCallbackCadence, 'steps'>): CallbackCadence {
  return parseCallbackCadence(cadence.steps) ?? { text: cadence.steps, steps: [] };
}

/** A `callback` timeline entry about a cadence or one of its attempts: no actor, the agent's doing unless staff's. */
export function cadenceActivity(
  cadence: Pick<StoredCallbackCadence, 'id' | 'leadId' | 'steps'>,
  attempt: number | null,
  event: ActivityData<'callback'>['event'],
  text: string,
  actorId: string | null = null,
) {
  return activity(cadence.leadId, 'callback', { cadenceId: cadence.id, attempt, of: attemptsOf(stepsOf(cadence)), event, text }, actorId);
}
