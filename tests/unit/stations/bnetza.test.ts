import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeText, decodeWindows1252, parseBnetzaCsv, parseCsv, parseDecimal, parseOpening } from "@/engine/stations/bnetza";

const DATA_DIR = path.resolve(process.cwd(), process.env.DATA_DIR ?? "../shared/data");
const FILE_2019 = path.join(DATA_DIR, "chargers/bnetza_ladesaeulenregister_2019-07-19.csv");

describe("CSV and number parsing", () => {
  it("handles quotes, escaped quotes, delimiters and newlines in quotes, CRLF and BOM", () => {
    const rows = parseCsv('\uFEFFa;"b;c";"say ""hi"""\r\n"multi\nline";;x\r\nlast;');
    expect(rows).toEqual([["a", "b;c", 'say "hi"'], ["multi\nline", "", "x"], ["last", ""]]);
  });

  it("parses decimal commas and points", () => {
    expect(parseDecimal("22,5")).toBe(22.5);
    expect(parseDecimal("3.7")).toBe(3.7);
    expect(parseDecimal("1.234,5")).toBe(1234.5);
    expect(parseDecimal("48,442398")).toBe(48.442398);
    expect(parseDecimal("")).toBeNaN();
  });

  it("falls back to Windows-1252 when the bytes are not UTF-8", () => {
    const bytes = Uint8Array.from([0x4c, 0xe4, 0x6e, 0x67, 0x65]); // "Länge" in Windows-1252
    expect(decodeText(bytes)).toBe("Länge");
    // 0x80-0x9F are not C1 controls in Windows-1252 (Node's TextDecoder gets these wrong).
    expect(decodeWindows1252(Uint8Array.from([0x84, 0x41, 0x93, 0x20, 0x80, 0x96, 0xdf]))).toBe("\u201eA\u201c \u20ac\u2013ß");
  });

  it("decodes line by line when a UTF-8 header sits above Windows-1252 rows", () => {
    const utf8 = new TextEncoder().encode("Betreiber;Längengrad\r\n");
    const cp1252 = Uint8Array.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x3b, 0x31, 0x0d, 0x0a]); // "Müller;1\r\n"
    expect(decodeText(Uint8Array.from([...utf8, ...cp1252]))).toBe("Betreiber;Längengrad\r\nMüller;1\r\n");
  });
});

describe("BNetzA 2019 register", () => {
  const r = parseBnetzaCsv(readFileSync(FILE_2019), { source: "bnetza" });

  it("reads every device and groups them into sites", () => {
    expect(r.devices).toBe(9690);
    expect(r.skipped).toBe(0);
    expect(r.stations.length).toBeGreaterThan(8000);
    expect(r.stations.length).toBeLessThan(9690);
    // Sum of "Anzahl Ladepunkte" over all rows.
    expect(r.stations.reduce((n, s) => n + s.points, 0)).toBe(19029);
    expect(new Set(r.stations.map((s) => s.externalId)).size).toBe(r.stations.length);
  });

  it("has sane coordinates, powers and connectors", () => {
    const inGermany = (s: { lat: number; lon: number }) => s.lat > 47.2 && s.lat < 55.1 && s.lon > 5.8 && s.lon < 15.1;
    // One 2019 row (Wildenfels, lon 15.59 for 12.59) is a typo in the source.
    expect(r.stations.filter((s) => !inGermany(s)).length).toBeLessThanOrEqual(2);
    for (const s of r.stations) {
      expect(s.lat).toBeGreaterThan(47);
      expect(s.lat).toBeLessThan(55.5);
      expect(s.lon).toBeGreaterThan(5.5);
      expect(s.lon).toBeLessThan(16);
      expect(s.powerKW).toBeGreaterThan(0);
      expect(s.powerKW).toBeLessThanOrEqual(350);
      expect(s.country).toBe("DE");
      expect(s.truckApproved).toBeNull();
    }
    const dc = r.stations.filter((s) => s.dcPowerKW > 0);
    expect(dc.length).toBeGreaterThan(500);
    expect(dc.every((s) => s.powerKW === s.dcPowerKW)).toBe(true);
    expect(r.stations.filter((s) => s.dcPowerKW >= 150).length).toBeGreaterThan(50);
  });

  it("parses quoted addresses and multi-connector points", () => {
    const hockenheim = r.stations.filter((s) => s.address.startsWith("BAB6; Autobahnraststätte Am Hockenheimring West"));
    expect(hockenheim.length).toBeGreaterThan(0);
    const all = new Set(hockenheim.flatMap((s) => s.connectors));
    expect([...all].sort()).toEqual(["CCS", "CHADEMO", "TYPE2"]);
    expect(Math.max(...hockenheim.map((s) => s.dcPowerKW))).toBe(50);
  });

  it("sums points and maxes power over devices at one site", () => {
    // Four devices of MVV at Q6, Mannheim: 22, 22, 11, 11 kW, one point each.
    const q6 = r.stations.find((s) => s.address === "Q6, 68161 Mannheim");
    expect(q6).toMatchObject({ points: 4, powerKW: 22, dcPowerKW: 0, connectors: ["TYPE2"], operator: "MVV Energie AG" });
    expect(q6!.name).toBe("MVV Energie AG Mannheim");
  });
});

