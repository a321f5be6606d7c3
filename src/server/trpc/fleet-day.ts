// The app's fleet day (the /fleet/day page): the same functions as POST /planner/fleet and GET /planner/fleet/{fleet_id}.
import { z } from "zod";
import { MAX_FLEET_TOURS } from "../../contract/fleet-day";
import { db } from "../db/client";
import { fleetStatus, submitFleetDay } from "../fleet-day/day";
import { router, tenantProcedure } from "./init";

export const fleetDay = router({
  /** `body` is POST /planner/fleet's JSON body; checked there (422 details as on REST). */
  submit: tenantProcedure
    .input(z.object({ body: z.unknown() }))
    .mutation(({ input, ctx }) => submitFleetDay(db(), ctx.auth, {}, { ok: true, value: input.body })),
  /** Every tour with its summary, without the whole results (GET /planner/fleet/{fleet_id}?include_results=false). */
  get: tenantProcedure.input(z.object({ fleetId: z.uuid() })).query(async ({ input, ctx }) =>
    (await fleetStatus(db(), ctx.auth.tenantId, input.fleetId, { offset: 0, limit: MAX_FLEET_TOURS, include_results: false })).status),
});
