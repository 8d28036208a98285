import type { Lead } from '@lead-desk/contracts';
import { Archive, ArchiveRestore } from 'lucide-react';
import { isStaleLead } from '../../api/leadEditsApi';
import type { useLeadEdits } from '../../hooks/useLeadEdits';

const TEXT = {
  archive: 'Archive',
  unarchive: 'Unarchive',
  archived: 'Archived: this lead is left out of lists, counts and exports.',
  failed: 'The lead could not be archived:',
  unarchiveFailed: 'The lead could not be unarchived:',
};

/** Takes the lead out of lists, counts and exports, or brings it back; nothing is deleted. */
export function LeadArchiveButton({ lead, edits }: { lead: Lead; edits: ReturnType<typeof useLeadEdits> }) {
  const { archive } = edits;
  const Icon = lead.archived ? ArchiveRestore : Archive;
  const failure = archive.error && !isStaleLead(archive.error) ? archive.error : null;
  return (
    <div className="lead-pipeline__archive">
      {lead.archived && <p>{TEXT.archived}</p>}
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={archive.isPending || undefined}
        onClick={() => !archive.isPending && archive.mutate({ version: lead.version, archived: !lead.archived })}
      >
        <Icon aria-hidden size={16} />
        {lead.archived ? TEXT.unarchive : TEXT.archive}
      </button>
      {failure && (
        <p className="form-error" role="alert">
          {archive.variables?.archived ? TEXT.failed : TEXT.unarchiveFailed} {failure.message}
        </p>
      )}
    </div>
  );
}
