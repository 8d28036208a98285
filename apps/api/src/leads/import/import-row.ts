import type { ValidLead } from '../inputs/lead-input';
import type { ImportOwner, ImportStage } from './import-names';

/** A valid row of an imported file, ready to be written: the lead's fields and where it stands in the pipeline. */
export interface ImportRow {
  line: number;
  lead: ValidLead;
  id?: string;
  createdAt?: Date;
  stage?: ImportStage;
  lostReason?: string;
  owner?: ImportOwner;
  tags?: string[];
}
