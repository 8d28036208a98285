import { Global, Module, OnModuleInit } from '@nestjs/common';
import { LiveEventsService } from '../events/live-events.service';
import { StagesController } from './stages.controller';
import { StagesRepository } from './stages.repository';
import { StagesService } from './stages.service';

/** The pipeline's stages: every module that creates or moves leads asks StagesRepository. */
@Global()
@Module({
  controllers: [StagesController],
  providers: [StagesRepository, StagesService],
  exports: [StagesRepository],
})
export class StagesModule implements OnModuleInit {
  constructor(
    private readonly liveEvents: LiveEventsService,
    private readonly stages: StagesService,
  ) {}

  onModuleInit(): void {
    // stages.updated carries the whole pipeline: a browser replaces its list of stages.
    this.liveEvents.registerLoader(['stages.updated'], async (ids) => {
      const stages = await this.stages.list();
      // About no lead: every viewer gets it.
      return new Map(ids.map((id) => [id, { data: stages, lead: null }]));
    });
  }
}
