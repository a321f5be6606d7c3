// The planning form's texts in English and German: every catalog message is valid ICU and
// formats; the form's pure helpers (role names, summaries, the client's own checks) speak the
// language they are given, with plurals and numbers in its format; English reads as it always did.
import { createFormatter, createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { filterSummary, hasChargingOptions } from "@/components/planner/form/ChargingOptions";
import { driverSummary } from "@/components/planner/form/DriverFields";
import { buildSubmission } from "@/components/planner/form/request";
import { EMPTY_STOP, INITIAL, roleInText, roleLabel, type FormState } from "@/components/planner/form/state";
import { stopSummary } from "@/components/planner/form/StopDetails";
import { MESSAGES } from "@/i18n/messages";
import type { AppLocale } from "@/i18n/locales";

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));

function helpers(locale: AppLocale) {
  const messages = MESSAGES[locale];
  return {
    point: createTranslator({ locale, messages, namespace: "routePoint" }),
    charging: createTranslator({ locale, messages, namespace: "chargingOptions" }),
    driver: createTranslator({ locale, messages, namespace: "driverFields" }),
    stop: createTranslator({ locale, messages, namespace: "stopDetails" }),
    request: createTranslator({ locale, messages, namespace: "planRequest" }),
    planForm: createTranslator({ locale, messages, namespace: "planForm" }),
    submitBar: createTranslator({ locale, messages, namespace: "submitBar" }),
    format: createFormatter({ locale }),
  };
}
const en = helpers("en");
const de = helpers("de");
const form = (patch: Partial<FormState>): FormState => ({ ...INITIAL, ...patch });

describe("every message of every catalog", () => {
  for (const locale of Object.keys(MESSAGES) as AppLocale[]) {
    it(`${locale}: parses as ICU and formats with its arguments`, () => {
      const failures: string[] = [];
      const t = createTranslator({ locale, messages: MESSAGES[locale], onError: (e) => failures.push(e.message) });
      for (const [key, message] of leaves(MESSAGES[locale] as Tree)) {
        // Every argument as a number serves plain, number and plural arguments alike; tags get a wrapper.
        const values: Record<string, number | ((chunks: string) => string)> = {};
        for (const [, name] of message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)) values[name] = 2;
        for (const [, tag] of message.matchAll(/<([A-Za-z]\w*)>/g)) values[tag] = (chunks) => `[${chunks}]`;
        const out = t.markup(key as never, values as never);
        expect(out, key).not.toMatch(/[{}]/);
      }
      expect(failures).toEqual([]);
    });
  }
});

describe("route points", () => {
  it("are named as labels and inside sentences, German nouns keeping their capital", () => {
    expect([0, 1, 2, 3].map((i) => roleLabel(i, 4, en.point))).toEqual(["Start", "Stop 1", "Stop 2", "Destination"]);
    expect([0, 1, 3].map((i) => roleInText(i, 4, en.point))).toEqual(["start", "stop 1", "destination"]);
    expect([0, 1, 3].map((i) => roleLabel(i, 4, de.point))).toEqual(["Start", "Stopp 1", "Ziel"]);
    expect([0, 1, 3].map((i) => roleInText(i, 4, de.point))).toEqual(["Start", "Stopp 1", "Ziel"]);
  });

  it("the tour's title counts its stops", () => {
    expect(en.planForm("titleVia", { from: "Hamburg, DE", count: 1, to: "München, DE" })).toBe("Hamburg, DE → 1 stop → München, DE");
    expect(en.planForm("titleVia", { from: "A", count: 3, to: "B" })).toBe("A → 3 stops → B");
    expect(de.planForm("titleVia", { from: "A", count: 1, to: "B" })).toBe("A → 1 Stopp → B");
    expect(de.planForm("titleVia", { from: "A", count: 3, to: "B" })).toBe("A → 3 Stopps → B");
  });

  it("the submit bar counts the fields to check", () => {
    expect(en.submitBar("checkFields", { count: 1 })).toBe("Please check the highlighted field.");
    expect(en.submitBar("checkFields", { count: 2 })).toBe("Please check the 2 highlighted fields.");
    expect(de.submitBar("checkFields", { count: 1 })).toBe("Bitte prüfen Sie das markierte Feld.");
    expect(de.submitBar("checkFields", { count: 2 })).toBe("Bitte prüfen Sie die 2 markierten Felder.");
  });
});

