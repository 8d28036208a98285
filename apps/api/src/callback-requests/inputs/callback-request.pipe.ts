import { Inject, Injectable, type PipeTransform } from '@nestjs/common';
import { CALLBACK_HONEYPOT_FIELD, callbackRequestSchema, type FieldError } from '@lead-desk/contracts';
import { Clock } from '../../common/clock';
import { fieldErrorsFromZod, InvalidFieldsException } from '../../common/field-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { normalizePhoneNumber } from '../../leads/phone-number';
import { PropertiesRepository } from '../../properties/properties.repository';

/** A callback request as the form sent it, read: phone in E.164, the property by name, the preferred time as a date. */
export interface ValidCallbackRequest {
  name: string;
  phone: string;
  email: string | null;
  preferredAt: Date | null;
  property: { id: number; name: string } | null;
  consentWording: string;
  /** The words of the WhatsApp box when the person ticked it; null when they did not. */
  whatsappOptInWording: string | null;
}

/** What the body turned out to be: a person's request, or a bot's (the hidden honeypot field filled in). */
export type ReadCallbackRequest = { kind: 'request'; request: ValidCallbackRequest } | { kind: 'bot' };

/**
 * POST /api/callback-requests's body: the contracts' rules, the phone rule (DEFAULT_PHONE_REGION),
 * "the preferred time is in the future" (the Clock) and "the property is one of ours" (the
 * properties table), in one pass, so one 400 names every bad field. A filled honeypot is a bot whatever else it sent: it is told nothing of its mistakes.
 */
@Injectable()
export class CallbackRequestPipe implements PipeTransform<unknown, Promise<ReadCallbackRequest>> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly properties: PropertiesRepository,
  ) {}

  async transform(body: unknown): Promise<ReadCallbackRequest> {
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    const honeypot = fields?.[CALLBACK_HONEYPOT_FIELD];
    if (typeof honeypot === 'string' && honeypot.trim() !== '') return { kind: 'bot' };

    const parsed = callbackRequestSchema.safeParse(body);
    const errors: FieldError[] = parsed.success ? [] : fieldErrorsFromZod(parsed.error);
    const failed = (field: string) => errors.some((error) => error.field === field);

    const phone = typeof fields?.phone === 'string' ? normalizePhoneNumber(fields.phone, this.config.DEFAULT_PHONE_REGION) : null;
    if (!failed('phone') && !phone) errors.push({ field: 'phone', message: 'is not a valid phone number' });
    const preferredTime = fields?.preferredTime;
    const preferredAt = typeof preferredTime === 'string' && !failed('preferredTime') ? new Date(preferredTime) : null;
    if (preferredAt && preferredAt.getTime() <= this.clock.now().getTime()) errors.push({ field: 'preferredTime', message: 'must be in the future' });

    // Any property of the table, whatever its status: a page opened before it was sold still asks about it.
    const propertyId = typeof fields?.propertyId === 'number' && !failed('propertyId') ? fields.propertyId : null;
    const property = propertyId === null ? null : await this.properties.find(propertyId);
    if (propertyId !== null && !property) errors.push({ field: 'propertyId', message: 'must be the id of one of our properties' });

    if (!parsed.success || errors.length > 0 || !phone) throw new InvalidFieldsException(errors);
    const { name, email, consentWording, whatsappOptInWording } = parsed.data;
    return {
      kind: 'request',
      request: {
        name,
        phone,
        email: email ?? null,
        preferredAt,
        property: property && { id: property.id, name: property.name },
        consentWording,
        whatsappOptInWording: whatsappOptInWording ?? null,
      },
    };
  }
}
