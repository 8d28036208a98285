import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { savedViewFilterSchema, type SavedView, type SavedViewChanges, type SavedViewFilter } from '@lead-desk/contracts';
import type { StaffPrincipal } from '../auth/staff-session';
import { InvalidFieldsException } from '../common/field-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { leadAccessOf } from '../leads/access/lead-access';
import { resolveLeadFilter } from '../leads/lead-list-filter';
import { LeadsRepository } from '../leads/leads.repository';
import { StaffRepository } from '../staff/staff.repository';
import { StagesRepository } from '../stages/stages.repository';
import { TagsRepository } from '../tags/tags.repository';
import { asLeadFilter, stillApplying, type FilterTargets } from './saved-view-filter';
import { SavedViewsRepository, type StoredView } from './saved-views.repository';

/**
 * Saved views: a member of staff's named filters, private or shared with the team. Each
 * is answered with its filter as it still applies and its live count, counted over the
 * leads the viewer may see. Only its author changes or deletes a view; an admin also a
 * shared one. In open mode (nobody signed in) every view is everyone's.
 */
@Injectable()
export class SavedViewsService {
  private readonly targets: FilterTargets;

  constructor(
    private readonly views: SavedViewsRepository,
    private readonly leads: LeadsRepository,
    stages: StagesRepository,
    staff: StaffRepository,
    tags: TagsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.targets = {
      stageOnBoard: async (id) => (await stages.findById(id))?.archived === false,
      staffExists: async (id) => (await staff.findById(id)) !== null,
      tagsInUse: (keys) => tags.inUse(keys),
    };
  }

  async list(staff: StaffPrincipal | undefined): Promise<SavedView[]> {
    const views = await this.views.visibleTo(staff?.id ?? null);
    return Promise.all(views.map((view) => this.present(view, staff)));
  }

  async create(input: { name: string; shared: boolean; filter: SavedViewFilter }, staff: StaffPrincipal | undefined): Promise<SavedView> {
    checkOwnerFilter(input.filter, staff);
    const view = await this.views.create({ name: input.name, shared: input.shared, filter: JSON.stringify(input.filter), ownerId: staff?.id ?? null });
    return this.present(view, staff);
  }

  async update(id: string, changes: SavedViewChanges & { filter?: SavedViewFilter }, staff: StaffPrincipal | undefined): Promise<SavedView> {
    await this.editable(id, staff);
    if (changes.filter) checkOwnerFilter(changes.filter, staff);
    const view = await this.views.update(id, { name: changes.name, shared: changes.shared, filter: changes.filter && JSON.stringify(changes.filter) });
    return this.present(view, staff);
  }

  async delete(id: string, staff: StaffPrincipal | undefined): Promise<void> {
    await this.editable(id, staff);
    await this.views.delete(id);
  }

  /** A view the viewer may change: one they cannot see is a 404, one they can see but not change a 403. */
  private async editable(id: string, staff: StaffPrincipal | undefined): Promise<StoredView> {
    const view = await this.views.findVisible(id, staff?.id ?? null);
    if (!view) throw new NotFoundException(`No saved view with id ${id}.`);
    if (!mayChange(view, staff)) throw new ForbiddenException('Only its author changes this view (an admin too, once it is shared).');
    return view;
  }

  private async present(view: StoredView, staff: StaffPrincipal | undefined): Promise<SavedView> {
    const stored = savedViewFilterSchema.parse(JSON.parse(view.filter));
    const { filter, dropped } = await stillApplying(stored, staff !== undefined, this.targets);
    const count = await this.leads.count(resolveLeadFilter(asLeadFilter(filter), staff?.id ?? null, this.config.APP_TIME_ZONE), leadAccessOf(staff));
    return {
      id: view.id,
      name: view.name,
      shared: view.shared,
      owner: view.owner,
      editable: mayChange(view, staff),
      filter,
      dropped,
      count,
    };
  }
}

function mayChange(view: StoredView, staff: StaffPrincipal | undefined): boolean {
  return !staff || view.ownerId === null || view.ownerId === staff.id || (view.shared && staff.role === 'admin');
}

/** `owner: me` means the author; without one (open mode) it means no one. */
function checkOwnerFilter(filter: SavedViewFilter, staff: StaffPrincipal | undefined): void {
  if (filter.owner === 'me' && !staff) throw new InvalidFieldsException([{ field: 'filter.owner', message: 'me needs a signed-in member of staff' }]);
}
