import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { StaffRepository } from '../../staff/staff.repository';
import { TasksRepository } from '../tasks.repository';
import { feedSecretHash, newFeedSecret, secretOfFeedFile } from './calendar-feed-secret';
import { taskCalendarFeed } from './task-calendar-feed';

/** How far back a feed reaches: a week's visits stay in the member's calendar after they happen. */
const PAST_DAYS = 30;
/** The most events one feed holds (the earliest from PAST_DAYS ago on). */
const MOST_EVENTS = 1_000;
/** Calendar apps are asked to fetch a feed again after an hour (Google Calendar takes its own time). */
const REFRESH_SECONDS = 3_600;

const NO_FEED = 'No calendar feed at this address.';

/**
 * Each member's iCalendar feed at a secret address: made (or replaced) and revoked by the
 * member; read by calendar apps without a session, the secret being the credential. Only
 * the secret's SHA-256 is stored and looked up, so the lookup says nothing of how close a
 * guess came; a malformed, unknown or revoked address is the same 404.
 */
@Injectable()
export class CalendarFeedService {
  private readonly logger = new Logger(CalendarFeedService.name);

  constructor(
    private readonly staff: StaffRepository,
    private readonly tasks: TasksRepository,
    private readonly clock: Clock,
  ) {}

  /** A new secret for the member's feed (the old address stops working); the caller shows it once. */
  async create(memberId: string): Promise<string> {
    const { secret, hash } = newFeedSecret();
    if (!(await this.staff.setCalendarFeedHash(memberId, hash))) throw new NotFoundException(`No staff account with id ${memberId}.`);
    this.logger.log({ staffId: memberId }, 'Calendar feed address made');
    return secret;
  }

  async revoke(memberId: string): Promise<void> {
    if (!(await this.staff.setCalendarFeedHash(memberId, null))) throw new NotFoundException(`No staff account with id ${memberId}.`);
    this.logger.log({ staffId: memberId }, 'Calendar feed address revoked');
  }

  /** The feed at `file` (`<secret>.ics`): the member's tasks from PAST_DAYS ago on. */
  async read(file: string, dashboardUrl: string | null): Promise<string> {
    const secret = secretOfFeedFile(file);
    const member = secret === null ? null : await this.staff.findByCalendarFeedHash(feedSecretHash(secret));
    if (!member) throw new NotFoundException(NO_FEED);
    const since = new Date(this.clock.now().getTime() - PAST_DAYS * 86_400_000);
    const rows = await this.tasks.findAssignedFrom(member.id, since, MOST_EVENTS);
    const addresses = await this.tasks.findSiteVisitAddresses(rows.flatMap(({ propertyId }) => (propertyId === null ? [] : [propertyId])));
    const tasks = rows.map((row) => ({ ...row, propertyAddress: row.propertyId === null ? null : (addresses.get(row.propertyId) ?? null) }));
    return taskCalendarFeed(tasks, { memberName: member.name, dashboardUrl, refreshSeconds: REFRESH_SECONDS });
  }
}
