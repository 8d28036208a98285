import { Injectable } from '@nestjs/common';
import { WHATSAPP_AUTOMATIC_MESSAGES, type WhatsappAutomaticMessageKind, type WhatsappAutomaticMessages, type WhatsappTemplateVariable } from '@lead-desk/contracts';
import { InvalidFieldsException, type FieldError } from '../../common/field-errors';
import { WhatsappTemplatesRepository } from '../templates/whatsapp-templates.repository';
import { WhatsappAutomaticSettingsRepository } from './whatsapp-automatic-settings.repository';

/** Sources an automatic message cannot fill: nobody gives a custom value, and a missed call has no visit. */
function unfillable(kind: WhatsappAutomaticMessageKind, variable: WhatsappTemplateVariable): boolean {
  if (variable.source === 'custom') return true;
  return kind === 'callbackMissed' && (variable.source.startsWith('visit.') || variable.source.startsWith('property.'));
}

/** Admins turn each automatic message on or off and pick its template: a registered one, not archived, whose every variable the event fills. */
@Injectable()
export class WhatsappAutomaticSettingsService {
  constructor(
    private readonly settings: WhatsappAutomaticSettingsRepository,
    private readonly templates: WhatsappTemplatesRepository,
  ) {}

  read(): Promise<WhatsappAutomaticMessages> {
    return this.settings.read();
  }

  async write(input: WhatsappAutomaticMessages): Promise<WhatsappAutomaticMessages> {
    const errors: FieldError[] = [];
    for (const kind of WHATSAPP_AUTOMATIC_MESSAGES) {
      const { template: name, language } = input[kind];
      if (name === null) continue;
      const field = `${kind}.template`;
      const template = await this.templates.findRegistered(name, language);
      if (!template || template.archivedAt) {
        errors.push({ field, message: `is not a registered template in ${language}${template ? ' (it is archived)' : ''}: GET /api/whatsapp/templates lists them` });
        continue;
      }
      const missing = (JSON.parse(template.variables) as WhatsappTemplateVariable[]).filter((variable) => unfillable(kind, variable));
      if (missing.length > 0) errors.push({ field, message: `has variables this message cannot fill by itself: ${missing.map(({ key, source }) => `${key} (${source})`).join(', ')}` });
    }
    if (errors.length > 0) throw new InvalidFieldsException(errors);
    return this.settings.write(input);
  }
}
