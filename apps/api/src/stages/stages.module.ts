import { Global, Module } from '@nestjs/common';
import { StagesRepository } from './stages.repository';

/** The pipeline's stages: every module that creates or moves leads asks StagesRepository. */
@Global()
@Module({
  providers: [StagesRepository],
  exports: [StagesRepository],
})
export class StagesModule {}
