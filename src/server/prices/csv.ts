// The CSV body of PUT /poi/prices: contracts, one per row under a header of ContractPrice's field
// names. Read row by row within its limits (docs/API.md, Limits), each refused with one 422 as soon
// as it is seen and before any row is validated: at most as many columns as a contract has fields,
// no row wider than the header, at most MAX_CONTRACTS rows; unknown column names once, at the header.
// Reading and validating yield to the event loop every few milliseconds (a 1 MB body takes tens).
import { ContractPrice, MAX_CONTRACTS, PriceListInput } from "../../contract/prices";
import { CsvReader, type CsvRow } from "../http/csv-reader";
import { ValidationFailed, type ValidationDetail } from "../http/errors";
import { NUL_MESSAGE } from "../http/nul";
import { pacer } from "../http/pace";
import { collect, issuesToDetails } from "../http/validation";

const FIELDS = new Set(Object.keys(ContractPrice.shape));
const NUMBERS = new Set(["min_power_kW", "max_power_kW", "energy_price_per_kWh", "session_fee", "price_per_min", "per_min_after_min"]);

/** No contract field is longer than 500 characters (the note): a cell over this is refused, its text never built. */
export const MAX_CELL_CHARS = 1_000;

const refuse = (detail: ValidationDetail): never => {
  throw new ValidationFailed([detail]);
};

/**
 * Contracts as CSV (comma or semicolon) with a header of ContractPrice's field
 * names; an empty cell is "not stated", a decimal comma is read as a point.
 * Every invalid cell is reported (loc: ["body", row, field], the header being
 * row 0) and nothing is stored.
 */
export async function parseContractsCsv(text: string): Promise<ContractPrice[]> {
  const pace = pacer();
  const reader = new CsvReader(text, CsvReader.delimiterOf(text), MAX_CELL_CHARS);
  let row = reader.next(FIELDS.size);
  while (row?.blank) {
    await pace();
    row = reader.next(FIELDS.size);
  }
  if (!row) return [];
  const header = readHeader(row);

  const rows: string[][] = [];
  while ((row = reader.next(header.length))) {
    await pace();
    if (row.blank) continue;
    if (rows.length === MAX_CONTRACTS) refuse(tooManyContracts(rows.length + 1 + (await countRows(reader, pace))));
    if (row.tooWide) {
      refuse({ loc: ["body", rows.length + 1], msg: `Row should have at most ${header.length} cells, as the header has columns`, type: "too_long" });
    }
    if (row.overlong.length) refuse(overlongCell(["body", rows.length + 1, header[row.overlong[0]] || row.overlong[0]]));
    rows.push(row.cells);
  }

  const details: ValidationDetail[] = [];
  const out: ContractPrice[] = [];
  for (const [i, cells] of rows.entries()) {
    await pace();
    const contract = readContract(header, cells, ["body", i + 1], details);
    if (contract) out.push(contract);
  }
  if (details.length) throw new ValidationFailed(details);
  return out;
}

/** A detail of the CSV with the line of the text its row starts on: 1-based, as an editor numbers lines (null: no row's). */
export type CsvLineDetail = ValidationDetail & { line: number | null };

/**
 * parseContractsCsv for a person at an editor (the web app's import): the same contracts or the
 * same 422, each detail also with the text's line of its row (`line`). The rows count blank lines
 * not at all and a quoted cell may span lines, so only the reader itself can tell.
 */
export async function checkContractsCsv(text: string): Promise<ContractPrice[]> {
  try {
    return await parseContractsCsv(text);
  } catch (e) {
    if (!(e instanceof ValidationFailed)) throw e;
    const lines = await rowLines(text);
    const withLines: CsvLineDetail[] = e.details.map((d) => ({ ...d, line: typeof d.loc[1] === "number" ? (lines[d.loc[1]] ?? null) : null }));
    throw new ValidationFailed(withLines);
  }
}

/** The text's line (from 1) each row starts on: the header is row 0, then the rows that are not blank. */
async function rowLines(text: string): Promise<number[]> {
  const pace = pacer();
  const reader = new CsvReader(text, CsvReader.delimiterOf(text));
  const out: number[] = [];
  let line = 1, counted = 0;
  for (let start = reader.offset, row = reader.next(0); row; start = reader.offset, row = reader.next(0)) {
    line += lineBreaks(text, counted, start);
    counted = start;
    if (!row.blank) out.push(line);
    await pace();
  }
  return out;
}

/** Line ends in text[from, to): CR LF, a lone CR or a lone LF, each one (the reader's line ends). */
function lineBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

const overlongCell = (loc: (string | number)[]): ValidationDetail => ({ loc, msg: `String should have at most ${MAX_CELL_CHARS} characters`, type: "string_too_long" });

/** The header's names (trimmed); an unnamed column may only hold empty cells. */
function readHeader(row: CsvRow): string[] {
  if (row.tooWide) {
    refuse({ loc: ["body", 0], msg: `The header should have at most ${FIELDS.size} columns, the fields of a contract`, type: "too_long" });
  }
  if (row.overlong.length) refuse(overlongCell(["body", 0, row.overlong[0]]));
  const names = row.cells.map((c) => c.trim());
  const details: ValidationDetail[] = [];
  const seen = new Set<string>();
  names.forEach((name, j) => {
    if (name.includes("\u0000")) details.push({ loc: ["body", 0, j], msg: NUL_MESSAGE, type: "string_nul" });
    else if (name !== "" && !FIELDS.has(name)) details.push({ loc: ["body", 0, name], msg: "Extra inputs are not permitted", type: "extra_forbidden" });
    else if (name !== "" && seen.has(name)) details.push({ loc: ["body", 0, name], msg: `Value error, column '${name}' is named twice`, type: "value_error" });
    seen.add(name);
  });
  if (details.length) throw new ValidationFailed(details);
  return names;
}

/** One row as a contract, or its details (a number's text read as a number; U+0000 refused at its cell). */
function readContract(header: string[], cells: string[], at: (string | number)[], into: ValidationDetail[]): ContractPrice | undefined {
  const entry: Record<string, unknown> = {};
  const nul = new Set<string>();
  header.forEach((key, j) => {
    const v = (cells[j] ?? "").trim();
    if (v === "") return;
    if (v.includes("\u0000")) nul.add(key);
    entry[key] = NUMBERS.has(key) && /^-?\d+([.,]\d+)?$/.test(v) ? Number(v.replace(",", ".")) : v;
  });
  const parsed = ContractPrice.safeParse(entry, { reportInput: true });
  const details = [...nul].map((key) => ({ loc: [...at, key], msg: NUL_MESSAGE, type: "string_nul" }));
  if (!parsed.success) {
    for (const d of issuesToDetails(parsed.error.issues, "body", ContractPrice)) {
      if (!nul.has(String(d.loc[1]))) details.push({ ...d, loc: [...at, ...d.loc.slice(1)] });
    }
  }
  into.push(...details);
  return details.length ? undefined : parsed.data;
}

/** The rows left, read but not kept: the 422 names how many contracts there were, as the JSON body's does. */
async function countRows(reader: CsvReader, pace: () => Promise<void>): Promise<number> {
  let n = 0;
  for (let row = reader.next(0); row; row = reader.next(0)) {
    if (!row.blank) n++;
    await pace();
  }
  return n;
}

/** The JSON body's detail for as many contracts (its list checked by length alone, items unread). */
function tooManyContracts(count: number): ValidationDetail {
  const details: ValidationDetail[] = [];
  collect(PriceListInput.pick({ contracts: true }), { contracts: new Array(count) }, "body", details);
  return details[0];
}
