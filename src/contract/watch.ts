// The plan watch of a committed plan: the answer of GET /planner/optimizations/{optimization_id}/watch.
import { z } from "zod";

export const WATCH_TRIGGERS = ["stop_unusable", "behind_plan"] as const;

export const PlanWatchView = z
  .object({
    optimization_id: z.int(),
    watched: z.boolean().describe("The plan is under watch now (committed, its tour not finished, not released or re-planned)"),
    status: z.enum(["none", "watching", "committing", "ended"])
      .describe("none: never committed; watching; committing: a re-plan the watch queued, committed and watched once its job succeeds; ended (end_reason says why)"),
    until: z.iso.datetime().nullable().describe("The plan's last departure: the watch ends by itself after it"),
    last_checked_at: z.iso.datetime().nullable().describe("When the watch last checked the plan (every WATCH_INTERVAL_S, 30 s)"),
    last_check: z.string().nullable().describe("What that check found, in words"),
    ended_at: z.iso.datetime().nullable(),
    end_reason: z.enum(["released", "replanned", "finished", "replan_failed"]).nullable()
      .describe("released: DELETE .../commit; replanned: the watch re-planned it (replanned_to); finished: past its end or its tour done; replan_failed: the re-plan of a watched plan did not succeed"),
    trigger: z.enum(WATCH_TRIGGERS).nullable()
      .describe("Why it was re-planned: stop_unusable, a planned charging stop has no usable point at its arrival (live status); behind_plan, the truck's reported state is behind the plan"),
    detail: z.string().nullable().describe("The trigger (or the end) in words, with its figures"),
    replanned_to: z.int().nullable().describe("The optimization that replaces this one"),
  })
  .meta({ id: "PlanWatch" });
export type PlanWatchView = z.infer<typeof PlanWatchView>;
