// A stored plan's addresses, and the plan id read back from a plan page's path
// (the planner's Back and Forward: src/components/planner/usePlanAddress.ts).
import { describe, expect, it } from "vitest";
import { exportPath, PLAN_EXPORTS, planIdOfPath, planPath, printPath } from "@/components/plan-share/plan-links";

describe("plan links", () => {
  it("reads the plan id of a plan page's path, nothing else", () => {
    expect(planIdOfPath(planPath(42))).toBe(42);
    expect(planIdOfPath("/plans/42/")).toBe(42);
    for (const path of ["/", "/plans", "/plans/", "/plans/x", printPath(42), "/history", "/plans/12345678901"]) expect(planIdOfPath(path)).toBeNull();
  });

  it("names the print view and one download per export format", () => {
    expect(printPath(7)).toBe("/plans/7/print");
    expect(PLAN_EXPORTS.map((f) => exportPath(7, f.format))).toEqual(["/plans/7/export?format=gpx", "/plans/7/export?format=geojson"]);
  });
});
