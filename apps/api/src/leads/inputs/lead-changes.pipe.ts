import { Inject, Injectable, type PipeTransform } from '@nestjs/common';
import { InvalidFieldsException } from '../../common/field-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { parseLeadChanges, type ValidLeadChanges } from './lead-changes';

/** PATCH /api/leads/:id's body, checked in one pass so one 400 names every bad field. */
@Injectable()
export class LeadChangesPipe implements PipeTransform<unknown, ValidLeadChanges> {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  transform(body: unknown): ValidLeadChanges {
    const parsed = parseLeadChanges(body, this.config.DEFAULT_PHONE_REGION);
    if (!parsed.ok) throw new InvalidFieldsException(parsed.errors);
    return parsed.value;
  }
}
