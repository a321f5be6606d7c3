// The plan history's texts in English and German: a plan's route title and status, the comparison's
// rows (labels, B − A, "differs", the objective, tolls with their plurals), the printout's charging
// fact and stop roles, and the notes of "re-plan with changes" with a date in the page's language.
// English reads exactly as it always did.
import { createTranslator } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import { compareRows, inputRows, tollText } from "@/components/history/compare";
import { chargingText, stopRole } from "@/components/history/PrintPage";
import { replanFrom, type StoredRequest } from "@/components/history/replan";
import { routeTitle, statusText } from "@/components/history/summary";
import type { OptimizationResultResponse } from "@/contract/result";
import type { AppLocale } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";

function translators(locale: AppLocale) {
  const messages = MESSAGES[locale];
  return {
    summary: createTranslator({ locale, messages, namespace: "historySummary" }),
    rows: createTranslator({ locale, messages, namespace: "historyCompareRows" }),
    print: createTranslator({ locale, messages, namespace: "historyPrint" }),
    replan: createTranslator({ locale, messages, namespace: "historyReplan" }),
  };
}
const en = translators("en");
const de = translators("de");

/** The display formats read the page's language from <html lang> (src/components/planner/format.ts). */
function pageIn(lang: string | undefined) {
  (globalThis as { document?: unknown }).document = lang === undefined ? undefined : { documentElement: { lang } };
}
afterEach(() => pageIn(undefined));

const points = (...labels: string[]) => labels.map((label) => ({ label }));

describe("a plan's summary", () => {
  it("names the route with the stops between, and the status", () => {
    const two = { optimization_id: 7, status: "succeeded" as const, points: points("Hamburg, DE", "München, DE") };
    const four = { ...two, points: points("Hamburg, DE", "Hannover, DE", "Kassel, DE", "München, DE") };
    const three = { ...two, points: points("Hamburg, DE", "Kassel, DE", "München, DE") };
    expect(routeTitle(two, en.summary)).toBe("Hamburg, DE → München, DE");
    expect(routeTitle(three, en.summary)).toBe("Hamburg, DE → 1 stop → München, DE");
    expect(routeTitle(four, en.summary)).toBe("Hamburg, DE → 2 stops → München, DE");
    expect(routeTitle(three, de.summary)).toBe("Hamburg, DE → 1 Zwischenstopp → München, DE");
    expect(routeTitle(four, de.summary)).toBe("Hamburg, DE → 2 Zwischenstopps → München, DE");
    // A plan id is a name, not a figure: no thousands separator in either language.
    expect(routeTitle({ ...two, optimization_id: 12345, points: [] }, en.summary)).toBe("Plan #12345");
    expect(routeTitle({ ...two, optimization_id: 12345, points: [] }, de.summary)).toBe("Plan #12345");
    expect(statusText("not_drivable", en.summary)).toBe("Not drivable");
    expect(statusText("running", de.summary)).toBe("Wird geplant…");
  });
});

/** A stored result with just what the comparison reads. */
function result(o: { durationMin: number; distanceM: number; stops: number; objective: "balanced" | "cheapest"; tolls: { total: number | null; currency: string | null }[] }) {
  return {
    sections: [],
    battery_level_start: 0.8,
    battery_level_end: 0.25,
    toll_summary: o.tolls.map((t) => ({ tollSystem: "Maut DE", ...t })),
    totals: {
      departure_time: "2026-12-01T06:00:00Z", departure_time_zone: "Europe/Berlin", arrival_time: "2026-12-01T16:30:00Z", arrival_time_zone: "Europe/Berlin",
      duration_min: o.durationMin, driving_time_min: 540, distance_m: o.distanceM, energy_kWh: 900, charged_kWh: 500, charging_stops: o.stops,
      charging_time_min: 90, break_time_min: 45, waiting_time_min: 0,
      cost: { objective: o.objective, value_of_time_eur_per_h: 60, cost_per_km_eur: 0.5, energy_priced_share: 1, energy: 250.5, total: 900 },
    },
  } as unknown as OptimizationResultResponse;
}
const A = { vehicle: "eActros 600", result: result({ durationMin: 630, distanceM: 775_000, stops: 2, objective: "balanced", tolls: [{ total: 312.4, currency: "EUR" }] }) };
const B = { vehicle: "eActros 600", result: result({ durationMin: 655, distanceM: 1_275_000, stops: 3, objective: "cheapest", tolls: [{ total: 400, currency: "EUR" }] }) };
const row = <R extends { label: string }>(rows: R[], label: string) => rows.find((r) => r.label === label);

