// The planner's result and map texts in English and German: the stops' names and the weather of
// a leg, the map's titles of stops, the timeline's places, the cost options' labels and the
// trade-off's euros, the energy's price basis, the routes considered, and the station filters.
// English reads exactly as it always did; German with German words and number formats.
import { createTranslator } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import { groupTitle, stopTitle } from "@/components/map/marker-groups";
import { planStops, weatherText } from "@/components/planner/stops";
import { labelOptions } from "@/components/result/cost-option-labels";
import { publicPricingText } from "@/components/result/energy-pricing";
import { activeFilters, filterWarnings } from "@/components/result/filters";
import { reasonText, routeFacts, routeName } from "@/components/result/routes";
import { tourActivities } from "@/components/result/timeline";
import { fmtEur } from "@/components/result/trade-off-scale";
import type { CostOption, OptimizationResultResponse, ResultSection, RouteAlternative } from "@/contract/result";
import { encodePolyline } from "@/engine/network/polyline";
import type { AppLocale } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";

function translators(locale: AppLocale) {
  const messages = MESSAGES[locale];
  return {
    stops: createTranslator({ locale, messages, namespace: "planStops" }),
    map: createTranslator({ locale, messages, namespace: "map" }),
    timeline: createTranslator({ locale, messages, namespace: "timeline" }),
    cost: createTranslator({ locale, messages, namespace: "costOptions" }),
    pricing: createTranslator({ locale, messages, namespace: "energyPricing" }),
    routes: createTranslator({ locale, messages, namespace: "routeChoices" }),
    filters: createTranslator({ locale, messages, namespace: "filters" }),
  };
}
const en = translators("en");
const de = translators("de");

/** The display formats read the page's language from <html lang> (src/components/planner/format.ts). */
function pageIn(lang: string | undefined) {
  (globalThis as { document?: unknown }).document = lang === undefined ? undefined : { documentElement: { lang } };
}
afterEach(() => pageIn(undefined));

const weather = { ambient_temperature_c: -2.5, road: "wet", wind_speed_ms: 5, wind_from_deg: 90, source: "forecast", extra_kWh: 12.4 } as NonNullable<ResultSection["weather"]>;

/** Hamburg -> a charger (no name, a break while charging) -> the destination, the first leg in the rain. */
function tour(): OptimizationResultResponse {
  return {
    optimization_id: 1, tour_id: 1, status: "succeeded", qualification: "Driveable", battery_level_start: 0.8, battery_level_end: 0.3, poi_list: [],
    totals: { departure_time: "2026-11-28T07:00:00Z", departure_time_zone: "Europe/Berlin" },
    sections: [
      { polyline: encodePolyline([[53.55, 9.99], [52.4, 9.7]]), start_pos: [53.55, 9.99, 0.8], stop_pos: [52.4, 9.7, 0.2], length_m: 150_000, weather,
        poi_summary: { id: 7, operator: "Aral", coordinate_lat: 52.4, coordinate_lon: 9.7, charge_time_min: 45, energy_kWh: 300, break_kind: "break", break_min: 45, time_zone: "Europe/Berlin",
          arrival_time: "2026-11-28T09:00:00Z", departure_time: "2026-11-28T09:45:00Z", charge_start_time: "2026-11-28T09:00:00Z", charge_end_time: "2026-11-28T09:45:00Z" } },
      { polyline: encodePolyline([[52.4, 9.7], [48.14, 11.58]]), stop_pos: [48.14, 11.58, 0.3], length_m: 480_000,
        poi_summary: { coordinate_lat: 48.14, coordinate_lon: 11.58, arrival_time: "2026-11-28T15:00:00Z", time_zone: "Europe/Berlin" } },
    ],
  } as unknown as OptimizationResultResponse;
}

describe("the stops of a plan", () => {
  it("are named in the language of the translator, the weather of a leg too", () => {
    expect(planStops(tour(), [], en.stops).map((s) => s.name)).toEqual(["Start", "Charging stop", "Destination"]);
    expect(planStops(tour(), [], de.stops).map((s) => s.name)).toEqual(["Start", "Ladestopp", "Ziel"]);
    expect(weatherText(weather, en.stops)).toBe("-2.5 °C, wet road, wind 5 m/s from E (forecast) · +12 kWh vs 20 °C");
    expect(weatherText(weather, de.stops)).toBe("-2,5 °C, nasse Fahrbahn, Wind 5 m/s aus O (Vorhersage) · +12 kWh ggü. 20 °C");
  });

  it("without a translator follow the page's language (the print view and the comparison call them so)", () => {
    pageIn("de");
    expect(planStops(tour()).map((s) => s.name)).toEqual(["Start", "Ladestopp", "Ziel"]);
    pageIn("en");
    expect(planStops(tour())[1].weather).toBe("-2.5 °C, wet road, wind 5 m/s from E (forecast) · +12 kWh vs 20 °C");
  });

  it("have the map's titles and the timeline's places in either language", () => {
    const enStops = planStops(tour(), [], en.stops), deStops = planStops(tour(), [], de.stops);
    expect(stopTitle(enStops[1], en.map)).toBe("Charging stop 1: Charging stop (break while charging)");
    expect(stopTitle(deStops[1], de.map)).toBe("Ladestopp 1: Ladestopp (Fahrtunterbrechung während des Ladens)");
    expect(groupTitle([deStops[0], deStops[2]], de.map)).toBe("Start; Ziel");
    expect(tourActivities(enStops, en.timeline).find((a) => a.kind === "charge")!.place).toBe("charging stop 1, Charging stop");
    expect(tourActivities(deStops, de.timeline).find((a) => a.kind === "drive")!.place).toBe("Start → Ladestopp 1, Ladestopp");
  });
});

