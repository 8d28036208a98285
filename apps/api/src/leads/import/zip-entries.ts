/** One entry of a ZIP archive as a streaming reader meets it: where its local header starts, its name, how it is compressed, its compressed bytes. */
export interface ZipEntry {
  headerOffset: number;
  name: string;
  compression: number;
  data: Buffer;
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = Buffer.from('PK\u0007\u0008', 'latin1');
const SIZE_IN_ZIP64_FIELD = 0xffffffff;

/**
 * The entries of a ZIP archive as exceljs's reader (unzipper's Parse) meets them: local
 * headers one after another from the start (the central directory is not read); an entry's
 * data is its compressed size long, or, when its header leaves the size to a data descriptor
 * after the data, runs to the next data descriptor signature. Ends at the first record that
 * is not a local header (the central directory, or bytes unzipper would fail on, and exceljs
 * with it). fflate's streaming Unzip also ends such an entry at a local header's or the
 * central directory's signature found in its data, so it would split entries otherwise.
 */
export function* zipEntries(file: Buffer): Generator<ZipEntry> {
  for (let offset = 0; offset + 30 <= file.length && file.readUInt32LE(offset) === LOCAL_HEADER; ) {
    const flags = file.readUInt16LE(offset + 6);
    const compression = file.readUInt16LE(offset + 8);
    const nameStart = offset + 30;
    const extraStart = nameStart + file.readUInt16LE(offset + 26);
    const dataStart = extraStart + file.readUInt16LE(offset + 28);
    const name = file.toString('utf8', nameStart, extraStart);
    let compressedSize = file.readUInt32LE(offset + 18);
    if (compressedSize === SIZE_IN_ZIP64_FIELD) compressedSize = zip64CompressedSize(file.subarray(extraStart, dataStart)) ?? 0;
    if (!(flags & 0x08) || compressedSize > 0) {
      yield { headerOffset: offset, name, compression, data: file.subarray(dataStart, dataStart + compressedSize) };
      offset = dataStart + compressedSize;
    } else {
      const descriptor = file.indexOf(DATA_DESCRIPTOR, dataStart);
      const dataEnd = descriptor === -1 ? file.length : descriptor;
      yield { headerOffset: offset, name, compression, data: file.subarray(dataStart, dataEnd) };
      // The descriptor: its signature, the CRC and both sizes.
      offset = dataEnd + 16;
    }
  }
}

/** The compressed size a ZIP64 extra field (id 1) holds, read where unzipper reads it: after the uncompressed size, whatever the header left in its fields. */
function zip64CompressedSize(extra: Buffer): number | undefined {
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) === 1 && at + 20 <= extra.length) return Number(extra.readBigUInt64LE(at + 12));
  }
  return undefined;
}
