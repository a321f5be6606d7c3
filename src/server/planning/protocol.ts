// Messages between a process that needs a plan and its planning process (child.ts).
import type { PlanResult } from "../../contract/result";
import type { PlanInput } from "../../engine/plan/types";
import type { FleetOutcome } from "../../engine/fleet/plan-fleet";
import type { SiteUse } from "../../engine/fleet/types";

/** A fleet day's tours to plan together (engine/fleet), around the tenant's held slots. */
export interface FleetPlanRequest {
  tours: { id: string; priority: number; input: PlanInput }[];
  held: SiteUse[];
  /** Capacity of each held site, as its slot recorded it. */
  heldCapacity: [string, number][];
}

/** FleetOutcome as sent between processes (the capacity map as entries). */
export type FleetPlanned = Omit<FleetOutcome, "capacity"> & { capacity: [string, number][] };

export type PlanRequest =
  | { kind: "plan"; id: number; tenantId: number; input: PlanInput }
  | { kind: "fleet"; id: number; tenantId: number; fleet: FleetPlanRequest; deadlineMs: number }
  /** Load the data packs now, before the first plan. */
  | { kind: "warm" };

/** Why a plan could not be made, as the caller's errors (see planner-process.ts). */
export type PlanFailure = "input" | "time" | "search" | "internal";

export type PlanReply =
  | { kind: "result"; id: number; result: PlanResult }
  | { kind: "fleet"; id: number; outcome: FleetPlanned }
  | { kind: "failed"; id: number; failure: PlanFailure; message: string };
