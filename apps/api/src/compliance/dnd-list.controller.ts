import { Controller, Get, Put, Query, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { dndListSummarySchema, dndListUploadQuerySchema, dndListUploadResultSchema, type DndListSummary, type DndListUploadResult } from '@lead-desk/contracts';
import type { Request } from 'express';
import { createZodDto } from 'nestjs-zod';
import { ActorId } from '../activity/actor-id.decorator';
import { Roles } from '../auth/auth.decorators';
import { ErrorBodyOutput } from '../common/error-body.output';
import { CsvUploadBody } from '../common/request-body/request-body.decorators';
import { InvalidFieldsException } from '../common/field-errors';
import { DndListService } from './dnd-list.service';

class DndListUploadQuery extends createZodDto(dndListUploadQuerySchema) {}
class DndListSummaryOutput extends createZodDto(dndListSummarySchema) {}
class DndListUploadResultOutput extends createZodDto(dndListUploadResultSchema) {}

@ApiTags('compliance')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Roles('admin')
@Controller('dnd-list')
export class DndListController {
  constructor(private readonly dndList: DndListService) {}

  @Get()
  @ApiOkResponse({ type: DndListSummaryOutput, description: 'How many numbers the scrub list holds, and who uploaded it when.' })
  summary(): Promise<DndListSummary> {
    return this.dndList.summary();
  }

  /** A CSV of numbers (first column; a header line is skipped) from the telecom provider. */
  @Put()
  @ApiConsumes('text/csv', 'multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOkResponse({ type: DndListUploadResultOutput })
  @CsvUploadBody()
  @UseInterceptors(FileInterceptor('file'))
  upload(
    @Query() query: DndListUploadQuery,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Req() request: Request,
    @ActorId() actorId: string | null,
  ): Promise<DndListUploadResult> {
    const content = file?.buffer ?? (Buffer.isBuffer(request.body) ? request.body : undefined);
    if (content === undefined) throw new InvalidFieldsException([{ field: 'file', message: 'send a CSV file as the multipart field "file" or as a text/csv body' }]);
    return this.dndList.upload(content, query.mode, actorId);
  }
}
