// npm run bench:live: what live data costs the service, on PostgreSQL (the scale-out path), in process (no
// HTTP server), on a fresh database, rate limits off (the API's and the per-party OCPI budget).
// 1. Status updates absorbed: a CPO pushes EVSE statuses (OCPI 2.2.1 Receiver, PATCH of an EVSE: status and
//    last_updated, as mod_locations.asciidoc's example) to a site of 8 EVSEs it PUT first; BENCH_UPDATES
//    sequential PATCHes after 50 to warm up, then the same number 8 at a time. Baseline in the same process: an
//    authenticated read (GET /vehicles/info/models), as bench:submit.
// 2. A watch of BENCH_WATCHES committed plans: one Hamburg -> Hannover plan charging at a pushed hub, planned
//    once and stored BENCH_WATCHES times (as many commits would store it), every watch due; then passes of the
//    plan watch (checkDueWatches, its batch of 8) until each was checked once, all well (no re-plan). Prints
//    the plans checked per second and the longest the event loop was held during the passes.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { migrate } from "../src/server/db/migrate";
import { databaseUrlFor, pgAdmin } from "../tests/support/pg-admin";

const UPDATES = Number(process.env.BENCH_UPDATES ?? 2000);
const WATCHES = Number(process.env.BENCH_WATCHES ?? 500);
const name = `planner_bench_live_${process.pid}`;
await pgAdmin(`CREATE DATABASE "${name}"`);
const url = databaseUrlFor(name);
process.env.DATABASE_URL = url;
process.env.RATE_LIMIT_PER_MIN = "0";
process.env.OCPI_RATE_LIMIT_PER_MIN = "0"; // the receiver's own capacity, not the per-party budget
process.env.LOG_LEVEL ??= "silent";

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const b64 = (s: string) => Buffer.from(s).toString("base64");
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

