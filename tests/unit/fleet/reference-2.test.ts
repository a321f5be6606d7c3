// The fleet planner against the MILP (CBC), seeds 61-120, with REFERENCE_FULL=1 (milp-agreement.ts; 1-60 in reference.test.ts).
import { milpAgreement } from "./milp-agreement";

milpAgreement(61, 120, true);
