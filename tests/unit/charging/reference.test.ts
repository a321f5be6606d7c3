// The optimizer against the brute-force reference: the sets without prices by the time of day (reference-suite.ts).
import { expect, it } from "vitest";
import { FILES, referenceSuite, SETS } from "./reference-suite";

referenceSuite(FILES[0]);

it("the two reference files hold every set once", () => {
  expect(FILES.flat().sort()).toEqual(SETS.map((s) => s.name).sort());
});
