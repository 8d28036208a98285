import { Inject, Injectable, type PipeTransform } from '@nestjs/common';
import { InvalidFieldsException } from '../../common/field-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { parseLeadInput, type ValidLead } from './lead-input';

/**
 * POST /api/leads's body: the contracts' rules and the phone rule, which needs the
 * server's DEFAULT_PHONE_REGION, in one pass, so one 400 names every bad field.
 */
@Injectable()
export class LeadInputPipe implements PipeTransform<unknown, ValidLead> {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  transform(body: unknown): ValidLead {
    const parsed = parseLeadInput(body, this.config.DEFAULT_PHONE_REGION);
    if (!parsed.ok) throw new InvalidFieldsException(parsed.errors);
    return parsed.value;
  }
}
