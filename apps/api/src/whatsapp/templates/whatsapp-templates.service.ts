import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { BODY_MISFIT, bodyFitsVariables, type NewWhatsappTemplate, type WhatsappTemplate, type WhatsappTemplateChanges, type WhatsappTemplateVariable } from '@lead-desk/contracts';
import { InvalidFieldsException } from '../../common/field-errors';
import { Database } from '../../database/database';
import { toWhatsappTemplateOutput } from './outputs/whatsapp-template.output';
import { WhatsappTemplatesRepository } from './whatsapp-templates.repository';

/**
 * The templates admins registered from Meta's WhatsApp Manager: one per name and language, its
 * variables in the body's order, each with the source it is filled from. A template is archived,
 * never deleted: the messages sent with it keep naming it.
 */
@Injectable()
export class WhatsappTemplatesService {
  constructor(
    private readonly database: Database,
    private readonly templates: WhatsappTemplatesRepository,
  ) {}

  async list(): Promise<WhatsappTemplate[]> {
    return (await this.templates.list()).map(toWhatsappTemplateOutput);
  }

  async create(input: NewWhatsappTemplate & { variables: WhatsappTemplateVariable[] }): Promise<WhatsappTemplate> {
    const created = await this.database.transaction((tx) => this.templates.create({ name: input.name, language: input.language, variables: input.variables, body: input.body ?? null }, tx));
    if (!created) throw new ConflictException(`A template ${input.name} in ${input.language} is registered already: change it instead.`);
    return toWhatsappTemplateOutput(created);
  }

  async update(id: string, changes: WhatsappTemplateChanges): Promise<WhatsappTemplate> {
    const updated = await this.database.transaction(async (tx) => {
      const current = await this.templates.find(id, tx);
      if (!current) throw new NotFoundException(`No WhatsApp template with id ${id}.`);
      // A change of one of the two must still fit the other as stored.
      const variables = changes.variables ?? (JSON.parse(current.variables) as WhatsappTemplateVariable[]);
      const body = changes.body === undefined ? current.body : changes.body;
      if (body && !bodyFitsVariables(body, variables.length)) throw new InvalidFieldsException([{ field: changes.body === undefined ? 'variables' : 'body', message: BODY_MISFIT }]);
      return this.templates.update(id, changes, tx);
    });
    return toWhatsappTemplateOutput(updated);
  }
}
