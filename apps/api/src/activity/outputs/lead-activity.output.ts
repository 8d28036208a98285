import { actorSchema, leadActivitySchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

const TYPES = leadActivitySchema.options.map((option) => option.shape.type.value);

/**
 * An entry as the OpenAPI document shows it: a DTO class cannot be a union, so `data` is
 * documented as an object whose shape its `type` decides (the contract has each shape).
 */
const documentedEntry = z.object({
  id: z.string(),
  leadId: z.string(),
  type: z.enum(TYPES),
  at: z.iso.datetime(),
  actor: actorSchema,
  data: z.record(z.string(), z.unknown()).describe('Shaped by type (see leadActivitySchema in @lead-desk/contracts).'),
});

export class LeadActivityOutput extends createZodDto(documentedEntry) {}
