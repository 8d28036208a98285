import type { ImportChangeField, ImportChangeOutcome, ImportFieldChange, ImportPreview, ImportPreviewLead } from '@lead-desk/contracts';
import { leadDetailsHref } from '../hooks/useLeadView';
import { DUPLICATE_REASON_TEXT } from './duplicateReasonTexts';
import { fieldValueText, LEAD_JSON_FIELD_TEXT } from './leadFieldTexts';

/** Each field a row may change: the lead's own as the timeline names them, then where it stands and its consent. */
const FIELD_TEXT: Record<ImportChangeField, string> = {
  ...LEAD_JSON_FIELD_TEXT,
  stage: 'Stage',
  lostReason: 'Lost reason',
  owner: 'Owner',
  tags: 'Tags',
  consent: 'Consent',
  doNotCall: 'Do Not Call',
  whatsappOptIn: 'WhatsApp opt-in',
};

const OUTCOME_TEXT: Record<ImportChangeOutcome, string> = {
  filled: 'fills what the lead lacks',
  overwritten: 'overwrites',
  kept: 'kept as stored',
};

const TEXT = {
  matches: (total: number) => (total === 1 ? '1 row is a lead already stored' : `${total} rows are leads already stored`),
  duplicates: (total: number) => (total === 1 ? '1 row would be flagged as a possible duplicate' : `${total} rows would be flagged as possible duplicates`),
  firstShown: (shown: number) => `The first ${shown} are listed.`,
  line: (line: number) => `Line ${line}`,
  createdBy: (line: number) => `(the lead line ${line} creates)`,
  nothing: 'Nothing to change',
  noTags: 'no tags',
  consent: { given: 'given', withdrawn: 'withdrawn', none: 'never given' },
  mayBe: 'may be',
  newLead: 'a new lead, flagged for review',
};

/**
 * What the import does to leads it meets, as the preview lists it: each row that is a lead
 * already stored, with that lead (a link to its details) and each field the row changes or
 * keeps (old → new); then each row that would be a new lead flagged as a possible duplicate,
 * with the lead it may be. The counts are exact; the lists hold the first rows of each.
 */
export function ImportMatchedRows({ preview }: { preview: ImportPreview }) {
  const { outcome, matches, duplicates } = preview;
  return (
    <>
      {outcome.updated > 0 && (
        <section className="import-preview__matches" aria-label={TEXT.matches(outcome.updated)}>
          <h3 className="import-result__heading">{TEXT.matches(outcome.updated)}</h3>
          {matches.length < outcome.updated && <p className="import-preview__note">{TEXT.firstShown(matches.length)}</p>}
          <ul>
            {matches.map(({ line, lead, changes }) => (
              <li key={line}>
                {TEXT.line(line)}: <LeadName lead={lead} />
                {changes.length === 0 ? (
                  <span className="import-preview__note"> · {TEXT.nothing}</span>
                ) : (
                  <ul>
                    {changes.map((change) => (
                      <li key={change.field} data-outcome={change.outcome}>
                        {FIELD_TEXT[change.field]}: {valueText(change.field, change.from)} → {valueText(change.field, change.to)} ({OUTCOME_TEXT[change.outcome]})
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {outcome.possibleDuplicates > 0 && (
        <section className="import-preview__matches" aria-label={TEXT.duplicates(outcome.possibleDuplicates)}>
          <h3 className="import-result__heading">{TEXT.duplicates(outcome.possibleDuplicates)}</h3>
          {duplicates.length < outcome.possibleDuplicates && <p className="import-preview__note">{TEXT.firstShown(duplicates.length)}</p>}
          <ul>
            {duplicates.map(({ line, name, lead, reason }) => (
              <li key={line}>
                {TEXT.line(line)}: {name} {TEXT.mayBe} <LeadName lead={lead} /> ({DUPLICATE_REASON_TEXT[reason]}): {TEXT.newLead}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** A stored lead links to its details (in another tab: the preview stays); one the file creates is named by its row. */
function LeadName({ lead }: { lead: ImportPreviewLead }) {
  if (lead.id === null) return <>{`${lead.name} ${TEXT.createdBy(lead.createdAtLine)}`}</>;
  return (
    <a href={leadDetailsHref(lead.id)} target="_blank" rel="noreferrer">
      {lead.name}
    </a>
  );
}

/** A value as the row list shows it: a consent in words, tags listed, the lead's own fields as the timeline words them. */
function valueText(field: ImportChangeField, value: ImportFieldChange['from']): string {
  if (field === 'consent') return value === true ? TEXT.consent.given : value === false ? TEXT.consent.withdrawn : TEXT.consent.none;
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : TEXT.noTags;
  return fieldValueText(field, value);
}
