// Stations at one route point that another serves as well are left out of the search: the plans stay
// the same (objective to the last bit), the search does less, and where a time of day matters nothing is left out.
import { expect, it } from "vitest";
import { optimizeCharging } from "@/engine/charging/optimize";
import { prepare, tableKey } from "@/engine/charging/grid";
import { stationsNoPlanNeeds } from "@/engine/charging/same-place";
import type { OptimizeInput, StationPoint } from "@/engine/charging/types";
import { generate, withPrices, type Conn } from "./fixtures";

/** Each station followed by copies at its point: one alike, one slower (less power), one with a longer detour, one dearer. */
function withCopies(inp: OptimizeInput<Conn>): OptimizeInput<Conn> {
  const stations: StationPoint<Conn>[] = inp.stations.flatMap((s) => {
    const price = s.price && !("at" in s.price) ? s.price : { perKWh: 0.5, sessionFee: 0, perMin: 0 };
    return [
      { ...s, price },
      { ...s, price, key: `${s.key}-alike` },
      { ...s, price, key: `${s.key}-slower`, powerKW: s.powerKW / 2 },
      { ...s, price, key: `${s.key}-farther`, detourMin: s.detourMin + 3, detourKWh: s.detourKWh + 2 },
      { ...s, key: `${s.key}-dearer`, price: { ...price, perKWh: price.perKWh + 0.1 } },
    ];
  });
  return { ...inp, stations };
}

it("copies no plan needs change no plan, and the search skips them", () => {
  let checked = 0;
  for (let seed = 1; seed <= 30; seed++) {
    const base = generate(seed, { stations: [3, 10], km: [300, 1200], waypoints: [0, 2], hills: 1 });
    const inp = seed % 2 ? base : withPrices(base, seed, { timeOfDay: 0, eurPerMin: [1, 0.5, 1e-6] });
    const priced = { ...inp, stations: inp.stations.map((s) => ({ ...s, price: s.price ?? { perKWh: 0.5, sessionFee: 0, perMin: 0 } })) };
    const alone = optimizeCharging(priced), copied = withCopies(priced);
    const r = optimizeCharging(copied);
    expect(r.ok, `seed ${seed}`).toBe(alone.ok);
    if (!r.ok || !alone.ok) continue;
    expect(r.totals.objective, `seed ${seed}`).toBe(alone.totals.objective);
    // Only the originals are ever used (each copy is no better), and the search saw no copy: it made the same label sets.
    expect(r.stops.every((s) => !s.key.includes("-")), `seed ${seed}`).toBe(true);
    expect(r.stats.sets, `seed ${seed}`).toBe(alone.stats.sets);
    const skipped = stationsNoPlanNeeds(copied, tablesOf(copied));
    copied.stations.forEach((s, i) => expect(skipped.has(i), s.key).toBe(s.key.includes("-")));
    checked++;
  }
  expect(checked).toBeGreaterThan(15);
});

it("keeps a station that is better in one thing and worse in another, and leaves nothing out where a time of day matters", () => {
  const inp = generate(5, { stations: [4, 4], km: [600, 600] });
  const s = { ...inp.stations[0], connector: "CCS" as const, powerKW: 100, price: { perKWh: 0.5, sessionFee: 0, perMin: 0 } };
  const faster = { ...s, key: "faster-dearer", powerKW: 300, price: { perKWh: 0.7, sessionFee: 0, perMin: 0 } };
  const two = { ...inp, stations: [s, faster] };
  expect(stationsNoPlanNeeds(two, tablesOf(two)).size).toBe(0);
  const alike = { ...inp, stations: [s, { ...s, key: "alike" }] };
  expect([...stationsNoPlanNeeds(alike, tablesOf(alike))]).toEqual([1]);
  // Opening hours anywhere (or a fleet's busy sites, live closures: the same field): nothing is left out.
  const hours = { ...alike, stations: [...alike.stations, { ...inp.stations[1], openDuring: () => true }] };
  expect(stationsNoPlanNeeds(hours, tablesOf(hours)).size).toBe(0);
});

/** The charge tables the search builds, by station. */
function tablesOf(inp: OptimizeInput<Conn>): (s: StationPoint<Conn>) => Float64Array {
  const tables = prepare(inp).tables;
  return (s) => tables.get(tableKey(s.powerKW, s.connector))!;
}
