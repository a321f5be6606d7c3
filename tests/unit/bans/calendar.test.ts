// The truck driving-ban calendar: concrete instants (UTC) of each country's periods from its local
// time, across the DST changes, regional German holidays, weights, waived rules and overrides.
import { describe, expect, it } from "vitest";
import {
  applyOverrides, banPeriods, bannedAt, banRules, COUNTRIES_WITHOUT_BANS, localToUtc, parseBanOverrides, polishSummer,
  type BanPeriod,
} from "@/engine/bans";
import { daysByKey } from "@/engine/bans/holidays";
import { dayOf, isoDay } from "@/engine/bans/local";

const at = (iso: string) => Date.parse(iso);
const TRUCK = { gvwKg: 40_000 };
/** The Île-de-France rules waived: the country's own periods alone. */
const IDF = ["FR-idf-out", "FR-idf-in"];
const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");
/** [rule, start, end] of each period, instants in UTC. */
const spans = (ps: BanPeriod[]) => ps.map((p) => [p.rule, iso(p.startMs), iso(p.endMs)]);
/** The periods of `country` over the given UTC window. */
const bans = (country: string, from: string, to: string, vehicle = TRUCK, waived: string[] = []) =>
  banPeriods(country, at(from), at(to), vehicle, waived);
const banned = (country: string, instant: string, region?: string, vehicle = TRUCK, waived: string[] = []) =>
  bannedAt(bans(country, instant, new Date(at(instant) + 1).toISOString(), vehicle, waived), at(instant), region).map((p) => p.rule);

describe("local wall-clock time to UTC", () => {
  const zone = "Europe/Berlin";
  it("reads winter and summer time, and 24:00 as the next midnight", () => {
    expect(iso(localToUtc(dayOf(2026, 11, 29), 0, zone))).toBe("2026-11-28T23:00:00Z");
    expect(iso(localToUtc(dayOf(2026, 7, 12), 22 * 60, zone))).toBe("2026-07-12T20:00:00Z");
    expect(iso(localToUtc(dayOf(2026, 11, 28), 24 * 60, zone))).toBe("2026-11-28T23:00:00Z");
  });
  it("moves a time the clock skips forward by the gap, and takes the earlier of a time shown twice", () => {
    expect(iso(localToUtc(dayOf(2026, 3, 29), 2 * 60 + 30, zone))).toBe("2026-03-29T01:30:00Z"); // 03:30 CEST
    expect(iso(localToUtc(dayOf(2026, 3, 29), 3 * 60, zone))).toBe("2026-03-29T01:00:00Z");
    expect(iso(localToUtc(dayOf(2026, 10, 25), 2 * 60 + 30, zone))).toBe("2026-10-25T00:30:00Z"); // 02:30 CEST, not CET
    expect(iso(localToUtc(dayOf(2026, 10, 25), 3 * 60, zone))).toBe("2026-10-25T02:00:00Z");
  });
});

