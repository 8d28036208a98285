import type { ImportMatchMode, ImportPreviewMatch } from '@lead-desk/contracts';
import type { ConsentState } from '../../compliance/consents.repository';
import type { Lead } from '../../database/models';
import { CONSENT_COLUMNS, consentAction, type ConsentAction, type ConsentCell } from './import-contact-rules';
import type { ImportNames } from './import-names';
import type { ImportPlan } from './import-plan';
import { previewChanges, type RowContactEffect } from './import-preview-changes';
import type { ImportRow } from './import-row';
import { importedLead } from './imported-lead';
import { matchedRowWrite } from './matched-row-write';

/** What the list is read from, besides the dry run: the rows it needs by line, and the stored leads they meet with their consents of each kind. */
export interface ListedMatchesSource {
  rows: Map<number, ImportRow>;
  stored: Map<string, Lead>;
  consents: Record<ConsentCell, Map<string, ConsentState>>;
}

type ConsentStates = Record<ConsentCell, ConsentState>;

/** How the rows are read: as the import would write them. */
export interface ListedMatchesContext {
  entryStageId: string;
  names: ImportNames;
  onMatch: ImportMatchMode;
  now: Date;
}

/** A lead as the listed rows so far leave it, with its consents of each kind. */
interface ListedLead {
  lead: Lead;
  consents: ConsentStates;
}

const statesOf = (state: (cell: ConsentCell) => ConsentState): ConsentStates => Object.fromEntries(CONSENT_COLUMNS.map(({ cell }) => [cell, state(cell)])) as ConsentStates;

/**
 * The preview's list of the first rows that match a lead (ImportPlan.matched), each with
 * every field it gives that differs from the lead's (previewChanges), told by writeBatch's
 * rules. A lead starts as stored (or as the row that creates it builds it) and changes row
 * by row: every earlier row that changed it matched it too, so it is listed before. A row
 * whose lead (or whose own reading) is gone since the dry run, deleted or its stage
 * renamed meanwhile, is left out.
 */
export function listedMatches(plan: ImportPlan, { rows, stored, consents }: ListedMatchesSource, context: ListedMatchesContext): ImportPreviewMatch[] {
  const leads = new Map<string, ListedLead>();
  const leadBefore = (leadId: string): ListedLead | undefined => {
    const createdAtLine = plan.createdAtLine.get(leadId);
    if (createdAtLine === undefined) {
      const lead = stored.get(leadId);
      return lead && { lead: { ...lead }, consents: statesOf((cell) => consents[cell].get(leadId) ?? 'none') };
    }
    const creating = rows.get(createdAtLine);
    if (!creating) return undefined;
    const lead = { ...importedLead(creating, leadId, context.entryStageId, context.now), doNotCall: creating.contact?.doNotCall === true };
    return { lead, consents: statesOf((cell) => (consentAction('none', creating.contact?.[cell], context.onMatch) === 'record' ? 'standing' : 'none')) };
  };
  return plan.matched.flatMap(({ line, leadId }) => {
    const listed = leads.get(leadId) ?? leadBefore(leadId);
    const row = rows.get(line);
    if (!listed || !row) return [];
    leads.set(leadId, listed);
    const was = listed.lead;
    const write = matchedRowWrite(was, row, context.onMatch);
    const consentEffects: RowContactEffect['consents'] = {};
    for (const { cell } of CONSENT_COLUMNS) {
      const action: ConsentAction | undefined = consentAction(listed.consents[cell], row.contact?.[cell], context.onMatch);
      if (action) consentEffects[cell] = { state: listed.consents[cell], action };
    }
    const setsDoNotCall = row.contact?.doNotCall === true && !was.doNotCall;
    const match = {
      line,
      lead: plan.shown(was),
      changes: previewChanges(was, write, { consents: consentEffects, setsDoNotCall }, context.names),
    };
    listed.lead = { ...was, ...write.columns, ...write.pipeline, doNotCall: was.doNotCall || setsDoNotCall };
    for (const [cell, effect] of Object.entries(consentEffects) as [ConsentCell, { action: ConsentAction }][]) {
      if (effect.action === 'record') listed.consents[cell] = 'standing';
      if (effect.action === 'withdraw') listed.consents[cell] = 'withdrawn';
    }
    return [match];
  });
}
