import { Injectable, NotFoundException } from '@nestjs/common';
import { strToU8, zipSync } from 'fflate';
import { csvRecord, type CsvCell } from '../leads/csv/lead-csv-writer';
import { toLeadOutput } from '../leads/outputs/lead.output';
import { toCallOutput } from '../voice/calls/call.output';
import { toWhatsappMessageOutput } from '../whatsapp/messages/whatsapp-message.output';
import { AccessLog } from './access-log/access-log.service';
import { personKeysOfLead, type PersonKey } from './person-key';
import { PersonRecordsRepository } from './person-records.repository';

/**
 * A person's right of access: everything stored about them (their leads' fields, calls with
 * transcripts and structured outputs, WhatsApp messages, notes, tasks, activity) as one ZIP holding `person.json` and a
 * CSV per kind of record. The download is in the access log, by the leads' ids.
 */
@Injectable()
export class AccessArchiveService {
  constructor(
    private readonly records: PersonRecordsRepository,
    private readonly accessLog: AccessLog,
  ) {}

  async archive(person: PersonKey, actorId: string | null): Promise<Buffer> {
    const leads = await this.records.findLeads(person);
    const leadIds = leads.map(({ id }) => id);
    const phones = [person, ...leads.flatMap(personKeysOfLead)].flatMap((key) => (key.kind === 'phone' ? [key.value] : []));
    const [calls, whatsappMessages, notes, tasks, activity] = await Promise.all([
      this.records.findCalls(leadIds, [...new Set(phones)]),
      this.records.findWhatsappMessages(leadIds),
      this.records.findNotes(leadIds),
      this.records.findTasks(leadIds),
      this.records.findActivity(leadIds),
    ]);
    if (leads.length === 0 && calls.length === 0) throw new NotFoundException('Nobody with that phone number or email is stored.');

    const contents = {
      generatedAt: new Date().toISOString(),
      leads: leads.map(toLeadOutput),
      calls: calls.map(toCallOutput),
      whatsappMessages: whatsappMessages.map((message) => toWhatsappMessageOutput({ ...message, sender: null })),
      notes: notes.map((note) => ({ id: note.id, leadId: note.leadId, body: note.body, author: note.author, createdAt: note.createdAt.toISOString(), updatedAt: note.updatedAt.toISOString() })),
      tasks: tasks.map((task) => ({
        id: task.id,
        leadId: task.leadId,
        type: task.type,
        dueAt: task.dueAt.toISOString(),
        endsAt: task.endsAt?.toISOString() ?? null,
        assignee: task.assignee,
        property: task.property,
        notes: task.notes,
        doneAt: task.doneAt?.toISOString() ?? null,
        outcome: task.outcome,
        cancelledAt: task.cancelledAt?.toISOString() ?? null,
        createdAt: task.createdAt.toISOString(),
      })),
      activity: activity.map((entry) => ({ id: entry.id, leadId: entry.leadId, type: entry.type, at: entry.at.toISOString(), actor: entry.actor, data: JSON.parse(entry.data) as unknown })),
    };
    const zip = zipSync({
      'person.json': strToU8(JSON.stringify(contents, null, 2)),
      'leads.csv': strToU8(csv(contents.leads.map(({ stage, owner, tags, ...lead }) => ({ ...lead, stage: stage.name, owner: owner?.name ?? null, tags: tags.join('; ') })))),
      'calls.csv': strToU8(csv(contents.calls.map((call) => ({ ...call, structuredData: json(call.structuredData), structuredOutputs: json(call.structuredOutputs) })))),
      'whatsapp-messages.csv': strToU8(csv(contents.whatsappMessages.map(({ template, error, sender, ...message }) => ({ ...message, template: json(template), error: error?.reason ?? null })))),
      'notes.csv': strToU8(csv(contents.notes.map(({ author, ...note }) => ({ ...note, author: author?.name ?? null })))),
      'tasks.csv': strToU8(csv(contents.tasks.map(({ assignee, property, ...task }) => ({ ...task, assignee: assignee?.name ?? null, property: property?.name ?? null })))),
      'activity.csv': strToU8(csv(contents.activity.map(({ actor, data, ...entry }) => ({ ...entry, actor: actor?.name ?? null, data: json(data) })))),
    });
    await this.accessLog.record({ actorId, action: 'access_archive_downloaded', targetIds: leadIds, details: { leads: leads.length, calls: calls.length } });
    return Buffer.from(zip);
  }
}

/** Rows of one shape as CSV with a header (the leads export's quoting and formula escape). */
function csv(rows: Record<string, CsvCell>[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]);
  return csvRecord(columns) + rows.map((row) => csvRecord(columns.map((column) => row[column] ?? null))).join('');
}

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
