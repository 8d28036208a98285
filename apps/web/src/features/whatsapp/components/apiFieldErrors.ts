import { ApiError } from '../../../lib/apiClient';

/**
 * Splits an API refusal between the fields a form shows (each message by the field it names,
 * `variables.0.key`, `visitReminder.minutesBefore`) and what names none of them (a 409, a 500).
 */
export function apiFieldErrors(error: Error | null, shownFields: (field: string) => boolean): { byField: Record<string, string>; unplaced: string | null } {
  if (!error) return { byField: {}, unplaced: null };
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
  const byField: Record<string, string> = {};
  for (const { field, message } of fieldErrors) if (shownFields(field)) byField[field] ??= message;
  const placedAll = fieldErrors.length > 0 && fieldErrors.every(({ field }) => shownFields(field));
  return { byField, unplaced: placedAll ? null : error.message };
}
