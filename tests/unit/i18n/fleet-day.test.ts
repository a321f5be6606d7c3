// The fleet day page's texts in English and German: the CSV's line messages, the tours' and sites'
// names and routes, each chart row's words with their plurals and local times, and History's
// "Fleet days" card; English reads exactly as it always did, German with German words, plurals and dates.
import { createTranslator } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import { readToursCsv } from "@/components/fleet-day/csv";
import { daySpan, siteViews, tourViews } from "@/components/fleet-day/day-model";
import { conflictText, siteFacts } from "@/components/fleet-day/SitesChart";
import { tourText } from "@/components/fleet-day/ToursChart";
import { detailAtLine, placeQueries, tourBodies } from "@/components/fleet-day/tour-bodies";
import type { FleetDayData } from "@/components/fleet-day/types";
import { conflictsText, dayTitle } from "@/components/history/FleetDays";
import type { AppLocale } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";

function translators(locale: AppLocale) {
  const messages = MESSAGES[locale];
  return {
    csv: createTranslator({ locale, messages, namespace: "fleetDayCsv" }),
    model: createTranslator({ locale, messages, namespace: "fleetDayModel" }),
    tours: createTranslator({ locale, messages, namespace: "fleetDayTours" }),
    sites: createTranslator({ locale, messages, namespace: "fleetDaySites" }),
    days: createTranslator({ locale, messages, namespace: "fleetDays" }),
    page: createTranslator({ locale, messages, namespace: "fleetDay" }),
  };
}
const en = translators("en");
const de = translators("de");

/** The display formats read the page's language from <html lang> (src/components/planner/format.ts). */
function pageIn(lang: string | undefined) {
  (globalThis as { document?: unknown }).document = lang === undefined ? undefined : { documentElement: { lang } };
}
afterEach(() => pageIn(undefined));

const BERLIN = "Europe/Berlin";
const at = (hhmm: string) => `2026-12-01T${hhmm}:00Z`; // UTC: 06:00Z is 07:00 CET

/** A planned tour: leaving at `leaves` (UTC) after `delay` min, a charging stop at site 7 per `charges`. */
function tour(id: number, o: { priority: number; leaves: string; ends: string; delay: number; charges: [string, string][] }) {
  return {
    tour_id: id, optimization_id: 100 + id, job_id: `job-${id}`, vehicle_id: "mb-eactros-600", priority: o.priority, status: "succeeded", error: null, result: null,
    fleet: {
      delay_min: o.delay, avoided_sites: [], objective_alone: 600, objective: 600 + o.delay, objective_unit: "min", unresolved: false, depot: null,
      uses: o.charges.map(([start, end]) => ({ site: "7", start: at(start), end: at(end), time_zone: BERLIN })),
    },
    summary: {
      status: "succeeded",
      totals: { departure_time: at(o.leaves), departure_time_zone: BERLIN, arrival_time: at(o.ends), arrival_time_zone: BERLIN, end_time: null },
      sections: o.charges.map(([start, end]) => ({
        section_id: null,
        poi_summary: { id: 7, name: "Autohof Allertal", address: "Allertal 1, Walsrode", capacity: 1, charge_time_min: 30, charge_start_time: at(start), charge_end_time: at(end) },
      })),
    },
  };
}

const label = (name: string | null, via: number) => ({ name, from: "Hamburg, DE", to: "München, DE", via, departure: at("06:00"), time_zone: BERLIN });

