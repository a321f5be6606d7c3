// The app's fleet day (the /fleet/day pages): the same functions as POST /planner/fleet and GET /planner/fleet/{fleet_id},
// the tenant's days for History, and the places of a CSV resolved before it is submitted.
import { z } from "zod";
import { MAX_FLEET_TOURS } from "../../contract/fleet-day";
import { db } from "../db/client";
import { fleetStatus, submitFleetDay } from "../fleet-day/day";
import { listFleetDays } from "../fleet-day/list";
import { MAX_PLACES, PlaceQuery, resolveTourPlaces, tourLabels } from "./fleet-day-places";
import { router, tenantProcedure } from "./init";

export const fleetDay = router({
  /** `body` is POST /planner/fleet's JSON body; checked there (422 details as on REST). */
  submit: tenantProcedure
    .input(z.object({ body: z.unknown() }))
    .mutation(({ input, ctx }) => submitFleetDay(db(), ctx.auth, {}, { ok: true, value: input.body })),
  /**
   * Every tour with its summary, without the whole results (GET /planner/fleet/{fleet_id}?include_results=false),
   * and each tour's name and ends (`labels`, by tour_id). Another tenant's day is NOT_FOUND, as a missing one.
   */
  get: tenantProcedure.input(z.object({ fleetId: z.uuid() })).query(async ({ input, ctx }) => {
    const page = await fleetStatus(db(), ctx.auth.tenantId, input.fleetId, { offset: 0, limit: MAX_FLEET_TOURS, include_results: false });
    return { ...page.status, labels: await tourLabels(ctx.auth.tenantId, input.fleetId) };
  }),
  /** The tenant's fleet days, newest first, a page at a time. */
  list: tenantProcedure
    .input(z.object({ page: z.int().min(1).default(1), pageSize: z.int().min(1).max(50).default(10) }))
    .query(({ input, ctx }) => listFleetDays(db(), ctx.auth.tenantId, input.page, input.pageSize)),
  /** A CSV's places (names and addresses, or coordinates) resolved; a mutation because a day's addresses are too long for a URL. */
  resolvePlaces: tenantProcedure
    .input(z.object({ places: z.array(PlaceQuery).min(1).max(MAX_PLACES) }))
    .mutation(({ input }) => resolveTourPlaces(input.places)),
});