// The same four devices in the 2019 layout and in two newer layouts.
const CSV_2019 = `Betreiber;Adresse;Postleitzahl Ort;Bundesland;Längengrad [DG];Breitengrad [DG];Inbetriebnahmedatum;Anschlussleistung [kW];Art der Ladeeinrichtung;Anzahl Ladepunkte;Steckertypen1;P1 [kW];Public Key1;Steckertypen2;P2 [kW];Public Key2
Albwerk GmbH;Am Berg 1;72535 Heroldstatt;Baden-Württemberg;9.659075;48.442398;11.01.2020;22;Normalladeeinrichtung;2;AC Steckdose Typ 2;11;;AC Steckdose Typ 2;11;
Albwerk GmbH;Am Berg 1;72535 Heroldstatt;Baden-Württemberg;9.659075;48.442398;11.01.2021;150;Schnellladeeinrichtung;2;DC Kupplung Combo;150;;DC CHAdeMO;50;
Albwerk  GmbH ;Am Berg 1;72535 Heroldstatt;Baden-Württemberg;9.659075;48.442398;11.01.2021;22,5;Normalladeeinrichtung;1;AC Kupplung Typ 2;22.5;;;;
Stadtwerke Ulm GmbH;Karlstraße 1;89073 Ulm;Baden-Württemberg;9.99;48.40;11.01.2021;300;Schnellladeeinrichtung;1;DC Kupplung Combo, DC CHAdeMO;300;;;;
`;

const CSV_2021 = `\uFEFFLadesäulenregister Bundesnetzagentur;;;;;;;;;;;;;;;;;;;;
;;;;;;;;;;;;;;;;;;;;
Stand: 01.12.2021;;;;;;;;;;;;;;;;;;;;
Allgemeine Informationen;;;;;;;;;;;;;;1. Ladepunkt;;;2. Ladepunkt;;;
Betreiber;Straße;Hausnummer;Adresszusatz;Postleitzahl;Ort;Bundesland;Kreis/kreisfreie Stadt;Breitengrad;Längengrad;Inbetriebnahmedatum;Nennleistung Ladeeinrichtung [kW];Art der Ladeeinrichung;Anzahl Ladepunkte;Steckertypen1;P1 [kW];Public Key1;Steckertypen2;P2 [kW];Public Key2
Albwerk GmbH;Am Berg;1;;72535;Heroldstatt;Baden-Württemberg;Alb-Donau-Kreis;48,442398;9,659075;11.01.2020;22,00;Normalladeeinrichtung;2;AC Steckdose Typ 2;11,00;"key
on two lines";AC Steckdose Typ 2;11,00;
Albwerk GmbH;Am Berg;1;;72535;Heroldstatt;Baden-Württemberg;Alb-Donau-Kreis;48,442398;9,659075;11.01.2021;150,00;Schnellladeeinrichtung;2;DC Kupplung Combo;150,00;;DC CHAdeMO;50,00;
Albwerk  GmbH ;Am Berg;1;;72535;Heroldstatt;Baden-Württemberg;Alb-Donau-Kreis;48,442398;9,659075;11.01.2021;22,50;Normalladeeinrichtung;1;AC Kupplung Typ 2;22,50;;;;
Stadtwerke Ulm GmbH;Karlstraße;1;;89073;Ulm;Baden-Württemberg;Ulm;48,40;9,99;11.01.2021;300,00;Schnellladeeinrichtung;1;DC Kupplung Combo, DC CHAdeMO;300,00;;;;
`.replace(/\n/g, "\r\n");

