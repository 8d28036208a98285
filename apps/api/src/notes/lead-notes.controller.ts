import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiDefaultResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { LeadNote } from '@lead-desk/contracts';
import type { Request } from 'express';
import { ErrorBodyOutput } from '../common/error-body.output';
import { IdParams } from '../common/id.params';
import { NoteInput, NoteParams } from './inputs/note.input';
import { LeadNotesService } from './lead-notes.service';
import { LeadNoteOutput } from './outputs/lead-note.output';

@ApiTags('leads')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('leads/:id/notes')
export class LeadNotesController {
  constructor(private readonly notes: LeadNotesService) {}

  @Get()
  @ApiOkResponse({ type: [LeadNoteOutput], description: 'The lead’s notes, newest first.' })
  list(@Param() params: IdParams, @Req() request: Request): Promise<LeadNote[]> {
    return this.notes.list(params.id, request.staff);
  }

  @Post()
  @ApiCreatedResponse({ type: LeadNoteOutput })
  add(@Param() params: IdParams, @Body() body: NoteInput, @Req() request: Request): Promise<LeadNote> {
    return this.notes.add(params.id, body.body, request.staff);
  }

  @Patch(':noteId')
  @ApiOkResponse({ type: LeadNoteOutput, description: 'The note as edited (its author only).' })
  edit(@Param() params: NoteParams, @Body() body: NoteInput, @Req() request: Request): Promise<LeadNote> {
    return this.notes.edit(params.id, params.noteId, body.body, request.staff);
  }

  @Delete(':noteId')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted (its author or an admin).' })
  remove(@Param() params: NoteParams, @Req() request: Request): Promise<void> {
    return this.notes.remove(params.id, params.noteId, request.staff);
  }
}
