import { Transform, type TransformCallback } from 'node:stream';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Turns the record ends of a CSV byte stream from LF (what PostgreSQL's COPY writes)
 * into CRLF (RFC 4180). A LF inside a quoted cell is data and stays as it is: a byte is
 * inside quotes when an odd number of quote characters came before it (an escaped
 * quote, "", flips the parity twice), counted across chunks.
 */
export class CrlfRecordEnds extends Transform {
  private inQuotes = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const recordEnds: number[] = [];
    let quote = chunk.indexOf(QUOTE);
    for (let newline = chunk.indexOf(LF); newline !== -1; newline = chunk.indexOf(LF, newline + 1)) {
      for (; quote !== -1 && quote < newline; quote = chunk.indexOf(QUOTE, quote + 1)) this.inQuotes = !this.inQuotes;
      if (!this.inQuotes) recordEnds.push(newline);
    }
    for (; quote !== -1; quote = chunk.indexOf(QUOTE, quote + 1)) this.inQuotes = !this.inQuotes;

    const converted = Buffer.allocUnsafe(chunk.length + recordEnds.length);
    let written = 0;
    let from = 0;
    for (const end of recordEnds) {
      written += chunk.copy(converted, written, from, end);
      converted[written++] = CR;
      converted[written++] = LF;
      from = end + 1;
    }
    chunk.copy(converted, written, from);
    done(null, converted);
  }
}