describe("Germany (§ 30(3),(4) StVO)", () => {
  it("bans a Sunday 00:00-22:00 Berlin time: 2026-11-29 is 2026-11-28T23:00Z to 2026-11-29T21:00Z", () => {
    const ps = bans("DE", "2026-11-27T00:00:00Z", "2026-12-01T00:00:00Z");
    expect(spans(ps)).toEqual([["DE-sunday", "2026-11-28T23:00:00Z", "2026-11-29T21:00:00Z"]]);
    expect(ps[0]).toMatchObject({ country: "DE", regions: null, confidence: "official", roads: "all" });
    expect(ps[0].source).toContain("§ 30(3),(4) StVO");
    expect(ps[0].label).toContain("00:00-22:00");
    expect(banned("DE", "2026-11-29T20:59:59Z")).toEqual(["DE-sunday"]);
    expect(banned("DE", "2026-11-29T21:00:00Z")).toEqual([]);
    expect(banned("DE", "2026-11-28T22:59:59Z")).toEqual([]);
    expect(banned("DE", "2026-11-28T23:00:00Z")).toEqual(["DE-sunday"]);
  });

  it("bans Christmas 2026 (Friday, Saturday) and the Sunday after as three periods, not merged", () => {
    expect(spans(bans("DE", "2026-12-24T00:00:00Z", "2026-12-28T00:00:00Z"))).toEqual([
      ["DE-sunday", "2026-12-24T23:00:00Z", "2026-12-25T21:00:00Z"],
      ["DE-sunday", "2026-12-25T23:00:00Z", "2026-12-26T21:00:00Z"],
      ["DE-sunday", "2026-12-26T23:00:00Z", "2026-12-27T21:00:00Z"],
    ]);
    expect(banned("DE", "2026-12-25T22:00:00Z")).toEqual([]); // 23:00 on Christmas Day: free until midnight
  });

  it("Easter 2026: Good Friday, Sunday and Monday each 00:00-22:00; the Saturday free", () => {
    expect(spans(bans("DE", "2026-04-02T12:00:00Z", "2026-04-07T00:00:00Z"))).toEqual([
      ["DE-sunday", "2026-04-02T22:00:00Z", "2026-04-03T20:00:00Z"],
      ["DE-sunday", "2026-04-04T22:00:00Z", "2026-04-05T20:00:00Z"],
      ["DE-sunday", "2026-04-05T22:00:00Z", "2026-04-06T20:00:00Z"],
    ]);
  });

  it("Corpus Christi (4 June 2026) bans in DE-BY, not in DE-HH", () => {
    const ps = bans("DE", "2026-06-03T00:00:00Z", "2026-06-05T00:00:00Z");
    expect(spans(ps)).toEqual([["DE-sunday", "2026-06-03T22:00:00Z", "2026-06-04T20:00:00Z"]]);
    expect(ps[0].regions).toEqual(["DE-BW", "DE-BY", "DE-HE", "DE-NW", "DE-RP", "DE-SL"]);
    expect(banned("DE", "2026-06-04T10:00:00Z", "DE-BY")).toEqual(["DE-sunday"]);
    expect(banned("DE", "2026-06-04T10:00:00Z", "de-by")).toEqual(["DE-sunday"]);
    expect(banned("DE", "2026-06-04T10:00:00Z", "DE-HH")).toEqual([]);
    expect(banned("DE", "2026-06-04T10:00:00Z", "DE-SN")).toEqual([]);
    // Where in Germany is unknown: the regional ban may apply.
    expect(banned("DE", "2026-06-04T10:00:00Z")).toEqual(["DE-sunday"]);
  });

  it("Reformation Day bans only in the five Länder of § 30(4), not in Hamburg although it is a holiday there", () => {
    const ps = bans("DE", "2026-10-30T12:00:00Z", "2026-10-31T12:00:00Z");
    expect(spans(ps)).toEqual([["DE-sunday", "2026-10-30T23:00:00Z", "2026-10-31T21:00:00Z"]]);
    expect(ps[0].regions).toEqual(["DE-BB", "DE-MV", "DE-SN", "DE-ST", "DE-TH"]);
    expect(banned("DE", "2026-10-31T12:00:00Z", "DE-SN")).toEqual(["DE-sunday"]);
    expect(banned("DE", "2026-10-31T12:00:00Z", "DE-HH")).toEqual([]);
    expect(banned("DE", "2026-10-31T12:00:00Z", "DE-BY")).toEqual([]);
  });

  it("All Saints' Day: regional on a Monday (2027), only the national Sunday ban when it is a Sunday (2026)", () => {
    const y27 = bans("DE", "2027-11-01T00:00:00Z", "2027-11-01T12:00:00Z");
    expect(spans(y27)).toEqual([["DE-sunday", "2027-10-31T23:00:00Z", "2027-11-01T21:00:00Z"]]);
    expect(y27[0].regions).toEqual(["DE-BW", "DE-BY", "DE-NW", "DE-RP", "DE-SL"]);
    const y26 = bans("DE", "2026-11-01T00:00:00Z", "2026-11-01T12:00:00Z");
    expect(y26.map((p) => p.regions)).toEqual([null]);
  });

  it("bans no Land-only holidays outside § 30(4): 6 Jan, 15 Aug, Buß- und Bettag", () => {
    expect(bans("DE", "2026-01-06T00:00:00Z", "2026-01-06T20:00:00Z")).toEqual([]);
    expect(bans("DE", "2025-08-15T00:00:00Z", "2025-08-15T20:00:00Z")).toEqual([]);
    expect(bans("DE", "2026-11-18T00:00:00Z", "2026-11-18T20:00:00Z")).toEqual([]);
  });

  it("follows the clock changes: 29 March 2026 lasts 21 h, 25 October 2026 23 h", () => {
    expect(spans(bans("DE", "2026-03-29T10:00:00Z", "2026-03-29T10:00:01Z"))).toEqual([["DE-sunday", "2026-03-28T23:00:00Z", "2026-03-29T20:00:00Z"]]);
    expect(spans(bans("DE", "2026-10-25T10:00:00Z", "2026-10-25T10:00:01Z"))).toEqual([["DE-sunday", "2026-10-24T22:00:00Z", "2026-10-25T21:00:00Z"]]);
  });

  it("does not ban a 7 t truck; bans one of 7.5 t + 1 kg", () => {
    expect(bans("DE", "2026-11-29T00:00:00Z", "2026-11-30T00:00:00Z", { gvwKg: 7_000 })).toEqual([]);
    expect(bans("DE", "2026-11-29T00:00:00Z", "2026-11-30T00:00:00Z", { gvwKg: 7_500 })).toEqual([]);
    expect(bans("DE", "2026-11-29T00:00:00Z", "2026-11-30T00:00:00Z", { gvwKg: 7_501 })).toHaveLength(1);
  });

  it("lists the summer Saturdays of the Ferienreiseverordnung as not applied, with the reason", () => {
    const r = banRules("DE").find((x) => x.id === "DE-summer-saturday")!;
    expect(r.applied).toBe(false);
    expect(r.note).toMatch(/cannot identify/);
    expect(bans("DE", "2026-07-04T05:00:00Z", "2026-07-04T18:00:00Z").map((p) => p.rule)).toEqual([]); // a summer Saturday
  });
});

