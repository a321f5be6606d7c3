// Every test file ends the planning processes its plans started (they also end when the test process does).
import { afterAll } from "vitest";
import { closePlanners } from "@/server/planning/planners";

afterAll(() => closePlanners());