const CSV_2024 = `Ladesäulenregister Bundesnetzagentur;;;
Letzte Aktualisierung vom: 01.09.2026;;;
;;;
Ladeeinrichtungs-ID;Betreiber;Anzeigename (Karte);Status;Art der Ladeeinrichtung;Anzahl Ladepunkte;Nennleistung Ladeeinrichtung [kW];Inbetriebnahmedatum;Straße;Hausnummer;Adresszusatz;Postleitzahl;Ort;Kreis/kreisfreie Stadt;Bundesland;Breitengrad;Längengrad;Standortbezeichnung;Informationen zum Parkraum;Bezahlsysteme;Öffnungszeiten;Öffnungszeiten: Wochentage;Öffnungszeiten: Tageszeiten;Steckertypen1;Nennleistung Stecker1;EVSE-ID1;Public Key1;Steckertypen2;Nennleistung Stecker2;EVSE-ID2;Public Key2
1010338;Albwerk GmbH;;In Betrieb;Normalladeeinrichtung;2;22;11.01.2020;Am Berg;1;;72535;Heroldstatt;Alb-Donau;BW;48,442398;9,659075;;;"RFID-Karte;Onlinezahlungsverfahren";247;;;AC Typ 2 Steckdose;11;DE*X*1;KEY;AC Typ 2 Steckdose;11;DE*X*2;KEY
1010339;Albwerk GmbH;;In Betrieb;Schnellladeeinrichtung;2;150;11.01.2021;Am Berg;1;;72535;Heroldstatt;Alb-Donau;BW;48,442398;9,659075;;;Kreditkarte;247;;;DC Fahrzeugkupplung Typ Combo (CCS);150;DE*X*3;KEY;DC CHAdeMO;50;DE*X*4;KEY
1010340;Albwerk  GmbH ;;In Betrieb;Normalladeeinrichtung;1;22,5;11.01.2021;Am Berg;1;;72535;Heroldstatt;Alb-Donau;BW;48,442398;9,659075;;;;247;;;AC Typ 2 Fahrzeugkupplung;22,5;;;;;;
1010400;Stadtwerke Ulm GmbH;Schnelllader Karlstraße;In Betrieb;Schnellladeeinrichtung;1;300;11.01.2021;Karlstraße;1;;89073;Ulm;Ulm;BW;48,40;9,99;;;;Keine Angabe;;;"DC Fahrzeugkupplung Typ Combo (CCS); DC CHAdeMO";300;;;;;;
`;

