import type { ValidLead } from '../inputs/lead-input';
import type { ImportFileRow } from './import-rows';

/** A valid row of an imported file, ready to be written: the lead's fields, checked, and where it stands in the pipeline. */
export type ImportRow = Pick<ImportFileRow, 'line' | 'id' | 'createdAt' | 'stage' | 'lostReason' | 'owner' | 'tags' | 'contact'> & { lead: ValidLead };
