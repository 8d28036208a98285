import type { ValidLead } from '../inputs/lead-input';
import type { ImportFileRow } from './import-rows';

/** A valid row of an imported file, ready to be written: the lead's fields, checked, where it stands in the pipeline, and the note it adds. */
export type ImportRow = Pick<ImportFileRow, 'line' | 'id' | 'createdAt' | 'stage' | 'lostReason' | 'owner' | 'tags' | 'addedTags' | 'contact' | 'note'> & { lead: ValidLead };