describe("Austria (§ 42 StVO)", () => {
  it("bans Saturday 15:00 to Sunday 22:00 as one period, and every night 22:00-05:00", () => {
    const ps = bans("AT", "2026-11-28T00:00:00Z", "2026-11-30T00:00:00Z");
    expect(spans(ps)).toEqual([
      ["AT-night", "2026-11-27T21:00:00Z", "2026-11-28T04:00:00Z"],
      ["AT-weekend", "2026-11-28T14:00:00Z", "2026-11-29T21:00:00Z"],
      ["AT-night", "2026-11-28T21:00:00Z", "2026-11-29T04:00:00Z"],
      ["AT-night", "2026-11-29T21:00:00Z", "2026-11-30T04:00:00Z"],
    ]);
    expect(banned("AT", "2026-11-28T13:59:59Z")).toEqual([]);
    expect(banned("AT", "2026-11-28T14:00:00Z")).toEqual(["AT-weekend"]);
    expect(banned("AT", "2026-11-28T22:00:00Z").sort()).toEqual(["AT-night", "AT-weekend"]);
  });

  it("bans a Wednesday night 22:00-05:00 Vienna time and not the day", () => {
    expect(banned("AT", "2026-11-25T20:59:00Z")).toEqual([]);
    expect(banned("AT", "2026-11-25T21:00:00Z")).toEqual(["AT-night"]);
    expect(banned("AT", "2026-11-26T03:59:00Z")).toEqual(["AT-night"]);
    expect(banned("AT", "2026-11-26T04:00:00Z")).toEqual([]);
  });

  it("waives the night ban for a low-noise truck (rule AT-night), keeping the weekend ban", () => {
    const ps = bans("AT", "2026-11-28T00:00:00Z", "2026-11-30T00:00:00Z", TRUCK, ["AT-night"]);
    expect(spans(ps)).toEqual([["AT-weekend", "2026-11-28T14:00:00Z", "2026-11-29T21:00:00Z"]]);
  });

  it("bans the statutory holidays (8 December) but not Good Friday", () => {
    expect(banned("AT", "2026-12-08T12:00:00Z")).toEqual(["AT-weekend"]);
    expect(banned("AT", "2026-04-03T12:00:00Z")).toEqual([]);
  });

  it("does not ban a 4 t truck", () => {
    expect(bans("AT", "2026-11-28T00:00:00Z", "2026-11-30T00:00:00Z", { gvwKg: 4_000 })).toEqual([]);
  });
});

