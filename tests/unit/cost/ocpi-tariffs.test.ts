// OCPI 2.2.1 Tariffs on real-shaped Tariff objects (the module's own example shapes:
// energy with VAT, a start fee, charging time in 5-minute steps, time of day, energy
// brackets, parking after a grace period, reservation elements, a minimum price).
import { describe, expect, it } from "vitest";
import { sessionCost, type Tariff } from "@/engine/cost/ocpi-tariffs";

const ZONE = "Europe/Berlin";
// Wednesday 2026-11-25 10:00 local (09:00 UTC).
const AT_10 = Date.UTC(2026, 10, 25, 9, 0);
const tariff = (elements: Tariff["elements"], extra: Partial<Tariff> = {}): Tariff => ({ id: "T1", currency: "EUR", elements, ...extra });

describe("OCPI 2.2.1 tariffs", () => {
  it("prices energy per kWh, with VAT per component", () => {
    const t = tariff([{ price_components: [{ type: "ENERGY", price: 0.25, vat: 10, step_size: 1 }] }]);
    const c = sessionCost(t, AT_10, ZONE, [{ minutes: 30, kWh: 10 }]);
    expect(c.exclVat).toBeCloseTo(2.5, 9);
    expect(c.inclVat).toBeCloseTo(2.75, 9);
    expect(c.components).toEqual([{ type: "ENERGY", quantity: expect.closeTo(10, 9), exclVat: expect.closeTo(2.5, 9) }]);
  });

  it("adds a flat start fee once per session", () => {
    const t = tariff([{ price_components: [{ type: "FLAT", price: 0.5, step_size: 1 }, { type: "ENERGY", price: 0.25, step_size: 1 }] }]);
    expect(sessionCost(t, AT_10, ZONE, [{ minutes: 60, kWh: 100 }]).exclVat).toBeCloseTo(25.5, 9);
  });

  it("bills charging time per hour, rounded up to its step (300 s)", () => {
    const t = tariff([{ price_components: [{ type: "TIME", price: 2, step_size: 300 }] }]);
    // 62 minutes charging: billed as 65 minutes.
    expect(sessionCost(t, AT_10, ZONE, [{ minutes: 62, kWh: 50 }]).exclVat).toBeCloseTo((2 * 65) / 60, 9);
  });

  it("rounds energy up to its step in Wh at the last element's price", () => {
    const t = tariff([{ price_components: [{ type: "ENERGY", price: 0.3, step_size: 1000 }] }]);
    expect(sessionCost(t, AT_10, ZONE, [{ minutes: 10, kWh: 10.2 }]).exclVat).toBeCloseTo(11 * 0.3, 9);
  });

  it("takes the first element whose time of day holds, past midnight too", () => {
    const t = tariff([
      { price_components: [{ type: "ENERGY", price: 0.2, step_size: 1 }], restrictions: { start_time: "22:00", end_time: "06:00" } },
      { price_components: [{ type: "ENERGY", price: 0.4, step_size: 1 }] },
    ]);
    expect(sessionCost(t, AT_10, ZONE, [{ minutes: 60, kWh: 60 }]).exclVat).toBeCloseTo(24, 9);
    // 23:00 local: the night price.
    expect(sessionCost(t, Date.UTC(2026, 10, 25, 22, 0), ZONE, [{ minutes: 60, kWh: 60 }]).exclVat).toBeCloseTo(12, 9);
    // 05:30 to 06:30 local: half an hour of each.
    expect(sessionCost(t, Date.UTC(2026, 10, 25, 4, 30), ZONE, [{ minutes: 60, kWh: 60 }]).exclVat).toBeCloseTo(30 * 0.2 + 30 * 0.4, 6);
  });

  it("prices energy brackets by the energy charged so far (min_kwh inclusive, max_kwh exclusive)", () => {
    const t = tariff([
      { price_components: [{ type: "ENERGY", price: 0.5, step_size: 1 }], restrictions: { max_kwh: 20 } },
      { price_components: [{ type: "ENERGY", price: 0.3, step_size: 1 }], restrictions: { min_kwh: 20 } },
    ]);
    // 60 kWh over 60 min, 1 kWh a minute: 20 at 0.5, 40 at 0.3.
    expect(sessionCost(t, AT_10, ZONE, [{ minutes: 60, kWh: 60 }]).exclVat).toBeCloseTo(20 * 0.5 + 40 * 0.3, 6);
  });

  it("charges parking time only when not charging, after a grace period (min_duration)", () => {
    const t = tariff([
      { price_components: [{ type: "ENERGY", price: 0.4, step_size: 1 }] },
      { price_components: [{ type: "PARKING_TIME", price: 6, step_size: 60 }], restrictions: { min_duration: 45 * 60 } },
    ]);
    // 40 min charging, then 20 min standing: parking from minute 45, 15 min billed.
    const c = sessionCost(t, AT_10, ZONE, [{ minutes: 40, kWh: 200 }, { minutes: 20, kWh: 0 }]);
    expect(c.exclVat).toBeCloseTo(200 * 0.4 + (6 * 15) / 60, 6);
  });

  it("applies power, current, day and date restrictions", () => {
    const t = tariff([
      { price_components: [{ type: "ENERGY", price: 0.79, step_size: 1 }], restrictions: { min_power: 150 } },
      { price_components: [{ type: "ENERGY", price: 0.59, step_size: 1 }], restrictions: { day_of_week: ["SATURDAY", "SUNDAY"] } },
      { price_components: [{ type: "ENERGY", price: 0.49, step_size: 1 }], restrictions: { start_date: "2026-11-01", end_date: "2026-12-01" } },
      { price_components: [{ type: "ENERGY", price: 0.69, step_size: 1 }] },
    ]);
    expect(sessionCost(t, AT_10, ZONE, [{ minutes: 60, kWh: 200 }]).exclVat).toBeCloseTo(200 * 0.79, 6); // 200 kW
    expect(sessionCost(t, AT_10, ZONE, [{ minutes: 60, kWh: 100 }]).exclVat).toBeCloseTo(100 * 0.49, 6); // November
    expect(sessionCost(t, Date.UTC(2026, 11, 5, 9), ZONE, [{ minutes: 60, kWh: 100 }]).exclVat).toBeCloseTo(100 * 0.59, 6); // Saturday 5 Dec
    expect(sessionCost(t, Date.UTC(2026, 11, 8, 9), ZONE, [{ minutes: 60, kWh: 100 }]).exclVat).toBeCloseTo(100 * 0.69, 6); // Tuesday 8 Dec
    const amps = tariff([
      { price_components: [{ type: "ENERGY", price: 0.9, step_size: 1 }], restrictions: { min_current: 500 } },
      { price_components: [{ type: "ENERGY", price: 0.6, step_size: 1 }] },
    ]);
    expect(sessionCost(amps, AT_10, ZONE, [{ minutes: 60, kWh: 100, currentA: 800 }]).exclVat).toBeCloseTo(90, 6);
    // Current unknown: a current restriction cannot hold.
    expect(sessionCost(amps, AT_10, ZONE, [{ minutes: 60, kWh: 100 }]).exclVat).toBeCloseTo(60, 6);
  });

  it("leaves out reservation elements and keeps within min_price / max_price", () => {
    const t = tariff(
      [
        { price_components: [{ type: "TIME", price: 5, step_size: 60 }], restrictions: { reservation: "RESERVATION" } },
        { price_components: [{ type: "ENERGY", price: 0.5, step_size: 1 }] },
      ],
      { min_price: { excl_vat: 10 }, max_price: { excl_vat: 30 } },
    );
    expect(sessionCost(t, AT_10, ZONE, [{ minutes: 5, kWh: 4 }]).exclVat).toBe(10);
    expect(sessionCost(t, AT_10, ZONE, [{ minutes: 30, kWh: 40 }]).exclVat).toBeCloseTo(20, 9);
    expect(sessionCost(t, AT_10, ZONE, [{ minutes: 60, kWh: 100 }]).exclVat).toBe(30);
  });
});
