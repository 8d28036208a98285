import type { AppConfig } from '../../config/app-config';

/** What an imported file may hold, checked while it is read so that no file can take the API's memory (issue 22). */
export interface ImportLimits {
  /** All the parts of an .xlsx together, unzipped. */
  maxUnzippedBytes: number;
  /** An .xlsx's shared strings, each differently formatted run of one counted too: exceljs keeps every one. */
  maxSharedStrings: number;
  /** Any cell of a CSV or .xlsx (and any other text between two tags of a workbook's parts). */
  maxCellCharacters: number;
}

export function importLimitsOf(config: Pick<AppConfig, 'IMPORT_MAX_UNZIPPED_BYTES' | 'IMPORT_MAX_SHARED_STRINGS' | 'IMPORT_MAX_CELL_CHARACTERS'>): ImportLimits {
  return {
    maxUnzippedBytes: config.IMPORT_MAX_UNZIPPED_BYTES,
    maxSharedStrings: config.IMPORT_MAX_SHARED_STRINGS,
    maxCellCharacters: config.IMPORT_MAX_CELL_CHARACTERS,
  };
}

const count = (value: number) => value.toLocaleString('en-IN');
const MIB = 1024 * 1024;
const bytes = (value: number) => (value % MIB === 0 ? `${count(value / MIB)} MiB` : `${count(value)} bytes`);

/** The refusals, each naming the setting that sets its limit. */
export const limitMessages = {
  cellTooLong: ({ maxCellCharacters }: Pick<ImportLimits, 'maxCellCharacters'>) => `has a cell longer than ${count(maxCellCharacters)} characters (IMPORT_MAX_CELL_CHARACTERS)`,
  unzippedTooLarge: ({ maxUnzippedBytes }: Pick<ImportLimits, 'maxUnzippedBytes'>) => `unzips to more than ${bytes(maxUnzippedBytes)} (IMPORT_MAX_UNZIPPED_BYTES)`,
  tooManySharedStrings: ({ maxSharedStrings }: Pick<ImportLimits, 'maxSharedStrings'>) => `holds more than ${count(maxSharedStrings)} shared strings (IMPORT_MAX_SHARED_STRINGS)`,
};
