// Plans in a planning process of its own (child.ts), so that no plan runs on
// the main thread of a process that serves requests or holds jobs. The process
// is started on first use and kept for the next plan (it loads the data packs
// once); plans go to it one at a time, tenants in turn (tenant-turns.ts). It is ended when a plan outlives its
// deadline by the grace period, or when its resident memory passes the limit
// (V8's heap limit is set to the same size); a process that ran out of memory or
// stopped otherwise fails only the plan in hand, and the next plan starts a new one.
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PlanResult } from "../../contract/result";
import { SearchLimitExceeded, TimeLimitExceeded } from "../../engine/charging/types";
import { PlanInputError } from "../../engine/plan/legs";
import type { PlanInput } from "../../engine/plan/types";
import { log } from "../log";
import type { FleetPlanned, FleetPlanRequest, PlanFailure, PlanReply, PlanRequest, StoreAs, StoredBodies } from "./protocol";
import { TenantTurns } from "./tenant-turns";
import type { StationLookup } from "../stations/tenant-lookups";

/** The planning process stopped while planning: out of memory, or for another reason. */
export class PlanningProcessDied extends Error {
  constructor(message: string, readonly outOfMemory: boolean) {
    super(message);
  }
}

export interface PlanningProcessOptions {
  /** Resident memory and V8 heap limit of the planning process, MB. */
  memoryMb: number;
  /** How long a plan may run past its deadline (it checks it as it goes) before its process is ended. */
  graceMs: number;
  /** For logs. */
  name: string;
}

interface InHand {
  id: number;
  /** A fleet day's tours as they come, before its summary. */
  fleetTours: FleetPlanned["tours"];
  resolve: (r: never) => void;
  reject: (e: Error) => void;
  done: () => void;
}

const CHILD = ["src", "server", "planning", "child.ts"];
/** The planning processes' niceness (0 = the parent's, 19 = lowest): see ensure(). */
const PLANNING_NICENESS = 10;
const MEMORY_CHECK_MS = 200;
/** What V8 prints when the heap limit is reached. */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/;

export class PlanningProcess {
  private child: ChildProcess | null = null;
  private inHand: InHand | null = null;
  private readonly turns = new TenantTurns();
  private nextId = 1;
  private stderrTail = "";
  private endedFor: "memory" | "time" | null = null;

  constructor(private readonly opts: PlanningProcessOptions) {}

  /** Plans `input` for `tenantId`, stopping at `deadlineMs`, when it is the tenant's turn (tenant-turns.ts). */
  plan(tenantId: number, input: PlanInput, deadlineMs: number): Promise<PlanResult> {
    return this.turns.run(tenantId, () => this.run<PlanResult>((id) => ({ kind: "plan", id, tenantId, input: { ...input, deadlineMs } }), deadlineMs));
  }

  /** The same, answered as the JSON text to store with `storeAs` (jobs/result-body.ts), made in the planning process. */
  planToStore(tenantId: number, input: PlanInput, deadlineMs: number, storeAs: StoreAs): Promise<StoredBodies> {
    return this.turns.run(tenantId, () => this.run<StoredBodies>((id) => ({ kind: "plan", id, tenantId, input: { ...input, deadlineMs }, storeAs }), deadlineMs));
  }

  /** Plans a fleet day's tours together (engine/fleet/plan-fleet.ts) and its depot, each tour stopping at `deadlineMs`. */
  planFleet(tenantId: number, fleet: FleetPlanRequest, deadlineMs: number): Promise<FleetPlanned> {
    return this.turns.run(tenantId, () => this.run<FleetPlanned>((id) => ({ kind: "fleet", id, tenantId, fleet, deadlineMs }), deadlineMs));
  }

  /** Answers a question about the tenant's station list (stations/tenant-lookups.ts), within `timeLimitMs`. */
  lookup<T>(tenantId: number, lookup: StationLookup, timeLimitMs = 60_000): Promise<T> {
    const deadlineMs = Date.now() + timeLimitMs;
    return this.turns.run(tenantId, () => this.run<T>((id) => ({ kind: "lookup", id, tenantId, lookup }), deadlineMs));
  }

  /** Plans of `tenantId` in hand or waiting for this process. */
  pendingOf(tenantId: number): number {
    return this.turns.pendingOf(tenantId);
  }

  /** Median time of the last plans, ms (null before any). */
  medianPlanMs(): number | null {
    return this.turns.medianMs();
  }

  /** Starts the process and has it load the data packs (or only the stations), ahead of the first use. */
  warm(only?: "stations"): void {
    this.send({ kind: "warm", ...(only ? { only } : {}) });
  }

