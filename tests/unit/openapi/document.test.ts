// The served OpenAPI document is whole and says what the server does: every $ref resolves, every
// operation is tagged and described, errors are documented as they are sent, and the recorded
// examples (a real Hamburg -> Munich run) are valid for their schemas and for the contract.
import { NextIntlClientProvider } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import DocsPage from "@/app/docs/page";
import { MESSAGES } from "@/i18n/messages";
import { RouteOptimizationRequest } from "@/contract/request";
import { GET } from "@/app/openapi.json/route";
import recorded from "@/server/openapi-examples.json";
import { docValidator, type Doc } from "../../support/openapi-ajv";

const METHODS = ["get", "put", "post", "delete", "patch"];

/** Every `$ref` of a JSON value with the pointer of the object holding it. */
function refs(node: unknown, at = "#"): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((v, i) => refs(v, `${at}/${i}`));
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([k, v]) => (k === "$ref" && typeof v === "string" ? [[at, v] as [string, string]] : refs(v, `${at}/${k}`)));
}

function operations(doc: Doc): [string, Doc][] {
  return Object.entries(doc.paths as Doc).flatMap(([p, item]) =>
    Object.entries(item as Doc).filter(([m]) => METHODS.includes(m)).map(([m, op]) => [`${m.toUpperCase()} ${p}`, op as Doc] as [string, Doc]));
}

const served = async () => (await GET().json()) as Doc;

describe("the document as GET /openapi.json serves it", () => {
  it("every $ref is a local pointer that resolves (no `__shared#/$defs` double fragments)", async () => {
    const doc = await served();
    const v = docValidator(doc);
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(100);
    for (const [at, ref] of all) {
      expect(ref, at).toMatch(/^#\/[^#]*$/);
      expect(v.at(ref), `${at}: ${ref}`).toBeDefined();
    }
    expect(Object.keys(doc.components.schemas)).not.toContain("__shared");
    expect(JSON.stringify(doc)).not.toContain("$defs");
    // The ref of issue #21: `driver` names its own component.
    expect(JSON.stringify(doc.components.schemas.RouteOptimizationRequest.properties.driver)).toContain('"#/components/schemas/DriverRequest"');
  });

  it("every operation has an id, a description and tags declared at the top", async () => {
    const doc = await served();
    const declared = new Set((doc.tags as { name: string }[]).map((t) => t.name));
    const ids = new Set<string>();
    for (const [name, op] of operations(doc)) {
      expect(op.operationId, name).toBeTruthy();
      ids.add(op.operationId);
      expect(op.description?.length, `${name} description`).toBeGreaterThan(20);
      expect(op.tags?.length, `${name} tags`).toBeGreaterThan(0);
      for (const t of op.tags) expect(declared.has(t), `${name}: tag ${t}`).toBe(true);
    }
    expect(ids.size).toBe(operations(doc).length);
    expect(doc.info.license.name).toBe("AGPL-3.0-or-later");
    expect(doc.info.contact).toBeDefined();
  });

  it("every error answer is documented with detail and request_id, as the server sends it", async () => {
    const doc = await served();
    const v = docValidator(doc);
    for (const [name, op] of operations(doc)) {
      for (const status of ["401", "403", "422", "429", "503"]) expect(op.responses[status], `${name} ${status}`).toBeDefined();
      for (const [status, response] of Object.entries(op.responses as Doc)) {
        if (Number(status) < 400) continue;
        const r = response.$ref ? v.at(response.$ref) : response;
        const schema = v.at(r.content["application/json"].schema.$ref);
        expect(schema.required, `${name} ${status}`).toEqual(expect.arrayContaining(["detail", "request_id"]));
      }
    }
    // The bodies the server sends, recorded, validate.
    for (const [id, body] of [["HTTPValidationError", recorded.validationError], ["HTTPError", recorded.notAuthenticated], ["HTTPError", recorded.resultNotReady]] as const) {
      const check = v.schema({ $ref: `#/components/schemas/${id}` });
      expect(check(body), JSON.stringify(check.errors)).toBe(true);
    }
  });

  it("documents Idempotency-Key on POST /planner/v2 and the option to leave out the corridor's stations", async () => {
    const doc = await served();
    const header = doc.paths["/planner/v2"].post.parameters.find((p: Doc) => p.name === "Idempotency-Key");
    expect(header).toMatchObject({ in: "header", required: false, schema: { type: "string", maxLength: 255 } });
    expect(header.description).toMatch(/24 h/);
    const option = doc.paths["/planner/optimizations/{optimization_id}/result"].get.parameters.find((p: Doc) => p.name === "include_available_charging_stations");
    expect(option).toMatchObject({ in: "query", required: false, schema: { type: "boolean", default: true } });
  });

  it("types Depot.points as DepotInput.points does", async () => {
    const { components: { schemas } } = await served();
    expect(schemas.Depot.properties.points).toMatchObject({ type: "integer", minimum: 1, maximum: 100 });
    expect(schemas.DepotInput.properties.points.anyOf[0]).toEqual({ type: "integer", minimum: 1, maximum: 100 });
  });

  it("states the rules the server enforces beyond types", async () => {
    const { components: { schemas } } = await served();
    const text = (s: Doc) => JSON.stringify(s);
    expect(text(schemas.SectionRequest.properties.opening_time)).toContain("pattern");
    expect(text(schemas.RouteOptimizationRequest.properties.start_time_tour)).toContain("pattern");
    expect(schemas.POIInfo.properties.min_kW.description).toMatch(/at most max_kW/);
    expect(schemas.DriverRequest.properties.driven_since_break_min.description).toMatch(/at most driven_today_min/);
    expect(schemas.DriverRequest.properties.driven_today_min.description).toMatch(/540.*600 with extended_daily_driving/);
    expect(schemas.DriverRequest.properties.since_daily_rest_min.description).toMatch(/at least driven_today_min/);
    expect(schemas.SectionRequest.properties.payload_kg.description).toMatch(/max gross mass minus its tare/);
    expect(schemas.SectionRequest.properties.start_pos.description).toMatch(/within 30 km of a road/);
  });

  it("every example is valid for its schema, and the recorded request for the contract", async () => {
    const doc = await served();
    const v = docValidator(doc);
    let checked = 0;
    const media = (content: Doc | undefined) => Object.values(content ?? {}) as Doc[];
    const bodies = (op: Doc) => [
      ...media(op.requestBody?.content),
      ...Object.values(op.responses as Doc).flatMap((r: Doc) => media((r.$ref ? v.at(r.$ref) : r).content)),
    ];
    for (const [name, op] of operations(doc)) {
      for (const m of bodies(op)) {
        for (const [key, example] of Object.entries((m.examples ?? {}) as Doc)) {
          const check = v.schema(m.schema);
          expect(check(example.value), `${name} example ${key}: ${JSON.stringify(check.errors)}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
    expect(RouteOptimizationRequest.safeParse(recorded.submitRequest).success).toBe(true);
    expect(recorded.result.sections.length).toBeGreaterThan(1);
  });

  it("/docs renders what it documents: the shared answers and the Idempotency-Key header", () => {
    // The page's own words come from the English catalog, as the app provides it (app/layout.tsx).
    const html = renderToStaticMarkup(createElement(NextIntlClientProvider, { locale: "en", messages: MESSAGES.en, timeZone: "UTC", children: createElement(DocsPage) }));
    expect(html).toContain("Missing or invalid API key");
    expect(html).toContain("The API key&#x27;s request rate is used up");
    expect(html).toContain("<code>Idempotency-Key</code>");
  });
});
