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
}

const QUOTE = 34, LF = 10, CR = 13;

export class CsvReader {
  private at: number;
  private readonly delimiter: number;
  /** The row being read has a cell with more than white space. */
  private hasText = false;

  constructor(private readonly text: string, delimiter: string) {
    this.delimiter = delimiter.charCodeAt(0);
    this.at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
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
    let count = 0;
    this.hasText = false;
    for (;;) {
      const keep = count < maxCells;
      const cell = this.cell(keep);
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
    return { cells, tooWide: count > maxCells, blank: !this.hasText };
  }

  /** Reads one cell up to its delimiter or line end; builds its text only when it is kept. */
  private cell(keep: boolean): string {
    const { text } = this;
    const n = text.length;
    let out = "";
    if (text.charCodeAt(this.at) === QUOTE) {
      let from = this.at + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) { // unterminated: the rest
          out += this.part(from, n, keep);
          this.at = n;
          return out;
        }
        out += this.part(from, q, keep);
        if (text.charCodeAt(q + 1) === QUOTE) {
          if (keep) out += '"';
          this.hasText = true;
          from = q + 2;
          continue;
        }
        this.at = q + 1;
        break;
      }
    }
    const start = this.at;
    while (this.at < n) {
      const c = text.charCodeAt(this.at);
      if (c === this.delimiter || c === LF || c === CR) break;
      this.at++;
    }
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
