import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { StaffModule } from '../staff/staff.module';
import { TagsModule } from '../tags/tags.module';
import { SavedViewsController } from './saved-views.controller';
import { SavedViewsRepository } from './saved-views.repository';
import { SavedViewsService } from './saved-views.service';

@Module({
  imports: [LeadsModule, StaffModule, TagsModule],
  controllers: [SavedViewsController],
  providers: [SavedViewsService, SavedViewsRepository],
})
export class ViewsModule {}
