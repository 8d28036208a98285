import type { ImportOptions, ImportTarget } from '@lead-desk/contracts';
import { readStoredImportOptions, storeImportOptions } from './stored-import-options';

describe('stored import options', () => {
  it('keep what a row does to the lead it matches, with the dedupe rule and the mapping', () => {
    const options: ImportOptions = { dryRun: false, dedupe: 'phone', onMatch: 'overwrite', mapping: new Map<string, ImportTarget>([['Mobile', 'phone'], ['__proto__', 'ignore']]) };
    expect(readStoredImportOptions(storeImportOptions(options))).toEqual(options);
  });

  it('fill for a job stored before the choice existed: its preview never showed what an overwrite would change', () => {
    expect(readStoredImportOptions('{"dedupe":"both"}')).toEqual({ dryRun: false, dedupe: 'both', onMatch: 'fill' });
  });
});
