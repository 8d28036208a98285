import type { LeadMatch } from '@lead-desk/contracts';
import type { Ref } from 'react';
import type { LeadReference } from '../../types';

const TEXT = {
  already: (who: string, what: string) => `${who} already has ${what}`,
  hidden: 'A lead you cannot see',
  what: { phone: 'this number', email: 'this email', both: 'this number and this email' },
  gmail: ' (Gmail ignores dots and +tags)',
  open: 'open',
  openLabel: (name: string) => `open ${name}`,
  addAnyway: 'add anyway',
  adding: 'adding…',
};

interface DuplicateWarningProps {
  matches: LeadMatch[];
  onOpen: (lead: LeadReference) => void;
  /** The add form's choice: make the lead all the same, flagged as a possible duplicate of the other. */
  onAddAnyway?: () => void;
  adding?: boolean;
  ref?: Ref<HTMLDivElement>;
}

/** One line per stored lead: who it is (unless the viewer may not see it) and what it shares with the form. */
interface WarningLine {
  key: string;
  lead: LeadReference | null;
  fields: Set<LeadMatch['field']>;
  gmail: boolean;
}

function warningLines(matches: LeadMatch[]): WarningLine[] {
  const lines = new Map<string, WarningLine>();
  matches.forEach((match, index) => {
    // A lead out of sight is named by nothing, so two such matches cannot be told apart: each is its own line.
    const key = match.lead?._id ?? `hidden-${index}`;
    const line = lines.get(key) ?? { key, lead: match.lead, fields: new Set(), gmail: false };
    line.fields.add(match.field);
    line.gmail ||= match.reason === 'gmail_variant';
    lines.set(key, line);
  });
  return [...lines.values()];
}

const whatText = (fields: Set<LeadMatch['field']>) => (fields.size === 2 ? TEXT.what.both : TEXT.what[[...fields][0]]);

/**
 * "Aarav Sharma already has this number: open / add anyway", said politely as the form's
 * phone or email meets a stored lead's. The region is always there, so a screen reader
 * hears the warning when it appears.
 */
export function DuplicateWarning({ matches, onOpen, onAddAnyway, adding = false, ref }: DuplicateWarningProps) {
  const lines = warningLines(matches);
  return (
    <div ref={ref} role="status" className="duplicate-warning">
      {lines.map(({ key, lead, fields, gmail }, index) => {
        const addAnyway = index === lines.length - 1 ? onAddAnyway : undefined;
        return (
          <p key={key} className="duplicate-warning__line">
            {TEXT.already(lead?.name ?? TEXT.hidden, whatText(fields))}
            {gmail && TEXT.gmail}
            {(lead || addAnyway) && ': '}
            {lead && (
              <button type="button" className="link-button" aria-label={TEXT.openLabel(lead.name)} onClick={() => onOpen(lead)}>
                {TEXT.open}
              </button>
            )}
            {lead && addAnyway && ' / '}
            {addAnyway && (
              <button type="button" className="link-button" aria-disabled={adding || undefined} onClick={() => !adding && addAnyway()}>
                {adding ? TEXT.adding : TEXT.addAnyway}
              </button>
            )}
          </p>
        );
      })}
    </div>
  );
}
