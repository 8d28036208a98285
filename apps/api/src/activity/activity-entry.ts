import type { ActivityData, LeadActivityType } from '@lead-desk/contracts';

/** An entry about to be appended to a lead's activity log, its data shaped by its type. */
export type NewActivity = {
  [Type in LeadActivityType]: {
    leadId: string;
    type: Type;
    data: ActivityData<Type>;
    /** The member of staff who made the change; null for the voice agent, routing and open mode. */
    actorId: string | null;
  };
}[LeadActivityType];

/** One entry, typed by its kind, so its data always has the shape the contract gives that kind. */
export function activity<Type extends LeadActivityType>(
  leadId: string,
  type: Type,
  data: ActivityData<Type>,
  actorId: string | null = null,
): Extract<NewActivity, { type: Type }> {
  return { leadId, type, data, actorId } as Extract<NewActivity, { type: Type }>;
}
