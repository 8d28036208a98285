import type { Lead, Stage } from '@lead-desk/contracts';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';

const TEXT = {
  title: (stage: string) => `Move to ${stage}`,
  description: (lead: string) => `Why was ${lead} lost? The reason stays on the lead.`,
  label: 'Lost reason',
  required: 'Say why the lead was lost',
  cancel: 'Cancel',
  submit: (stage: string) => `Move to ${stage}`,
};

/** Matches the API's limit for a lost reason. */
const MAX_REASON_LENGTH = 500;

interface LostReasonDialogProps {
  lead: Lead;
  stage: Stage;
  onMove: (lostReason: string) => void;
  onCancel: () => void;
}

/** A lead moved to a stage of kind lost needs a reason: asked here before the move is made. */
export function LostReasonDialog({ lead, stage, onMove, onCancel }: LostReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(TEXT.required);
    onMove(reason.trim());
  };
  return (
    <Modal title={TEXT.title(stage.name)} description={TEXT.description(lead.name)} onClose={onCancel}>
      <form className="lead-form" onSubmit={submit} noValidate>
        <FormField label={TEXT.label} error={error}>
          {(control) => (
            <textarea {...control} value={reason} maxLength={MAX_REASON_LENGTH} rows={3} autoFocus onChange={(event) => setReason(event.target.value)} />
          )}
        </FormField>
        <div className="form-actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {TEXT.cancel}
          </button>
          <button type="submit" className="button button--primary">
            {TEXT.submit(stage.name)}
          </button>
        </div>
      </form>
    </Modal>
  );
}
