// A plan's words as messages (engine/text): the English templates say what the plan said before they
// were messages, every one renders, and each translation names only the values its English one has.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { ENGLISH_TEMPLATES, UNSAID_VALUES, type MessageCode } from "@/engine/text/english";
import { durationText, part, renderMessage, say, saidOf, warningFields, type MessageValues } from "@/engine/text/message";
import de from "@/i18n/server-text/de.json";
import { serverText, warningTexts } from "@/i18n/server-text";
import { BAN_RULE_IDS } from "@/engine/bans/rules";

const GERMAN = de as Record<string, string>;
const codes = Object.keys(ENGLISH_TEMPLATES) as MessageCode[];
/** A placeholder left unfilled, or a value that did not render; an API path's `{external_id}` is meant. */
const UNFILLED = /[{}](?!external_id\})\w|undefined|NaN|\[object/;

/** Every value a template names, with the options of each select. */
function argumentsOf(template: string): Map<string, string[] | null> {
  const out = new Map<string, string[] | null>();
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === TYPE.select) {
        out.set(el.value, [...(out.get(el.value) ?? []), ...Object.keys(el.options)]);
        Object.values(el.options).forEach((o) => walk(o.value));
      } else if (el.type === TYPE.plural) {
        if (!out.has(el.value)) out.set(el.value, null);
        Object.values(el.options).forEach((o) => walk(o.value));
      } else if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) {
        if (!out.has(el.value)) out.set(el.value, null);
      }
    }
  };
  walk(parse(template));
  return out;
}

/** The values a message carries: those its English words say, and those only other languages say. */
function valuesOf(code: MessageCode): Map<string, string[] | null> {
  const out = argumentsOf(ENGLISH_TEMPLATES[code]);
  for (const name of UNSAID_VALUES[code] ?? []) if (!out.has(name)) out.set(name, name === "rule_key" ? ["DE_sunday", "XX_other"] : null);
  return out;
}

/** Values of the kinds the names tell, a select taking each of its options in turn (k). */
function sampleValues(code: MessageCode, k: number): MessageValues {
  const values: Record<string, MessageValues[string]> = {};
  for (const [name, options] of valuesOf(code)) {
    if (options) values[name] = options[k % options.length];
    else if (name.endsWith("_time")) values[name] = "2026-11-29T05:30:00.000Z";
    else if (name.endsWith("_min")) values[name] = 95;
    else if (name.endsWith("_pct")) values[name] = 0.42;
    else if (name === "days" || name === "before" || name === "after" || name.endsWith("_list")) values[name] = [part("stop.neighbour.start")];
    else if (name === "zone") values[name] = "Europe/Berlin";
    else if (["text", "field", "what", "connectors", "countries", "names", "labels", "rules", "regions", "network", "section_id", "label", "detail", "objective", "fastest", "sections", "name"].includes(name)) values[name] = name;
    else values[name] = 2;
  }
  return values;
}