describe("Switzerland (Art. 91 VRV)", () => {
  it("bans every night 22:00-05:00 Zurich time", () => {
    expect(spans(bans("CH", "2026-11-24T12:00:00Z", "2026-11-24T22:00:00Z"))).toEqual([["CH-night", "2026-11-24T21:00:00Z", "2026-11-25T04:00:00Z"]]);
  });

  it("bans 1 August 2026 (a Saturday) and the Sunday after, 00:00-24:00, as one period", () => {
    const ps = bans("CH", "2026-08-01T10:00:00Z", "2026-08-01T10:00:01Z");
    expect(spans(ps)).toEqual([["CH-sunday", "2026-07-31T22:00:00Z", "2026-08-02T22:00:00Z"]]);
    expect(ps[0].label).toMatch(/every canton/);
  });

  it("bans a 4 t truck, not a 3.5 t one", () => {
    expect(banned("CH", "2026-11-29T12:00:00Z", undefined, { gvwKg: 4_000 })).toEqual(["CH-sunday"]);
    expect(banned("CH", "2026-11-25T23:00:00Z", undefined, { gvwKg: 4_000 })).toEqual(["CH-night"]);
    expect(bans("CH", "2026-11-28T00:00:00Z", "2026-11-30T00:00:00Z", { gvwKg: 3_500 })).toEqual([]);
  });

  it("bans 26 December only when Christmas is not a Monday or Friday", () => {
    expect(banned("CH", "2026-12-26T12:00:00Z")).toEqual([]); // Christmas 2026 is a Friday
    expect(banned("CH", "2028-12-26T12:00:00Z")).toEqual([]); // a Monday
    expect(banned("CH", "2025-12-26T12:00:00Z")).toEqual(["CH-sunday"]); // a Thursday
    expect(banned("CH", "2026-12-25T12:00:00Z")).toEqual(["CH-sunday"]);
  });
});

describe("France (arrêté du 16 avril 2021)", () => {
  it("bans Saturday 22:00 to Sunday 22:00 Paris time", () => {
    expect(spans(bans("FR", "2026-11-27T00:00:00Z", "2026-12-01T00:00:00Z", TRUCK, IDF))).toEqual([["FR-weekend", "2026-11-28T21:00:00Z", "2026-11-29T21:00:00Z"]]);
  });

  it("bans from the eve of 14 July 2026 (a Tuesday) 22:00 to the holiday 22:00", () => {
    const ps = bans("FR", "2026-07-13T00:00:00Z", "2026-07-16T00:00:00Z", TRUCK, IDF);
    expect(spans(ps)).toEqual([["FR-weekend", "2026-07-13T20:00:00Z", "2026-07-14T20:00:00Z"]]);
    expect(ps[0].confidence).toBe("secondary");
  });

  it("joins Saturday 22:00 to Easter Monday 22:00 into one period", () => {
    expect(spans(bans("FR", "2026-04-05T12:00:00Z", "2026-04-05T12:00:01Z", TRUCK, IDF))).toEqual([["FR-weekend", "2026-04-04T20:00:00Z", "2026-04-06T20:00:00Z"]]);
  });

  it("Île-de-France: leaving Paris on Friday, Saturday and Sunday evenings, towards it on Sunday night and Monday morning", () => {
    const ps = bans("FR", "2026-11-27T00:00:00Z", "2026-12-01T00:00:00Z").filter((p) => p.rule !== "FR-weekend");
    expect(spans(ps)).toEqual([
      ["FR-idf-out", "2026-11-27T15:00:00Z", "2026-11-27T20:00:00Z"],
      ["FR-idf-out", "2026-11-28T09:00:00Z", "2026-11-28T17:00:00Z"],
      ["FR-idf-in", "2026-11-29T21:00:00Z", "2026-11-29T23:00:00Z"],
      ["FR-idf-out", "2026-11-29T21:00:00Z", "2026-11-29T23:00:00Z"],
      ["FR-idf-in", "2026-11-30T05:00:00Z", "2026-11-30T09:00:00Z"],
    ]);
    expect(ps.every((p) => p.regions?.join() === "FR-IDF" && p.confidence === "official")).toBe(true);
  });

  it("Île-de-France around a holiday: its eve 16:00-22:00 leaving Paris, the day after 06:00-10:00 towards it (Armistice Day, Wednesday 11 Nov 2026)", () => {
    const ps = bans("FR", "2026-11-10T00:00:00Z", "2026-11-13T00:00:00Z").filter((p) => p.rule !== "FR-weekend");
    expect(spans(ps)).toEqual([
      ["FR-idf-out", "2026-11-10T15:00:00Z", "2026-11-10T21:00:00Z"],
      ["FR-idf-in", "2026-11-11T21:00:00Z", "2026-11-11T23:00:00Z"],
      ["FR-idf-out", "2026-11-11T21:00:00Z", "2026-11-11T23:00:00Z"],
      ["FR-idf-in", "2026-11-12T05:00:00Z", "2026-11-12T09:00:00Z"],
    ]);
  });
});

