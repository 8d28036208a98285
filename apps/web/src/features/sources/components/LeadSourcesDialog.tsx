import { useState, type FormEvent } from 'react';
import type { InboundLeadReceipt, LeadSource, StaffAccount } from '@lead-desk/contracts';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Modal } from '../../../components/Modal';
import { useLeadSources } from '../hooks/useLeadSources';
import { autoCallOf, choiceOf, type AutoCallChoice } from './autoCallChoice';
import { SourceKeys } from './SourceKeys';

const TEXT = {
  title: 'Sources',
  description: 'Where leads come from: each source’s leads, its last error, whether the agent calls its new leads, who gets them, and its API keys.',
  loading: 'Loading sources…',
  failed: 'Could not load the sources',
  today: 'Leads today',
  week: 'This week',
  lastLead: 'Last lead',
  lastError: 'Last error',
  none: 'none',
  builtIn: 'built in',
  autoCall: 'The agent calls new leads',
  choices: (byDefault: boolean): Record<AutoCallChoice, string> => ({ default: `As AUTO_CALLBACK (${byDefault ? 'on' : 'off'})`, on: 'On', off: 'Off' }),
  owner: 'Default owner',
  roundRobin: 'Round-robin',
  testLead: 'Send a test lead',
  testSent: (receipt: InboundLeadReceipt) => `Test lead ${receipt.created ? 'made' : 'received again'}: it is never called.`,
  remove: (name: string) => `Remove ${name}`,
  staffLeads: 'Leads staff create',
  add: 'Add a source',
  name: 'Name',
  changeFailed: 'Could not save the change:',
};

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : TEXT.none);

/** Every source with its counts, switch, owner and keys; the staff-created leads' switch; a new source. */
export function LeadSourcesDialog({ onClose }: { onClose: () => void }) {
  const lead = useLeadSources();
  const [name, setName] = useState('');
  const error = lead.create.error ?? lead.change.error ?? lead.remove.error ?? lead.testLead.error ?? lead.setStaffLeadCalls.error;
  const byDefault = lead.sources.data?.find((source) => source.autoCall === null)?.callsNewLeads ?? false;
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) lead.create.mutate(name.trim(), { onSuccess: () => setName('') });
  };
  return (
    <Modal onClose={onClose} variant="sheet" title={TEXT.title} description={TEXT.description}>
      <div className="sources">
        {error && (
          <p className="form-error" role="alert">
            {TEXT.changeFailed} {error.message}
          </p>
        )}
        {lead.sources.isPending && <p>{TEXT.loading}</p>}
        {lead.sources.error && <ErrorNotice title={TEXT.failed} error={lead.sources.error} onRetry={() => void lead.sources.refetch()} />}
        <ol className="sources__list">
          {lead.sources.data?.map((source) => (
            <li key={source.id}>
              <SourceCard source={source} staff={lead.staff.data ?? []} byDefault={byDefault} lead={lead} />
            </li>
          ))}
        </ol>
        {lead.staffLeadCalls.data && (
          <label className="sources__staff-leads">
            {TEXT.staffLeads}: {TEXT.autoCall}{' '}
            <AutoCallSelect value={lead.staffLeadCalls.data.autoCall} byDefault={byDefault} onChange={(autoCall) => lead.setStaffLeadCalls.mutate({ autoCall })} />
          </label>
        )}
        <form className="sources__add" onSubmit={add}>
          <label>
            {TEXT.name} <input value={name} maxLength={50} onChange={(event) => setName(event.target.value)} />
          </label>
          <button type="submit" className="button button--primary" disabled={lead.create.isPending}>
            {TEXT.add}
          </button>
        </form>
      </div>
    </Modal>
  );
}

function AutoCallSelect({ value, byDefault, onChange }: { value: boolean | null; byDefault: boolean; onChange: (autoCall: boolean | null) => void }) {
  const choices = TEXT.choices(byDefault);
  return (
    <select value={choiceOf(value)} onChange={(event) => onChange(autoCallOf(event.target.value as AutoCallChoice))}>
      {(Object.keys(choices) as AutoCallChoice[]).map((choice) => (
        <option key={choice} value={choice}>
          {choices[choice]}
        </option>
      ))}
    </select>
  );
}

function SourceCard({ source, staff, byDefault, lead }: { source: LeadSource; staff: StaffAccount[]; byDefault: boolean; lead: ReturnType<typeof useLeadSources> }) {
  const [receipt, setReceipt] = useState<InboundLeadReceipt | null>(null);
  const change = (changes: Parameters<typeof lead.change.mutate>[0]['changes']) => lead.change.mutate({ id: source.id, changes });
  return (
    <article className="source-card" aria-label={source.name}>
      <h3>
        {source.name} {source.builtIn && <small>({TEXT.builtIn})</small>}
      </h3>
      <dl>
        <dt>{TEXT.today}</dt>
        <dd>{source.leadsToday}</dd>
        <dt>{TEXT.week}</dt>
        <dd>{source.leadsThisWeek}</dd>
        <dt>{TEXT.lastLead}</dt>
        <dd>{when(source.lastLeadAt)}</dd>
        <dt>{TEXT.lastError}</dt>
        <dd>{source.lastError ? `${source.lastError.message} (${when(source.lastError.at)})` : TEXT.none}</dd>
      </dl>
      <label>
        {TEXT.autoCall} <AutoCallSelect value={source.autoCall} byDefault={byDefault} onChange={(autoCall) => change({ autoCall })} />
      </label>
      <label>
        {TEXT.owner}{' '}
        <select value={source.defaultOwner?.id ?? ''} onChange={(event) => change({ defaultOwnerId: event.target.value || null })}>
          <option value="">{TEXT.roundRobin}</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      </label>
      <div className="source-card__actions">
        <button type="button" className="button button--secondary" disabled={lead.testLead.isPending} onClick={() => lead.testLead.mutate(source.id, { onSuccess: setReceipt })}>
          {TEXT.testLead}
        </button>
        {!source.builtIn && (
          <button type="button" className="button button--secondary" onClick={() => lead.remove.mutate(source.id)}>
            {TEXT.remove(source.name)}
          </button>
        )}
      </div>
      {receipt && <p role="status">{TEXT.testSent(receipt)}</p>}
      {!source.builtIn && <SourceKeys sourceId={source.id} />}
    </article>
  );
}
