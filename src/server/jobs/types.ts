// What the job modules share: the stored tour a worker plans, the Job row, the
// submit's transaction, and which statuses are final.
import type { PlanInput } from "../../engine/plan/types";
import type { Db } from "../db/client";

/** What a worker needs to plan a tour, frozen at submit time (vehicle figures included). */
export interface StoredTour {
  request: unknown;
  input: PlanInput;
  /** A re-plan en route (POST .../replan): the optimization it re-plans; its result names it as `replanned_from`. */
  replannedFrom?: number;
}

export type JobRow = Awaited<ReturnType<Db["job"]["findUniqueOrThrow"]>>;

/** A Prisma interactive transaction (the submit's). */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export const FINAL_STATUSES = new Set(["succeeded", "not_drivable", "failed"]);

/** A running job as its holding worker left it: every write of an attempt is conditional on this. */
export interface HeldJob {
  id: string;
  status: "running";
  lockedBy: string;
  attempts: number;
}
