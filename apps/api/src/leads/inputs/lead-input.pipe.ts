import { Inject, Injectable, type PipeTransform } from '@nestjs/common';
import { createLeadRequestSchema } from '@lead-desk/contracts';
import { fieldErrorsFromZod, InvalidFieldsException } from '../../common/field-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { parseLeadInput, type ValidLead } from './lead-input';

/** POST /api/leads's body, read: the lead, and whether it may be made over a stored lead's phone or email. */
export interface CreateLeadRequestBody {
  lead: ValidLead;
  allowDuplicate: boolean;
}

/**
 * POST /api/leads's body: the contracts' rules and the phone rule, which needs the
 * server's DEFAULT_PHONE_REGION, in one pass, so one 400 names every bad field.
 */
@Injectable()
export class LeadInputPipe implements PipeTransform<unknown, CreateLeadRequestBody> {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  transform(body: unknown): CreateLeadRequestBody {
    const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
    const { allowDuplicate, ...fields } = isObject ? (body as Record<string, unknown>) : {};
    // Anything but an object is the lead input's own 400.
    const parsed = parseLeadInput(isObject ? fields : body, this.config.DEFAULT_PHONE_REGION);
    const allowed = createLeadRequestSchema.shape.allowDuplicate.safeParse(allowDuplicate);
    const errors = [...(parsed.ok ? [] : parsed.errors), ...(allowed.success ? [] : fieldErrorsFromZod(allowed.error).map((error) => ({ ...error, field: 'allowDuplicate' })))];
    if (errors.length > 0 || !parsed.ok) throw new InvalidFieldsException(errors);
    return { lead: parsed.value, allowDuplicate: allowed.data ?? false };
  }
}
