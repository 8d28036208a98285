import { Controller, Get } from '@nestjs/common';
import { ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { TagCount } from '@lead-desk/contracts';
import { ErrorBodyOutput } from '../common/error-body.output';
import type { LeadAccess } from '../leads/access/lead-access';
import { ViewerAccess } from '../leads/access/viewer-access.decorator';
import { TagCountOutput } from './outputs/tag-count.output';
import { TagsRepository } from './tags.repository';

@ApiTags('leads')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('tags')
export class TagsController {
  constructor(private readonly tags: TagsRepository) {}

  @Get()
  @ApiOkResponse({ type: [TagCountOutput], description: 'Every tag on the leads you may see (archived ones aside) with how many carry it, most used first.' })
  list(@ViewerAccess() access: LeadAccess): Promise<TagCount[]> {
    return this.tags.counted(access);
  }
}
