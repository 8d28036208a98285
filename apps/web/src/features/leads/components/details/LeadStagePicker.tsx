import type { Lead, Stage } from '@lead-desk/contracts';
import { useId, useState } from 'react';
import { isStaleLead } from '../../api/leadEditsApi';
import type { useLeadEdits } from '../../hooks/useLeadEdits';
import { useStages } from '../../../pipeline';
import { LostReasonForm } from './LostReasonForm';

const TEXT = {
  stage: 'Stage',
  lostReason: 'Lost reason',
  failed: 'The stage could not be changed:',
  stagesFailed: 'The stages could not be loaded:',
};

interface LeadStagePickerProps {
  lead: Lead;
  edits: ReturnType<typeof useLeadEdits>;
}

/** Moves the lead to another stage at once; a lost stage first asks why. */
export function LeadStagePicker({ lead, edits }: LeadStagePickerProps) {
  const id = useId();
  const stages = useStages();
  const [losing, setLosing] = useState<Stage | null>(null);
  // A lead can sit in a stage archived since: it stays named, but no lead moves into it.
  const choices = (stages.data ?? [lead.stage]).filter((stage) => !('archived' in stage && stage.archived) || stage.id === lead.stage.id);

  const choose = (stageId: string) => {
    const stage = stages.data?.find((choice) => choice.id === stageId);
    if (!stage || stage.id === lead.stage.id) return setLosing(null);
    if (stage.kind === 'lost') return setLosing(stage);
    setLosing(null);
    edits.update.mutate({ version: lead.version, changes: { stageId: stage.id } });
  };
  const error = edits.update.error && !isStaleLead(edits.update.error) && edits.update.variables?.changes.stageId ? edits.update.error : null;

  return (
    <div className="lead-pipeline__stage">
      <div className="form-field">
        <label htmlFor={id} className="form-field__label">
          {TEXT.stage}
        </label>
        <select id={id} value={losing?.id ?? lead.stage.id} onChange={(event) => choose(event.target.value)} disabled={stages.isPending}>
          {choices.map((stage) => (
            <option key={stage.id} value={stage.id}>
              {stage.name}
            </option>
          ))}
        </select>
      </div>
      {losing && (
        <LostReasonForm
          stageName={losing.name}
          onCancel={() => setLosing(null)}
          onSubmit={async (lostReason) => {
            await edits.update.mutateAsync({ version: lead.version, changes: { stageId: losing.id, lostReason } });
            setLosing(null);
          }}
        />
      )}
      {!losing && lead.stage.kind === 'lost' && lead.lostReason && (
        <p className="lead-pipeline__lost-reason">
          {TEXT.lostReason}: {lead.lostReason}
        </p>
      )}
      {stages.error && (
        <p className="form-error" role="alert">
          {TEXT.stagesFailed} {stages.error.message}
        </p>
      )}
      {error && !losing && (
        <p className="form-error" role="alert">
          {TEXT.failed} {error.message}
        </p>
      )}
    </div>
  );
}
