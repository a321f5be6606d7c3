// Messages between a process that needs a plan and its planning process (child.ts).
// Results for storage come back as the stored JSON text (jobs/result-body.ts), made
// in the planning process: the process that holds jobs only writes them, it never
// parses or serializes a result of megabytes on its own thread.
import type { PlanResult } from "../../contract/result";
import type { PlanInput } from "../../engine/plan/types";
import type { SiteUse } from "../../engine/fleet/types";
import type { DepotDay, DepotTruckRequest, FleetSummary } from "../fleet-day/summary";
import type { StationLookup } from "../stations/tenant-lookups";

/** A result as stored with its optimization: the JSON served byte for byte, and each cost option's result (its row, k from 0). */
export interface StoredBodies {
  status: PlanResult["status"];
  result: string;
  options: string[] | null;
}

/** Where a job's result goes (its ids are part of the stored JSON). */
export interface StoreAs {
  optimizationId: number;
  tourId: number;
  /** A re-plan en route: the optimization it re-plans (the result's `replanned_from`). */
  replannedFrom?: number;
}

export interface FleetTourInput extends StoreAs {
  priority: number;
  input: PlanInput;
  depot?: DepotTruckRequest;
}

/** A fleet day's tours to plan together (engine/fleet), around the tenant's held slots, and its depot. */
export interface FleetPlanRequest extends DepotDay {
  tours: FleetTourInput[];
  held: SiteUse[];
  /** Capacity of each held site, as its slot recorded it. */
  heldCapacity: [string, number][];
}

/** The fleet's figures, and each tour's result as stored (with its `fleet` part). */
export interface FleetPlanned {
  summary: FleetSummary;
  tours: { tourId: number; stored: StoredBodies }[];
}

export type PlanRequest =
  | { kind: "plan"; id: number; tenantId: number; input: PlanInput; storeAs?: StoreAs }
  | { kind: "fleet"; id: number; tenantId: number; fleet: FleetPlanRequest; deadlineMs: number }
  /** A question about the tenant's station list (stations/tenant-lookups.ts). */
  | { kind: "lookup"; id: number; tenantId: number; lookup: StationLookup }
  /** Load the data packs now, before the first plan (a lookup process: the stations only). */
  | { kind: "warm"; only?: "stations" };

/** Why a plan could not be made, as the caller's errors (see planner-process.ts). */
export type PlanFailure = "input" | "time" | "search" | "internal";

export type PlanReply =
  | { kind: "result"; id: number; result: PlanResult }
  | { kind: "stored"; id: number; stored: StoredBodies }
  /** A fleet day's tours come one message each (a message of megabytes is read in one piece), then its summary. */
  | { kind: "fleet-tour"; id: number; tour: FleetPlanned["tours"][number] }
  | { kind: "fleet"; id: number; summary: FleetSummary }
  | { kind: "looked-up"; id: number; value: unknown }
  | { kind: "failed"; id: number; failure: PlanFailure; message: string };