  /** Ends the process; a plan in hand fails. */
  close(): void {
    const child = this.child;
    this.child = null;
    child?.removeAllListeners("exit");
    child?.kill("SIGKILL");
    this.inHand?.done();
    this.inHand?.reject(new PlanningProcessDied("the planning process was closed", false));
    this.inHand = null;
  }

  private run<T>(message: (id: number) => PlanRequest, deadlineMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const id = this.nextId++;
      const child = this.ensure();
      this.endedFor = null;
      const overrun = setTimeout(() => this.end(child, "time"), Math.max(0, deadlineMs + this.opts.graceMs - Date.now()));
      const watch = setInterval(() => {
        if (child.pid && residentMb(child.pid) > this.opts.memoryMb) this.end(child, "memory");
      }, MEMORY_CHECK_MS);
      this.inHand = { id, fleetTours: [], resolve: resolve as (r: never) => void, reject, done: () => (clearTimeout(overrun), clearInterval(watch)) };
      this.send(message(id));
    });
  }

  private end(child: ChildProcess, why: "memory" | "time"): void {
    if (this.child !== child) return;
    this.endedFor = why;
    child.kill("SIGKILL");
  }

  private send(request: PlanRequest): void {
    this.ensure().send(request);
  }

  private ensure(): ChildProcess {
    if (this.child) return this.child;
    const script = path.join(/* turbopackIgnore: true */ process.cwd(), ...CHILD);
    const child = fork(script, [], {
      execArgv: ["--import", "tsx", `--max-old-space-size=${this.opts.memoryMb}`],
      // One plan at a time needs few query connections (the tenant's station store).
      env: { ...process.env, DB_POOL_MAX: "2" },
      stdio: ["ignore", "inherit", "pipe", "ipc"],
      // Structured clone: results come back as JSON text of megabytes, copied as it is rather than escaped into JSON again.
      serialization: "advanced",
    });
    this.child = child;
    // Below the process that serves requests: with a planning process per core busy, the web thread still gets a core
    // when it needs one (a plan is throughput; /healthz and a submit are latency).
    try {
      if (child.pid) os.setPriority(child.pid, PLANNING_NICENESS);
    } catch {
      /* not permitted here: plans run at the parent's priority */
    }
    this.stderrTail = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-4000);
    });
    child.on("message", (m: PlanReply) => this.receive(m));
    child.on("error", (e) => log.error({ process: this.opts.name, err: e.message }, "planning process error"));
    child.on("exit", (code, signal) => {
      if (this.child === child) this.child = null;
      const inHand = this.inHand;
      this.inHand = null;
      if (!inHand) return;
      inHand.done();
      inHand.reject(this.deathOf(code, signal));
    });
    log.info({ process: this.opts.name, pid: child.pid, memoryMb: this.opts.memoryMb }, "planning process started");
    return child;
  }

  private receive(m: PlanReply): void {
    const inHand = this.inHand;
    if (!inHand || m.id !== inHand.id) return;
    if (m.kind === "fleet-tour") {
      inHand.fleetTours.push(m.tour);
      return;
    }
    this.inHand = null;
    inHand.done();
    if (m.kind === "result") inHand.resolve(m.result as never);
    else if (m.kind === "stored") inHand.resolve(m.stored as never);
    else if (m.kind === "looked-up") inHand.resolve(m.value as never);
    else if (m.kind === "fleet") inHand.resolve({ summary: m.summary, tours: inHand.fleetTours } satisfies FleetPlanned as never);
    else inHand.reject(errorOf(m.failure, m.message));
  }

  private deathOf(code: number | null, signal: NodeJS.Signals | null): Error {
    const mb = this.opts.memoryMb;
    if (this.endedFor === "time") {
      return new TimeLimitExceeded("planning ran past its time limit and did not stop (JOB_TIME_LIMIT_S); its planning process was ended");
    }
    if (this.endedFor === "memory" || OUT_OF_MEMORY.test(this.stderrTail)) {
      return new PlanningProcessDied(`planning needed more than ${mb} MB of memory (PLAN_MEMORY_MB); its planning process was ended`, true);
    }
    return new PlanningProcessDied(`the planning process stopped during planning (${signal ? `signal ${signal}` : `exit code ${code}`})`, false);
  }
}

function errorOf(failure: PlanFailure, message: string): Error {
  if (failure === "input") return new PlanInputError(message);
  if (failure === "time") return new TimeLimitExceeded(message);
  if (failure === "search") return new SearchLimitExceeded(message);
  return new Error(message);
}

/** Resident set size of a process, MB (Linux: /proc); 0 where it cannot be read. */
function residentMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return kb ? Number(kb[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}
