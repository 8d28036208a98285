import { voiceConfigSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class VoiceConfigOutput extends createZodDto(voiceConfigSchema) {}
