// Validates values against the OpenAPI 3.1 document's own schemas with Ajv's JSON Schema 2020-12
// dialect (OpenAPI 3.1's): the document is added whole, so `#/components/...` refs resolve in it.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiDocument } from "@/server/openapi";

export type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DOC_ID = "https://planner.test/openapi.json";

export interface DocValidator {
  doc: Doc;
  /** A validator for a schema of the document (given inline; its refs point into the document). */
  schema(schema: object): ValidateFunction;
  /** The value at a JSON pointer of the document (`#/components/...`). */
  at(pointer: string): any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export function docValidator(doc: Doc = openApiDocument()): DocValidator {
  // strict off: the document carries OpenAPI's own words (example, examples, paths) beside JSON Schema's.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID });
  const cache = new Map<object, ValidateFunction>();
  const rebase = (schema: object) => JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${DOC_ID}#/`));
  return {
    doc,
    schema(schema) {
      let v = cache.get(schema);
      if (!v) cache.set(schema, (v = ajv.compile(rebase(schema))));
      return v;
    },
    at(pointer) {
      return pointer.replace(/^#\//, "").split("/").map((p) => p.replaceAll("~1", "/").replaceAll("~0", "~"))
        .reduce<any>((node, key) => (node == null ? undefined : node[key]), doc); // eslint-disable-line @typescript-eslint/no-explicit-any
    },
  };
}
