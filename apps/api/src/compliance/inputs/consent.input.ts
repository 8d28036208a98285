import { consentWithdrawalSchema, newConsentSchema, recordIdSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class NewConsentInput extends createZodDto(newConsentSchema) {}
export class ConsentWithdrawalInput extends createZodDto(consentWithdrawalSchema) {}

/** `/api/leads/:id/consents/:consentId/withdraw`. */
export class ConsentParams extends createZodDto(z.object({ id: recordIdSchema, consentId: recordIdSchema })) {}
