import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Modal } from '../../../components/Modal';
import { LeadTasks } from '../../tasks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useLeadDetails } from '../hooks/useLeadDetails';
import { useLeadEdits } from '../hooks/useLeadEdits';
import { useViewer } from '../hooks/useViewer';
import { isFullLead, type LeadReference } from '../types';
import { CallHistory } from './CallHistory';
import { LeadCallingRules } from './details/LeadCallingRules';
import { LeadDuplicates } from './details/LeadDuplicates';
import { LeadEditForm } from './details/LeadEditForm';
import { LeadFacts } from './details/LeadFacts';
import { LeadNotes } from './details/LeadNotes';
import { LeadPipelineControls } from './details/LeadPipelineControls';
import { LeadTimeline } from './details/LeadTimeline';
import { StaleLeadNotice } from './details/StaleLeadNotice';
import { LeadWhatsapp } from './whatsapp/LeadWhatsapp';
import { LeadStatusBadge } from './LeadStatusBadge';

const TEXT = {
  description: 'Everything we know about this lead, and their calls with the agent.',
  edit: 'Edit lead',
  calls: 'Calls',
  loadingLead: 'Loading the lead…',
  failedLead: 'Could not load this lead',
  loadingCalls: 'Loading calls…',
  failed: 'Could not load this lead’s calls',
};

/**
 * The details panel: every field of the lead (editable), its stage and owner, its tasks, its
 * possible duplicates, its calls, its WhatsApp conversation, notes and timeline. Once the lead is merged into another, the
 * panel shows that one: the lead it was opened on is part of it now.
 */
export function LeadDetailsDialog({ lead, onClose }: { lead: LeadReference; onClose: () => void }) {
  const [shown, setShown] = useState(lead);
  // Named as the lead is now: an edit (here or by a colleague) renames the panel too.
  const name = useLeadDetails(shown._id).data?.name ?? shown.name;
  return (
    <Modal onClose={onClose} variant="sheet" title={name} description={TEXT.description}>
      <LeadDetails key={shown._id} lead={shown} onMergedInto={setShown} />
    </Modal>
  );
}

function LeadDetails({ lead: shown, onMergedInto }: { lead: LeadReference; onMergedInto: (kept: LeadReference) => void }) {
  const details = useLeadDetails(shown._id);
  const edits = useLeadEdits(shown._id);
  const viewer = useViewer();
  const [editing, setEditing] = useState(false);
  // The list's copy shows at once; the server's, with the calls, replaces it when it arrives.
  const lead = details.data ?? (isFullLead(shown) ? shown : undefined);
  if (!lead) {
    return details.error ? <ErrorNotice title={TEXT.failedLead} error={details.error} onRetry={() => void details.refetch()} /> : <p role="status">{TEXT.loadingLead}</p>;
  }
  return (
    <div className="lead-details">
      {edits.stale && <StaleLeadNotice onDismiss={edits.dismissStale} />}
      <LeadStatusBadge qualified={lead.qualified} />
      {editing ? (
        <LeadEditForm lead={lead} edits={edits} onDone={() => setEditing(false)} />
      ) : (
        <>
          <LeadFacts lead={lead} />
          <button type="button" className="button button--secondary lead-details__edit-button" onClick={() => setEditing(true)}>
            <Pencil aria-hidden size={16} />
            {TEXT.edit}
          </button>
        </>
      )}
      <LeadPipelineControls lead={lead} viewer={viewer} edits={edits} />
      <LeadTasks
        leadId={lead._id}
        viewerId={viewer.staffId}
        listsTeam={viewer.managesTeam}
        // The lead as last read: a live update may have moved its version on since this render.
        onMoveToStage={(stage) => edits.update.mutateAsync({ version: edits.latest()?.version ?? lead.version, changes: { stageId: stage.id } })}
      />
      <LeadCallingRules lead={lead} edits={edits} />
      <LeadDuplicates leadId={lead._id} onMerged={(outcome) => outcome.merge.mergedLeadId === lead._id && onMergedInto(outcome.lead)} />
      <h3 className="lead-details__heading">{TEXT.calls}</h3>
      {details.isPending && <p role="status">{TEXT.loadingCalls}</p>}
      {details.error && <ErrorNotice title={TEXT.failed} error={details.error} onRetry={() => void details.refetch()} />}
      {details.data && <CallHistory calls={details.data.calls} />}
      <LeadWhatsapp leadId={lead._id} />
      <LeadNotes leadId={lead._id} viewer={viewer} />
      <LeadTimeline leadId={lead._id} calls={details.data?.calls} />
    </div>
  );
}
