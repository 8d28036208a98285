import { Module } from '@nestjs/common';
import { LeadNotesController } from './lead-notes.controller';
import { LeadNotesRepository } from './lead-notes.repository';
import { LeadNotesService } from './lead-notes.service';

@Module({ controllers: [LeadNotesController], providers: [LeadNotesService, LeadNotesRepository], exports: [LeadNotesRepository] })
export class NotesModule {}