describe("Italy (yearly MIT decree)", () => {
  it("bans a summer Sunday 07:00-22:00 and a winter Sunday 09:00-22:00, outside built-up areas", () => {
    const summer = bans("IT", "2026-07-12T12:00:00Z", "2026-07-12T12:00:01Z");
    expect(spans(summer)).toEqual([["IT-holiday", "2026-07-12T05:00:00Z", "2026-07-12T20:00:00Z"]]);
    expect(summer[0].roads).toBe("outside_built_up_areas");
    expect(spans(bans("IT", "2026-11-29T12:00:00Z", "2026-11-29T12:00:01Z"))).toEqual([["IT-holiday", "2026-11-29T08:00:00Z", "2026-11-29T21:00:00Z"]]);
    expect(spans(bans("IT", "2027-12-08T12:00:00Z", "2027-12-08T12:00:01Z"))).toEqual([["IT-holiday", "2027-12-08T08:00:00Z", "2027-12-08T21:00:00Z"]]);
  });

  it("marks years without a decree read as estimates", () => {
    expect(bans("IT", "2025-11-30T12:00:00Z", "2025-11-30T12:00:01Z")[0].confidence).toBe("secondary");
    expect(bans("IT", "2026-11-29T12:00:00Z", "2026-11-29T12:00:01Z")[0].confidence).toBe("secondary");
    const p = bans("IT", "2027-11-28T12:00:00Z", "2027-11-28T12:00:01Z")[0];
    expect(p.confidence).toBe("estimate");
    expect(p.source).toMatch(/carried forward/);
  });

  it("adds the 2025 summer Saturdays and Easter days of DM 314/2024, and no Saturdays in other years", () => {
    expect(spans(bans("IT", "2025-08-02T12:00:00Z", "2025-08-02T12:00:01Z"))).toEqual([["IT-extra", "2025-08-02T06:00:00Z", "2025-08-02T20:00:00Z"]]);
    expect(spans(bans("IT", "2025-08-23T12:00:00Z", "2025-08-23T12:00:01Z"))).toEqual([["IT-extra", "2025-08-23T06:00:00Z", "2025-08-23T14:00:00Z"]]);
    expect(spans(bans("IT", "2025-04-18T13:00:00Z", "2025-04-18T13:00:01Z"))).toEqual([["IT-extra", "2025-04-18T12:00:00Z", "2025-04-18T20:00:00Z"]]);
    expect(bans("IT", "2026-08-01T12:00:00Z", "2026-08-01T12:00:01Z")).toEqual([]);
  });
});

