import { Module, OnModuleInit } from '@nestjs/common';
import { LiveEventsService } from '../events/live-events.service';
import { StaffModule } from '../staff/staff.module';
import { WhatsappAutomaticModule } from '../whatsapp/automatic/whatsapp-automatic.module';
import { CalendarFeedController } from './calendar-feed/calendar-feed.controller';
import { CalendarFeedService } from './calendar-feed/calendar-feed.service';
import { CalendarController } from './calendar/calendar.controller';
import { CalendarService } from './calendar/calendar.service';
import { toTaskOutput } from './outputs/task.output';
import { TasksController } from './tasks.controller';
import { TasksRepository } from './tasks.repository';
import { TasksService } from './tasks.service';

/** Follow-ups on leads: tasks, the calendar, the members' calendar feeds. TasksService is how other modules (the agent's bookings) make and change tasks. */
@Module({
  imports: [StaffModule, WhatsappAutomaticModule],
  controllers: [TasksController, CalendarController, CalendarFeedController],
  providers: [TasksService, TasksRepository, CalendarService, CalendarFeedService],
  exports: [TasksService],
})
export class TasksModule implements OnModuleInit {
  constructor(
    private readonly liveEvents: LiveEventsService,
    private readonly tasks: TasksRepository,
  ) {}

  onModuleInit(): void {
    this.liveEvents.registerLoader(['task.created', 'task.updated'], async (ids) => {
      const rows = await this.tasks.findByIds(ids);
      return new Map(rows.map((row) => [row.id, { data: toTaskOutput(row), lead: { leadId: row.leadId, ownerId: row.leadOwnerId, assigneeId: row.assigneeId } }]));
    });
  }
}