describe("section summaries", () => {
  const filters = form({ minKW: "150", cpo: ["A", "B"], connectorPos: "LEFT", bookable: true, corridor: "10000", valueOfTime: "62.5", objective: "fastest" });

  it("charging options: what is set, numbers and words in the page's language", () => {
    expect(filterSummary(filters, en.charging, en.format)).toBe("150–∞ kW · 2 operators · left · bookable · 10,000 m corridor · 62.5 EUR/h · fastest");
    expect(filterSummary(filters, de.charging, de.format)).toBe("150–∞ kW · 2 Betreiber · links · reservierbar · 10.000 m Korridor · 62,5 EUR/h · am schnellsten");
    expect(filterSummary(form({ cpo: ["A"] }), en.charging, en.format)).toBe("1 operator");
    expect(filterSummary(INITIAL, en.charging, en.format)).toBe("Any charger");
    expect(filterSummary(INITIAL, de.charging, de.format)).toBe("Jede Ladestation");
  });

  it("charging options: set or not, without words", () => {
    expect(hasChargingOptions(INITIAL)).toBe(false);
    expect(hasChargingOptions(form({ minChargeMin: "10" }))).toBe(true);
    expect(hasChargingOptions(form({ cpo: ["A"] }))).toBe(true);
    // Not in the summary: the trade-off, the bans and the temperature do not open the section.
    expect(hasChargingOptions(form({ costOptions: false, drivingBans: false, ambientTemperature: "5" }))).toBe(false);
  });

  it("driver's hours: a rested driver, or the day and what is already driven", () => {
    expect(driverSummary(INITIAL, en.driver, en.format)).toBe("Rested driver");
    expect(driverSummary(INITIAL, de.driver, de.format)).toBe("Ausgeruhter Fahrer");
    const driven = form({ extendedDriving: true, drivenTodayMin: "1200", reducedRestsLeft: "1" });
    expect(driverSummary(driven, en.driver, en.format)).toBe("10 h day · 1,200 min driven · 1 reduced rest left");
    expect(driverSummary(driven, de.driver, de.format)).toBe("Tageslenkzeit 10 h · 1.200 min gelenkt · 1 verkürzte Ruhezeit übrig");
    expect(driverSummary(form({ reducedRestsLeft: "2" }), de.driver, de.format)).toBe("Tageslenkzeit 9 h · 2 verkürzte Ruhezeiten übrig");
    expect(driverSummary(form({ reducedRestsLeft: "0" }), en.driver, en.format)).toBe("Rested driver");
  });

  it("a stop's load and times", () => {
    const stop = { ...EMPTY_STOP, payload: "8000", serviceMin: "30", earliest: "2026-06-02T09:00" };
    expect(stopSummary(stop, en.stop, en.format)).toBe("8,000 kg · 30 min service · arrive 2026-06-02 09:00 – …");
    expect(stopSummary(stop, de.stop, de.format)).toBe("8.000 kg · 30 min Standzeit · Ankunft 2026-06-02 09:00 – …");
    expect(stopSummary(EMPTY_STOP, en.stop, en.format)).toBe("");
  });
});

describe("the client's own checks", () => {
  const points = [
    { lat: 53.55, lon: 9.99, label: "Hamburg, DE" },
    { lat: 48.14, lon: 11.58, label: "München, DE" },
  ];
  const stops = [EMPTY_STOP, { ...EMPTY_STOP, earliest: "2026-06-02T09:00" }];
  const vehicle = { tareKg: 11500, maxGrossKg: 40000 };
  const f = form({ vehicleId: "", payload: "50000", batteryStart: "5", batteryEnd: "90" });

  it("in English, the payload limit worded exactly as the server's 422 words it", () => {
    expect(buildSubmission(f, points, stops, en.request, vehicle).local).toEqual({
      payload_kg: ["Payload exceeds the vehicle's limit: tare 11500 kg + payload 50000 kg > max gross 40000 kg"],
      "section.0.opening_time": ["Enter both the earliest and the latest arrival, or leave both empty."],
      vehicle_id: ["Choose a vehicle of your fleet."],
      battery_level_start: ["Battery at start should be 10–100 %."],
      battery_level_end: ["Battery at end should be 10–80 %."],
    });
  });

  it("in German, with German numbers", () => {
    expect(buildSubmission(f, points, stops, de.request, vehicle).local).toEqual({
      payload_kg: ["Die Nutzlast überschreitet die Grenze des Fahrzeugs: Leergewicht 11.500 kg + Nutzlast 50.000 kg > zul. Gesamtgewicht 40.000 kg"],
      "section.0.opening_time": ["Geben Sie die früheste und die späteste Ankunft an oder lassen Sie beide leer."],
      vehicle_id: ["Wählen Sie ein Fahrzeug Ihrer Flotte."],
      battery_level_start: ["Der Ladestand am Start muss zwischen 10 und 100 % liegen."],
      battery_level_end: ["Der Ladestand am Ziel muss zwischen 10 und 80 % liegen."],
    });
    expect(buildSubmission(form({ payload: "" }), points, [EMPTY_STOP, EMPTY_STOP], de.request).local.payload_kg).toEqual(["Geben Sie die Nutzlast in kg an."]);
  });
});
