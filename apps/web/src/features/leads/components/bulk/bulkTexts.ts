import type { BulkAction, Job } from '@lead-desk/contracts';

/** Counts as the team reads them (2,431; 1,00,000). */
export const formatCount = (count: number) => count.toLocaleString('en-IN');

const leads = (count: number) => `${formatCount(count)} ${count === 1 ? 'lead' : 'leads'}`;
const tagList = (tags: string[]) => `${tags.length === 1 ? 'tag' : 'tags'} ${tags.join(', ')}`;

/** An action and the names its ids stand for, as the bar chose it. */
export interface BulkActionChoice {
  action: BulkAction;
  /** The new owner's or stage's name. */
  targetName?: string;
}

/** What a bulk action does to `count` leads, in one sentence: "Change stage of 2,431 leads to Contacted". */
export function describeBulkAction({ action, targetName }: BulkActionChoice, count: number): string {
  switch (action.type) {
    case 'assign':
      return action.ownerId === null ? `Unassign ${leads(count)}` : `Assign ${leads(count)} to ${targetName ?? action.ownerId}`;
    case 'stage':
      return `Change stage of ${leads(count)} to ${targetName ?? action.stageId}`;
    case 'addTags':
      return `Add ${tagList(action.tags)} to ${leads(count)}`;
    case 'removeTags':
      return `Remove ${tagList(action.tags)} from ${leads(count)}`;
    case 'archive':
      return `Archive ${leads(count)}`;
    case 'unarchive':
      return `Restore ${leads(count)} from the archive`;
    case 'export':
      return `Export ${leads(count)}`;
  }
}

/** The end of a job: "2,431 changed, 12 skipped"; an export changes nothing, it writes each lead it read. */
export function jobSummary(job: Pick<Job, 'action' | 'processed' | 'changed' | 'skipped'>): string {
  if (job.action?.type === 'export') return `${leads(job.processed)} exported`;
  return `${formatCount(job.changed)} changed, ${formatCount(job.skipped)} skipped`;
}