try {
  await migrate(url);
  const { db, closeDb } = await import("../src/server/db/client");
  const { ensureTenant } = await import("../src/server/tenants");
  const { createApiKey } = await import("../src/server/auth/keys");
  const { prepareQueue } = await import("../src/server/jobs/enqueue");
  const { closeQueue } = await import("../src/server/jobs/queue");
  const { queueBoss } = await import("../src/server/jobs/pg-boss-instance");
  const { runNextDelivery } = await import("../src/server/jobs/pg-boss-queue");
  const { closePlanners } = await import("../src/server/planning/planners");
  const { createParty } = await import("../src/server/ocpi/parties");
  const { checkDueWatches } = await import("../src/server/watch/check");
  const models = await import("../src/app/vehicles/info/models/route");
  const location = await import("../src/app/ocpi/2.2.1/locations/[country_code]/[party_id]/[location_id]/route");
  const evse = await import("../src/app/ocpi/2.2.1/locations/[country_code]/[party_id]/[location_id]/[evse_uid]/route");
  const submitV2 = await import("../src/app/planner/v2/route");
  const result = await import("../src/app/planner/optimizations/[optimization_id]/result/route");
  const commit = await import("../src/app/planner/optimizations/[optimization_id]/commit/route");
  await prepareQueue();
  const tenant = await ensureTenant(db(), "bench");
  const { key } = await createApiKey(db(), tenant.id);
  const bearer = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const token = (await createParty(db(), { tenantId: tenant.id, countryCode: "DE", partyId: "BEN" })).token;
  const ocpiHeaders = { authorization: `Token ${b64(token)}`, "content-type": "application/json" };
  const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
  const ok = async (res: Response, status = 200) => {
    const text = await res.text();
    if (res.status !== status) throw new Error(`${res.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };

  /** A site of `evses` MCS points at a place, as a CPO PUTs it. */
  const site = (id: string, lat: number, lon: number, evses: number) => {
    const now = iso(Date.now());
    return {
      country_code: "DE", party_id: "BEN", id, publish: true, name: `Hub ${id}`, address: "Am Rasthof 1", city: "Benchhausen", country: "DEU",
      coordinates: { latitude: lat.toFixed(6), longitude: lon.toFixed(6) }, operator: { name: "Bench Hub" }, time_zone: "Europe/Berlin", last_updated: now,
      evses: Array.from({ length: evses }, (_, n) => ({
        uid: `${id}-${n + 1}`, status: "AVAILABLE", last_updated: now,
        connectors: [{ id: "1", standard: "MCS", format: "CABLE", power_type: "DC", max_voltage: 1250, max_amperage: 3000, max_electric_power: 1_000_000, last_updated: now }],
      })),
    };
  };
  const put = (id: string, body: unknown) =>
    location.PUT(new Request(`http://localhost/ocpi/2.2.1/locations/DE/BEN/${id}`, { method: "PUT", headers: ocpiHeaders, body: JSON.stringify(body) }), ctx({ country_code: "DE", party_id: "BEN", location_id: id }));

  // 1. Status updates.
  await ok(await put("S", site("S", 52.9, 9.9, 8)), 201);
  let clock = Date.now();
  const patch = async (i: number) => {
    const uid = `S-${(i % 8) + 1}`;
    clock += 1000; // each update newer than the last: none is skipped as stale
    const body = { status: i % 3 === 0 ? "CHARGING" : "AVAILABLE", last_updated: iso(clock) };
    await ok(await evse.PATCH(
      new Request(`http://localhost/ocpi/2.2.1/locations/DE/BEN/S/${uid}`, { method: "PATCH", headers: ocpiHeaders, body: JSON.stringify(body) }),
      ctx({ country_code: "DE", party_id: "BEN", location_id: "S", evse_uid: uid }),
    ));
  };
  const read = async () => {
    await ok(await models.GET(new Request("http://localhost/vehicles/info/models", { headers: bearer }), ctx({})));
  };
  const time = async (fn: (i: number) => Promise<void>) => {
    for (let i = 0; i < 50; i++) await fn(i);
    const ms: number[] = [];
    const t0 = performance.now();
    for (let i = 0; i < UPDATES; i++) {
      const s = performance.now();
      await fn(i);
      ms.push(performance.now() - s);
    }
    const wall = performance.now() - t0;
    ms.sort((a, b) => a - b);
    return { p50: pct(ms, 0.5), p90: pct(ms, 0.9), perS: UPDATES / (wall / 1000) };
  };
  const base = await time(read);
  const seq = await time(patch);
  const t8 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => { while (next < UPDATES) await patch(next++); }));
  const par = UPDATES / ((performance.now() - t8) / 1000);
  console.log(`authenticated read:        p50 ${base.p50.toFixed(2)} ms, p90 ${base.p90.toFixed(2)} ms`);
  console.log(`EVSE status PATCH:         p50 ${seq.p50.toFixed(2)} ms, p90 ${seq.p90.toFixed(2)} ms, ${seq.perS.toFixed(0)} updates/s one at a time`);
  console.log(`EVSE status PATCH, 8 at once: ${par.toFixed(0)} updates/s`);
  console.log(`PATCH / read (medians): ${(seq.p50 / base.p50).toFixed(2)}x`);

  // 2. The plan watch. One plan charging at a pushed hub, now (live statuses are about now), bans off.
  const trip = {
    vehicle_id: "mb-eactros-600", battery_level_start: 0.2, battery_level_end: 0.2, driving_bans: false,
    section_list: [{ start_pos: [53.55, 9.99], stop_pos: [52.37, 9.73], payload_kg: 20000 }], poi_info: {},
  };
  const plan = async () => {
    const s = await ok(await submitV2.POST(new Request("http://localhost/planner/v2", { method: "POST", headers: bearer, body: JSON.stringify(trip) }), ctx({})));
    const worked = await runNextDelivery(db(), await queueBoss(), { workerId: "bench", leaseS: 600, maxAttempts: 1, timeLimitMs: 300_000 });
    if (!worked) throw new Error("no job was planned");
    const id = String(s.optimization_id);
    return { id, r: await ok(await result.GET(new Request(`http://localhost/planner/optimizations/${id}/result`, { headers: bearer }), ctx({ optimization_id: id }))) };
  };
  const first = await plan();
  const stop = first.r.sections.map((x: { poi_summary: Record<string, number> }) => x.poi_summary).find((p: Record<string, number>) => p.energy_kWh > 0 && p.id != null);
  if (!stop) throw new Error("the plan has no charging stop");
  await ok(await put("W", site("W", stop.coordinate_lat + 0.0004, stop.coordinate_lon, 2)), 201);
  const watched = await plan();
  await ok(await commit.POST(new Request(`http://localhost/planner/optimizations/${watched.id}/commit`, { method: "POST", headers: bearer }), ctx({ optimization_id: watched.id })));
  // The committed plan stored WATCHES times over, each with its own watch (what WATCHES commits store).
  const o = await db().optimization.findUniqueOrThrow({ where: { id: Number(watched.id) }, include: { tour: true, job: true } });
  const w = await db().planWatch.findUniqueOrThrow({ where: { optimizationId: o.id } });
  for (let i = 1; i < WATCHES; i++) {
    const { id: _id, createdAt: _at, ...tourData } = o.tour; // eslint-disable-line @typescript-eslint/no-unused-vars
    const tour = await db().tour.create({ data: tourData });
    const copy = await db().optimization.create({ data: { tenantId: tenant.id, tourId: tour.id, result: o.result, finishedAt: o.finishedAt } });
    await db().job.create({
      data: { id: crypto.randomUUID(), tenantId: tenant.id, tourId: tour.id, optimizationId: copy.id, vehicleId: o.job!.vehicleId, status: "succeeded", finishedAt: new Date() },
    });
    await db().planWatch.create({ data: { tenantId: tenant.id, optimizationId: copy.id, vehicleId: w.vehicleId, status: w.status, untilAt: w.untilAt, nextCheckAt: new Date() } });
  }
  await db().planWatch.updateMany({ data: { nextCheckAt: new Date(Date.now() - 1000) } });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const tw = performance.now();
  let passes = 0, checked = 0;
  for (;;) {
    const n = await checkDueWatches({ intervalMs: 3_600_000 });
    if (n === 0) break;
    checked += n;
    passes++;
  }
  const wallS = (performance.now() - tw) / 1000;
  loop.disable();
  const replanned = await db().planWatch.count({ where: { status: "ended" } });
  console.log(`plan watch: ${checked} committed plans checked in ${passes} passes, ${wallS.toFixed(1)} s: ${(checked / wallS).toFixed(0)} plans/s, ` +
    `${((wallS * 1000) / checked).toFixed(1)} ms a plan; event loop held at most ${(loop.max / 1e6).toFixed(0)} ms (p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms); ${replanned} re-planned (0 expected: all well)`);
  closePlanners();
  await closeQueue();
  await closeDb();
} finally {
  await pgAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
process.exit(0);
