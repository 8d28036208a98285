import { SaxesParser } from 'saxes';
import { limitMessages, type ImportLimits } from './import-limits';

/**
 * How exceljs's streaming WorkbookReader reads a part of a workbook, and so what it may
 * hold in memory: every shared string and formatted run (`sharedStrings`); a sheet's rows
 * one at a time, but its column widths all together (`worksheet`); the workbook, its
 * relationships and its styles whole (`kept`).
 */
export type WorkbookPartKind = 'sharedStrings' | 'worksheet' | 'kept';

/** A part holding more than a limit allows: its message is the 400's. */
export class WorkbookLimitError extends Error {}

/** Characters handed to the XML parser at a time: a run of text is measured every step, never held whole first. */
const XML_STEP = 64 * 1024;

/** Elements exceljs keeps of a part it reads whole (or of a sheet's column widths): far more than any workbook's styles, sheets or columns. */
export const MAX_KEPT_ELEMENTS = 100_000;

/**
 * Measures one XML part of a workbook as it unzips, with the parser exceljs uses (saxes),
 * and throws a WorkbookLimitError at the first thing over a limit: a shared string (all its
 * text from `<si>` to `</si>`, formatted runs included, and text between strings, which
 * exceljs gathers too) or a cell (all its text from `<c>` to the next `<c>`) longer than
 * IMPORT_MAX_CELL_CHARACTERS, more shared strings and runs than IMPORT_MAX_SHARED_STRINGS,
 * more elements exceljs keeps whole than MAX_KEPT_ELEMENTS. Text the parser still holds
 * counts too (saxes keeps a text node, a tag, a comment until it ends), so what it holds
 * stays bounded; as written, so a cell close to the limit and full of `&amp;` counts its
 * entities whole. What exceljs keeps of a workbook that passes is bounded by
 * IMPORT_MAX_UNZIPPED_BYTES (its shared strings, above all).
 */
export class XmlPartMeter {
  private readonly decoder = new TextDecoder('utf-8');
  private readonly parser = new SaxesParser();
  /** Where the parser stood at its last event: what it reads after that, it holds. */
  private lastEvent = 0;
  /** Characters handed to the parser (its `position` is exact only inside its handlers). */
  private written = 0;
  private text = 0;
  private sharedStrings = 0;
  private keptElements = 0;

  constructor(
    readonly path: string,
    private readonly kind: WorkbookPartKind,
    private readonly limits: ImportLimits,
  ) {
    const seen = () => (this.lastEvent = this.parser.position);
    this.parser.on('opentag', ({ name }) => {
      seen();
      this.opened(name);
    });
    this.parser.on('closetag', ({ name }) => {
      seen();
      if (this.kind === 'kept' || (this.kind === 'sharedStrings' && name === 'si')) this.text = 0;
    });
    this.parser.on('text', (text) => {
      seen();
      this.text += text.length;
      this.checkText(0);
    });
    // No handler for comments, CDATA and the like (none in a workbook): what they hold counts as held until the next tag, and
    // each further handler is a property added to the parser, which made V8 read all of its fields slowly (five more: 5x the time).
  }

  /** The part's next unzipped bytes; `final` for its last. */
  write(bytes: Uint8Array, final: boolean): void {
    const text = this.decoder.decode(bytes, { stream: !final });
    for (let start = 0; start < text.length; start += XML_STEP) {
      const step = text.slice(start, start + XML_STEP);
      this.parser.write(step);
      this.written += step.length;
      this.checkText(this.written - this.lastEvent);
    }
    // Never closed: exceljs does not close its parser either, so a part it reads is never refused for ending early.
  }

  private opened(name: string): void {
    switch (this.kind) {
      case 'sharedStrings':
        if (name === 'si') this.text = 0;
        // exceljs keeps each string, and each formatted run of one, as an object of its own.
        if (name === 'si' || name === 'r') this.sharedStrings += 1;
        if (this.sharedStrings > this.limits.maxSharedStrings) throw new WorkbookLimitError(limitMessages.tooManySharedStrings(this.limits));
        return;
      case 'worksheet':
        if (name === 'c') this.text = 0;
        if (name === 'col') this.keep();
        return;
      case 'kept':
        this.text = 0;
        this.keep();
    }
  }

  private keep(): void {
    this.keptElements += 1;
    if (this.keptElements > MAX_KEPT_ELEMENTS) {
      throw new WorkbookLimitError(`is not an Excel workbook (.xlsx) we can read: its part ${this.path} holds more than ${MAX_KEPT_ELEMENTS.toLocaleString('en-IN')} elements`);
    }
  }

  /** The text kept so far, and `held` characters the parser has read since its last event. */
  private checkText(held: number): void {
    if (this.text + held <= this.limits.maxCellCharacters) return;
    if (this.kind === 'kept') {
      throw new WorkbookLimitError(`is not an Excel workbook (.xlsx) we can read: its part ${this.path} holds more than ${this.limits.maxCellCharacters.toLocaleString('en-IN')} characters between two tags (IMPORT_MAX_CELL_CHARACTERS)`);
    }
    throw new WorkbookLimitError(limitMessages.cellTooLong(this.limits));
  }
}
