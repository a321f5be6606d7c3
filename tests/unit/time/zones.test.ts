// The zone of a place: tz-lookup from the coordinates, the country (a station's, the road's)
// overruling a neighbour's zone near a border, a station's own OCPI zone first.
import { describe, expect, it } from "vitest";
import { localIso } from "@/engine/time/local-time";
import { edgeCountry, stationZone, zoneAt, zoneOnRoad } from "@/engine/time/zones";
import type { RoadNetwork } from "@/engine/network/types";
import { NO_COUNTRY } from "@/engine/network/types";

describe("zoneAt", () => {
  it("names the zone of places in several countries", () => {
    expect(zoneAt(53.55, 9.99)).toBe("Europe/Berlin"); // Hamburg
    expect(zoneAt(48.14, 11.58)).toBe("Europe/Berlin"); // Munich
    expect(zoneAt(38.72, -9.14)).toBe("Europe/Lisbon");
    expect(zoneAt(41.15, -8.61)).toBe("Europe/Lisbon"); // Porto
    expect(zoneAt(51.5, -0.12)).toBe("Europe/London");
    expect(zoneAt(51.125, 1.31)).toBe("Europe/London"); // Dover
    expect(zoneAt(50.95, 1.85)).toBe("Europe/Paris"); // Calais
    expect(zoneAt(60.17, 24.94)).toBe("Europe/Helsinki");
    expect(zoneAt(59.44, 24.75)).toBe("Europe/Tallinn");
  });

  it("gives the country's own zone where the outlines near a border name the neighbour's", () => {
    // Tornio (FI) and Valença (PT) lie a river away from Haparanda (SE) and Tui (ES): an hour apart.
    expect(zoneAt(65.848, 24.147, "FI")).toBe("Europe/Helsinki");
    expect(zoneAt(65.836, 24.14, "SE")).toBe("Europe/Stockholm");
    expect(zoneAt(42.027, -8.644, "PT")).toBe("Europe/Lisbon");
    expect(zoneAt(42.047, -8.644, "ES")).toBe("Europe/Madrid");
    // A zone the country has besides its mainland's stays; a country of several mainland zones keeps the lookup's.
    expect(zoneAt(47.697, 8.69, "DE")).toBe("Europe/Busingen");
    expect(zoneAt(35.89, -5.32, "ES")).toBe("Africa/Ceuta");
    expect(zoneAt(54.71, 20.51, "RU")).toBe("Europe/Kaliningrad");
  });

  it("at sea near a border: a neighbour's zone, the country's own from the road to a ferry port, an offset zone on the open sea", () => {
    // The Strait of Dover between GMT and CET.
    expect(["Europe/London", "Europe/Paris"]).toContain(zoneAt(51.0, 1.5));
    expect(zoneAt(51.0, 1.5, "GB")).toBe("Europe/London");
    expect(zoneAt(51.0, 1.5, "FR")).toBe("Europe/Paris");
    // The Gulf of Bothnia off Tornio (EET) and Haparanda (CET).
    expect(zoneAt(65.75, 24.15, "FI")).toBe("Europe/Helsinki");
    // Far out the zones are nautical (Etc/GMT+1 is UTC-1), and still valid for Intl.
    const atlantic = zoneAt(45, -20);
    expect(atlantic).toBe("Etc/GMT+1");
    expect(localIso(Date.parse("2026-11-28T19:00:00Z"), atlantic)).toBe("2026-11-28T18:00:00.000-01:00");
  });
});

describe("stationZone and the road's country", () => {
  it("prefers a station's own OCPI zone, else its place and country", () => {
    expect(stationZone({ lat: 65.848, lon: 24.147, country: "FI" })).toBe("Europe/Helsinki");
    expect(stationZone({ lat: 53.55, lon: 9.99, country: "DE", timeZone: "Europe/Vienna" })).toBe("Europe/Vienna");
  });

  it("reads the country of the edge a place lies on", () => {
    const net = { attributes: { country: Uint8Array.from([0, 1, NO_COUNTRY]), countries: ["SE", "FI"] } } as unknown as RoadNetwork;
    expect(edgeCountry(net, 1)).toBe("FI");
    expect(edgeCountry(net, 2)).toBeNull();
    expect(edgeCountry(net, -1)).toBeNull();
    expect(edgeCountry({} as RoadNetwork, 0)).toBeNull();
    expect(zoneOnRoad(net, 1, 65.848, 24.147)).toBe("Europe/Helsinki");
    expect(zoneOnRoad(net, 0, 65.836, 24.14)).toBe("Europe/Stockholm");
  });
});
