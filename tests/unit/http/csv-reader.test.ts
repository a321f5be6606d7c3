// The request body's CSV reader reads quoting as the station files' parser does (engine/stations/bnetza.ts).
import { expect, it } from "vitest";
import { parseCsv } from "@/engine/stations/bnetza";
import { CsvReader } from "@/server/http/csv-reader";
import { mulberry32 } from "../../support/seeded";

function allRows(text: string): string[][] {
  const reader = new CsvReader(text, ";");
  const rows: string[][] = [];
  for (let row = reader.next(1000); row; row = reader.next(1000)) rows.push(row.cells);
  return rows;
}

it("cells with quotes, doubled quotes, delimiters and line ends inside them, as the station parser reads them", () => {
  const random = mulberry32(31);
  const pieces = ["a", " ", ";", '"', '""', "\n", "\r\n", "x y", "ü"];
  for (let n = 0; n < 500; n++) {
    const text = Array.from({ length: 1 + Math.floor(random() * 30) }, () => pieces[Math.floor(random() * pieces.length)]).join("");
    expect(allRows(text), JSON.stringify(text)).toEqual(parseCsv(text, ";").filter((r) => r.length > 0));
  }
  expect(allRows('"a""b";"""";"";x\n')).toEqual([['a"b', '"', "", "x"]]);
  expect(allRows('"unterminated ""quote')).toEqual([['unterminated "quote']]);
});

it("a cell of half a million doubled quotes is one cell of as many quotes", () => {
  const [[cell]] = allRows(`"${'""'.repeat(499_000)}"`);
  expect(cell).toBe('"'.repeat(499_000));
});