describe("the comparison's rows", () => {
  it("in English, as before", () => {
    const totals = compareRows(A, B, en.rows);
    expect(totals.map((r) => r.label)).toContain("Total cost (net, with time)");
    expect(row(totals, "Total time")).toEqual({ label: "Total time", a: "10 h 30 min", b: "10 h 55 min", diff: "+25 min" });
    expect(row(totals, "Distance")).toEqual({ label: "Distance", a: "775 km", b: "1,275 km", diff: "+500 km" });
    expect(row(totals, "Tolls")).toEqual({ label: "Tolls", a: "312.40 EUR", b: "400.00 EUR", diff: "+87.60 EUR" });
    expect(row(totals, "Departure")?.diff).toBeNull();
    const inputs = inputRows(A, B, en.rows);
    expect(row(inputs, "Objective")).toEqual({ label: "Objective", a: "Balanced (time and money)", b: "Cheapest", diff: "differs" });
    expect(row(inputs, "Vehicle")?.diff).toBeNull();
  });

  it("in German, with German labels, numbers and words", () => {
    pageIn("de");
    const totals = compareRows(A, B, de.rows);
    expect(row(totals, "Gesamtdauer")).toEqual({ label: "Gesamtdauer", a: "10 h 30 min", b: "10 h 55 min", diff: "+25 min" });
    expect(row(totals, "Strecke")).toEqual({ label: "Strecke", a: "775 km", b: "1.275 km", diff: "+500 km" });
    expect(row(totals, "Maut")).toEqual({ label: "Maut", a: "312,40 EUR", b: "400,00 EUR", diff: "+87,60 EUR" });
    expect(totals.map((r) => r.label)).toEqual(expect.arrayContaining(["Lenkzeit", "Ladestopps", "Pausen und Ruhezeiten", "Ladestand am Ziel"]));
    const inputs = inputRows(A, B, de.rows);
    expect(row(inputs, "Optimierungsziel")).toEqual({ label: "Optimierungsziel", a: "Ausgewogen (Zeit und Geld)", b: "Günstigste", diff: "abweichend" });
    expect(row(inputs, "Zeitwert")).toMatchObject({ a: "60,00 EUR/h", diff: null });
  });

  it("tolls: none, and the systems without a rate with their plural", () => {
    const unpriced = (n: number) => ({ ...A.result, toll_summary: Array.from({ length: n }, () => ({ tollSystem: "X", total: null, currency: null })) }) as OptimizationResultResponse;
    expect(tollText({ ...A.result, toll_summary: [] } as OptimizationResultResponse, en.rows)).toBe("none");
    expect(tollText(unpriced(1), en.rows)).toBe("1 system without a rate");
    expect(tollText(unpriced(2), en.rows)).toBe("2 systems without a rate");
    expect(tollText({ ...A.result, toll_summary: [] } as OptimizationResultResponse, de.rows)).toBe("keine");
    expect(tollText(unpriced(1), de.rows)).toBe("1 System ohne Tarif");
    expect(tollText(unpriced(2), de.rows)).toBe("2 Systeme ohne Tarif");
  });
});

describe("the printout", () => {
  it("says the charging stops with their plural and each stop's role", () => {
    expect(chargingText(2, 90, en.print)).toBe("2 stops · 1 h 30 min");
    expect(chargingText(null, null, en.print)).toBe("– stops · –");
    expect(chargingText(1, 30, de.print)).toBe("1 Ladestopp · 30 min");
    expect(chargingText(3, 65, de.print)).toBe("3 Ladestopps · 1 h 5 min");
    expect(stopRole({ kind: "charge", chargeNo: 2 }, en.print)).toBe("Charging stop 2");
    expect(stopRole({ kind: "destination" }, en.print)).toBe("Destination");
    expect(stopRole({ kind: "charge", chargeNo: 2 }, de.print)).toBe("Ladestopp 2");
    expect(stopRole({ kind: "destination" }, de.print)).toBe("Ziel");
    expect(stopRole({ kind: "waypoint", stopNo: 1 }, de.print)).toBe("Zwischenstopp 1");
    expect(stopRole({ kind: "break" }, de.print)).toBeNull();
  });
});

describe("re-plan with changes", () => {
  const stored = (departure: string, windows: boolean): StoredRequest => ({
    summary: { optimization_id: 4321, points: [{ lat: 53.55, lon: 10, label: "Hamburg, DE" }, { lat: 48.14, lon: 11.58, label: "München, DE" }] },
    body: {
      vehicle_id: "mb-eactros-600",
      start_time_tour: departure,
      section_list: [{ start_pos: [53.55, 10], stop_pos: [48.14, 11.58], section_id: "HH-MUC", power_available_kW: 50, ...(windows ? { opening_time: ["2026-01-05T12:00:00Z", "2026-01-05T18:00:00Z"] } : {}) }],
    } as unknown as StoredRequest["body"],
    corridorM: 8000,
    minChargeDurationMin: 0,
    departureMs: Date.parse(departure),
  });
  const now = Date.parse("2026-03-01T12:00:00Z");

  it("lists in English what the form cannot carry over and a past departure", () => {
    const r = replanFrom(stored("2026-01-05T07:00:00Z", false), en.replan, now);
    expect(r.waypoints[0].place?.kind).toBe("from plan #4321");
    expect(r.notes).toEqual([
      "the charging power stated at stops is not carried over",
      "section names are not carried over",
      expect.stringMatching(/^its departure \(Mon 5 Jan 2026, \d\d:\d\d \S+\) lie in the past: change them, or clear the departure to leave now$/),
    ]);
    expect(replanFrom(stored("2026-01-05T07:00:00Z", true), en.replan, now).notes[2]).toMatch(/^its departure \(Mon 5 Jan 2026, \d\d:\d\d \S+\) and time windows lie in the past: change them$/);
  });

  it("in German, with a German date", () => {
    pageIn("de");
    const r = replanFrom(stored("2026-01-05T07:00:00Z", true), de.replan, now);
    expect(r.waypoints[1].place?.kind).toBe("aus Plan #4321");
    expect(r.notes).toEqual([
      "die an Stopps angegebene Ladeleistung wird nicht übernommen",
      "Abschnittsnamen werden nicht übernommen",
      expect.stringMatching(/^seine Abfahrt \(Mo\., 5\. Jan\. 2026, \d\d:\d\d \S+\) und Zeitfenster liegen in der Vergangenheit: Bitte ändern Sie sie$/),
    ]);
  });
});
