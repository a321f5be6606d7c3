import { packs } from "@/server/packs";
import { plan } from "@/engine/plan/plan";
import { findModel } from "@/engine/vehicles/catalog";
const v = findModel("MB_EACTROS_300")!;
for (const power of [null, 150]) {
  const input = { vehicle: v, batteryLevelStart: 0.9, batteryLevelEnd: 0.2, sections: [
    { start: [52.52, 13.405] as [number, number], stop: [51.34, 12.375] as [number, number], payloadKg: 15000, serviceTimeMin: 120, powerAvailableKW: power },
    { start: [51.34, 12.375] as [number, number], stop: [48.137, 11.575] as [number, number], payloadKg: 15000 }], poiInfo: {}, corridorM: 2000, minChargeDurationMin: 0, departureMs: Date.parse("2026-11-25T06:00:00Z"), serviceTimeDepartureMin: 0 };
  const t0 = performance.now();
  const r: any = plan(input as any, packs.planForInput(input as any));
  console.log(power, r.status, Math.round(performance.now() - t0), "ms", r.totals.duration_min, r.totals.end_time, JSON.stringify(r.driving_rules), r.warnings.filter((w: string) => w.includes("561")));
  for (const s of r.sections) console.log("  ", s.poi_summary.name, s.poi_summary.arrival_time, s.poi_summary.departure_time, s.poi_summary.break_kind, s.poi_summary.charge_time_min);
}