describe("Czech Republic (§ 43 zákon 361/2000 Sb.)", () => {
  it("bans Sundays 13:00-22:00 on motorways and main roads", () => {
    const ps = bans("CZ", "2026-11-27T00:00:00Z", "2026-12-01T00:00:00Z");
    expect(spans(ps)).toEqual([["CZ-sunday", "2026-11-29T12:00:00Z", "2026-11-29T21:00:00Z"]]);
    expect(ps[0].roads).toBe("motorways_and_main_roads");
    expect(banned("CZ", "2026-12-24T14:00:00Z")).toEqual(["CZ-sunday"]); // Christmas Eve is a day of rest
  });

  it("bans summer Fridays 17:00-21:00 and Saturdays 07:00-13:00 in July and August only", () => {
    expect(spans(bans("CZ", "2026-07-10T00:00:00Z", "2026-07-12T00:00:00Z"))).toEqual([
      ["CZ-summer", "2026-07-10T15:00:00Z", "2026-07-10T19:00:00Z"],
      ["CZ-summer", "2026-07-11T05:00:00Z", "2026-07-11T11:00:00Z"],
    ]);
    expect(bans("CZ", "2026-09-04T00:00:00Z", "2026-09-06T00:00:00Z")).toEqual([]);
    expect(bans("CZ", "2026-06-26T00:00:00Z", "2026-06-28T00:00:00Z")).toEqual([]);
  });

  it("keeps the holiday regime on a summer Saturday that is a day of rest (5 July 2025)", () => {
    expect(spans(bans("CZ", "2025-07-05T00:00:00Z", "2025-07-05T23:00:00Z"))).toEqual([["CZ-sunday", "2025-07-05T11:00:00Z", "2025-07-05T20:00:00Z"]]);
  });
});

describe("Poland (Rozporządzenie Ministra Transportu z 31 lipca 2007)", () => {
  it("bans 11 November 08:00-22:00 and its eve 18:00-22:00 for trucks over 12 t", () => {
    expect(spans(bans("PL", "2026-11-10T00:00:00Z", "2026-11-12T00:00:00Z"))).toEqual([
      ["PL-holiday", "2026-11-10T17:00:00Z", "2026-11-10T21:00:00Z"],
      ["PL-holiday", "2026-11-11T07:00:00Z", "2026-11-11T21:00:00Z"],
    ]);
    expect(bans("PL", "2026-11-10T00:00:00Z", "2026-11-12T00:00:00Z", { gvwKg: 12_000 })).toEqual([]);
  });

  it("bans no ordinary Sunday outside the summer, not 6 January or 24 December, no eve before New Year or Christmas", () => {
    expect(bans("PL", "2026-11-28T00:00:00Z", "2026-11-30T00:00:00Z")).toEqual([]);
    expect(bans("PL", "2026-01-06T00:00:00Z", "2026-01-06T23:00:00Z")).toEqual([]);
    expect(spans(bans("PL", "2026-12-24T00:00:00Z", "2026-12-25T12:00:00Z"))).toEqual([["PL-holiday", "2026-12-25T07:00:00Z", "2026-12-25T21:00:00Z"]]);
    expect(spans(bans("PL", "2026-12-31T00:00:00Z", "2027-01-01T12:00:00Z"))).toEqual([["PL-holiday", "2027-01-01T07:00:00Z", "2027-01-01T21:00:00Z"]]);
  });

  it("has the summer from the Friday after 20 June to the last Sunday before school", () => {
    const s = (y: number) => { const p = polishSummer(y); return [isoDay(p.first), isoDay(p.last)]; };
    expect(s(2026)).toEqual(["2026-06-26", "2026-08-30"]);
    expect(s(2025)).toEqual(["2025-06-27", "2025-08-31"]);
    expect(s(2024)).toEqual(["2024-06-21", "2024-09-01"]); // 1 Sept 2024 a Sunday: school on Monday 2 Sept
    expect(spans(bans("PL", "2026-06-26T00:00:00Z", "2026-06-29T00:00:00Z"))).toEqual([
      ["PL-summer", "2026-06-26T16:00:00Z", "2026-06-26T20:00:00Z"],
      ["PL-summer", "2026-06-27T06:00:00Z", "2026-06-27T12:00:00Z"],
      ["PL-summer", "2026-06-28T06:00:00Z", "2026-06-28T20:00:00Z"],
    ]);
    expect(banned("PL", "2026-08-30T12:00:00Z")).toEqual(["PL-summer"]);
    expect(banned("PL", "2026-09-06T12:00:00Z")).toEqual([]);
    expect(banned("PL", "2026-06-19T17:00:00Z")).toEqual([]);
  });
});

