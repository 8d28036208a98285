import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { BulkAction, JobCreated, ParsedBulkRequest } from '@lead-desk/contracts';
import type { StaffPrincipal } from '../../auth/staff-session';
import { InvalidFieldsException, type FieldError } from '../../common/field-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Database } from '../../database/database';
import type { TransactionClient } from '../../database/prisma-client';
import { leadAccessOf } from '../../leads/access/lead-access';
import { assertMayAssignTo } from '../../leads/access/owner-assignment';
import { resolveLeadFilter } from '../../leads/lead-list-filter';
import { LeadsRepository } from '../../leads/leads.repository';
import { StaffRepository } from '../../staff/staff.repository';
import { StagesRepository } from '../../stages/stages.repository';
import { asLeadFilter } from '../../views/saved-view-filter';
import { JobRunner } from '../job-runner';
import { JobsRepository } from '../jobs.repository';

/** The most ids a 400 names of those the requester cannot use. */
const NAMED_IDS = 10;

/**
 * POST /api/leads/bulk: checks the action, fixes the selection (the ids, or every lead the
 * filter selects now, of those the requester may see) in the transaction that makes the
 * job, and schedules it in that same transaction. An export needs no batches: its job
 * succeeds at once and its CSV is read from the selection.
 */
@Injectable()
export class BulkJobsService {
  constructor(
    private readonly database: Database,
    private readonly jobs: JobsRepository,
    private readonly leads: LeadsRepository,
    private readonly stages: StagesRepository,
    private readonly staff: StaffRepository,
    private readonly runner: JobRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(request: ParsedBulkRequest, staff: StaffPrincipal | undefined): Promise<JobCreated> {
    const { action } = request;
    // As GET /api/leads/export.csv: exporting leads is an admin's.
    if (action.type === 'export' && staff?.role === 'agent') throw new ForbiddenException('Only admins export leads.');
    const access = leadAccessOf(staff);
    // As PATCH /api/leads/:id: an agent gives leads only to themselves or to nobody.
    if (action.type === 'assign') assertMayAssignTo(access, action.ownerId, 'action.ownerId');
    await this.checkAction(action);
    const actorId = staff?.id ?? null;
    const exportNow = action.type === 'export';
    return this.database.transaction(async (db) => {
      const job = await this.jobs.create({ kind: 'bulk', action, createdById: actorId, status: exportNow ? 'succeeded' : 'queued' }, db);
      let total: number;
      if (request.ids) {
        await this.checkIds(request.ids, access, db);
        await this.jobs.addItems(job.id, request.ids, db);
        total = request.ids.length;
      } else {
        const filter = resolveLeadFilter(asLeadFilter(request.filter!), actorId, this.config.APP_TIME_ZONE);
        total = await this.jobs.addMatchingItems(job.id, await this.leads.listConditions(filter, access), db);
      }
      await this.jobs.setTotal(job.id, total, exportNow, db);
      if (!exportNow) await this.runner.schedule(job.id, db);
      return { id: job.id, total };
    });
  }

  /** What the single edit refuses, refused up front: an unknown or archived stage, a lost stage without a reason, an unknown owner. */
  private async checkAction(action: BulkAction): Promise<void> {
    const errors: FieldError[] = [];
    if (action.type === 'stage') {
      const stage = await this.stages.findById(action.stageId);
      if (!stage) errors.push({ field: 'action.stageId', message: 'is not a stage of the pipeline' });
      else if (stage.archived) errors.push({ field: 'action.stageId', message: 'is an archived stage' });
      else if (stage.kind === 'lost' && !action.lostReason) errors.push({ field: 'action.lostReason', message: 'is required to move a lead to a lost stage' });
      else if (stage.kind !== 'lost' && action.lostReason) errors.push({ field: 'action.lostReason', message: 'is only kept for a lead in a lost stage' });
    }
    if (action.type === 'assign' && action.ownerId !== null && !(await this.staff.findById(action.ownerId))) {
      errors.push({ field: 'action.ownerId', message: 'is not a member of staff' });
    }
    if (errors.length > 0) throw new InvalidFieldsException(errors);
  }

  /** Leads that do not exist and leads out of the requester's sight are refused alike (an agent learns nothing of a colleague's leads). */
  private async checkIds(ids: string[], access: ReturnType<typeof leadAccessOf>, db: TransactionClient): Promise<void> {
    const visible = await this.leads.visibleIds(ids, access, db);
    const unknown = ids.filter((id) => !visible.has(id));
    if (unknown.length === 0) return;
    const more = unknown.length > NAMED_IDS ? ` and ${unknown.length - NAMED_IDS} more` : '';
    throw new InvalidFieldsException([{ field: 'ids', message: `names leads that do not exist or are not yours to change: ${unknown.slice(0, NAMED_IDS).join(', ')}${more}` }]);
  }
}
