// The optimizer against the brute-force reference: prices by station and time of day (reference-suite.ts).
import { FILES, referenceSuite } from "./reference-suite";

referenceSuite(FILES[1]);
