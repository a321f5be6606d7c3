// One router per domain; the procedures call the same server functions as REST.
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { FleetVehicleInput, FleetVehiclePatch } from "../../contract/fleet";
import { PlannerQuery } from "../../contract/request";
import { FINAL_JOB_STATUSES, type JobStatus, type OptimizationResultResponse } from "../../contract/result";
import { suggest } from "../../engine/geocode/search";
import { cposFor } from "../api/lookups";
import { requireAdmin } from "../auth/keys";
import { DepotInput, type StationOverlayInput } from "../../contract/stations";
import { deleteDepot, listDepots, listOverlays, putDepot, removeOverlay, setOverlay } from "../stations/admin";
import { getPriceList, putPriceList } from "../prices/store";
import { checkContractsCsv } from "../prices/csv";
import { db } from "../db/client";
import { resolveAddress } from "../geocode/geocoder";
import { findJob, jobRecord, createTourWithJob } from "../jobs/store";
import { packs } from "../packs";
import { parsePlannerRequest } from "../planner-request";
import { wakeWorker } from "../runtime";
import { deleteFleetVehicle, getFleetVehicle, updateFleetVehicle } from "../fleet";
import { addFleetVehicle } from "../api/fleet";
import { listFleet } from "../fleet";
import { fleetStates } from "../telematics/state";
import { router, tenantProcedure } from "./init";
import { session } from "./session";
import { history, tourPoints } from "./history";
import { keys } from "./keys";
import { fleetDay } from "./fleet-day";
import { replan } from "./replan";

// Inputs are only typed here: server/fleet.ts checks them and gives the REST 422 details.
type VehicleRef = { vehicle_id: string };
const fleet = router({
  list: tenantProcedure.query(({ ctx }) => listFleet(db(), ctx.auth.tenantId)),
  /** The vehicles' last reported states (telematics, rFMS), for those that reported. */
  states: tenantProcedure.query(({ ctx }) => fleetStates(db(), ctx.auth.tenantId)),
  get: tenantProcedure.input(z.custom<VehicleRef>()).query(({ input, ctx }) => getFleetVehicle(db(), ctx.auth.tenantId, input?.vehicle_id)),
  create: tenantProcedure.input(z.custom<z.input<typeof FleetVehicleInput>>()).mutation(({ input, ctx }) => addFleetVehicle(db(), ctx.auth.tenantId, input)),
  update: tenantProcedure
    .input(z.custom<VehicleRef & { patch: z.input<typeof FleetVehiclePatch> }>())
    .mutation(({ input, ctx }) => updateFleetVehicle(db(), ctx.auth.tenantId, input?.vehicle_id, input?.patch)),
  remove: tenantProcedure.input(z.custom<VehicleRef>()).mutation(async ({ input, ctx }) => {
    await deleteFleetVehicle(db(), ctx.auth.tenantId, input?.vehicle_id);
    return { vehicle_id: input.vehicle_id, deleted: true };
  }),
});

const places = router({
  suggest: tenantProcedure.input(z.object({ text: z.string().max(200), limit: z.number().int().min(1).max(20).default(8) })).query(({ input }) =>
    suggest(packs.gazetteer, input.text, input.limit),
  ),
  // The REST endpoint's geocoding (street-level geocoder first); suggestions stay on the gazetteer (server/geocode/geocoder.ts).
  geocode: tenantProcedure.input(z.object({ address: z.string().min(1).max(300) })).query(({ input }) => resolveAddress(input.address)),
});

