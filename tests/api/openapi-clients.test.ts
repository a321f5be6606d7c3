// A partner integrates from the served document alone: Spectral's and Redocly's rulesets pass it, three
// mainstream generators make clients of it, and a small partner program for each (tests/openapi/clients:
// submit with driver and an Idempotency-Key, poll the job, fetch the result, read a 422's detail and
// request_id) compiles with tsc --strict and then runs, its requests answered by the route modules in
// process while a worker plans the jobs. Generated code goes to tests/openapi/clients/generated/ (not
// committed) and is made afresh each run.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { GET } from "@/app/openapi.json/route";
import { db } from "@/server/db/client";
import { dispatch } from "../support/api";
import { closeDatabase, freshDatabase, twoTenants } from "../support/env";
import { planNextJob } from "../support/jobs";
import type { Summary } from "../openapi/clients/summary";

const run = promisify(execFile);
const root = process.cwd();
const clients = path.join(root, "tests/openapi/clients");
const generated = path.join(clients, "generated");
const doc = path.join(generated, "openapi.json");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

/** Runs a tool; on failure the test fails with its output. */
async function tool(name: string, args: string[], cwd = root): Promise<string> {
  try {
    const { stdout, stderr } = await run(bin(name), args, { cwd, maxBuffer: 32 << 20, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
    return stdout + stderr;
  } catch (e) {
    const { stdout, stderr, message } = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${name} ${args.join(" ")} failed:\n${stdout ?? ""}${stderr ?? ""}\n${message}`);
  }
}

let apiKey: string;
beforeAll(async () => {
  await freshDatabase();
  apiKey = (await twoTenants()).a.key;
  rmSync(generated, { recursive: true, force: true });
  mkdirSync(generated, { recursive: true });
  // The document exactly as GET /openapi.json serves it.
  writeFileSync(doc, await GET().text());
});

it("Spectral's oas ruleset reports nothing (errors nor warnings)", async () => {
  const out = await tool("spectral", ["lint", doc, "--ruleset", "tests/openapi/spectral.yaml", "--fail-severity", "warn", "--format", "text"]);
  expect(out).toContain("No results");
}, 120_000);

it("Redocly's recommended-strict ruleset reports nothing", async () => {
  const out = await tool("redocly", ["lint", doc, "--config", "tests/openapi/redocly.yaml", "--format", "stylish"]);
  expect(out).toContain("Your API description is valid");
}, 120_000);

afterAll(() => closeDatabase());

it("openapi-typescript, orval and @hey-api/openapi-ts generate clients whose partner programs compile with tsc --strict", async () => {
  await Promise.all([
    tool("openapi-typescript", [doc, "--output", path.join(generated, "openapi-typescript/schema.ts")]),
    tool("orval", ["--config", "orval.config.mjs"], clients),
    tool("openapi-ts", ["--input", doc, "--output", path.join(generated, "hey-api"), "--client", "@hey-api/client-fetch", "--no-log-file"]),
  ]);
  // @hey-api/openapi-ts can exit 0 having written nothing (an unreadable input): every client must be there.
  for (const file of ["openapi-typescript/schema.ts", "orval/client.ts", "hey-api/sdk.gen.ts", "hey-api/types.gen.ts"]) {
    expect(existsSync(path.join(generated, file)), file).toBe(true);
  }
  // strict is in tests/openapi/clients/tsconfig.json and said again here.
  await tool("tsc", ["--project", path.join(clients, "tsconfig.json"), "--strict"]);
}, 120_000);

it.each(["openapi-typescript", "orval", "hey-api"])("the %s partner program submits, polls, fetches the result and reads a 422", async (program) => {
  // A path the type checker does not follow: the programs import generated code the test above writes.
  const file = path.join(clients, `${program}.ts`);
  const { integrate } = (await import(/* @vite-ignore */ file)) as { integrate: (baseUrl: string, key: string, f: typeof fetch) => Promise<Summary> };
  let done = false;
  const worker = (async () => {
    while (!done) if (!(await planNextJob(db(), { leaseS: 60, maxAttempts: 1 }))) await new Promise((r) => setTimeout(r, 50));
  })();
  try {
    const summary = await integrate("http://planner.test", apiKey, dispatch as typeof fetch);
    expect(summary).toMatchObject({ jobStatus: "succeeded", hasCorridorStations: false, rejected: { status: 422, loc: ["body", "battery_level_start"] } });
    expect(summary.chargingStops).toBeGreaterThan(0);
    expect(summary.rejected.requestId).toMatch(/^[0-9a-f-]{36}$/);
  } finally {
    done = true;
    await worker;
  }
}, 120_000);
