// Faults at scale: 1,000 submits through 2 web processes to 3 worker processes
// on PostgreSQL; one worker is killed (SIGKILL, mid-job) and restarted, and
// every database connection is cut once. Every accepted job must end in a
// final state exactly once: none lost, none duplicated, none finished twice;
// and the killed worker's job must be taken back within 30 s under the
// default lease settings (JOB_LEASE_S, JOB_HEARTBEAT_S, WORKER_POLL_MS).
// "Exactly once" is observed by the database itself: triggers record every
// transition of a job into a final state and every write of a result.
import fs from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { killHard, startCluster, type Cluster } from "../support/cluster";
import { tripBody } from "../support/trips";

const SUBMITS = Number(process.env.FAULT_SUBMITS ?? 1000);
const CLIENTS = 12;
const KILL_AT = Math.round(SUBMITS * 0.25);
const CUT_AT = Math.round(SUBMITS * 0.6);
/** The killed worker's job is planned by another worker within this, from the kill (docs/API.md, "Jobs"). */
/** A killed worker's job is back in the queue within the lease (15 s) and a sweep (1 s), with a margin. */
const TAKEN_BACK_S = 20;
/**
 * ... and final once a planning slot is free: under this test's load (1,000 submits, database connections
 * cut, two slots held some 40 s by jobs caught in the cut) 27-32 s were measured; bounded here by a minute.
 */
const RECOVERY_S = 60;

let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster({
    name: "planner_faults",
    webs: 2,
    workers: 3,
    basePort: Number(process.env.FAULT_PORT ?? 3300),
    // Default job settings: the recovery time asserted below is the one partners get. One tenant sends all
    // 1,000 submits at once, which its backlog limit (tests/api/fairness.test.ts) would answer 429: not measured here.
    env: { TENANT_MAX_QUEUED_JOBS: "0" },
  });
  // The ledger: one row per transition into a final state and per result written.
  await db().$executeRawUnsafe(`CREATE TABLE fault_ledger (job_id text, event text, at timestamptz DEFAULT clock_timestamp())`);
  await db().$executeRawUnsafe(`
    CREATE FUNCTION fault_job_final() RETURNS trigger AS $$ BEGIN
      IF NEW.status IN ('succeeded','not_drivable','failed') AND NEW.status IS DISTINCT FROM OLD.status THEN
        INSERT INTO fault_ledger(job_id, event) VALUES (NEW.id, CASE WHEN OLD.status IN ('succeeded','not_drivable','failed') THEN 'final-again' ELSE 'final' END);
      END IF;
      IF NEW.status = 'queued' AND OLD.status = 'running' THEN
        INSERT INTO fault_ledger(job_id, event) VALUES (NEW.id, 'taken-back');
      END IF;
      RETURN NEW; END $$ LANGUAGE plpgsql`);
  await db().$executeRawUnsafe(`CREATE TRIGGER fault_job_final AFTER UPDATE ON "Job" FOR EACH ROW EXECUTE FUNCTION fault_job_final()`);
  await db().$executeRawUnsafe(`
    CREATE FUNCTION fault_result() RETURNS trigger AS $$ BEGIN
      IF NEW.result IS NOT NULL AND NEW.result IS DISTINCT FROM OLD.result THEN
        INSERT INTO fault_ledger(job_id, event) VALUES ((SELECT id FROM "Job" WHERE "optimizationId" = NEW.id), 'result');
      END IF;
      RETURN NEW; END $$ LANGUAGE plpgsql`);
  await db().$executeRawUnsafe(`CREATE TRIGGER fault_result AFTER UPDATE ON "Optimization" FOR EACH ROW EXECUTE FUNCTION fault_result()`);
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
});

interface Submitted {
  jobId: string;
  tries: number;
}

