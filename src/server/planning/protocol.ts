// Messages between a process that needs a plan and its planning process (child.ts).
import type { PlanResult } from "../../contract/result";
import type { PlanInput } from "../../engine/plan/types";

export type PlanRequest =
  | { kind: "plan"; id: number; tenantId: number; input: PlanInput }
  /** Load the data packs now, before the first plan. */
  | { kind: "warm" };

/** Why a plan could not be made, as the caller's errors (see planner-process.ts). */
export type PlanFailure = "input" | "time" | "search" | "internal";

export type PlanReply =
  | { kind: "result"; id: number; result: PlanResult }
  | { kind: "failed"; id: number; failure: PlanFailure; message: string };
