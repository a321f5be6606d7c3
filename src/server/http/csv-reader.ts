// Delimited text of a request body, read one row at a time with a bound on the cells kept per row,
// so a caller can refuse a row that is too wide, or one row too many, as soon as it is read, before
// anything else is done with the rows. Quoting as engine/stations/bnetza.ts's parseCsv reads it
// (that one, for station files, keeps every cell of every row): double quotes around a cell, ""
// inside them, delimiters and line ends inside them; an unterminated quote takes the rest; text
// between a closing quote and the delimiter is kept.

export interface CsvRow {
  /** The row's first cells, at most as many as were asked for. */
  cells: string[];
  /** The row had more cells than were asked for; those were skipped, not kept. */
  tooWide: boolean;
  /** Every cell, kept or not, is empty or white space. */
  blank: boolean;
  /** Indices of kept cells longer than the reader's maxCellChars: their text is not built ("" in `cells`). */
  overlong: number[];
}

const QUOTE = 34, LF = 10, CR = 13;
const NOT_QUOTE = /[^"]/g;

export class CsvReader {
  private at: number;
  private readonly delimiter: number;
  /** The row being read has a cell with more than white space. */
  private hasText = false;
  /** The cell just read was longer than maxCellChars. */
  private cellOverlong = false;

  /** `maxCellChars`: cells longer than this are reported (CsvRow.overlong), not built. */
  constructor(private readonly text: string, delimiter: string, private readonly maxCellChars = Infinity) {
    this.delimiter = delimiter.charCodeAt(0);
    this.at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  /** Where the next row starts in the text (a caller can tell which line of the text a row was on). */
  get offset(): number {
    return this.at;
  }

  /** The delimiter of `text`: semicolon where its first line has more of them than commas. */
  static delimiterOf(text: string): ";" | "," {
    const start = Math.max(0, text.search(/\S/));
    const end = text.indexOf("\n", start);
    const first = text.slice(start, end < 0 ? text.length : end);
    let semicolons = 0, commas = 0;
    for (let i = 0; i < first.length; i++) {
      const c = first.charCodeAt(i);
      if (c === 59) semicolons++;
      else if (c === 44) commas++;
    }
    return semicolons > commas ? ";" : ",";
  }

  /** The next row keeping at most `maxCells` cells (0: none, only counted), or null after the last. */
  next(maxCells: number): CsvRow | null {
    const { text } = this;
    if (this.at >= text.length) return null;
    const cells: string[] = [];
    const overlong: number[] = [];
    let count = 0;
    this.hasText = false;
    for (;;) {
      const keep = count < maxCells;
      const cell = this.cell(keep);
      if (keep && this.cellOverlong) overlong.push(count);
      count++;
      if (keep) cells.push(cell);
      if (this.at >= text.length) break;
      const c = text.charCodeAt(this.at++);
      if (c === this.delimiter) {
        if (this.at >= text.length) { // a trailing delimiter ends the text with an empty cell
          if (count < maxCells) cells.push("");
          count++;
          break;
        }
        continue;
      }
      if (c === CR && text.charCodeAt(this.at) === LF) this.at++;
      break;
    }
    return { cells, tooWide: count > maxCells, blank: !this.hasText, overlong };
  }

  /** Reads one cell up to its delimiter or line end; builds its text only when it is kept and not too long. */
  private cell(keepAsked: boolean): string {
    const { text } = this;
    const n = text.length;
    let out = "";
    this.cellOverlong = false;
    let keep = keepAsked;
    if (text.charCodeAt(this.at) === QUOTE) {
      // The closing quote ends the first run of quotes of odd length (the pairs before it are quotes
      // of the cell); runs are found by native searches and the pairs made one at once, so that a
      // cell of 500,000 "" is not read a quote at a time (that held the thread 100-150 ms).
      const from = this.at + 1;
      let q = text.indexOf('"', from), doubled = false;
      while (q >= 0) {
        NOT_QUOTE.lastIndex = q;
        const runEnd = NOT_QUOTE.exec(text)?.index ?? n;
        if ((runEnd - q) % 2 === 1) {
          doubled ||= runEnd - q > 1;
          q = runEnd - 1;
          break;
        }
        doubled = true;
        q = text.indexOf('"', runEnd);
      }
      const end = q < 0 ? n : q; // unterminated: the rest
      if (keep && end - from > this.maxCellChars) [keep, this.cellOverlong] = [false, true];
      const raw = this.part(from, end, keep);
      out = doubled && keep ? raw.replaceAll('""', '"') : raw;
      this.at = q < 0 ? n : q + 1;
      if (q < 0) return out;
    }
    const start = this.at;
    while (this.at < n) {
      const c = text.charCodeAt(this.at);
      if (c === this.delimiter || c === LF || c === CR) break;
      this.at++;
    }
    if (keep && out.length + this.at - start > this.maxCellChars) [keep, out, this.cellOverlong] = [false, "", true];
    return out + this.part(start, this.at, keep);
  }

  /** text[from, to) if kept ("" otherwise), noting whether it has more than white space. */
  private part(from: number, to: number, keep: boolean): string {
    if (to <= from) return "";
    const part = this.text.slice(from, to);
    if (!this.hasText && /\S/.test(part)) this.hasText = true;
    return keep ? part : "";
  }
}