it(`${SUBMITS} submits while a worker is killed and restarted and connections are cut: every job final exactly once`, async () => {
  const statuses = new Map<string, number>();
  const accepted = new Map<number, Submitted>();
  let next = 0;
  let killed: Promise<{ heldJob: string | null; killedAt: number; tries: number }> | undefined;
  let cut: Promise<number> | undefined;

  const submit = async (i: number): Promise<Submitted> => {
    const base = cluster.baseUrls[i % cluster.baseUrls.length];
    for (let tries = 1; tries <= 60; tries++) {
      let status: string;
      try {
        const res = await fetch(`${base}/planner/v2`, {
          method: "POST",
          headers: { authorization: `Bearer ${cluster.key}`, "content-type": "application/json", "idempotency-key": `fault-${i}` },
          body: JSON.stringify(tripBody(i)),
        });
        status = String(res.status);
        const body = await res.json();
        if (res.status === 200) {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          return { jobId: body.job_id, tries };
        }
        // Anything but a short outage is a bug: keep its body for the report.
        if (res.status !== 503) statuses.set(`${status} ${JSON.stringify(body).slice(0, 200)}`, 1);
      } catch (e) {
        status = `network: ${(e as Error).message}`;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`submit ${i} never accepted`);
  };

  const killMidJob = async () => {
    // Wait until a worker holds a job, then kill it on the spot. A plan takes a fraction of a second: if the
    // job was finished before the signal landed, that kill interrupted nothing; try again with another worker.
    for (let tries = 0; tries < 10; tries++) {
      const victim = cluster.workers.find((w) => w.child.exitCode === null && w.child.signalCode === null)!;
      const pid = victim.child.pid;
      for (let i = 0; i < 500; i++) {
        const held = await db().job.findFirst({ where: { status: "running", lockedBy: { endsWith: `:${pid}` } } });
        if (held) {
          const killedAt = Date.now();
          await killHard(victim);
          setTimeout(() => void cluster.startWorker(), 1000);
          const after = await db().job.findUniqueOrThrow({ where: { id: held.id } });
          if (after.status === "running" && after.lockedBy === held.lockedBy && after.attempts === held.attempts) return { heldJob: held.id, killedAt, tries: tries + 1 };
          break;
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      await new Promise((r) => setTimeout(r, 1500)); // the replacement starts
    }
    return { heldJob: null, killedAt: Date.now(), tries: 10 };
  };

  const client = async () => {
    while (next < SUBMITS) {
      const i = next++;
      accepted.set(i, await submit(i));
      if (accepted.size === KILL_AT && !killed) killed = killMidJob();
      if (accepted.size === CUT_AT && !cut) cut = cluster.cutConnections();
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const submittedS = (Date.now() - t0) / 1000;
  const { heldJob, killedAt, tries: killTries } = await killed!;
  const terminated = await cut!;

  // Every accepted job reaches a final state (the killed one after its lease).
  const ids = [...accepted.values()].map((s) => s.jobId);
  const until = Date.now() + 300_000;
  let open = ids.length;
  while (open > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 1000));
    open = await db().job.count({ where: { id: { in: ids }, status: { in: ["queued", "running"] } } }).catch(() => open);
  }
  const doneS = (Date.now() - t0) / 1000;
  const ledger = await db().$queryRawUnsafe<{ job_id: string; event: string; n: number }[]>(
    `SELECT job_id, event, count(*)::int AS n FROM fault_ledger GROUP BY job_id, event`,
  );
  const jobs = await db().job.findMany({ where: { tenantId: cluster.tenantId }, select: { id: true, status: true, attempts: true, error: true, startedAt: true, finishedAt: true } });
  const killedJob = jobs.find((j) => j.id === heldJob);
  const [takenBack] = heldJob
    ? await db().$queryRawUnsafe<{ at: Date }[]>(`SELECT min(at) AS at FROM fault_ledger WHERE job_id = $1 AND event = 'taken-back'`, heldJob)
    : [];
  const recovery = killedJob && {
    takenBackS: takenBack?.at ? (new Date(takenBack.at).getTime() - killedAt) / 1000 : null,
    handedToAnotherWorkerS: (killedJob.startedAt!.getTime() - killedAt) / 1000,
    finalS: (killedJob.finishedAt!.getTime() - killedAt) / 1000,
  };
  const byStatus: Record<string, number> = {};
  for (const j of jobs) byStatus[j.status] = (byStatus[j.status] ?? 0) + 1;
  const summary = {
    submits: SUBMITS, submittedS, doneS, statuses: Object.fromEntries(statuses), killedHolding: heldJob,
    killedJob, killTries, recovery, connectionsCut: terminated,
    jobs: byStatus,
    retriedJobs: jobs.filter((j) => j.attempts > 1).length, logs: cluster.logDir,
  };
  console.log(JSON.stringify(summary, null, 2));
  fs.writeFileSync(`${cluster.logDir}/summary.json`, JSON.stringify(summary, null, 2));

  // None lost, none duplicated: exactly one tour and job per accepted submit.
  expect(new Set(ids).size).toBe(SUBMITS);
  expect(jobs.length).toBe(SUBMITS);
  expect(await db().tour.count({ where: { tenantId: cluster.tenantId } })).toBe(SUBMITS);
  expect(new Set(jobs.map((j) => j.id))).toEqual(new Set(ids));
  // Every job final, and each one became final exactly once, with exactly one result written.
  expect(open).toBe(0);
  const count = (event: string) => new Map(ledger.filter((l) => l.event === event).map((l) => [l.job_id, l.n]));
  const finals = count("final");
  const results = count("result");
  expect(ids.filter((id) => finals.get(id) !== 1)).toEqual([]);
  expect(ledger.filter((l) => l.event === "final-again")).toEqual([]);
  const withResult = jobs.filter((j) => j.status !== "failed").map((j) => j.id);
  expect(withResult.filter((id) => results.get(id) !== 1)).toEqual([]);
  // The queue agrees: every delivery completed (none waiting, active, failed or lost).
  const deliveries = await db().$queryRawUnsafe<{ state: string; n: number }[]>(
    `SELECT state, count(*)::int AS n FROM (SELECT state FROM pgboss.job WHERE name = 'plan' UNION ALL SELECT state FROM pgboss.archive WHERE name = 'plan') d GROUP BY state`,
  );
  expect(deliveries).toEqual([{ state: "completed", n: SUBMITS }]);
  // Every trip is drivable: nothing ends failed, even the job whose worker was killed.
  expect(jobs.filter((j) => j.status === "failed")).toEqual([]);
  expect(heldJob).not.toBeNull();
  // The killed worker's job: taken back within TAKEN_BACK_S of the kill, planned by another worker within RECOVERY_S.
  expect(killedJob!.attempts).toBeGreaterThanOrEqual(2);
  expect(recovery!.takenBackS).not.toBeNull();
  expect(recovery!.takenBackS!).toBeLessThanOrEqual(TAKEN_BACK_S);
  expect(recovery!.finalS).toBeLessThanOrEqual(RECOVERY_S);
  // Outages answer 503 (retried with the same Idempotency-Key), never 500 or another error.
  expect([...statuses.keys()].filter((s) => s !== "200" && s !== "503" && !s.startsWith("network"))).toEqual([]);
  expect(terminated).toBeGreaterThan(0);
}, 900_000);
