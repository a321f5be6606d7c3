// Tours, optimizations and jobs in the database.
import { randomUUID } from "node:crypto";
import type { JobRecord, JobStatus } from "../../contract/result";
import type { PlanInput } from "../../engine/plan/types";
import type { Db } from "../db/client";
import { addDelivery, callbackStatus, COMPLETED, type DeliveryRow } from "../webhooks/outbox";
import { enqueue } from "./enqueue";
import { checkTenantBacklog, fairTags, type FairTags } from "./fair-order";
import { pacer } from "../http/pace";
import { FINAL_STATUSES, type JobRow, type StoredTour, type Tx } from "./types";

export interface Submitted {
  tourId: number;
  optimizationId: number;
  jobId: string;
}

/** How a job joins the queue: its fair order and, for a fleet day's tour after the first, the job that plans it. */
export interface QueuePlace {
  fair: FairTags;
  /** A fleet day's tour other than the first: not queued itself; its lead job plans, finishes or fails it. */
  fleetLeadId?: string;
}

/**
 * The tour, its sections, an optimization and its job, in one transaction
 * that also puts a queued job in the queue (after the tenant's backlog limit,
 * jobs/fair-order.ts); `alsoIn` writes more in the same transaction (an
 * idempotency key). A queued job with a callback_url gets its webhook's outbox
 * row here too, so that its delivery cannot be forgotten. `replannedFrom`: the
 * optimization a re-plan en route continues (stored with the tour).
 */
export async function createTourWithJob(
  db: Db, tenantId: number, request: { vehicle_id: string; callback_url?: string | null }, input: PlanInput, status: JobStatus = "queued",
  alsoIn?: (tx: Tx, ids: Submitted) => Promise<void>, replannedFrom?: number,
): Promise<Submitted> {
  if (status === "queued") await checkTenantBacklog(db, tenantId, 1);
  // Read before the transaction: on SQLite a transaction that reads first and writes later fails at once (SQLITE_BUSY)
  // when another process wrote in between; two submits at once may share a tag, which only orders them by age.
  const place = status === "queued" ? { fair: await fairTags(db, tenantId, 1) } : undefined;
  // Under load, waiting for a pooled connection is normal.
  return db.$transaction(async (tx) => {
    const ids = await insertTourWithJob(tx, tenantId, request, input, { status, place, replannedFrom });
    if (alsoIn) await alsoIn(tx, ids);
    return ids;
  }, { maxWait: 10_000, timeout: 20_000 });
}

export interface InsertOptions {
  status?: JobStatus;
  /** Where a queued job goes in the queue (createTourWithJob's, or the fleet day's). */
  place?: QueuePlace;
  /** The fleet day (POST /planner/fleet) the tour belongs to. */
  fleetId?: string;
  /** A re-plan en route: the optimization it continues (StoredTour.replannedFrom). */
  replannedFrom?: number;
}

/** createTourWithJob's writes in a transaction of the caller's (a fleet day writes many tours in one). */
export async function insertTourWithJob(
  tx: Tx, tenantId: number, request: { vehicle_id: string; callback_url?: string | null }, input: PlanInput, opts: InsertOptions = {},
): Promise<Submitted> {
  const status = opts.status ?? "queued";
  // On SQLite each write runs on this thread: the event loop is served between them (a first write of a kind is slow).
  const pace = pacer();
  const tour = await tx.tour.create({
    data: {
      ...(opts.fleetId ? { fleetId: opts.fleetId } : {}),
      tenantId,
      vehicleId: request.vehicle_id,
      batteryLevelStart: input.batteryLevelStart,
      batteryLevelEnd: input.batteryLevelEnd,
      startTime: new Date(input.departureMs),
      corridorM: input.corridorM,
      minChargeDurationMin: input.minChargeDurationMin,
      request: JSON.stringify({ request, input, ...(opts.replannedFrom ? { replannedFrom: opts.replannedFrom } : {}) } satisfies StoredTour),
      sections: {
        create: input.sections.map((s, position) => ({
          position,
          sectionId: s.sectionId ?? null,
          startLat: s.start[0],
          startLon: s.start[1],
          stopLat: s.stop[0],
          stopLon: s.stop[1],
          payloadKg: s.payloadKg,
          serviceTimeMin: s.serviceTimeMin ?? null,
          openingFrom: s.openingTime?.[0] ?? null,
          openingTo: s.openingTime?.[1] ?? null,
          powerAvailableKW: s.powerAvailableKW ?? null,
        })),
      },
    },
  });
  await pace();
  const optimization = await tx.optimization.create({ data: { tenantId, tourId: tour.id } });
  await pace();
  const place = opts.place;
  const job = await tx.job.create({
    data: {
      id: randomUUID(), tenantId, tourId: tour.id, optimizationId: optimization.id, vehicleId: request.vehicle_id, status,
      ...(place ? { fairStart: place.fair.fairStart, fairFinish: place.fair.fairFinish, fleetLeadId: place.fleetLeadId ?? null } : {}),
    },
  });
  const ids = { tourId: tour.id, optimizationId: optimization.id, jobId: job.id };
  await pace();
  if (status === "queued" && !place?.fleetLeadId) await enqueue(tx, job.id, place?.fair.fairStart ?? 0);
  if (status === "queued" && request.callback_url) await addDelivery(tx, tenantId, job.id, request.callback_url);
  return ids;
}

export function jobRecord(job: JobRow & { webhooks?: DeliveryRow[] }): JobRecord {
  const webhook = job.webhooks?.find((w) => w.event === COMPLETED);
  return {
    status: job.status as JobStatus,
    optimization_id: job.optimizationId,
    job_id: job.id,
    tour_id: job.tourId,
    vehicle_id: job.vehicleId,
    error: job.error,
    attempts: job.attempts,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
    updated_at: job.updatedAt.toISOString(),
    ...(webhook ? { callback: callbackStatus(webhook, FINAL_STATUSES.has(job.status)) } : {}),
  };
}

/** A tenant's job, or null: another tenant's id is indistinguishable from a missing one. */
export function findJob(db: Db, tenantId: number, jobId: string) {
  return db.job.findFirst({ where: { id: jobId, tenantId }, include: { webhooks: { where: { event: COMPLETED } } } });
}