describe("Luxembourg, Netherlands, Belgium, Denmark", () => {
  it("bans transit towards France Saturday 21:30 to Sunday 21:45, marked as transit only", () => {
    const ps = bans("LU", "2026-11-28T00:00:00Z", "2026-11-30T00:00:00Z");
    expect(spans(ps)).toEqual([
      ["LU-transit-FR", "2026-11-28T20:30:00Z", "2026-11-29T20:45:00Z"],
      ["LU-transit-DE", "2026-11-28T22:30:00Z", "2026-11-29T20:45:00Z"],
    ]);
    expect(ps.map((p) => p.transitTowards)).toEqual([["FR"], ["DE"]]);
    expect(spans(bans("LU", "2026-11-28T00:00:00Z", "2026-11-30T00:00:00Z", TRUCK, ["LU-transit-FR", "LU-transit-DE"]))).toEqual([]);
  });

  it("has no bans in NL, BE, DK", () => {
    for (const c of ["NL", "BE", "DK"]) {
      expect(COUNTRIES_WITHOUT_BANS).toContain(c);
      expect(bans(c, "2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z")).toEqual([]);
    }
  });
});

describe("the calendar as a whole", () => {
  it("gives periods overlapping the window whole and sorted; the local year 2026 of Germany has its Sundays and holidays", () => {
    const ps = bans("DE", "2026-11-29T20:00:00Z", "2026-11-29T20:30:00Z");
    expect(spans(ps)).toEqual([["DE-sunday", "2026-11-28T23:00:00Z", "2026-11-29T21:00:00Z"]]);
    const year = bans("DE", "2025-12-31T23:00:00Z", "2026-12-31T23:00:00Z"); // the local year 2026
    for (let i = 1; i < year.length; i++) expect(year[i].startMs).toBeGreaterThanOrEqual(year[i - 1].startMs);
    // 2026: 52 Sundays and the 9 national § 30(4) holidays, none of which is a Sunday.
    expect(year.filter((p) => p.regions === null)).toHaveLength(52 + 9);
    expect(year.filter((p) => p.regions !== null).map((p) => p.regions![0])).toEqual(["DE-BW", "DE-BB"]); // Corpus Christi, Reformation Day (All Saints' Day is a Sunday)
  });

  it("finds every listed holiday in date-holidays for 2024-2040", () => {
    for (let y = 2024; y <= 2040; y++) {
      expect(daysByKey(y, ["01-01", "easter -2", "easter 1", "05-01", "easter 39", "easter 50", "10-03", "12-25", "12-26", "easter 60", "10-31", "11-01", "08-15"], [["DE"], ["DE", "BY"], ["DE", "SN"]]).size).toBe(13);
      expect(daysByKey(y, ["01-01", "01-06", "easter 1", "05-01", "easter 39", "easter 50", "easter 60", "08-15", "10-26", "11-01", "12-08", "12-25", "12-26"], [["AT"]]).size).toBe(13);
      expect(daysByKey(y, ["01-01", "easter -2", "easter 1", "easter 39", "easter 50", "08-01", "12-25", "12-26"], [["CH"]]).size).toBe(8);
      expect(daysByKey(y, ["01-01", "easter", "easter 1", "05-01", "05-03", "easter 49", "easter 60", "08-15", "11-01", "11-11", "12-25", "12-26"], [["PL"]]).size).toBe(12);
      expect(daysByKey(y, ["01-01", "easter 1", "05-01", "05-08", "easter 39", "easter 50", "07-14", "08-15", "11-01", "11-11", "12-25"], [["FR"]]).size).toBe(11);
    }
  });

  it("lists every rule with source and confidence; the applied ones are the ids periods carry", () => {
    const rules = banRules();
    for (const r of rules) {
      expect(r.source.length).toBeGreaterThan(5);
      expect(["official", "secondary", "estimate"]).toContain(r.confidence);
      if (!r.applied) expect(r.note).toMatch(/Not applied/);
    }
    const seen = new Set(["DE", "AT", "CH", "FR", "IT", "CZ", "PL", "LU"].flatMap((c) => bans(c, "2025-01-01T00:00:00Z", "2027-01-01T00:00:00Z").map((p) => p.rule)));
    expect([...seen].sort()).toEqual(rules.filter((r) => r.applied).map((r) => r.id).sort());
  });
});

