// The fleet planner's reference: the same problem as a time-indexed MILP,
// solved by COIN-OR CBC (Debian's coinor-cbc; `cbc` on the PATH).
//
// Binary y[t,o,d]: tour t runs option o delayed by d (d on a grid of `stepMin` minutes, 0..maxDelay).
// One choice per tour; per site and grid slot, the uses covering the slot plus the held ones at most
// the capacity; minimize sum of (1 + priority) x (objective + delay x delayPerMin). Exact for
// instances whose times are all multiples of the step (every slot is wholly in or out of a use).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { weightOf, type FleetInstance } from "@/engine/fleet/types";

export interface MilpResult {
  /** time_limit: CBC stopped at timeLimitS; weighted is then its best schedule found (no proof). */
  status: "optimal" | "infeasible" | "time_limit";
  weighted: number;
  choices: { id: string; option: number; delayMs: number }[];
}

export function cbcAvailable(): boolean {
  try {
    execFileSync("cbc", ["-quit"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export function solveMilp(inst: FleetInstance, stepMin = 5, timeLimitS?: number): MilpResult {
  const step = stepMin * 60_000;
  const delays = Array.from({ length: Math.floor(inst.maxDelayMs / step) + 1 }, (_, i) => i * step);
  const vars: { name: string; t: number; o: number; d: number; cost: number }[] = [];
  inst.tours.forEach((t, ti) => t.options.forEach((o, oi) => delays.forEach((d, di) => {
    vars.push({ name: `y_${ti}_${oi}_${di}`, t: ti, o: oi, d, cost: weightOf(t) * (o.objective + (d / 60_000) * t.delayPerMin) });
  })));
  // Per site and slot start: the variables covering it and the held count.
  const cover = new Map<string, Map<number, string[]>>();
  const slotKey = (ms: number) => Math.round(ms / step);
  for (const v of vars) {
    for (const u of inst.tours[v.t].options[v.o].uses) {
      const bySlot = cover.get(u.site) ?? new Map<number, string[]>();
      cover.set(u.site, bySlot);
      for (let s = slotKey(u.startMs + v.d); s < slotKey(u.endMs + v.d); s++) bySlot.set(s, [...(bySlot.get(s) ?? []), v.name]);
    }
  }
  const held = new Map<string, number>();
  for (const u of inst.held ?? []) for (let s = slotKey(u.startMs); s < slotKey(u.endMs); s++) held.set(`${u.site}|${s}`, (held.get(`${u.site}|${s}`) ?? 0) + 1);

  const lines = ["Minimize", " obj: " + vars.map((v) => `${fmt(v.cost)} ${v.name}`).join(" + "), "Subject To"];
  inst.tours.forEach((_, ti) => lines.push(` one_${ti}: ` + vars.filter((v) => v.t === ti).map((v) => v.name).join(" + ") + " = 1"));
  let c = 0;
  for (const [site, bySlot] of cover) {
    const cap = inst.capacity.get(site) ?? 1;
    for (const [s, names] of bySlot) {
      const room = cap - (held.get(`${site}|${s}`) ?? 0);
      if (names.length <= room) continue;
      lines.push(` cap_${c++}: ` + names.join(" + ") + ` <= ${Math.max(0, room)}`);
    }
  }
  lines.push("Binary", ...vars.map((v) => " " + v.name), "End");

  const dir = mkdtempSync(join(tmpdir(), "fleet-milp-"));
  try {
    const lp = join(dir, "m.lp"), sol = join(dir, "m.sol");
    writeFileSync(lp, lines.join("\n") + "\n");
    execFileSync("cbc", [lp, "-ratio", "0", "-allowableGap", "0", ...(timeLimitS ? ["-sec", String(timeLimitS)] : []), "-solve", "-solution", sol], { stdio: "ignore" });
    const out = readFileSync(sol, "utf8");
    if (/infeasible/i.test(out.split("\n")[0])) return { status: "infeasible", weighted: Infinity, choices: [] };
    const stopped = /^Stopped on time/i.test(out.trim());
    if (stopped && /no integer solution/i.test(out.split("\n")[0])) return { status: "time_limit", weighted: Infinity, choices: [] };
    if (!stopped && !/^Optimal/i.test(out.trim())) throw new Error(`cbc: ${out.split("\n")[0]}`);
    const chosen = out.split("\n").slice(1).map((l) => l.trim().split(/\s+/)).filter((p) => p.length >= 3 && p[1].startsWith("y_") && Number(p[2]) > 0.5).map((p) => p[1]);
    const byName = new Map(vars.map((v) => [v.name, v]));
    const choices = chosen.map((name) => byName.get(name)!).sort((a, b) => a.t - b.t)
      .map((v) => ({ id: inst.tours[v.t].id, option: v.o, delayMs: v.d }));
    const weighted = chosen.reduce((a, name) => a + byName.get(name)!.cost, 0);
    return { status: stopped ? "time_limit" : "optimal", weighted, choices };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (x: number) => (Math.round(x * 1e6) / 1e6).toString();
