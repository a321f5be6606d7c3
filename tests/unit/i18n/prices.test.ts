// The prices page in English and German: the import's summary and problem places, the
// counts' plurals (German's dative after "von"), the form's numbers with the language's
// decimal mark (read back either way); English exactly as the page read before it was translated.
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { ContractPrice } from "@/contract/prices";
import { contractInput, draftOf } from "@/components/prices/draft";
import { changeSummary, problemPlace } from "@/components/prices/ImportDialog";
import type { ContractChanges } from "@/components/prices/list";
import type { AppLocale } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";

const tr = <N extends "importContracts" | "prices" | "contract" | "removeContract" | "contractsTable">(locale: AppLocale, namespace: N) =>
  createTranslator({ locale, messages: MESSAGES[locale], namespace });

const ionity: ContractPrice = { operator: "IONITY", energy_price_per_kWh: 0.39 };
const changes = (added: number, changed: number, removed: number, unchanged: number): ContractChanges => ({
  added: Array(added).fill(ionity),
  changed: Array(changed).fill({ from: ionity, to: ionity }),
  removed: Array(removed).fill(ionity),
  unchanged,
});

describe("the import's preview and problems", () => {
  const en = tr("en", "importContracts"), de = tr("de", "importContracts");

  it("the summary counts what changes, then the list's size after saving; nothing for no change", () => {
    expect(changeSummary(en, changes(1, 1, 0, 0), 2)).toBe("1 new, 1 changed. 2 contracts after saving.");
    expect(changeSummary(en, changes(0, 0, 1, 3), 3)).toBe("1 removed, 3 unchanged. 3 contracts after saving.");
    expect(changeSummary(en, changes(1, 0, 0, 0), 1)).toBe("1 new. 1 contract after saving.");
    expect(changeSummary(en, changes(0, 0, 0, 4), 4)).toBe("");
    expect(changeSummary(de, changes(1, 1, 0, 0), 2)).toBe("1 neu, 1 geändert. Nach dem Speichern: 2 Verträge.");
    expect(changeSummary(de, changes(1200, 0, 2, 1), 1201)).toBe("1.200 neu, 2 entfernt, 1 unverändert. Nach dem Speichern: 1.201 Verträge.");
    expect(changeSummary(de, changes(1, 0, 0, 0), 1)).toBe("1 neu. Nach dem Speichern: 1 Vertrag.");
  });

  it("a problem's place: its line, the column by name or number (from 1), or the whole file", () => {
    expect(problemPlace(en, { line: 3, column: "energy_price_per_kWh" })).toBe("Line 3, column “energy_price_per_kWh”");
    expect(problemPlace(en, { line: 1200, column: 3 })).toBe("Line 1,200, column 4");
    expect(problemPlace(en, { line: null, column: null })).toBe("The file");
    expect(problemPlace(de, { line: 3, column: "energy_price_per_kWh" })).toBe("Zeile 3, Spalte „energy_price_per_kWh“");
    expect(problemPlace(de, { line: 1200, column: 3 })).toBe("Zeile 1.200, Spalte 4");
    expect(problemPlace(de, { line: null, column: null })).toBe("Die Datei");
  });

  it("counts with plurals", () => {
    expect(en("problems", { count: 1 })).toBe("1 problem in the CSV: nothing was imported.");
    expect(de("problems", { count: 2 })).toBe("2 Probleme in der CSV: Es wurde nichts importiert.");
    expect(en("saveReplace", { count: 2 })).toBe("Replace with 2 contracts");
    expect(de("saveReplace", { count: 1 })).toBe("Durch 1 Vertrag ersetzen");
    expect(de("saveAppend", { count: 3 })).toBe("3 Verträge hinzufügen");
    expect(en("imported", { count: 2, total: 2 })).toBe("Imported 2 contracts: the list has 2 contracts.");
    expect(de("imported", { count: 1, total: 5 })).toBe("1 Vertrag importiert: Die Liste hat jetzt 5 Verträge.");
  });
});

describe("the page's counts", () => {
  it("all shown, or some of all (German's dative after „von“)", () => {
    expect(tr("en", "contract")("count", { count: 1 })).toBe("1 contract");
    expect(tr("en", "contract")("count", { count: 7 })).toBe("7 contracts");
    expect(tr("en", "prices")("shown", { shown: 2, all: 7 })).toBe("2 of 7 contracts");
    expect(tr("de", "contract")("count", { count: 1 })).toBe("1 Vertrag");
    expect(tr("de", "prices")("shown", { shown: 2, all: 7 })).toBe("2 von 7 Verträgen");
    expect(tr("de", "prices")("shown", { shown: 0, all: 1 })).toBe("0 von 1 Vertrag");
  });

  it("removing all says how many, in German with the one contract in the singular", () => {
    expect(tr("en", "removeContract")("allText", { count: 2 })).toMatch(/^All 2 contracts are removed: plans submitted from now on use published list prices\./);
    expect(tr("de", "removeContract")("allText", { count: 2 })).toMatch(/^Alle 2 Verträge werden entfernt: /);
    expect(tr("de", "removeContract")("allText", { count: 1 })).toMatch(/^Der einzige Vertrag wird entfernt: /);
  });

  it("a row's name for its buttons", () => {
    expect(tr("en", "contractsTable")("rowName", { number: 1, scope: "IONITY, DE, CCS" })).toBe("contract 1: IONITY, DE, CCS");
    expect(tr("de", "contractsTable")("rowName", { number: 1, scope: "IONITY, DE, CCS" })).toBe("Vertrag 1: IONITY, DE, CCS");
  });
});

describe("the contract form's numbers", () => {
  const milence: ContractPrice = { operator: "Milence", min_power_kW: 350, currency: "CHF", energy_price_per_kWh: 0.42, session_fee: 1.5, price_per_min: 1e-7, per_min_after_min: 45 };

  it("German shows a decimal comma, never an exponent; sent, the contract is as it was", () => {
    const d = draftOf(milence, ",");
    expect([d.energy_price_per_kWh, d.session_fee, d.price_per_min, d.min_power_kW]).toEqual(["0,42", "1,5", "0,0000001", "350"]);
    expect(ContractPrice.parse(contractInput(d))).toEqual(milence);
  });

  it("English keeps the point", () => {
    expect(draftOf(milence).energy_price_per_kWh).toBe("0.42");
    expect(draftOf(milence, ".").session_fee).toBe("1.5");
  });
});