describe("overrides", () => {
  const doc = parseBanOverrides({
    lifted: [{ rule: "DE-sunday", country: "DE", from: "2026-11-29T10:00", to: "2026-11-29T22:00", reason: "flood relief" }],
    added: [{ rule: "FR-summer-saturday", country: "FR", from: "2027-07-24T07:00", to: "2027-07-24T19:00", label: "Summer Saturday 07:00-19:00", source: "Arrêté 2027" }],
  });

  it("cuts a lifted span out of its rule's periods, in local time", () => {
    const ps = applyOverrides(bans("DE", "2026-11-29T00:00:00Z", "2026-11-30T00:00:00Z"), doc, "DE", at("2026-11-29T00:00:00Z"), at("2026-11-30T00:00:00Z"));
    expect(spans(ps)).toEqual([["DE-sunday", "2026-11-28T23:00:00Z", "2026-11-29T09:00:00Z"]]);
  });

  it("adds a period of the country that overlaps the window, and no other", () => {
    const win = [at("2027-07-24T00:00:00Z"), at("2027-07-25T00:00:00Z")] as const;
    const ps = applyOverrides(bans("FR", "2027-07-24T00:00:00Z", "2027-07-25T00:00:00Z", TRUCK, IDF), doc, "FR", ...win);
    expect(spans(ps)).toEqual([["FR-summer-saturday", "2027-07-24T05:00:00Z", "2027-07-24T17:00:00Z"], ["FR-weekend", "2027-07-24T20:00:00Z", "2027-07-25T20:00:00Z"]]);
    expect(ps[0]).toMatchObject({ confidence: "official", roads: "all", regions: null });
    expect(applyOverrides([], doc, "DE", ...win)).toEqual([]);
    expect(applyOverrides([], doc, "FR", at("2027-07-25T00:00:00Z"), at("2027-07-26T00:00:00Z"))).toEqual([]);
  });

  it("reads instants with an offset or Z as given, and rejects bad documents", () => {
    const d = parseBanOverrides({ lifted: [{ rule: "*", country: "AT", from: "2026-11-28T00:00:00Z", to: "2026-11-30T00:00:00+01:00", reason: "test" }] });
    expect(applyOverrides(bans("AT", "2026-11-28T00:00:00Z", "2026-11-30T00:00:00Z"), d, "AT", at("2026-11-28T00:00:00Z"), at("2026-11-30T00:00:00Z"))
      .map((p) => [p.rule, iso(p.startMs), iso(p.endMs)])).toEqual([["AT-night", "2026-11-27T21:00:00Z", "2026-11-28T00:00:00Z"], ["AT-night", "2026-11-29T23:00:00Z", "2026-11-30T04:00:00Z"]]);
    expect(() => parseBanOverrides({ lifted: [{ rule: "x", country: "DE", from: "2026-11-29", to: "2026-11-30T00:00", reason: "r" }] })).toThrow();
    expect(() => parseBanOverrides({ lifted: [{ rule: "x", country: "DE", from: "2026-11-30T00:00", to: "2026-11-29T00:00", reason: "r" }] })).toThrow(/after/);
    expect(() => parseBanOverrides({ added: [{ rule: "x", country: "XX", from: "2026-11-29T00:00", to: "2026-11-30T00:00", label: "l", source: "s" }] })).toThrow(/zone/);
    expect(() => parseBanOverrides({ lifted: [], extra: 1 })).toThrow();
  });
});