// Changing station data is a tenant admin's (requireAdmin: 403 as on REST).
type OverlayRef = { external_id: string };
type DepotRef = { depot_id: string };
const stations = router({
  cpos: tenantProcedure.query(({ ctx }) => cposFor(ctx.auth.tenantId)),
  overlays: router({
    list: tenantProcedure.query(({ ctx }) => listOverlays(db(), ctx.auth.tenantId)),
    set: tenantProcedure.input(z.custom<OverlayRef & { overlay: StationOverlayInput }>()).mutation(({ input, ctx }) => {
      requireAdmin(ctx.auth);
      return setOverlay(db(), ctx.auth.tenantId, input?.external_id, input?.overlay);
    }),
    remove: tenantProcedure.input(z.custom<OverlayRef>()).mutation(async ({ input, ctx }) => {
      requireAdmin(ctx.auth);
      await removeOverlay(db(), ctx.auth.tenantId, input?.external_id);
      return { external_id: input.external_id, deleted: true };
    }),
  }),
  depots: router({
    list: tenantProcedure.query(({ ctx }) => listDepots(db(), ctx.auth.tenantId)),
    put: tenantProcedure.input(z.custom<DepotRef & { depot: z.input<typeof DepotInput> }>()).mutation(async ({ input, ctx }) => {
      requireAdmin(ctx.auth);
      return (await putDepot(db(), ctx.auth.tenantId, ctx.auth.tenantName, input?.depot_id, input?.depot)).depot;
    }),
    remove: tenantProcedure.input(z.custom<DepotRef>()).mutation(async ({ input, ctx }) => {
      requireAdmin(ctx.auth);
      await deleteDepot(db(), ctx.auth.tenantId, input?.depot_id);
      return { depot_id: input.depot_id, deleted: true };
    }),
  }),
  /**
   * The tenant's charging prices (GET|PUT /poi/prices): `set` takes the JSON document, `setCsv` replaces the contracts;
   * `checkCsv` reads a CSV of contracts as `setCsv` would and stores nothing (the page shows what an import changes,
   * then saves the whole list with `set`); its 422 details also name the text's line.
   */
  prices: router({
    get: tenantProcedure.query(({ ctx }) => getPriceList(db(), ctx.auth.tenantId)),
    set: tenantProcedure.input(z.unknown()).mutation(({ input, ctx }) => {
      requireAdmin(ctx.auth);
      return putPriceList(db(), ctx.auth.tenantId, { json: input });
    }),
    setCsv: tenantProcedure.input(z.object({ csv: z.string().max(2_000_000) })).mutation(({ input, ctx }) => {
      requireAdmin(ctx.auth);
      return putPriceList(db(), ctx.auth.tenantId, { csv: input.csv });
    }),
    checkCsv: tenantProcedure.input(z.object({ csv: z.string().max(2_000_000) })).mutation(async ({ input, ctx }) => {
      requireAdmin(ctx.auth);
      return { contracts: await checkContractsCsv(input.csv) };
    }),
  }),
});

const planner = router({
  /** Same checks and storage as POST /planner/v2; `body` is its JSON body. */
  submit: tenantProcedure
    .input(z.object({ query: z.record(z.string(), z.string()).default({}), body: z.unknown() }))
    .mutation(async ({ input, ctx }) => {
      const r = await parsePlannerRequest(db(), ctx.auth, input.query, { ok: true, value: input.body }, PlannerQuery);
      const ids = await createTourWithJob(db(), ctx.auth.tenantId, r.body, r.input);
      wakeWorker();
      return { tour_id: ids.tourId, optimization_id: ids.optimizationId, job_id: ids.jobId, warnings: r.warnings };
    }),
  job: tenantProcedure.input(z.object({ jobId: z.uuid() })).query(async ({ input, ctx }) => {
    const job = await findJob(db(), ctx.auth.tenantId, input.jobId);
    if (!job) throw new TRPCError({ code: "NOT_FOUND", message: "Job not found" });
    return jobRecord(job);
  }),
  /** The result, or one of its cost options (`option`, as GET .../result?option=K), with the tour's points named (its stops' names). */
  result: tenantProcedure.input(z.object({ optimizationId: z.number().int().positive(), option: z.number().int().min(0).max(4).nullish() })).query(async ({ input, ctx }) => {
    // The one result text served is read (the result, or the option's row: each as large as the result), no other;
    // beside it the tour's request (a few kB) for its points' names.
    const o = await db().optimization.findFirst({
      where: { id: input.optimizationId, tenantId: ctx.auth.tenantId },
      select: { id: true, tourId: true, result: input.option == null, job: { select: { status: true } } },
    });
    if (!o) throw new TRPCError({ code: "NOT_FOUND", message: "Optimization not found" });
    const status = (o.job?.status ?? "queued") as JobStatus;
    if (!FINAL_JOB_STATUSES.includes(status)) return { status, result: null, points: null };
    const points = await tourPoints(o.tourId);
    if (input.option == null) return { status, result: o.result ? (JSON.parse(o.result) as OptimizationResultResponse) : null, points };
    if (!(await db().optimization.count({ where: { id: o.id, result: { not: null } } }))) return { status, result: null, points };
    const option = await db().optimizationOption.findUnique({ where: { optimizationId_k: { optimizationId: o.id, k: input.option } }, select: { result: true } });
    if (!option) throw new TRPCError({ code: "NOT_FOUND", message: `Option ${input.option} not found` });
    return { status, result: JSON.parse(option.result) as OptimizationResultResponse, points };
  }),
  history: tenantProcedure.query(async ({ ctx }) => {
    const jobs = await db().job.findMany({ where: { tenantId: ctx.auth.tenantId }, orderBy: { createdAt: "desc" }, take: 50 });
    return jobs.map(jobRecord);
  }),
});

export const appRouter = router({ session, fleet, places, stations, planner, keys, history, fleetDay, replan });
export type AppRouter = typeof appRouter;
