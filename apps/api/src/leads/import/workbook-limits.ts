import { Inflate } from 'fflate';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { limitMessages, type ImportLimits } from './import-limits';
import { WorkbookLimitError, XmlPartMeter, type WorkbookPartKind } from './xml-part-meter';
import { centralDirectory } from './zip-directory';
import { zipEntries, type ZipEntry } from './zip-entries';

/** Compressed bytes inflated at a time: deflate expands a byte at most 1,032 times, so one step yields at most ~4 MiB, however the file was made. */
const COMPRESSED_STEP = 4 * 1024;

/** Unzipped bytes between two turns of the event loop: a large workbook is measured without holding other requests up. */
const BYTES_PER_TURN = 1024 * 1024;

/**
 * What stops an .xlsx from being read, or undefined for one within the import's limits:
 * each entry unzipped (zipEntries, which must agree with the central directory exceljs's
 * reader opens them by: directoryAgrees), a few KB at a time, every
 * unzipped byte counted (IMPORT_MAX_UNZIPPED_BYTES) and each part exceljs parses measured by
 * XmlPartMeter (shared strings, cells, what it keeps whole), up to the first excess. Nothing
 * unzipped is kept: a 4 GB bomb costs a few MB. An entry that does not inflate is refused
 * too, as exceljs would refuse it.
 */
export async function checkWorkbookLimits(file: Buffer, limits: ImportLimits): Promise<string | undefined> {
  // The preview opens one upload three times (its rows, its dry run, its listed matches): measured once.
  const known = measured.get(file);
  if (known?.limits === limits) return known.refusal;
  const refusal = await measure(file, limits);
  measured.set(file, { limits, refusal });
  return refusal;
}

/** What each file still in memory was found to be, under which limits. */
const measured = new WeakMap<Buffer, { limits: ImportLimits; refusal: string | undefined }>();

async function measure(file: Buffer, limits: ImportLimits): Promise<string | undefined> {
  const entries = [...zipEntries(file)];
  if (!directoryAgrees(file, entries)) return UNREADABLE_DIRECTORY;
  let unzipped = 0;
  let unzippedAtTurn = 0;
  try {
    for (const entry of entries) {
      const kind = partKindOf(entry.name);
      const meter = kind && new XmlPartMeter(entry.name, kind, limits);
      const take = (bytes: Uint8Array, final: boolean) => {
        unzipped += bytes.length;
        if (unzipped > limits.maxUnzippedBytes) throw new WorkbookLimitError(limitMessages.unzippedTooLarge(limits));
        meter?.write(bytes, final);
      };
      // unzipper inflates any compression but none (0): another fails there, and exceljs with it.
      const inflate = entry.compression === 0 ? undefined : new Inflate(take);
      for (let start = 0; start === 0 || start < entry.data.length; start += COMPRESSED_STEP) {
        const step = entry.data.subarray(start, start + COMPRESSED_STEP);
        const last = start + COMPRESSED_STEP >= entry.data.length;
        if (inflate) inflate.push(step, last);
        else take(step, last);
        if (unzipped - unzippedAtTurn >= BYTES_PER_TURN) {
          unzippedAtTurn = unzipped;
          await nextTurn();
        }
      }
    }
  } catch (error) {
    // A limit; else data that does not inflate, or XML exceljs's own parser (saxes) refuses: exceljs would refuse it too.
    return error instanceof WorkbookLimitError ? error.message : `is not an Excel workbook (.xlsx) we can read: ${error instanceof Error ? error.message : String(error)}`;
  }
  return undefined;
}

const UNREADABLE_DIRECTORY = 'is not an Excel workbook (.xlsx) we can read: its central directory does not list the entries it holds, one after another';

/**
 * Whether the archive's central directory lists exactly the entries met one after another from
 * its start, each at the same place and of the same size. exceljs's reader (patched: see
 * patches/exceljs@4.4.0.patch) opens parts by the directory, and what is measured here is what
 * it will read only if both agree; every spreadsheet program writes archives where they do.
 */
function directoryAgrees(file: Buffer, entries: ZipEntry[]): boolean {
  const listed = centralDirectory(file);
  return (
    listed !== undefined &&
    listed.length === entries.length &&
    listed.every((entry, index) => {
      const met = entries[index]!;
      return entry.headerOffset === met.headerOffset && entry.name === met.name && entry.compression === met.compression && entry.compressedSize === met.data.length;
    })
  );
}

/** The parts exceljs's WorkbookReader parses, by its own tests of their names (a sheet's is not anchored); it only unzips the others. */
function partKindOf(path: string): WorkbookPartKind | undefined {
  if (path === 'xl/sharedStrings.xml') return 'sharedStrings';
  if (path === 'xl/workbook.xml' || path === 'xl/_rels/workbook.xml.rels' || path === 'xl/styles.xml') return 'kept';
  if (/xl\/worksheets\/sheet\d+[.]xml/.test(path)) return 'worksheet';
  return undefined;
}
