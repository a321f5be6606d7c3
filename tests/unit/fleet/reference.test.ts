// The fleet planner against the MILP (CBC), seeds 1-60 (milp-agreement.ts; 61-120 in reference-2.test.ts).
import { milpAgreement } from "./milp-agreement";

milpAgreement(1, 60);
