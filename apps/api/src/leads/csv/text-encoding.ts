import type { ImportTextEncoding } from '@lead-desk/contracts';
import iconv from 'iconv-lite';

/** A text file as text: the encoding it was read in, and whether it started with a byte-order mark (dropped from `text`). */
export interface DecodedText {
  text: string;
  encoding: ImportTextEncoding;
  byteOrderMark: boolean;
}

const BYTE_ORDER_MARKS: { bytes: number[]; encoding: ImportTextEncoding }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

/** Bytes Windows-1252 leaves undefined: a file holding one is not Windows-1252 text either. */
const UNDEFINED_IN_WINDOWS_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

export const NOT_TEXT = 'is not text in UTF-8, UTF-16 (with its byte-order mark) or Windows-1252';

/**
 * An uploaded text file (a CSV of leads, a DND scrub list) decoded once, where it enters:
 * by its byte-order mark (UTF-8, UTF-16 LE or BE, as Meta's lead export and Excel's
 * "Unicode text" write), else as UTF-8 when its bytes are valid UTF-8, else as
 * Windows-1252 (a CSV saved by Excel on Windows: "José", "Zoë", an en dash). Undefined
 * for bytes that are none of these.
 */
export function decodeText(bytes: Uint8Array): DecodedText | undefined {
  const marked = BYTE_ORDER_MARKS.find((mark) => mark.bytes.every((byte, index) => bytes[index] === byte));
  if (marked) {
    const text = decodeStrictly(bytes.subarray(marked.bytes.length), marked.encoding);
    return text === undefined ? undefined : { text, encoding: marked.encoding, byteOrderMark: true };
  }
  const utf8 = decodeStrictly(bytes, 'utf-8');
  if (utf8 !== undefined) return { text: utf8, encoding: 'utf-8', byteOrderMark: false };
  if (bytes.some((byte) => UNDEFINED_IN_WINDOWS_1252.has(byte))) return undefined;
  // iconv-lite: Node's TextDecoder reads the label windows-1252 as Latin-1 (0x96 a control, not an en dash).
  return { text: iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'windows-1252'), encoding: 'windows-1252', byteOrderMark: false };
}

function decodeStrictly(bytes: Uint8Array, encoding: ImportTextEncoding): string | undefined {
  try {
    // ignoreBOM: the mark was told apart above; one more would be the text's own character.
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // Not text in that encoding: the caller says so.
    return undefined;
  }
}
