import { leadChangesSchema, newConsentSchema, type Lead, type LeadConsent } from '@lead-desk/contracts';
import { Ban, CheckCircle2, PhoneOff } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { FormField } from '../../../../components/FormField';
import { SubmitButton } from '../../../../components/SubmitButton';
import { useContractForm } from '../../../../lib/forms/useContractForm';
import { useCallBlockedReason } from '../../hooks/useCallEligibility';
import { useLeadConsents } from '../../hooks/useLeadConsents';
import type { useLeadEdits } from '../../hooks/useLeadEdits';
import { formatDateTime } from '../../utils/formatDateTime';

const TEXT = {
  heading: 'Calling rules',
  callsAllowed: 'Calls allowed now.',
  doNotCall: (reason: string | null) => `Do Not Call: ${reason ?? 'no reason given'}`,
  markDoNotCall: 'Mark Do Not Call',
  allowCalls: 'Allow calls again',
  reason: 'Reason',
  reasonHint: 'Why this person must not be called (they asked, a complaint…)',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  consents: 'Consents',
  noConsents: 'No consent recorded.',
  consentsFailed: 'Could not load the consents',
  wording: 'Their words',
  wordingHint: 'What the person said when they agreed to be called',
  recordConsent: 'Record consent',
  recording: 'Recording…',
  withdraw: 'Withdraw',
  given: (channel: string, at: string) => `Given ${CHANNELS[channel] ?? channel}, ${at}`,
  withdrawn: (channel: string, at: string) => `Withdrawn ${CHANNELS[channel] ?? channel}, ${at}`,
};

const CHANNELS: Record<string, string> = { voice_call: 'on a call', web_form: 'on the web form', chat: 'in chat', import: 'by import', staff: 'to staff', whatsapp: 'on WhatsApp' };

const doNotCallSchema = z.object({ doNotCallReason: leadChangesSchema.shape.doNotCallReason.pipe(z.string('is required').min(1, 'is required')) });
const consentSchema = z.object({ wording: newConsentSchema.shape.wording });

interface LeadCallingRulesProps {
  lead: Lead;
  edits: ReturnType<typeof useLeadEdits>;
}

/** Whether the lead may be called now and why not, its Do Not Call switch with the reason, and its consents (withdrawn ones kept). */
export function LeadCallingRules({ lead, edits }: LeadCallingRulesProps) {
  const blockedReason = useCallBlockedReason(lead);
  const [marking, setMarking] = useState(false);
  return (
    <section className="lead-calling-rules" aria-labelledby="lead-calling-rules-heading">
      <h3 id="lead-calling-rules-heading" className="lead-details__heading">
        {TEXT.heading}
      </h3>
      <p className="lead-calling-rules__now" role="status">
        {blockedReason ?? TEXT.callsAllowed}
      </p>
      {lead.doNotCall ? (
        <div className="lead-calling-rules__dnc">
          <p>
            <PhoneOff aria-hidden size={16} /> {TEXT.doNotCall(lead.doNotCallReason)}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => edits.update.mutate({ version: lead.version, changes: { doNotCall: false } })}
          >
            {TEXT.allowCalls}
          </button>
        </div>
      ) : marking ? (
        <DoNotCallForm
          onSubmit={async (doNotCallReason) => {
            await edits.update.mutateAsync({ version: lead.version, changes: { doNotCall: true, doNotCallReason } });
            setMarking(false);
          }}
          onCancel={() => setMarking(false)}
        />
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setMarking(true)}>
          <Ban aria-hidden size={16} />
          {TEXT.markDoNotCall}
        </button>
      )}
      <LeadConsents leadId={lead._id} />
    </section>
  );
}

function DoNotCallForm({ onSubmit, onCancel }: { onSubmit: (reason: string) => Promise<void>; onCancel: () => void }) {
  const { form, fieldError, formError, submitWith } = useContractForm(doNotCallSchema, { defaultValues: { doNotCallReason: '' }, labels: { doNotCallReason: TEXT.reason } });
  return (
    <form className="lead-calling-rules__form" noValidate onSubmit={submitWith(({ doNotCallReason }) => onSubmit(doNotCallReason))}>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <FormField label={TEXT.reason} error={fieldError('doNotCallReason')} hint={TEXT.reasonHint}>
        {(control) => <input {...control} {...form.register('doNotCallReason')} type="text" autoComplete="off" aria-required />}
      </FormField>
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {TEXT.cancel}
        </button>
        <SubmitButton icon={Ban} label={TEXT.markDoNotCall} pendingLabel={TEXT.saving} pending={form.formState.isSubmitting} />
      </div>
    </form>
  );
}

function LeadConsents({ leadId }: { leadId: string }) {
  const consents = useLeadConsents(leadId);
  const { form, fieldError, formError, submitWith } = useContractForm(consentSchema, { defaultValues: { wording: '' }, labels: { wording: TEXT.wording } });
  return (
    <>
      <h4 className="lead-calling-rules__subheading">{TEXT.consents}</h4>
      {consents.list.error && <ErrorNotice title={TEXT.consentsFailed} error={consents.list.error} onRetry={() => void consents.list.refetch()} />}
      {consents.list.data?.length === 0 && <p className="lead-calling-rules__empty">{TEXT.noConsents}</p>}
      {consents.list.data && consents.list.data.length > 0 && (
        <ul className="lead-consents">
          {consents.list.data.map((consent) => (
            <ConsentItem key={consent.id} consent={consent} onWithdraw={() => consents.withdraw.mutate(consent.id)} />
          ))}
        </ul>
      )}
      <form
        className="lead-calling-rules__form"
        noValidate
        onSubmit={submitWith(async ({ wording }) => {
          await consents.record.mutateAsync({ wording });
          form.reset();
        })}
      >
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <FormField label={TEXT.wording} error={fieldError('wording')} hint={TEXT.wordingHint}>
          {(control) => <input {...control} {...form.register('wording')} type="text" autoComplete="off" aria-required />}
        </FormField>
        <SubmitButton icon={CheckCircle2} label={TEXT.recordConsent} pendingLabel={TEXT.recording} pending={form.formState.isSubmitting} />
      </form>
    </>
  );
}

function ConsentItem({ consent, onWithdraw }: { consent: LeadConsent; onWithdraw: () => void }) {
  return (
    <li className="lead-consent" data-withdrawn={consent.withdrawnAt !== null || undefined}>
      <p className="lead-consent__wording">“{consent.wording}”</p>
      <p className="lead-consent__meta">
        {consent.purpose}. {TEXT.given(consent.channel, formatDateTime(consent.givenAt))}
        {consent.withdrawnAt && consent.withdrawnVia && <>. {TEXT.withdrawn(consent.withdrawnVia, formatDateTime(consent.withdrawnAt))}</>}
      </p>
      {consent.withdrawnAt === null && (
        <button type="button" className="button button--secondary" onClick={onWithdraw}>
          {TEXT.withdraw}
        </button>
      )}
    </li>
  );
}