/** Three tours: a named one, one with a stop on the way that was delayed 25 min, and one named only "Tour 3", still planning. */
const DAY = {
  fleet_id: "6f1c1d52-9f5e-4c55-8f3e-0d7cf1f2a001", status: "running", error: null, tours_total: 3, offset: 0, next_offset: null,
  tours: [
    tour(1, { priority: 1, leaves: "06:00", ends: "15:30", delay: 0, charges: [["09:00", "09:30"]] }),
    tour(2, { priority: 0, leaves: "06:25", ends: "16:10", delay: 25, charges: [["09:35", "10:05"], ["13:00", "13:30"]] }),
    { ...tour(3, { priority: 0, leaves: "06:00", ends: "06:00", delay: 0, charges: [] }), status: "running", fleet: null, summary: null },
  ],
  conflicts_alone: [{ site: "7", start: at("09:00"), end: at("09:30"), trucks: 2, capacity: 1, tour_ids: [1, 2], held: false, time_zone: BERLIN }],
  conflicts: [], depot: null, added: { delay_min: 25, objective: 25, plans: 4 },
  labels: { 1: label("HH-MUC early", 0), 2: label(null, 1), 3: label("Tour 3", 0) },
} as unknown as FleetDayData;

describe("tours: names, routes and each row's words", () => {
  it("names a tour by its CSV name, else by its number; a route counts its stops", () => {
    const views = tourViews(DAY, en.model);
    expect(views.map((v) => [v.title, v.name])).toEqual([["HH-MUC early", "HH-MUC early"], ["Tour 2", null], ["Tour 3", null]]);
    expect(views.map((v) => v.route)).toEqual(["Hamburg, DE → München, DE", "Hamburg, DE → 1 stop → München, DE", "Hamburg, DE → München, DE"]);
    expect(tourViews(DAY, de.model).map((v) => [v.title, v.route])).toEqual([
      ["HH-MUC early", "Hamburg, DE → München, DE"], ["Tour 2", "Hamburg, DE → 1 Stopp → München, DE"], ["Tour 3", "Hamburg, DE → München, DE"],
    ]);
    const twoStops = { ...DAY, labels: { ...DAY.labels, 2: label(null, 2) } } as FleetDayData;
    expect(tourViews(twoStops, de.model)[1].route).toBe("Hamburg, DE → 2 Stopps → München, DE");
  });

  it("in English, each row reads as it always did", () => {
    pageIn("en");
    expect(tourViews(DAY, en.model).map((v) => tourText(v, en.tours))).toEqual([
      "Tour 1 HH-MUC early (Hamburg, DE → München, DE; mb-eactros-600, priority 1): leaves 07:00 CET, ends 16:30 CET, 1 charging stop",
      "Tour 2 (Hamburg, DE → 1 stop → München, DE; mb-eactros-600, priority 0): leaves 07:25 CET, 25 min later than asked, ends 17:10 CET, 2 charging stops",
      "Tour 3 (Hamburg, DE → München, DE; mb-eactros-600, priority 0): running",
    ]);
  });

  it("in German: Abfahrt, Ende, Priorität, Verzögerung and Ladestopp(s), times on the German clock", () => {
    pageIn("de");
    expect(tourViews(DAY, de.model).map((v) => tourText(v, de.tours))).toEqual([
      "Tour 1 HH-MUC early (Hamburg, DE → München, DE; mb-eactros-600, Priorität 1): Abfahrt 07:00 MEZ, Ende 16:30 MEZ, 1 Ladestopp",
      "Tour 2 (Hamburg, DE → 1 Stopp → München, DE; mb-eactros-600, Priorität 0): Abfahrt 07:25 MEZ, 25 min später als gewünscht, Ende 17:10 MEZ, 2 Ladestopps",
      "Tour 3 (Hamburg, DE → München, DE; mb-eactros-600, Priorität 0): wird geplant",
    ]);
  });
});

