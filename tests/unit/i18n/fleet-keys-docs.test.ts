// The fleet, API keys and API reference pages in English and German: their string helpers
// with each language's translator and formatter (English exactly as the pages read before
// they were translated), dates on a 24-hour clock with the zone named, and the reference's
// own words translated while the OpenAPI document's descriptions stay the contract's English.
import { createTranslator, NextIntlClientProvider } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import DocsPage from "@/app/docs/page";
import { errorsOf, fleetFieldOf } from "@/components/fleet/errors";
import { figureLabel, FIGURE_ORDER, formatFigure, rangeText, type Figure } from "@/components/fleet/figures";
import { browserOf } from "@/components/keys/SessionsCard";
import { appFormatter, momentText } from "@/i18n/format";
import type { AppLocale } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";

const tr = <N extends "vehicleFigures" | "requestErrors" | "sessions">(locale: AppLocale, namespace: N) =>
  createTranslator({ locale, messages: MESSAGES[locale], namespace });

describe("vehicle figures", () => {
  const en = { t: tr("en", "vehicleFigures"), f: appFormatter("en") };
  const de = { t: tr("de", "vehicleFigures"), f: appFormatter("de") };

  // Each figure's field label and its hint's range part, as the English form read before it was translated.
  const BEFORE: Record<Figure, [string, string | undefined]> = {
    usableBatteryKWh: ["Usable battery (kWh)", undefined],
    tareKg: ["Tare (kg)", "below max gross"],
    maxGrossKg: ["Max gross (kg)", undefined],
    referenceConsumptionKWhPerKm: ["Reference consumption (kWh/km)", "flat, 80 km/h"],
    maxCcsKW: ["Max CCS power (kW)", undefined],
    maxMcsKW: ["Max MCS power (kW)", undefined],
    rollingResistance: ["Rolling resistance", "0.002 – 0.02"],
    dragAreaM2: ["Drag area (m²)", "2 – 15"],
    drivetrainEfficiency: ["Drivetrain efficiency", "0.5 – 1"],
    recuperationEfficiency: ["Recuperation efficiency", "0 – 1"],
    auxiliaryKW: ["Auxiliary power (kW)", "0 – 50"],
    cabHeatingKWPerK: ["Cab heating (kW/K)", "0 – 2; per K below 20 °C"],
    cabCoolingKWPerK: ["Cab cooling (kW/K)", "0 – 2; per K above 24 °C"],
  };

  it.each(FIGURE_ORDER)("%s: English label and range as before", (f) => {
    expect([figureLabel(en.t, f), rangeText(en.t, en.f, f)]).toEqual(BEFORE[f]);
  });

  it("German labels, ranges with a decimal comma, conditions in words", () => {
    expect(figureLabel(de.t, "tareKg")).toBe("Leergewicht (kg)");
    expect(figureLabel(de.t, "maxGrossKg")).toBe("Zulässiges Gesamtgewicht (kg)");
    expect(figureLabel(de.t, "usableBatteryKWh")).toBe("Nutzbare Batteriekapazität (kWh)");
    expect(rangeText(de.t, de.f, "rollingResistance")).toBe("0,002 – 0,02");
    expect(rangeText(de.t, de.f, "cabHeatingKWPerK")).toBe("0 – 2; je K unter 20 °C");
    expect(rangeText(de.t, de.f, "tareKg")).toBe("unter dem zulässigen Gesamtgewicht");
    expect(rangeText(de.t, de.f, "maxGrossKg")).toBeUndefined();
  });

  it("values by the language's conventions; no inlet is said in words", () => {
    expect(formatFigure(en.t, en.f, 480, "kWh")).toBe("480 kWh");
    expect(formatFigure(en.t, en.f, 19_500.25, "kg")).toBe("19,500.25 kg");
    expect(formatFigure(de.t, de.f, 19_500.25, "kg")).toBe("19.500,25 kg");
    expect(formatFigure(de.t, de.f, 0.00551234)).toBe("0,0055");
    expect(formatFigure(en.t, en.f, null, "kW")).toBe("none");
    expect(formatFigure(de.t, de.f, null, "kW")).toBe("keine");
  });
});

