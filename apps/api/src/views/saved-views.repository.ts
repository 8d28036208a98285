import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';

const WITH_OWNER = { owner: { select: { id: true, name: true } } } as const;

/** The only place that queries saved views. */
@Injectable()
export class SavedViewsRepository {
  constructor(private readonly database: Database) {}

  /**
   * The views a member of staff sees: their own, the shared ones and those saved in open
   * mode (no author); with nobody signed in (open mode), every view. By name.
   */
  visibleTo(staffId: string | null) {
    return this.database.client.savedView.findMany({
      where: staffId === null ? {} : { OR: [{ ownerId: staffId }, { shared: true }, { ownerId: null }] },
      include: WITH_OWNER,
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    });
  }

  async findVisible(id: string, staffId: string | null) {
    const view = await this.database.client.savedView.findUnique({ where: { id }, include: WITH_OWNER });
    const visible = view && (staffId === null || view.ownerId === staffId || view.shared || view.ownerId === null);
    return visible ? view : null;
  }

  create(data: { name: string; shared: boolean; filter: string; ownerId: string | null }) {
    return this.database.client.savedView.create({ data, include: WITH_OWNER });
  }

  update(id: string, data: { name?: string; shared?: boolean; filter?: string }) {
    return this.database.client.savedView.update({ where: { id }, data, include: WITH_OWNER });
  }

  async delete(id: string): Promise<void> {
    await this.database.client.savedView.delete({ where: { id } });
  }
}

export type StoredView = Awaited<ReturnType<SavedViewsRepository['create']>>;