describe("BNetzA newer layouts", () => {
  const strip = (s: ReturnType<typeof parseBnetzaCsv>["stations"][number]) => {
    const { externalId: _e, name: _n, openingTimes: _o, ...rest } = s;
    return rest;
  };
  const old = parseBnetzaCsv(CSV_2019);

  it("groups devices at the same coordinates and operator into one site", () => {
    expect(old.devices).toBe(4);
    expect(old.stations).toHaveLength(2);
    const albwerk = old.stations.find((s) => s.operator === "Albwerk GmbH")!;
    expect(albwerk).toMatchObject({ points: 5, powerKW: 150, dcPowerKW: 150, connectors: ["CCS", "CHADEMO", "TYPE2"] });
    expect(albwerk.address).toBe("Am Berg 1, 72535 Heroldstatt");
  });

  it("2021 layout (preamble, Straße/Hausnummer, decimal commas, CRLF, BOM) parses the same way", () => {
    const r = parseBnetzaCsv(CSV_2021);
    expect(r.devices).toBe(4);
    expect(r.stations.map(strip)).toEqual(old.stations.map(strip));
  });

  it("2024 layout (Ladeeinrichtungs-ID, Nennleistung Stecker) parses the same way", () => {
    const r = parseBnetzaCsv(new TextEncoder().encode(CSV_2024));
    expect(r.stations.map(strip)).toEqual(old.stations.map(strip));
    const albwerk = r.stations.find((s) => s.operator === "Albwerk GmbH")!;
    expect(albwerk.externalId).toBe("bnetza:1010338");
    expect(albwerk.openingTimes).toEqual({ twentyfourseven: true });
    expect(r.stations.find((s) => s.operator.startsWith("Stadtwerke Ulm"))!.name).toBe("Schnelllader Karlstraße");
  });

  it("rejects a file without a recognizable header", () => {
    expect(() => parseBnetzaCsv("a;b;c\n1;2;3\n")).toThrow(/header/);
  });
});