describe("the English templates", () => {
  it.each(codes)("%s renders with values of every kind and every option of its selects", (code) => {
    for (let k = 0; k < 3; k++) {
      const text = renderMessage({ code, values: sampleValues(code, k) }, "en-GB");
      expect(text.replace("{external_id}", "")).not.toMatch(UNFILLED);
      expect(text.length).toBeGreaterThan(0);
    }
  });

  it("say what the plan said before they were messages", () => {
    expect(say("stations.filtered_unknown", { field: "bookable", count: 2, what: "booking" }).text)
      .toBe("poi_info.bookable: 2 stations in the corridor have no booking data and were excluded");
    expect(say("stations.filtered_unknown", { field: "bookable", count: 1, what: "booking" }).text)
      .toBe("poi_info.bookable: 1 station in the corridor has no booking data and was excluded");
    expect(say("stop.cheaper_energy").text).toBe("Not needed to reach the next point: energy here costs less than later.");
    expect(say("stop.rest", { rest_min: 660, then: "charges" }).text).toBe("Daily rest (EU 561/2006 Art. 8): 11 h before the next day's driving. The truck charges during it.");
    expect(say("stop.energy", { next: "destination", arrival_pct: 0.31, floor: "requested", floor_pct: 0.4, pause: "break" }).text)
      .toBe("Needed to reach the destination: arriving at 31 %, the truck would fall below the requested 40 % without this charge. The driver's break is taken during it.");
    expect(say("stations.truck_access_unknown", { count: 7, names: "A; B; C; D; E", more: 2, margin_minutes: 10 }).text).toBe(
      "Truck access is not known at 7 of the plan's charging stops (A; B; C; D; E; and 2 more): no source says a truck can reach, charge and park there " +
        "(truck_access \"unknown\"); check them, or state it with a station overlay (PUT /poi/overlays/{external_id}). The plan takes a known truck site " +
        "instead wherever one is nearly as good (a detour at most 10 min longer, the same power).");
    const between = { before: [part("stop.neighbour.start")], after: [part("stop.neighbour.named", { name: "IONITY Hausen" })] };
    expect(say("stop.gain", { ...between, longer: "yes", minutes: 12.5, dearer: "no", eur: 3.1, objective: "balanced" }).text)
      .toBe("Not needed to reach the next point. With no charging stop between the start and IONITY Hausen, the tour would be 12.5 min longer and 3.10 EUR cheaper (balanced).");
    expect(say("stop.needed_for_plan", { before: [part("stop.neighbour.named", { name: "IONITY Hausen" })], after: [part("stop.neighbour.destination")] }).text)
      .toBe("Needed: with no charging stop between IONITY Hausen and the destination, no drivable plan exists.");
  });

  it("read times on the plan's clock, durations in hours and minutes, lists in turn", () => {
    const day = say("drivers.day_too_long", { from_time: "2026-11-28T05:30:00Z", to_time: "2026-11-29T01:01:00Z", zone: "Europe/Berlin", span_min: 1171, limit_min: 780 });
    expect(day.text).toMatch(/^EU 561\/2006 Art\. 8\(2\) is not kept: the duty day from Sat 28 Nov, 06:30 CET to Sun 29 Nov, 02:01 CET spans 19 h 31 min, more than 13 h:/);
    const span = say("drivers.day_span_shortened", {
      max_span_min: 780, last_span_min: 900, last_differs: "yes",
      days: [part("drivers.day_ends_after", { day: 1, driven_min: 420, cap_min: 480, before: "no", before_min: 0 }), part("drivers.day_ends_at_most", { day: 2, cap_min: 45 })],
    });
    expect(span.text).toMatch(/spans at most 13 h \(the tour's last day 15 h\); to keep it this plan ends its driving day 1 after 7 h of the tour's driving \(at most 8 h\), day 2 after at most 45 min\.$/);
    expect(durationText(0)).toBe("0 min");
    expect(durationText(59.6)).toBe("1 h");
    expect(durationText(125)).toBe("2 h 05 min");
  });
});

describe("the German templates", () => {
  it("exist for every code, and for no other", () => {
    expect(Object.keys(GERMAN).sort()).toEqual([...codes].sort());
  });

  it.each(codes)("%s names only values the English one has, and only their options", (code) => {
    const english = valuesOf(code);
    for (const [name, options] of argumentsOf(GERMAN[code])) {
      expect(english.has(name), `${code}: ${name}`).toBe(true);
      // A select of a value English says as it is (the objective) may say it in its own words.
      const choices = english.get(name);
      if (options && choices && !UNSAID_VALUES[code]?.includes(name)) expect(choices, `${code}: ${name}`).toEqual(expect.arrayContaining(options.filter((o) => o !== "other")));
    }
  });

  it.each(codes)("%s renders in German with the same values", (code) => {
    for (let k = 0; k < 3; k++) {
      const text = renderMessage({ code, values: sampleValues(code, k) }, "de-DE", GERMAN);
      expect(text.replace("{external_id}", "")).not.toMatch(UNFILLED);
    }
  });

  it("say figures the German way", () => {
    const between = { before: [part("stop.neighbour.start")], after: [part("stop.neighbour.named", { name: "IONITY Hausen" })] };
    const gain = { code: "stop.gain" as const, values: { ...between, longer: "yes", minutes: 12.5, dearer: "no", eur: 3.1, objective: "balanced" } };
    expect(renderMessage(gain, "de-DE", GERMAN)).toBe(
      "Nicht nötig, um den nächsten Punkt zu erreichen. Ohne Ladestopp zwischen dem Start und IONITY Hausen wäre die Tour 12,5 min länger und 3,10 EUR günstiger (Ziel „Ausgewogen“).");
    const day = { code: "drivers.day_too_long" as const, values: { from_time: "2026-11-28T05:30:00Z", to_time: "2026-11-29T01:01:00Z", zone: "Europe/Berlin", span_min: 1171, limit_min: 780 } };
    expect(renderMessage(day, "de-DE", GERMAN)).toMatch(/^EU 561\/2006 Art\. 8 Abs\. 2 ist nicht eingehalten: Der Arbeitstag von Sa\., 28\. Nov\., 06:30 MEZ bis So\., 29\. Nov\., 02:01 MEZ umfasst 19 h 31 min, mehr als 13 h\./);
  });
});

describe("driving-ban labels", () => {
  const label = (rule: string) => ({ code: "bans.label" as const, values: { rule_key: rule.replaceAll("-", "_"), label: "English label", from_time: "2026-11-28T23:00:00Z", to_time: "2026-11-29T21:00:00Z", zone: "Europe/Berlin" } });

  it("read in English as the calendar wrote them", () => {
    expect(renderMessage(label("DE-sunday"), "en-GB")).toBe("English label");
  });

  it.each(BAN_RULE_IDS)("%s has German words, with its local times", (rule) => {
    expect(renderMessage(label(rule), "de-DE", GERMAN)).toMatch(/^[A-ZÄÖÜÎ][^{}]+: So\., 29\. Nov\., 00:00 MEZ bis So\., 29\. Nov\., 22:00 MEZ$/);
  });

  it("an operator's own rule keeps its label", () => {
    expect(renderMessage(label("DE-depot-closure"), "de-DE", GERMAN)).toBe("English label");
  });
});

describe("a result's words in the page's language", () => {
  const said = [say("stop.saves_time"), say("weather.forecast_unavailable", { detail: "timeout after 300 ms" })];
  const result = warningFields(said);

  it("keeps English and the messages in one order", () => {
    expect(result.warnings).toEqual(said.map((s) => s.text));
    expect(saidOf(result).map((s) => s.code)).toEqual(["stop.saves_time", "weather.forecast_unavailable"]);
  });

  it("says each in German, English as written, and a text with no message or an unknown code as written", () => {
    expect(warningTexts(result, "de")).toEqual([
      "Nicht nötig, um den nächsten Punkt zu erreichen: Laden hier verkürzt die Tour.",
      "Wettervorhersage nicht verfügbar (timeout after 300 ms); Klimanormalwerte verwendet.",
    ]);
    expect(warningTexts(result, "en")).toEqual(result.warnings);
    expect(warningTexts({ warnings: ["Older result."] }, "de")).toEqual(["Older result."]);
    expect(serverText("As written.", { code: "stop.new_in_a_later_version", values: {} }, "de")).toBe("As written.");
    // A message whose values do not fill its template (another version's) reads as written.
    expect(serverText("As written.", { code: "stop.gain", values: {} }, "de")).toBe("As written.");
  });
});
