import type { Lead } from '@lead-desk/contracts';
import type { useLeadEdits } from '../../hooks/useLeadEdits';
import type { Viewer } from '../../hooks/useViewer';
import { LeadArchiveButton } from './LeadArchiveButton';
import { LeadOwnerPicker } from './LeadOwnerPicker';
import { LeadStagePicker } from './LeadStagePicker';
import { LeadTagsEditor } from './LeadTagsEditor';

/** Where the lead stands with the team: its stage, its owner, its tags, and whether it is archived. */
export function LeadPipelineControls({ lead, viewer, edits }: { lead: Lead; viewer: Viewer; edits: ReturnType<typeof useLeadEdits> }) {
  return (
    <div className="lead-pipeline">
      <LeadStagePicker lead={lead} edits={edits} />
      <LeadOwnerPicker lead={lead} viewer={viewer} edits={edits} />
      <LeadTagsEditor lead={lead} edits={edits} />
      <LeadArchiveButton lead={lead} edits={edits} />
    </div>
  );
}
