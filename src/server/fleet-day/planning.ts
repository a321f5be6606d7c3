// A tour planned on its own (not part of a fleet day): as always, or, where the
// tenant holds slots of committed plans on its day, as a fleet of one around
// them (its result then has `fleet`). Called by jobs/attempt.ts.
import type { Db } from "../db/client";
import type { JobRow, StoredTour } from "../jobs/types";
import type { PlanningProcess } from "../planning/planner-process";
import type { StoredBodies } from "../planning/protocol";
import { heldAround } from "./held";

export async function plannedAlone(db: Db, planner: PlanningProcess, job: JobRow, stored: StoredTour, deadlineMs: number): Promise<StoredBodies> {
  const replannedFrom = stored.replannedFrom;
  const ids = { optimizationId: job.optimizationId, tourId: job.tourId, ...(replannedFrom ? { replannedFrom } : {}) };
  // A re-plan en route is not planned around the slots its own original plan holds: the truck is that plan.
  const held = await heldAround(db, job.tenantId, stored.input.departureMs, stored.input.departureMs, replannedFrom ? [replannedFrom] : []);
  if (held.uses.length === 0) return planner.planToStore(job.tenantId, stored.input, deadlineMs, ids);
  const out = await planner.planFleet(job.tenantId, { tours: [{ ...ids, priority: 0, input: stored.input }], held: held.uses, heldCapacity: held.capacity }, deadlineMs);
  return out.tours[0].stored;
}
