import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { NewStage, Stage, StageChanges } from '@lead-desk/contracts';
import { InvalidFieldsException } from '../common/field-errors';
import type { Stage as StageRecord } from '../database/models';
import { LiveEventsService } from '../events/live-events.service';
import { StagesRepository } from './stages.repository';
import { toStageOutput } from './outputs/stage.output';

/** The signal of a change to the pipeline: the stage list is re-read whole. */
export const STAGES_SIGNAL = { type: 'stages.updated', id: 'pipeline' } as const;

/**
 * The team's pipeline: admins add, rename, reorder and archive stages. Positions stay
 * 1..n without gaps; a stage that still holds leads is never archived (its leads move
 * first), and the board always keeps an open stage for new leads to start in.
 */
@Injectable()
export class StagesService {
  constructor(
    private readonly stages: StagesRepository,
    private readonly liveEvents: LiveEventsService,
  ) {}

  async list(): Promise<Stage[]> {
    return (await this.stages.list()).map(toStageOutput);
  }

  async create(input: Required<Pick<NewStage, 'name' | 'kind'>> & { position?: number }): Promise<Stage> {
    const created = await this.stages.transaction(async (db) => {
      await this.stages.lockPipeline(db);
      const all = await this.stages.list(db);
      const index = Math.min(input.position ?? all.length + 1, all.length + 1) - 1;
      const stage = await this.stages.create({ name: input.name, kind: input.kind, position: index + 1 }, db);
      await this.stages.renumber([...all.slice(0, index), stage, ...all.slice(index)], db);
      return { ...stage, position: index + 1 };
    });
    await this.liveEvents.publish(STAGES_SIGNAL);
    return toStageOutput(created);
  }

  async update(id: string, changes: StageChanges): Promise<Stage> {
    const updated = await this.stages.transaction(async (db) => {
      await this.stages.lockPipeline(db);
      const all = await this.stages.list(db);
      const stage = all.find((candidate) => candidate.id === id);
      if (!stage) throw new NotFoundException(`No stage with id ${id}.`);
      if (changes.archived === true && !stage.archived) await this.checkCanArchive(stage, all, db);
      if (changes.name !== undefined || changes.archived !== undefined) await this.stages.update(id, { name: changes.name, archived: changes.archived }, db);
      if (changes.position !== undefined) {
        const others = all.filter((candidate) => candidate.id !== id);
        const index = Math.min(changes.position, all.length) - 1;
        await this.stages.renumber([...others.slice(0, index), stage, ...others.slice(index)], db);
      }
      return (await this.stages.findById(id, db))!;
    });
    await this.liveEvents.publish(STAGES_SIGNAL);
    return toStageOutput(updated);
  }

  private async checkCanArchive(stage: StageRecord, all: StageRecord[], db: Parameters<StagesRepository['countActiveLeads']>[1]): Promise<void> {
    const leads = await this.stages.countActiveLeads(stage.id, db);
    if (leads > 0) {
      throw new ConflictException(`The stage ${stage.name} still holds ${leads} lead${leads === 1 ? '' : 's'}: move ${leads === 1 ? 'it' : 'them'} to another stage first.`);
    }
    const openLeft = all.filter((candidate) => candidate.kind === 'open' && !candidate.archived && candidate.id !== stage.id);
    if (stage.kind === 'open' && openLeft.length === 0) {
      throw new InvalidFieldsException([{ field: 'archived', message: 'the last open stage cannot be archived: new leads start in one' }]);
    }
  }
}
