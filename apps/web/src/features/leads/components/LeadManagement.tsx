import type { Lead, Session } from '@lead-desk/contracts';
import { UserPlus } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { PipelineBoard, StageFilter } from '../../pipeline';
import { useHighlights } from '../hooks/useHighlights';
import { useLeadDetails } from '../hooks/useLeadDetails';
import { useLeadCounts } from '../hooks/useLeadCounts';
import { useLeadStats } from '../hooks/useLeadStats';
import { useLeadView } from '../hooks/useLeadView';
import { useLiveLeadUpdates } from '../hooks/useLiveLeadUpdates';
import { useOutboundCall } from '../hooks/useOutboundCall';
import { AgentStatusCard } from './AgentStatusCard';
import { BulkJobProgress } from './bulk/BulkJobProgress';
import type { StartedBulkJob } from './bulk/BulkBar';
import { ExportCsvLink } from './ExportCsvLink';
import { LeadCsvImport } from './LeadCsvImport';
import { LeadFilterButtons } from './LeadFilterButtons';
import { LeadLayoutToggle } from './LeadLayoutToggle';
import { LeadResults } from './LeadResults';
import { LeadSearchBox } from './LeadSearchBox';
import { LeadStatCards } from './LeadStatCards';
import { OwnerFilter } from './OwnerFilter';
import { SavedViews } from './SavedViews';
import { TagFilter } from './TagFilter';
import { SourceFilter } from './SourceFilter';
import { CreatedFilter } from './CreatedFilter';
import { PossibleDuplicates } from './duplicates/PossibleDuplicates';
import { AddLeadDialog, LeadDetailsDialog, OutboundCallDialog, preloadLeadDialogs } from './lazyDialogs';

// Its own chunk, fetched after the page is up: the dashboard never waits for the chart.
const LeadsPerDayChart = lazy(() => import('./LeadsPerDayChart'));

const TEXT = {
  title: 'Real Estate AI Agent',
  subtitle: 'Lead Management Dashboard',
  addLead: 'Add Lead',
  statsFailed: 'Could not load the lead statistics',
  linkedLeadFailed: 'Could not open the linked lead',
  chartLoading: 'Loading the chart…',
  boardLoading: 'Loading the board…',
};

interface LeadManagementProps {
  /** Import and export are for admins (and everyone in open mode). */
  canTransferFiles: boolean;
  /** Who is looking: decides whether "Mine" and the team's names are offered as owners. */
  viewer?: Session;
}

/** "Real Estate AI Agent": the lead statistics, the searchable, filterable live list, and what staff do with a lead. */
export function LeadManagement({ canTransferFiles, viewer }: LeadManagementProps) {
  const titleId = useId();
  const { view, layout, linkedLead, setStatus, setQuery, setStage, setOwner, setTags, setSource, setCreated, applyView, setLayout, closeLinkedLead } = useLeadView();
  // A link to one lead (?lead=<id>, as the import's preview gives) opens its details once it is loaded.
  const linked = useLeadDetails(linkedLead);
  const stats = useLeadStats();
  const counts = useLeadCounts(view.q);
  const [highlighted, highlight] = useHighlights();
  const [adding, setAdding] = useState(false);
  const [detailsOf, setDetailsOf] = useState<Lead | null>(null);
  const [bulkJob, setBulkJob] = useState<StartedBulkJob | null>(null);
  const call = useOutboundCall();

  useLiveLeadUpdates(highlight);
  useEffect(preloadLeadDialogs, []);

  const onAdded = useCallback(
    (lead: Lead) => {
      setAdding(false);
      highlight([lead._id]);
    },
    [highlight],
  );
  const openCall = call.open;
  const onCall = useCallback((lead: Lead) => openCall({ leadId: lead._id, name: lead.name, phone: lead.phone }), [openCall]);

  return (
    <section className="lead-management" aria-labelledby={titleId}>
      <div className="lead-management__header">
        <h3 id={titleId}>{TEXT.title}</h3>
        <p className="panel__subtitle">{TEXT.subtitle}</p>
      </div>

      <div className="lead-management__overview">
        {stats.error ? (
          <ErrorNotice title={TEXT.statsFailed} error={stats.error} onRetry={() => void stats.refetch()} />
        ) : (
          <LeadStatCards stats={stats.data} />
        )}
        <AgentStatusCard processedToday={stats.data?.processedToday} />
      </div>

      <Suspense fallback={<p className="leads-chart__placeholder">{TEXT.chartLoading}</p>}>
        <LeadsPerDayChart />
      </Suspense>

      <div className="lead-toolbar">
        <LeadSearchBox query={view.q} onSearch={setQuery} />
        <div className="lead-toolbar__actions">
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            <UserPlus aria-hidden size={18} />
            {TEXT.addLead}
          </button>
          <PossibleDuplicates />
          {canTransferFiles && (
            <>
              <ExportCsvLink view={view} />
              <LeadCsvImport />
            </>
          )}
        </div>
      </div>

      <div className="lead-view-controls">
        <LeadFilterButtons status={view.status} counts={counts} onChange={setStatus} />
        <SavedViews view={view} onApply={applyView} />
        <div className="lead-view-controls__more">
          {/* On the board each column is a stage: the stage filter is the list's. */}
          {layout === 'list' && <StageFilter stage={view.stage} onChange={setStage} />}
          <OwnerFilter owner={view.owner} viewer={viewer} onChange={setOwner} />
          <TagFilter tags={view.tags} onChange={setTags} />
          <SourceFilter source={view.source} onChange={setSource} />
          <CreatedFilter createdFrom={view.createdFrom} createdTo={view.createdTo} onChange={setCreated} />
          <LeadLayoutToggle layout={layout} onChange={setLayout} />
        </div>
      </div>
      {linkedLead && linked.error && <ErrorNotice title={TEXT.linkedLeadFailed} error={linked.error} onRetry={() => void linked.refetch()} />}
      {/* Above both layouts: a job started from the list goes on while the board is open. */}
      {bulkJob && <BulkJobProgress key={bulkJob.id} started={bulkJob} onClose={() => setBulkJob(null)} />}
      {layout === 'board' ? (
        <Suspense fallback={<p role="status">{TEXT.boardLoading}</p>}>
          <PipelineBoard view={view} highlighted={highlighted} onViewDetails={setDetailsOf} />
        </Suspense>
      ) : (
        <LeadResults
          view={view}
          highlighted={highlighted}
          onAddLead={() => setAdding(true)}
          onCall={onCall}
          onViewDetails={setDetailsOf}
          canExport={canTransferFiles}
          onBulkJobStarted={setBulkJob}
        />
      )}

      <Suspense fallback={null}>
        {adding && <AddLeadDialog onClose={() => setAdding(false)} onAdded={onAdded} />}
        {detailsOf && <LeadDetailsDialog lead={detailsOf} onClose={() => setDetailsOf(null)} />}
        {!detailsOf && linkedLead && linked.data && <LeadDetailsDialog lead={linked.data} onClose={closeLinkedLead} />}
        {call.state.target && <OutboundCallDialog state={{ ...call.state, target: call.state.target }} onStart={() => void call.start()} onCancel={call.cancel} />}
      </Suspense>
    </section>
  );
}
