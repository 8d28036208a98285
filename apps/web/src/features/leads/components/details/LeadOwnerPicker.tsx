import type { Lead } from '@lead-desk/contracts';
import { useId } from 'react';
import { isStaleLead } from '../../api/leadEditsApi';
import type { useLeadEdits } from '../../hooks/useLeadEdits';
import { useTeam } from '../../hooks/useTeam';
import type { Viewer } from '../../hooks/useViewer';

const TEXT = {
  owner: 'Owner',
  unassigned: 'Unassigned',
  assignToMe: 'Assign to me',
  unassign: 'Unassign',
  failed: 'The owner could not be changed:',
};

interface LeadOwnerPickerProps {
  lead: Lead;
  viewer: Viewer;
  edits: ReturnType<typeof useLeadEdits>;
}

/**
 * Who works the lead. Admins (and open mode) pick anyone of the team; an agent, who
 * cannot list the team, takes an unassigned lead or gives theirs back.
 */
export function LeadOwnerPicker({ lead, viewer, edits }: LeadOwnerPickerProps) {
  const id = useId();
  const team = useTeam(viewer.managesTeam);
  const assign = (ownerId: string | null) => edits.update.mutate({ version: lead.version, changes: { ownerId } });
  const failure = edits.update.error && !isStaleLead(edits.update.error) && edits.update.variables?.changes.ownerId !== undefined ? edits.update.error : null;
  // The owner is listed even when the team cannot be read (or they have left it).
  const members = (team.data ?? []).map(({ id: memberId, name }) => ({ id: memberId, name }));
  if (lead.owner && !members.some((member) => member.id === lead.owner?.id)) members.unshift(lead.owner);

  return (
    <div className="lead-pipeline__owner">
      {viewer.managesTeam ? (
        <div className="form-field">
          <label htmlFor={id} className="form-field__label">
            {TEXT.owner}
          </label>
          <select id={id} value={lead.owner?.id ?? ''} onChange={(event) => assign(event.target.value || null)}>
            <option value="">{TEXT.unassigned}</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div className="lead-pipeline__own">
          <p>
            <span className="form-field__label">{TEXT.owner}</span> {lead.owner?.name ?? TEXT.unassigned}
          </p>
          {lead.owner === null && viewer.staffId && (
            <button type="button" className="button button--secondary" onClick={() => assign(viewer.staffId)}>
              {TEXT.assignToMe}
            </button>
          )}
          {lead.owner !== null && lead.owner.id === viewer.staffId && (
            <button type="button" className="button button--secondary" onClick={() => assign(null)}>
              {TEXT.unassign}
            </button>
          )}
        </div>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {TEXT.failed} {failure.message}
        </p>
      )}
    </div>
  );
}
