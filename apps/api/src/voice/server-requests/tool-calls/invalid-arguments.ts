import type { ZodError } from 'zod';
import { fieldErrorsFromZod } from '../../../common/field-errors';
import type { ToolOutcome } from './agent-tool';

/** Arguments the tool cannot use, named one by one, so the model can ask the caller and call again. */
export function invalidArguments(error: ZodError): ToolOutcome {
  return { error: `Invalid arguments: ${fieldErrorsFromZod(error).map(({ field, message }) => `${field} ${message}`).join('; ')}.` };
}