describe("BNetzA register samples", () => {
  const SAMPLES = path.join(__dirname, "samples");

  describe("2024+ layout (UTF-8 with BOM, CRLF, 10-line preamble, 47 columns)", () => {
    const r = parseBnetzaCsv(readFileSync(path.join(SAMPLES, "bnetza_2026_layout.csv")), { source: "bnetza_2026" });
    const site = (id: number) => r.stations.find((s) => s.externalId === `bnetza:${id}`)!;

    it("finds the header below the preamble and survives line feeds inside quoted EVSE-IDs", () => {
      expect([r.devices, r.skipped, r.stations.length]).toEqual([7, 0, 6]);
      expect(r.stations.every((s) => s.country === "DE" && s.source === "bnetza_2026" && s.truckApproved === null && s.bookable === null)).toBe(true);
    });

    it("reads the register's first row as published", () => {
      expect(site(1010338)).toEqual({
        externalId: "bnetza:1010338", locationId: null, name: "Albwerk Elektro- und Kommunikationstechnik GmbH",
        address: "Am Berg 1, 72535 Heroldstatt", lat: 48.442398, lon: 9.659075, operator: "Albwerk Elektro- und Kommunikationstechnik GmbH",
        powerKW: 22, dcPowerKW: 0, connectors: ["TYPE2"], connectorKW: { TYPE2: 22 }, points: 2,
        truckApproved: null, connectorPos: null, bookable: null, amenities: [], country: "DE", source: "bnetza_2026",
        openingTimes: { twentyfourseven: true },
      });
    });

    it("pairs multi-plug cells with their power lists; 'Keine Angabe' leaves hours unknown", () => {
      expect(site(1025458)).toMatchObject({
        name: "EnBW mobility+ AG und Co.KG Amstetten", address: "Hauptstraße 91c, 73340 Amstetten", points: 2,
        connectors: ["CCS", "CHADEMO", "TYPE2"], connectorKW: { TYPE2: 43, CCS: 50, CHADEMO: 50 }, dcPowerKW: 50, powerKW: 50,
      });
      expect(site(1025458).openingTimes).toBeUndefined();
    });

    it("groups devices of one operator at one position, with Adresszusatz in the address", () => {
      expect(site(1101207)).toMatchObject({
        name: "EnBW HPC Rasthof Lehrte Nord", address: "Rasthof Lehrte Nord 1, A2, 31275 Lehrte", points: 4,
        connectors: ["CCS"], connectorKW: { CCS: 400 }, dcPowerKW: 400,
      });
      expect(r.stations.some((s) => s.externalId === "bnetza:1101208")).toBe(false);
    });

    it("maps MCS, and Tesla's DC Type 2 plug not to the AC Type 2 connector", () => {
      expect(site(1187734)).toMatchObject({ connectors: ["CCS", "MCS"], connectorKW: { MCS: 1000, CCS: 400 }, dcPowerKW: 1000 });
      expect(site(1034511)).toMatchObject({ connectors: ["OTHER"], dcPowerKW: 150 });
    });

    it("keeps a device 'In Wartung' and reads restricted hours ('Eingeschränkt')", () => {
      const s = site(1092233);
      expect(s).toMatchObject({ address: "Marktstraße 50, Parkplatz Rathaus, 31303 Burgdorf", powerKW: 3.6, connectors: ["OTHER", "TYPE2"] });
      expect(s.openingTimes?.twentyfourseven).toBe(false);
      expect(s.openingTimes?.regular_hours).toHaveLength(6);
      expect(s.openingTimes?.regular_hours?.[5]).toEqual({ weekday: 6, period_begin: "08:00", period_end: "14:00" });
    });
  });

  describe("2021 layout (Windows-1252, preamble, 'Anschlussleistung', 'Art der Ladeeinrichung')", () => {
    const bytes = readFileSync(path.join(SAMPLES, "bnetza_2021_layout_cp1252.csv"));
    const r = parseBnetzaCsv(bytes);
    const at = (street: string) => r.stations.find((s) => s.address.startsWith(street))!;

    it("is not UTF-8, and decodes umlauts and typographic quotes", () => {
      expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow();
      expect([r.devices, r.skipped, r.stations.length]).toEqual([6, 0, 6]);
      expect(at("Süßer Weg")).toMatchObject({ operator: "Gärtnerei Müller GbR", name: "Gärtnerei Müller GbR Laatzen", address: "Süßer Weg 12, Hof; Einfahrt Süd, 30880 Laatzen" });
      expect(at("Burgdorfer Straße").address).toBe("Burgdorfer Straße 16, Parkhaus „Am Markt“, 31275 Lehrte");
    });

    it("reads the published row: house number 0 is no house number; ids from position and operator", () => {
      expect(at("Ennabeurer Weg")).toMatchObject({
        externalId: "bnetza:48.442398,9.659075:albwerk", operator: "Albwerk GmbH & Co. KG", address: "Ennabeurer Weg, 72535 Heroldstatt",
        powerKW: 22, connectors: ["TYPE2"], points: 2,
      });
    });

    it("reads per-point powers, comma-separated plugs of one point and the device rating as fallback", () => {
      expect(at("Rasthof Lehrte Nord")).toMatchObject({ connectors: ["CCS", "CHADEMO"], connectorKW: { CCS: 150, CHADEMO: 50 }, dcPowerKW: 150 });
      expect(at("Zum Blauen See")).toMatchObject({ connectors: ["OTHER", "TYPE2"], connectorKW: { TYPE2: 22, OTHER: 3.7 }, powerKW: 22 });
      expect(at("Burgdorfer Straße")).toMatchObject({ points: 3, connectorKW: { TYPE2: 43, CHADEMO: 50, CCS: 50 }, dcPowerKW: 50 });
      // No P1 [kW]: the device's Anschlussleistung, DC because the plug is CCS.
      expect(at("Gewerbestraße")).toMatchObject({ connectors: ["CCS"], dcPowerKW: 50, powerKW: 50 });
      expect(at("Gewerbestraße").connectorKW).toBeUndefined();
    });
  });

  it("opening hours: 247 / Keine Angabe / Eingeschränkt with weekdays and times", () => {
    expect(parseOpening("247")).toEqual({ twentyfourseven: true });
    expect(parseOpening("24/7")).toEqual({ twentyfourseven: true });
    expect(parseOpening("Keine Angabe", "Montag", "08:00-18:00")).toBeNull();
    expect(parseOpening("Eingeschränkt")).toBeNull();
    expect(parseOpening("Eingeschränkt", "Montag; Dienstag", "8:00-18:00")).toEqual({
      twentyfourseven: false,
      regular_hours: [{ weekday: 1, period_begin: "08:00", period_end: "18:00" }, { weekday: 2, period_begin: "08:00", period_end: "18:00" }],
    });
    expect(parseOpening("Eingeschränkt", "Montag; Dienstag; Mittwoch", "08:00-18:00; 09:00-12:00")).toBeNull();
    expect(parseOpening("Eingeschränkt", "Werktags", "08:00-18:00")).toBeNull();
  });
});