const option = (o: Partial<CostOption>): CostOption => ({ option: 0, objective: "balanced", value_of_time_eur_per_h: null, duration_min: 600, total_cost: 1500, energy_cost: 400, chosen: false, ...o }) as CostOption;

describe("the time-cost options", () => {
  const options = [
    option({ option: 0, objective: "fastest", duration_min: 600, total_cost: 1700 }),
    option({ option: 1, objective: "balanced", value_of_time_eur_per_h: 12.5, duration_min: 620, total_cost: 1650 }),
    option({ option: 2, objective: "cheapest", duration_min: 700, total_cost: 1690 }),
  ];

  it("are labelled in English as before, in German with German decimals", () => {
    pageIn("en");
    expect([...labelOptions(options, en.cost).values()].map((l) => l.text)).toEqual(["fastest", "cheapest · balanced at 12.5 EUR/h", "least money spent, time not valued"]);
    expect(fmtEur(1450)).toBe("1,450 EUR");
    pageIn("de");
    expect([...labelOptions(options, de.cost).values()].map((l) => l.text)).toEqual(["am schnellsten", "am günstigsten · ausgewogen bei 12,5 EUR/h", "geringste Ausgaben, Zeit nicht bewertet"]);
    expect(labelOptions(options, de.cost).get(1)!.short).toBe("am günstigsten · 12,5 EUR/h");
    expect(fmtEur(1450)).toBe("1.450 EUR");
  });
});

describe("the energy's price basis", () => {
  const split = [{ basis: "contract" as const, kWh: 1200, amount: 300 }, { basis: "estimate" as const, kWh: 80, amount: 40 }];
  it("reads in either language, the kWh grouped the language's way", () => {
    pageIn("en");
    expect(publicPricingText(split, en.pricing)).toBe(
      "Public charging: 1,200 kWh at your contract prices; 80 kWh estimated: no price known for the operator, the country's typical list price counted.",
    );
    pageIn("de");
    expect(publicPricingText(split, de.pricing)).toBe(
      "Öffentliches Laden: 1.200 kWh zu Ihren Vertragspreisen; 80 kWh geschätzt: kein Preis des Betreibers bekannt, der übliche Listenpreis des Landes gerechnet.",
    );
    expect(publicPricingText([{ basis: "list", kWh: 10, amount: 5 }], de.pricing)).toBe("Alles öffentliche Laden zu veröffentlichten Listenpreisen (kein Vertrag).");
  });
});

describe("the routes considered", () => {
  const route = { route_choice: [1], chosen: false, reason: "tolls", note: "", distance_m: 612_000, driving_time_min: 470, toll_free: false, tolls_eur: 0, toll_systems: ["DE LKW-Maut"], duration_min: 530, charging_stops: 1 } as unknown as RouteAlternative;
  it("are named, explained and described in either language", () => {
    pageIn("en");
    expect([routeName(0, en.routes), routeName(1, en.routes), reasonText("tolls", en.routes)]).toEqual(["Fastest route", "Route 2", "Not chosen: has tolls"]);
    expect(routeFacts(route, en.routes)).toMatch(/^612 km · .+ driving · tolls: DE LKW-Maut · 1 charging stop · tour .+$/);
    pageIn("de");
    expect([routeName(0, de.routes), routeName(1, de.routes), reasonText("tolls", de.routes)]).toEqual(["Schnellste Route", "Route 2", "Nicht gewählt: mautpflichtig"]);
    expect(routeFacts({ ...route, charging_stops: 2 }, de.routes)).toMatch(/^612 km · .+ Lenkzeit · Maut: DE LKW-Maut · 2 Ladestopps · Tour .+$/);
  });
});

describe("the station filters of a tour that is not drivable", () => {
  it("are named in either language; a filter the app does not know keeps the server's name", () => {
    const warnings = ["poi_info.truck_approved: 5 stations excluded", "poi_info.min_kW: 3", "poi_info.new_filter: 1"];
    expect(filterWarnings(warnings, en.filters).map((f) => f.label)).toEqual(["Truck approved", "Min. power", "new_filter"]);
    expect(filterWarnings(warnings, de.filters).map((f) => f.label)).toEqual(["Für Lkw freigegeben", "Min. Leistung", "new_filter"]);
    const requested = { poi_filter: { truck_approved: true, min_kW: 150 } } as unknown as OptimizationResultResponse;
    expect(activeFilters(requested, en.filters)).toEqual(["Truck approved: yes", "Min. power: 150"]);
    expect(activeFilters(requested, de.filters)).toEqual(["Für Lkw freigegeben: ja", "Min. Leistung: 150"]);
  });
});
