// Validation errors exactly like FastAPI's: several hundred generated requests (tests/support/
// reference-cases.ts) go to the service and to a reference FastAPI app of the spec's request model
// (tests/reference/spec_app.py, pydantic v2's semantics, started here with Debian's python3-fastapi
// and python3-uvicorn). A request invalid for either side must be a 422 on both, with the same
// `loc`s, each once, and the same type and message at each. REFERENCE_SEED=<n> generates another set.
// Hundreds of valid requests are accepted as jobs no worker plans: the tenant's backlog limit is not what this compares.
process.env.TENANT_MAX_QUEUED_JOBS = "0";

import { spawn, type ChildProcess } from "node:child_process";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureRateLimit } from "@/server/http/rate-limit";
import { log } from "@/server/log";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, twoTenants, type TestTenants } from "../support/env";
import { referenceCases, type ReferenceCase } from "../support/reference-cases";

/** Debian's interpreter: the python3 first on PATH may be another build without these packages. */
const PYTHON = "/usr/bin/python3";
const SEED = Number(process.env.REFERENCE_SEED ?? 14);

let t: TestTenants;
let reference: ChildProcess;
let base: string;
const logLevel = log.level;

beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
  configureRateLimit({ perMin: 0, burst: 0 }); // hundreds of requests on one key
  log.level = "error"; // a line per request would be a thousand lines; errors still show
  reference = spawn(PYTHON, ["tests/reference/spec_app.py"], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  reference.stderr!.on("data", (d) => (stderr += d));
  const port = await new Promise<string>((resolve, reject) => {
    reference.once("exit", (code) => reject(new Error(`reference app exited (${code}): ${stderr}`)));
    readline.createInterface({ input: reference.stdout! }).once("line", resolve);
  });
  base = `http://127.0.0.1:${port.trim()}`;
  // The port is bound before the line is printed; wait until uvicorn answers on it.
  for (let i = 0; ; i++) {
    try {
      await fetch(`${base}/poi/cpos`);
      break;
    } catch (e) {
      if (i > 100) throw new Error(`reference app does not answer: ${String(e)} ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
});

afterAll(async () => {
  log.level = logLevel;
  reference?.kill();
  await closeDatabase();
});

type Loc = (string | number)[];
interface Answer { status: number; entries: string[] }

function answer(status: number, json: any): Answer {
  const detail = status === 422 ? json?.detail : undefined;
  const list: { loc: Loc; type: string; msg: string }[] = Array.isArray(detail) ? detail : [];
  const entries = list.map((d) => `${JSON.stringify(d.loc)} ${d.type} ${JSON.stringify(d.msg)}`).sort();
  return { status, entries };
}

async function askReference(c: ReferenceCase): Promise<Answer> {
  const res = await fetch(base + c.url, {
    method: c.method,
    headers: c.body === undefined ? {} : { "content-type": "application/json" },
    body: c.body === undefined ? undefined : JSON.stringify(c.body),
  });
  return answer(res.status, await res.json().catch(() => undefined));
}

async function askService(c: ReferenceCase): Promise<Answer> {
  const res = await call(c.method, c.url, { key: t.a.key, ...(c.body === undefined ? {} : { body: c.body }) });
  return answer(res.status, res.json);
}

describe("validation errors against the reference FastAPI app", () => {
  it("every request invalid for either side is a 422 on both with the same locs, each once, with the same types and messages", async () => {
    const cases = referenceCases(SEED, t.a.id);
    const differences: string[] = [];
    const compared: Record<string, number> = {};
    let validOnBoth = 0;
    for (const c of cases) {
      const [ref, svc] = [await askReference(c), await askService(c)];
      if (ref.status !== 422 && svc.status !== 422) {
        // Valid on both: the service may then find no such job or optimization (404) or no result yet (409).
        if (ref.status !== 200 || ![200, 404, 409].includes(svc.status)) differences.push(`${c.method} ${c.url} [${c.note}]: reference ${ref.status}, service ${svc.status}`);
        validOnBoth++;
        continue;
      }
      compared[c.group] = (compared[c.group] ?? 0) + 1;
      // Every entry whole: its loc, v2's type and message.
      if (ref.status !== svc.status || JSON.stringify(ref.entries) !== JSON.stringify(svc.entries)) {
        differences.push(
          `${c.method} ${c.url} [${c.note}]\n    reference ${ref.status} ${ref.entries.join("; ")}\n    service   ${svc.status} ${svc.entries.join("; ")}`,
        );
      }
    }
    const total = Object.values(compared).reduce((a, b) => a + b, 0);
    console.info(
      `fastapi reference (seed ${SEED}): ${cases.length} requests, ${total} invalid compared, ${validOnBoth} valid on both, ${differences.length} differ\n` +
        Object.entries(compared).map(([g, n]) => `  ${g}: ${n}`).join("\n"),
    );
    if (differences.length) console.error(`differences:\n${differences.join("\n")}`);
    expect(differences).toEqual([]);
    expect(total).toBeGreaterThanOrEqual(400);
    for (const group of ["POST /planner/v2 body", "POST /planner body", "POST /planner/v2 query", "POST /planner query", "GET result", "GET job", "GET geocode"]) {
      expect(compared[group] ?? 0, group).toBeGreaterThan(5);
    }
  });
});
