// Instants in local time with their offset (Intl's tz data), across the EU's clock changes
// (last Sunday of March and of October, 01:00 UTC), and as the app and exports show them.
import { describe, expect, it } from "vitest";
import { hourTicks } from "@/components/result/timeline";
import { differentDay, fmtSpan, fmtTime, fmtZone } from "@/components/planner/format";
import { clockText } from "@/engine/time/display";
import { instantText, localIso, localOf, offsetMinutes } from "@/engine/time/local-time";

const at = (iso: string) => Date.parse(iso);

describe("localIso", () => {
  it("gives the wall clock and offset on both sides of the spring change (29 March 2026)", () => {
    expect(localIso(at("2026-03-29T00:59:59.999Z"), "Europe/Berlin")).toBe("2026-03-29T01:59:59.999+01:00");
    expect(localIso(at("2026-03-29T01:00:00Z"), "Europe/Berlin")).toBe("2026-03-29T03:00:00.000+02:00");
    expect(localIso(at("2026-03-29T00:30:00Z"), "Europe/Lisbon")).toBe("2026-03-29T00:30:00.000+00:00");
    expect(localIso(at("2026-03-29T01:30:00Z"), "Europe/Lisbon")).toBe("2026-03-29T02:30:00.000+01:00");
    expect(localIso(at("2026-03-29T01:30:00Z"), "Europe/London")).toBe("2026-03-29T02:30:00.000+01:00");
    expect(localIso(at("2026-03-29T01:30:00Z"), "Europe/Helsinki")).toBe("2026-03-29T04:30:00.000+03:00");
  });

  it("and of the autumn change (25 October 2026): the hour 02:00-03:00 in Berlin comes twice, told apart by the offset", () => {
    expect(localIso(at("2026-10-25T00:30:00Z"), "Europe/Berlin")).toBe("2026-10-25T02:30:00.000+02:00");
    expect(localIso(at("2026-10-25T01:30:00Z"), "Europe/Berlin")).toBe("2026-10-25T02:30:00.000+01:00");
    expect(localIso(at("2026-10-25T01:30:00Z"), "Europe/Lisbon")).toBe("2026-10-25T01:30:00.000+00:00");
    expect(localIso(at("2026-10-25T00:30:00Z"), "Europe/Helsinki")).toBe("2026-10-25T03:30:00.000+03:00");
    expect(offsetMinutes(at("2026-10-25T01:00:00Z"), "Europe/Helsinki")).toBe(120);
  });

  it("keeps the seconds as the UTC field gives them, and is the same instant", () => {
    expect(localOf("2026-11-28T19:00:00.000Z", "Europe/Berlin")).toBe("2026-11-28T20:00:00.000+01:00");
    expect(localOf("2026-11-28T19:00:00Z", "Europe/Berlin")).toBe("2026-11-28T20:00:00+01:00");
    expect(localOf("2026-11-28T20:00:00+01:00", "Europe/Lisbon")).toBe("2026-11-28T19:00:00+00:00");
    expect(localOf("2026-11-28T23:30:07.5Z", "Europe/Helsinki")).toBe("2026-11-29T01:30:07.5+02:00");
    for (const iso of ["2026-07-01T12:34:56.789Z", "2026-12-31T23:59:59.999Z"]) {
      for (const zone of ["Europe/Berlin", "Europe/London", "Europe/Lisbon", "Europe/Helsinki", "Asia/Kolkata"]) expect(Date.parse(localOf(iso, zone)!)).toBe(Date.parse(iso));
    }
    expect(localOf("not a time", "Europe/Berlin")).toBeNull();
    expect(localOf("2026-11-28", "Europe/Berlin")).toBeNull();
  });
});

