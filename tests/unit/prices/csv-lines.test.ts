// The import's check (tRPC stations.prices.checkCsv): the same contracts and the same 422 as the
// CSV body of PUT /poi/prices, each detail also at the line of the text its row starts on, which
// blank lines, CR LF and quoted cells spanning lines move away from the row's number.
import { describe, expect, it } from "vitest";
import { ValidationFailed } from "@/server/http/errors";
import { checkContractsCsv, parseContractsCsv, type CsvLineDetail } from "@/server/prices/csv";

async function details(text: string): Promise<CsvLineDetail[]> {
  try {
    await checkContractsCsv(text);
  } catch (e) {
    if (e instanceof ValidationFailed) return e.details as CsvLineDetail[];
    throw e;
  }
  throw new Error("no 422");
}

describe("checkContractsCsv", () => {
  it("reads what parseContractsCsv reads", async () => {
    const text = "operator;energy_price_per_kWh;note\n\nIONITY;0,39;a\r\nMilence;0.42;\"two\nlines\"\n";
    expect(await checkContractsCsv(text)).toEqual(await parseContractsCsv(text));
    expect(await checkContractsCsv(text)).toHaveLength(2);
  });

  it("each detail names its row's line: after blank lines, CR LF, lone CR and a quoted cell of three lines", async () => {
    const text = [
      "", // 1
      "operator,energy_price_per_kWh,note", // 2: the header, row 0
      "IONITY,0.39,ok", // 3: row 1
      "", // 4
      "  ", // 5
      'Aral,cheap,"first', // 6: row 2
      "second", // 7
      'third"', // 8
      "Milence,11,x", // 9: row 3
    ].join("\r\n") + "\rEnBW,0.5,\rShell,-1,\n";  // 10: row 4, 11: row 5
    const d = await details(text);
    expect(d.map((x) => [x.loc, x.line])).toEqual([
      [["body", 2, "energy_price_per_kWh"], 6],
      [["body", 3, "energy_price_per_kWh"], 9],
      [["body", 5, "energy_price_per_kWh"], 11],
    ]);
    expect(d.every((x) => typeof x.msg === "string" && typeof x.type === "string")).toBe(true);
  });

  it("the header's problems are at its line; a refusal of the whole list at none", async () => {
    const header = await details("\n\noperator,tariff\nIONITY,x\n");
    expect(header.map((x) => [x.loc, x.line])).toEqual([[["body", 0, "tariff"], 3]]);
    const many = await details(`operator,energy_price_per_kWh\n${"IONITY,0.3\n".repeat(2001)}`);
    expect(many.map((x) => [x.loc, x.line])).toEqual([[["body", "contracts"], null]]);
    const wide = await details("operator,energy_price_per_kWh\nIONITY,0.3\nIONITY,0.3,extra\n");
    expect(wide.map((x) => [x.loc, x.line])).toEqual([[["body", 2], 3]]);
  });

  it("a BOM does not move the lines", async () => {
    const d = await details("\uFEFFoperator,energy_price_per_kWh\nIONITY,\n");
    expect(d.map((x) => [x.loc, x.line])).toEqual([[["body", 1, "energy_price_per_kWh"], 2]]);
  });
});
