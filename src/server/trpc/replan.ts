// The plan watch and "re-plan from here" in the web app: the same re-plan as POST /planner/optimizations/{optimization_id}/replan
// (replan/queue.ts), started from where the dispatcher says the truck is: its last telematics report, or a stop
// of the plan it is leaving now, with the charge it has there. The driver's hours are those the plan implies then
// (at the report's time; on leaving that stop).
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { numberIn } from "../../contract/fields";
import type { StoredTour } from "../jobs/types";
import { db } from "../db/client";
import { readLongText } from "../db/long-text";
import { memberText } from "../http/json-text";
import { parseJsonPaced } from "../http/paced-json";
import { driverFor, findOriginal, queueReplan } from "../replan/queue";
import { lastReport, lastReportedState, type TruckState } from "../replan/reported-state";
import type { PlannedSection } from "../replan/served";
import { planWatchOf } from "../api/watch";
import { wakeWorker } from "../runtime";
import { router, tenantProcedure } from "./init";

const optimizationId = z.number().int().positive().max(2_147_483_647);

const From = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("telematics") }),
  z.object({
    kind: z.literal("stop"),
    /** The result section whose stop the truck is leaving (the stop list's `section`). */
    section: z.number().int().min(0).max(10_000),
    battery_level: numberIn(0.1, 1),
    time: z.iso.datetime({ offset: true }),
  }),
]);

const notFound = () => new TRPCError({ code: "NOT_FOUND", message: "Optimization not found" });

async function originalOf(tenantId: number, id: number) {
  const original = await findOriginal(tenantId, id);
  if (!original) throw notFound();
  return { original, stored: JSON.parse(original.tour.request) as StoredTour };
}

/** The plan's result sections (only that member of a result that can be megabytes), or null without a plan. */
async function plannedSections(id: number, status: string | undefined): Promise<(PlannedSection & { request_section?: number | null })[] | null> {
  if (status !== "succeeded") return null;
  const text = await readLongText({ table: "Optimization", column: "result", id });
  const sections = text ? await memberText(text, "sections") : null;
  return sections ? ((await parseJsonPaced(sections)) as PlannedSection[]) : null;
}

export const replan = router({
  /** The plan's watch, as GET /planner/optimizations/{id}/watch answers it: the plan page says whether it is watched and why it was re-planned. */
  watch: tenantProcedure.input(z.object({ optimizationId })).query(({ input, ctx }) => planWatchOf(ctx.auth.tenantId, input.optimizationId)),
  /** What the dialog offers: the plan's vehicle's last report, if it has one (a fleet vehicle with a telematics source). */
  state: tenantProcedure.input(z.object({ optimizationId })).query(async ({ input, ctx }) => {
    const { original } = await originalOf(ctx.auth.tenantId, input.optimizationId);
    // One state of the truck, by the rule POST .../replan from telematics uses (position and charge close together).
    const r = await lastReport(db(), ctx.auth.tenantId, original.tour.vehicleId);
    return { vehicle_id: original.tour.vehicleId, report: r ? { at: new Date(r.timeMs).toISOString(), latitude: r.position[0], longitude: r.position[1], percent: r.percent } : null };
  }),
  /** Queues the re-plan; answered as POST .../replan (the new optimization to open). */
  queue: tenantProcedure.input(z.object({ optimizationId, from: From })).mutation(async ({ input, ctx }) => {
    const tenantId = ctx.auth.tenantId;
    const { original, stored } = await originalOf(tenantId, input.optimizationId);
    const driverAt = await driverFor(original, stored, null);
    const f = input.from;
    let state: TruckState | null, sectionsDone: number | undefined;
    if (f.kind === "telematics") {
      state = await lastReportedState(db(), tenantId, original.tour.vehicleId, driverAt);
      if (!state) throw new TRPCError({ code: "CONFLICT", message: "The truck has reported no position with its charge (or its plan does not tell the driver's hours)" });
    } else {
      const sections = await plannedSections(original.id, original.job?.status);
      const s = sections?.[f.section];
      const at = s?.stop_pos;
      if (!s || !Array.isArray(at)) throw new TRPCError({ code: "CONFLICT", message: "The plan has no such stop" });
      const timeMs = Date.parse(f.time);
      // The hours the plan has on leaving that stop: a truck running late has driven no more for it.
      const plannedDeparture = Date.parse(String(s.poi_summary?.departure_time ?? ""));
      const driver = driverAt(Number.isNaN(plannedDeparture) ? timeMs : plannedDeparture);
      if (!driver) throw new TRPCError({ code: "CONFLICT", message: "The plan does not tell the driver's hours at that time" });
      state = { position: [at[0], at[1]], batteryLevel: f.battery_level, timeMs, driver };
      // Leaving a stop of the request: its section is served; leaving a stop the plan inserted (a charger, a pause): not yet.
      const request = s.request_section ?? null;
      if (request !== null) sectionsDone = s.inserted ? request : request + 1;
    }
    const { answer } = await queueReplan({ tenantId, original, stored, state, telematics: f.kind === "telematics", sectionsDone, wake: wakeWorker });
    return answer;
  }),
});
