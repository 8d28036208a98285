/** One entry as a ZIP archive's central directory lists it: where its local header starts, its name, how it is compressed, its compressed size. */
export interface DirectoryEntry {
  headerOffset: number;
  name: string;
  compression: number;
  compressedSize: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_HEADER = 0x02014b50;
const MAX_COMMENT = 0xffff;
const IN_ZIP64_FIELD = 0xffffffff;

/**
 * The entries a ZIP archive's central directory lists (APPNOTE 4.3.12-4.3.16, ZIP64 included),
 * as a reader that opens an archive by its directory (unzipper's Open, exceljs's reader with
 * our patch) finds them; undefined when there is no readable directory.
 */
export function centralDirectory(file: Buffer): DirectoryEntry[] | undefined {
  const end = endOfDirectory(file);
  if (end === undefined) return undefined;
  let { offset, count } = end;
  if (offset === IN_ZIP64_FIELD || count === 0xffff) {
    const locator = end.at - 20;
    if (locator < 0 || file.readUInt32LE(locator) !== ZIP64_LOCATOR) return undefined;
    const record = Number(file.readBigUInt64LE(locator + 8));
    if (record + 56 > file.length || file.readUInt32LE(record) !== ZIP64_END_OF_DIRECTORY) return undefined;
    count = Number(file.readBigUInt64LE(record + 32));
    offset = Number(file.readBigUInt64LE(record + 48));
  }
  const entries: DirectoryEntry[] = [];
  for (let at = offset; entries.length < count; ) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== DIRECTORY_HEADER) return undefined;
    const nameStart = at + 46;
    const extraStart = nameStart + file.readUInt16LE(at + 28);
    const extraEnd = extraStart + file.readUInt16LE(at + 30);
    if (extraEnd > file.length) return undefined;
    const sizes = zip64Sizes(file.subarray(extraStart, extraEnd), {
      uncompressed: file.readUInt32LE(at + 24),
      compressed: file.readUInt32LE(at + 20),
      headerOffset: file.readUInt32LE(at + 42),
    });
    entries.push({ headerOffset: sizes.headerOffset, name: file.toString('utf8', nameStart, extraStart), compression: file.readUInt16LE(at + 10), compressedSize: sizes.compressed });
    at = extraEnd + file.readUInt16LE(at + 32);
  }
  return entries;
}

/** The end of central directory record, searched for from the end past a comment of any length. */
function endOfDirectory(file: Buffer): { at: number; count: number; offset: number } | undefined {
  for (let at = file.length - 22; at >= Math.max(0, file.length - 22 - MAX_COMMENT); at -= 1) {
    if (file.readUInt32LE(at) === END_OF_DIRECTORY) return { at, count: file.readUInt16LE(at + 10), offset: file.readUInt32LE(at + 16) };
  }
  return undefined;
}

/** A directory entry's sizes and offset, each one left at 0xffffffff in its field read from the ZIP64 extra field (id 1), in the order APPNOTE 4.5.3 gives. */
function zip64Sizes(extra: Buffer, fields: { uncompressed: number; compressed: number; headerOffset: number }): typeof fields {
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) !== 1) continue;
    let next = at + 4;
    const read = (value: number) => {
      if (value !== IN_ZIP64_FIELD || next + 8 > extra.length) return value;
      next += 8;
      return Number(extra.readBigUInt64LE(next - 8));
    };
    const uncompressed = read(fields.uncompressed);
    const compressed = read(fields.compressed);
    return { uncompressed, compressed, headerOffset: read(fields.headerOffset) };
  }
  return fields;
}
