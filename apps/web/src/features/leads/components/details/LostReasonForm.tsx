import { leadChangesSchema } from '@lead-desk/contracts';
import { XCircle } from 'lucide-react';
import { z } from 'zod';
import { FormField } from '../../../../components/FormField';
import { SubmitButton } from '../../../../components/SubmitButton';
import { useContractForm } from '../../../../lib/forms/useContractForm';
import { isStaleLead } from '../../api/leadEditsApi';

const TEXT = {
  lostReason: 'Lost reason',
  hint: 'Why the lead fell through (a lost stage needs one)',
  move: (stage: string) => `Move to ${stage}`,
  moving: 'Moving…',
  cancel: 'Cancel',
};

/** The contract's lost reason, which a lost stage requires. */
const lostReasonSchema = z.object({ lostReason: leadChangesSchema.shape.lostReason.pipe(z.string('is required').min(1, 'is required')) });

interface LostReasonFormProps {
  stageName: string;
  onSubmit: (lostReason: string) => Promise<void>;
  onCancel: () => void;
}

/** Asks why the lead was lost before moving it to a lost stage. */
export function LostReasonForm({ stageName, onSubmit, onCancel }: LostReasonFormProps) {
  const { form, fieldError, formError, submitWith } = useContractForm(lostReasonSchema, { defaultValues: { lostReason: '' }, labels: { lostReason: TEXT.lostReason } });

  const submit = async ({ lostReason }: { lostReason: string }) => {
    try {
      await onSubmit(lostReason);
    } catch (error) {
      // The lead changed meanwhile: the notice above says so, and the picker shows the lead as it is now.
      if (isStaleLead(error)) return onCancel();
      throw error;
    }
  };

  return (
    <form className="lead-pipeline__lost" noValidate onSubmit={submitWith(submit)}>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <FormField label={TEXT.lostReason} error={fieldError('lostReason')} hint={TEXT.hint}>
        {(control) => <input {...control} {...form.register('lostReason')} type="text" autoComplete="off" aria-required />}
      </FormField>
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {TEXT.cancel}
        </button>
        <SubmitButton icon={XCircle} label={TEXT.move(stageName)} pendingLabel={TEXT.moving} pending={form.formState.isSubmitting} />
      </div>
    </form>
  );
}
