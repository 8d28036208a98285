import type { Stage } from '../database/models';

/** The stage a booked visit moves a lead to, when the pipeline has a stage of that name. */
export const SITE_VISIT_SCHEDULED = 'site visit scheduled';

const byPosition = (a: Stage, b: Stage) => a.position - b.position || a.id.localeCompare(b.id);

/** The pipeline's "Site Visit Scheduled" stage (its name in any case, spaces trimmed), or null when it has none. */
export function siteVisitScheduledStage(stages: Stage[]): Stage | null {
  return stages.find((stage) => stage.name.trim().toLowerCase() === SITE_VISIT_SCHEDULED) ?? null;
}

/**
 * Where a lead could go once its site visit is done: the first stage on the board after "Site
 * Visit Scheduled" (not archived). Null when the pipeline has no such stage, or when the lead is
 * there already, beyond it, or won or lost.
 */
export function stageAfterSiteVisit(stages: Stage[], leadStageId: string): Stage | null {
  const scheduled = siteVisitScheduledStage(stages);
  if (!scheduled) return null;
  const next = [...stages].sort(byPosition).find((stage) => !stage.archived && byPosition(stage, scheduled) > 0);
  const current = stages.find((stage) => stage.id === leadStageId);
  if (!next || !current || current.kind !== 'open' || byPosition(current, next) >= 0) return null;
  return next;
}