describe("as people read it", () => {
  it("the place's clock with its zone's name, the offset where the platform has no name, UTC without a zone", () => {
    expect(clockText("2026-11-28T19:00:00Z", "Europe/Berlin")).toBe("20:00 CET");
    expect(clockText("2026-07-01T19:00:00Z", "Europe/Berlin", "day")).toBe("Wed 1 Jul, 21:00 CEST");
    expect(clockText("2026-11-28T19:00:00Z", "Europe/Lisbon", "date")).toBe("Sat 28 Nov 2026, 19:00 WET");
    expect(clockText("2026-11-28T19:00:00Z", "Europe/London")).toBe("19:00 GMT");
    expect(clockText("2026-11-28T19:00:00Z", "Europe/Helsinki")).toBe("21:00 EET");
    expect(clockText("2026-11-28T19:00:00Z", "Europe/Istanbul")).toBe("22:00 UTC+3");
    expect(clockText("2026-11-28T19:00:00Z", null)).toBe("19:00 UTC");
    expect(clockText(null, "Europe/Berlin")).toBe("–");
  });

  it("spans name one zone where both ends read it, both across a zone border; days on each place's clock", () => {
    expect(fmtTime("2026-11-28T19:00:00Z", "Europe/Berlin", true)).toBe("Sat 28 Nov, 20:00 CET");
    expect(fmtSpan("2026-11-28T19:00:00Z", "Europe/Berlin", "2026-11-28T19:30:00Z", "Europe/Berlin")).toBe("20:00–20:30 CET");
    expect(fmtSpan("2026-11-28T18:40:00Z", "Europe/Berlin", "2026-11-28T19:10:00Z", "Europe/Helsinki")).toBe("19:40 CET–21:10 EET");
    expect(fmtSpan("2026-11-28T21:40:00Z", "Europe/Berlin", "2026-11-28T22:10:00Z", "Europe/Helsinki")).toBe("22:40 CET–Sun 29 Nov, 00:10 EET");
    expect(fmtSpan("2026-10-25T00:30:00Z", "Europe/Berlin", "2026-10-25T01:30:00Z", "Europe/Berlin")).toBe("02:30 CEST–02:30 CET");
    // 23:30 UTC is the next day in Helsinki, not in Lisbon.
    expect(differentDay("2026-11-28T12:00:00Z", "2026-11-28T23:30:00Z", "Europe/Lisbon")).toBe(false);
    expect(differentDay("2026-11-28T12:00:00Z", "2026-11-28T23:30:00Z", "Europe/Lisbon", "Europe/Helsinki")).toBe(true);
    expect(fmtZone(at("2026-11-28T19:00:00Z"), "Europe/Berlin")).toBe("CET, Europe/Berlin");
    expect(fmtZone(at("2026-11-28T19:00:00Z"), null)).toBe("UTC");
  });

  it("an axis on the zone's whole hours and midnight, across the autumn change", () => {
    const ticks = hourTicks(at("2026-10-24T20:10:00Z"), at("2026-10-25T04:00:00Z"), 24, "Europe/Berlin");
    const labels = ticks.map((t) => `${localIso(t.t, "Europe/Berlin", 0).slice(11, 16)}${t.midnight ? "*" : ""}`);
    expect(labels).toEqual(["23:00", "00:00*", "01:00", "02:00", "02:00", "03:00", "04:00", "05:00"]);
    // India's half-hour offset: whole hours on its clock are half past on UTC's.
    expect(hourTicks(at("2026-11-28T00:00:00Z"), at("2026-11-28T02:00:00Z"), 24, "Asia/Kolkata").map((t) => new Date(t.t).toISOString().slice(11, 16))).toEqual(["00:30", "01:30"]);
  });
});

describe("instantText", () => {
  it("writes an instant as warnings quote it: the place's wall time, its offset and zone, in winter and summer", () => {
    expect(instantText(at("2026-11-28T19:00:00Z"), "Europe/Berlin")).toBe("2026-11-28 20:00+01:00 (Europe/Berlin)");
    expect(instantText(at("2026-07-01T21:59:30Z"), "Europe/Helsinki")).toBe("2026-07-02 00:59+03:00 (Europe/Helsinki)");
    expect(instantText(at("2026-03-29T01:00:00Z"), "Europe/Berlin")).toBe("2026-03-29 03:00+02:00 (Europe/Berlin)");
  });
});

describe("offsetMinutes, remembered per second", () => {
  it("reads each second as Intl does across a clock change, asked in any order and again, also after its memo is emptied", () => {
    const intl = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Berlin", timeZoneName: "longOffset" });
    const fresh = (ms: number) => {
      const m = /GMT(?:([+-])(\d\d):(\d\d))?/.exec(intl.format(new Date(ms)))!;
      return m[1] ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
    };
    const change = at("2026-03-29T01:00:00Z");
    const seconds = Array.from({ length: 21 }, (_, i) => change + (i - 10) * 1000 + (i % 3) * 400);
    for (const order of [seconds, [...seconds].reverse(), seconds]) {
      for (const ms of order) expect(offsetMinutes(ms, "Europe/Berlin")).toBe(fresh(ms));
    }
    expect(offsetMinutes(change - 1, "Europe/Berlin")).toBe(60);
    expect(offsetMinutes(change, "Europe/Berlin")).toBe(120);
    // More seconds than the memo keeps: it starts again and still answers right.
    for (let i = 0; i < 50_500; i++) offsetMinutes(change - 86_400_000 + i * 1000, "Europe/Berlin");
    expect(offsetMinutes(change - 1, "Europe/Berlin")).toBe(60);
    expect(offsetMinutes(change + 999, "Europe/Berlin")).toBe(120);
    // A zone Intl does not know throws, every time.
    expect(() => offsetMinutes(change, "Not/A_Zone")).toThrow(RangeError);
    expect(() => offsetMinutes(change, "Not/A_Zone")).toThrow(RangeError);
  });
});