describe("charging sites: conflicts and what each site says", () => {
  const sitesIn = (t: typeof en) => siteViews(DAY, tourViews(DAY, t.model), daySpan(DAY)!, t.model);

  it("English, as it always read", () => {
    pageIn("en");
    const [site] = sitesIn(en);
    expect(site.name).toBe("Autohof Allertal");
    expect(siteFacts(site, en.sites)).toBe("1 charge point · 2 tours charge here");
    expect(conflictText(site.alone[0][0].item, en.sites)).toBe("10:00–10:30 CET: 2 trucks on 1 point (tours 1, 2)");
    expect(conflictText({ ...site.alone[0][0].item, held: true, capacity: 2, trucks: 3 }, en.sites)).toBe("10:00–10:30 CET: 3 trucks on 2 points (tours 1, 2 and a held slot)");
    expect(conflictText({ ...site.alone[0][0].item, held: true, tours: [] }, en.sites)).toBe("10:00–10:30 CET: 2 trucks on 1 point (a held slot)");
    expect(siteFacts({ ...site, capacity: null, uses: site.uses.filter((u) => u.tour.n === 1) }, en.sites)).toBe("charge points not known · 1 tour charges here");
    expect(siteFacts({ ...site, capacity: 4, uses: [] }, en.sites)).toBe("4 charge points · no tour charges here in the fleet's plan");
  });

  it("German: Ladepunkt(e), Lkw, Touren, a reserved slot", () => {
    pageIn("de");
    const [site] = sitesIn(de);
    expect(siteFacts(site, de.sites)).toBe("1 Ladepunkt · 2 Touren laden hier");
    expect(conflictText(site.alone[0][0].item, de.sites)).toBe("10:00–10:30 MEZ: 2 Lkw auf 1 Ladepunkt (Touren 1, 2)");
    expect(conflictText({ ...site.alone[0][0].item, held: true, capacity: 2, trucks: 3 }, de.sites)).toBe("10:00–10:30 MEZ: 3 Lkw auf 2 Ladepunkten (Touren 1, 2 und ein reservierter Slot)");
    expect(siteFacts({ ...site, capacity: null, uses: site.uses.filter((u) => u.tour.n === 1) }, de.sites)).toBe("Anzahl der Ladepunkte unbekannt · 1 Tour lädt hier");
    expect(siteFacts({ ...site, capacity: 4, uses: [] }, de.sites)).toBe("4 Ladepunkte · im Flottenplan lädt hier keine Tour");
  });

  it("a site no plan names is called by its id, in the page's language", () => {
    const elsewhere = { ...DAY, conflicts_alone: [{ ...DAY.conflicts_alone![0], site: "9" }] } as FleetDayData;
    const named = (t: typeof en) => siteViews(elsewhere, tourViews(elsewhere, t.model), daySpan(elsewhere)!, t.model).map((s) => s.name);
    expect(named(en)).toEqual(["Autohof Allertal", "Charging site 9"]);
    expect(named(de)).toEqual(["Autohof Allertal", "Ladestandort 9"]);
  });
});

