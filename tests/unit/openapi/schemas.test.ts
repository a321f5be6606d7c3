// The conversion behind the document's components: a schema that carries an id of its own becomes a
// component of its own wherever it is used, so zod's `__shared#/$defs/...` refs (two `#`) cannot appear.
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { convert } from "@/server/openapi-schemas";

const refsOf = (value: unknown): string[] => [...JSON.stringify(value).matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]);

describe("convert", () => {
  it("makes a component of a schema with an id that was not named, however deep and however often used", () => {
    const Leaf = z.object({ kw: z.number() }).meta({ id: "ConvertTestLeaf" });
    const Middle = z.object({ leaf: Leaf.nullish() }).meta({ id: "ConvertTestMiddle" });
    const Outer = z.object({ middle: Middle, leaves: z.array(Leaf) });
    const schemas = convert({ ConvertTestOuter: Outer }, "output");
    expect(Object.keys(schemas).sort()).toEqual(["ConvertTestLeaf", "ConvertTestMiddle", "ConvertTestOuter"]);
    const refs = refsOf(schemas);
    expect(refs.length).toBeGreaterThanOrEqual(3);
    for (const ref of refs) expect(ref).toMatch(/^#\/components\/schemas\/ConvertTest(Leaf|Middle)$/);
  });

  it("refuses a shared schema without an id rather than write a ref nobody resolves", () => {
    const Tree: z.ZodType = z.object({ kids: z.array(z.lazy(() => Tree)) });
    expect(() => convert({ ConvertTestForest: z.object({ tree: Tree }) }, "output")).toThrow(/no id of its own/);
  });
});