describe("when something happened (keys, sessions, the webhook secret)", () => {
  const en = appFormatter("en"), de = appFormatter("de");
  const winter = "2026-11-28T13:02:00Z", evening = "2026-11-28T22:45:00Z", summer = "2026-07-03T06:05:00Z";

  it("24-hour, the language's day/month order, the zone named", () => {
    expect(momentText(en, winter, "Europe/Berlin")).toBe("28 Nov 2026, 14:02 CET");
    expect(momentText(de, winter, "Europe/Berlin")).toBe("28. Nov. 2026, 14:02 MEZ");
    expect(momentText(en, evening, "Europe/Berlin")).toBe("28 Nov 2026, 23:45 CET");
    expect(momentText(de, evening, "Europe/Berlin")).toBe("28. Nov. 2026, 23:45 MEZ");
    expect(momentText(en, summer, "Europe/Berlin")).toBe("3 Jul 2026, 08:05 CEST");
    expect(momentText(de, summer, "Europe/Berlin")).toBe("3. Juli 2026, 08:05 MESZ");
    expect(momentText(en, winter, "UTC")).toBe("28 Nov 2026, 13:02 UTC");
  });

  it("an offset reads as UTC's, as everywhere in the app; no instant is a dash", () => {
    expect(momentText(en, winter, "Europe/Moscow")).toBe("28 Nov 2026, 16:02 UTC+3");
    expect(momentText(de, winter, "Europe/Moscow")).toBe("28. Nov. 2026, 16:02 UTC+3");
    expect(momentText(de, null, "Europe/Berlin")).toBe("–");
    expect(momentText(de, "not a date", "Europe/Berlin")).toBe("–");
  });
});

describe("the sessions' browsers", () => {
  const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
  it("named in the language", () => {
    expect(browserOf(tr("en", "sessions"), FIREFOX)).toBe("Firefox on Linux");
    expect(browserOf(tr("de", "sessions"), FIREFOX)).toBe("Firefox unter Linux");
    expect(browserOf(tr("de", "sessions"), null)).toBe("unbekannt");
    expect(browserOf(tr("en", "sessions"), "curl/8.5.0")).toBe("other");
  });
});

describe("request errors on the management forms", () => {
  // A 422 whose location names no field: the whole body, and a query parameter.
  const unprocessable = { data: { details: [{ loc: ["body"], msg: "Field required" }, { loc: ["query", "dry_run"], msg: "Input should be a valid boolean" }] } };
  it("the app's words around the server's messages, which stay as sent", () => {
    expect(errorsOf(tr("de", "requestErrors"), {}, fleetFieldOf)).toEqual({ _form: ["Die Anfrage ist fehlgeschlagen."] });
    expect(errorsOf(tr("en", "requestErrors"), {}, fleetFieldOf)).toEqual({ _form: ["The request failed."] });
    expect(errorsOf(tr("de", "requestErrors"), { message: "Vehicle e2e already exists", data: { code: "CONFLICT" } }, fleetFieldOf, { CONFLICT: "vehicle_id" }))
      .toEqual({ vehicle_id: ["Vehicle e2e already exists"] });
    expect(errorsOf(tr("de", "requestErrors"), unprocessable, fleetFieldOf)).toEqual({ _form: ["Anfrage: Field required", "query › dry_run: Input should be a valid boolean"] });
    expect(errorsOf(tr("en", "requestErrors"), unprocessable, fleetFieldOf)._form[0]).toBe("Request: Field required");
  });
});

describe("the API reference", () => {
  const render = (locale: AppLocale) =>
    renderToStaticMarkup(createElement(NextIntlClientProvider, { locale, messages: MESSAGES[locale], timeZone: "UTC", children: createElement(DocsPage) }));

  it("reads in English as before", () => {
    const html = render("en");
    expect(html).toContain(
      "Authentication: every endpoint takes <code>Authorization: Bearer &lt;API key&gt;</code>; a missing or wrong key answers 401. " +
        'Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).',
    );
    expect(html).toMatch(/<nav [^>]*aria-label="Endpoints"/);
    for (const h of ["<h3>Parameters</h3>", "<h3>Body</h3>", "<h3>Responses</h3>", "<h2>Schemas</h2>", "<th>Field</th><th>Type</th><th>Required</th><th>Default</th><th>Meaning</th>"]) {
      expect(html).toContain(h);
    }
    expect(html).toMatch(/<code>array of <a href="#schema-/);
  });

  it("in German: the page's words translated, the document's descriptions in English and marked so", () => {
    const html = render("de");
    expect(html).toContain("Authentifizierung: Jeder Endpunkt erwartet <code>Authorization: Bearer &lt;API-Schlüssel&gt;</code>");
    expect(html).toMatch(/<nav [^>]*aria-label="Endpunkte"/);
    for (const h of ["<h3>Parameter</h3>", "<h3>Anfragetext</h3>", "<h3>Antworten</h3>", "<h2>Schemas</h2>", "<th>Feld</th><th>Typ</th><th>Pflicht</th><th>Standardwert</th><th>Bedeutung</th>"]) {
      expect(html).toContain(h);
    }
    expect(html).not.toContain("<h3>Responses</h3>");
    expect(html).toMatch(/<code>Array von <a href="#schema-/);
    expect(html).toContain('<span lang="en">Missing or invalid API key');
    expect(html).toMatch(/<td>(ja|nein)<\/td>/);
  });
});