describe("the CSV's line messages", () => {
  const HEADER = "name,vehicle_id,from,to,start_time_tour,battery_level_start,payload_kg";

  it("German: each problem of the file at its line, the column names as the file writes them", () => {
    expect(readToursCsv("vehicle_id,from,to,start_time_tour,battery_level_start\nx,A,B,07:00,0.8", de.csv).errors).toEqual(["Zeile 1: Spalte fehlt: payload_kg"]);
    expect(readToursCsv("vehicle_id,from_lat\nx,1", de.csv).errors).toEqual([
      "Zeile 1: Spalten fehlen: start_time_tour, battery_level_start, payload_kg, from (oder from_lat und from_lon), to (oder to_lat und to_lon)",
    ]);
    const csv = `${HEADER},from_lat,from_lon\n`
      + "a,t,,München,2026-12-01T07:00,0.8,1,,\n"
      + "b,t,Hamburg,München,2026-12-01T07:00,0.8,1,53.5,\n"
      + "c,t,Hamburg,München,2026-12-01T07:00,voll,1,,\n";
    expect(readToursCsv(csv, de.csv).errors).toEqual([
      "Zeile 2: from fehlt: Geben Sie einen Ort oder eine Adresse (from) oder Koordinaten (from_lat, from_lon) an",
      "Zeile 3: from_lon fehlt (Koordinaten brauchen beide Werte)",
      "Zeile 4: battery_level_start ist keine Zahl",
    ]);
    expect(readToursCsv("", de.csv).errors).toEqual(["Die Datei ist leer"]);
    expect(readToursCsv(HEADER, de.csv).errors).toEqual(["Unter der Kopfzeile stehen keine Touren"]);
    // English: the singular as the plural always read.
    expect(readToursCsv("vehicle_id,from,to,start_time_tour,battery_level_start\nx,A,B,07:00,0.8", en.csv).errors).toEqual(["Line 1: missing column payload_kg"]);
  });

  it("German: a place not found and a departure not read, with German quotes; the server's 422 at its line", () => {
    const read = readToursCsv(`${HEADER}\na,t,Hamburg,Xyzzy,2026-12-01T07:00,0.8,1\nb,t,Hamburg,Hamburg,bald,0.8,1\n`, de.csv);
    const { keys } = placeQueries(read.lines);
    const hamburg = { lat: 53.55, lon: 9.99, label: "Hamburg, DE", time_zone: BERLIN, approximate: false, unmatched: null };
    const built = tourBodies(read.lines, keys, keys.map((k) => (k === "a:hamburg" ? hamburg : null)), Date.parse(at("12:00")), de.csv);
    expect(built.errors).toEqual([
      "Zeile 2: Kein Ort gefunden für to „Xyzzy“. Versuchen Sie einen Ort, eine Postleitzahl oder eine Straße mit Ort, oder geben Sie to_lat und to_lon an.",
      "Zeile 3: start_time_tour „bald“ ist kein Datum mit Uhrzeit: Schreiben Sie 2026-12-01T07:00 (Ortszeit am Start) oder geben Sie einen UTC-Versatz an (2026-12-01T07:00+01:00).",
    ]);
    expect(detailAtLine({ loc: ["body", "tours", 1, "section_list", 0, "stop_pos"], msg: "No road within 30 km" }, [2, 4], de.csv)).toBe("Zeile 4, to: No road within 30 km");
    expect(detailAtLine({ loc: ["body", "tours", 5, "vehicle_id"], msg: "Unknown vehicle" }, [2, 4], de.csv)).toBe("Zeile der Tour 6, vehicle_id: Unknown vehicle");
    expect(detailAtLine({ loc: ["body"], msg: "Too many" }, [], de.csv)).toBe("Anfrage: Too many");
  });
});

describe("History's fleet days and the day's status", () => {
  const listed = { first_departure: at("06:00"), time_zone: BERLIN };

  it("the day on its first departure's clock, in the page's language", () => {
    pageIn("en");
    expect(dayTitle(listed, en.days)).toBe("Tue 1 Dec 2026");
    pageIn("de");
    expect(dayTitle(listed, de.days)).toBe("Di., 1. Dez. 2026");
    expect(dayTitle({ first_departure: null, time_zone: null } as never, de.days)).toBe("Tagesplanung");
  });

  it("conflicts, statuses and the pager's count", () => {
    const cases = [{ conflicts_alone: null, conflicts: null }, { conflicts_alone: 0, conflicts: 0 }, { conflicts_alone: 3, conflicts: 0 }, { conflicts_alone: 3, conflicts: 1 }];
    expect(cases.map((c) => conflictsText(c, en.days))).toEqual(["–", "none", "3 planned alone, all resolved", "3 planned alone, 1 left"]);
    expect(cases.map((c) => conflictsText(c, de.days))).toEqual(["–", "keine", "3 bei Einzelplanung, alle aufgelöst", "3 bei Einzelplanung, 1 offen"]);
    expect(en.days("pageOf", { page: 2, pages: 3, total: 25 })).toBe("Page 2 of 3 · 25 fleet days");
    expect(de.days("pageOf", { page: 2, pages: 3, total: 25 })).toBe("Seite 2 von 3 · 25 Tagesplanungen");
    expect(de.days("pageOf", { page: 1, pages: 1, total: 1 })).toBe("Seite 1 von 1 · 1 Tagesplanung");
    expect(["queued", "running", "succeeded", "failed"].map((s) => en.page(`status.${s}` as "status.queued"))).toEqual(["Fleet day queued", "Fleet day planning", "Fleet day succeeded", "Fleet day failed"]);
    expect(de.page("status.succeeded")).toBe("Tagesplanung abgeschlossen");
  });
});
