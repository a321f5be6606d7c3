// The app's display formats follow the page's language (<html lang>); exports and English pages keep British English.
import { afterEach, describe, expect, it } from "vitest";
import { fmtBanWait, fmtDay, fmtKm, fmtMoment, fmtNum, fmtSoc, fmtSpan, fmtTime } from "@/components/planner/format";
import { fmtMoney } from "@/components/result/tolls";
import { clockText } from "@/engine/time/display";

const SAT_EVENING = "2026-11-28T19:00:00Z"; // 20:00 in Berlin (CET)

function pageIn(lang: string | undefined) {
  (globalThis as { document?: unknown }).document = lang === undefined ? undefined : { documentElement: { lang } };
}

afterEach(() => pageIn(undefined));

describe("display formats by the page's language", () => {
  it("English: as before", () => {
    pageIn("en");
    expect(fmtTime(SAT_EVENING, "Europe/Berlin", true)).toBe("Sat 28 Nov, 20:00 CET");
    expect(fmtSpan(SAT_EVENING, "Europe/Berlin", "2026-11-28T20:30:00Z", "Europe/Berlin")).toBe("20:00–21:30 CET");
    expect(fmtKm(1_234_567)).toBe("1,235 km");
    expect(fmtNum(1234.5, "kWh", 1)).toBe("1,234.5 kWh");
    expect(fmtMoney(1234.5, "EUR")).toBe("€1,234.50");
    expect(fmtSoc(-0.1)).toBe("empty");
    expect(fmtBanWait({ waitMin: 125, label: "Sunday", until: "2026-11-29T21:00:00Z" }, "Europe/Berlin")).toBe("Driving ban: waits 2 h 5 min, until Sun 29 Nov, 22:00 CET (Sunday)");
  });

  it("German: German words, day before month with dots, decimal comma, the zone's German name", () => {
    pageIn("de");
    expect(fmtTime(SAT_EVENING, "Europe/Berlin")).toBe("20:00 MEZ");
    expect(fmtDay(SAT_EVENING, "Europe/Berlin")).toBe("Sa., 28. Nov.");
    expect(fmtTime(SAT_EVENING, "Europe/Berlin", true)).toBe("Sa., 28. Nov., 20:00 MEZ");
    expect(fmtKm(1_234_567)).toBe("1.235 km");
    expect(fmtNum(1234.5, "kWh", 1)).toBe("1.234,5 kWh");
    expect(fmtMoney(1234.5, "EUR")).toBe("1.234,50\u00a0€");
    expect(fmtSoc(-0.1)).toBe("leer");
    expect(fmtBanWait({ waitMin: 125, label: null, until: "2026-11-29T21:00:00Z" }, "Europe/Berlin")).toBe("Fahrverbot: wartet 2 h 5 min, bis So., 29. Nov., 22:00 MEZ");
    expect(fmtMoment(SAT_EVENING)).toMatch(/^28\. Nov\. 2026, \d\d:\d\d /);
  });

  it("no page (a server render, an export): English", () => {
    expect(fmtKm(1_234_567)).toBe("1,235 km");
    expect(clockText(SAT_EVENING, "Europe/Berlin", "date")).toBe("Sat 28 Nov 2026, 20:00 CET");
  });
});
