import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../apiClient';

/** Each field's label, in the order the form shows the fields: a message starts with it, and the first field at fault takes focus. */
export type FieldLabels<Values> = Record<keyof Values & string, string>;

const SERVER_ERROR = 'root.server';

/**
 * A react-hook-form form checked by a zod schema (a contract's, or one derived from it),
 * whose messages read the same whether our check or the API's found the fault
 * ("Email is required", "Password must be at least 12 characters").
 */
export function useContractForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  { defaultValues, labels }: { defaultValues: DefaultValues<Input>; labels: FieldLabels<Input> },
) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const { errors } = form.formState;
  const submitting = useRef(false);
  const fields = Object.keys(labels) as (keyof FieldLabels<Input>)[];

  /** The API's answer: each field error it names beside that field, anything else as the form's message. */
  const showServerError = (error: unknown) => {
    const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
    const placed = fields.flatMap((field) => fieldErrors.find((fieldError) => fieldError.field === field) ?? []);
    placed.forEach(({ field, message }, index) => form.setError(field as Path<Input>, { type: 'server', message }, { shouldFocus: index === 0 }));
    const unplaced = fieldErrors.some((fieldError) => !(fields as string[]).includes(fieldError.field));
    if (placed.length === 0 || unplaced) {
      form.setError(SERVER_ERROR, { type: 'server', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return {
    form,
    /** The field's message with its label in front, or undefined while the field is fine. */
    fieldError: (field: keyof FieldLabels<Input>): string | undefined => {
      const message = (errors as Partial<Record<string, { message?: unknown }>>)[field]?.message;
      return typeof message === 'string' ? `${labels[field]} ${message}` : undefined;
    },
    /** A failure that names no field of this form (wrong credentials, the database is down). */
    formError: errors.root?.server?.message,
    /**
     * The form's submit handler: checks the fields, then sends the parsed values; what the
     * API refuses is shown on the form. A press while a submission is under way is ignored.
     * Called without an event, it submits as another button of the form would ("add anyway").
     */
    submitWith: (send: (values: Output) => Promise<unknown>) => (event?: FormEvent) => {
      event?.preventDefault();
      if (submitting.current) return;
      submitting.current = true;
      void form
        .handleSubmit(async (values) => {
          try {
            await send(values);
          } catch (error) {
            showServerError(error);
          }
        })(event)
        .finally(() => (submitting.current = false));
    },
  };
}
