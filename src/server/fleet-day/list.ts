// The tenant's fleet days for the History page, newest first: each day's first departure (on the
// clock of where that tour starts), its tours, status and conflicts. Read from what a day stores
// (FleetDay, its tours' first sections and jobs, the summary in FleetDay.plan), never a tour's result.
import type { FleetStatusResponse } from "../../contract/fleet-day";
import type { JobStatus } from "../../contract/result";
import { zoneAt } from "../../engine/time/zones";
import type { Db } from "../db/client";
import { pacer } from "../http/pace";
import { dayStatus } from "./day";
import type { FleetSummary } from "./summary";

export interface FleetDayListItem {
  fleet_id: string;
  created_at: string;
  /** The earliest requested departure of its tours (UTC), before any delay the fleet gave it. */
  first_departure: string | null;
  /** The zone where that tour starts: the day reads on its clock. */
  time_zone: string | null;
  tours: number;
  status: FleetStatusResponse["status"];
  /** Conflicts the tours planned one by one would have had; null until planned (or for a day stored before summaries). */
  conflicts_alone: number | null;
  /** Conflicts left in the fleet's plan; null as above. */
  conflicts: number | null;
  error: string | null;
}

export interface FleetDayList {
  total: number;
  page: number;
  pageSize: number;
  days: FleetDayListItem[];
}

/** Summaries (FleetDay.plan) start so; older days kept every result there and are not read for a list. */
const SUMMARY_START = '{"version":2';

export async function listFleetDays(db: Db, tenantId: number, page: number, pageSize: number): Promise<FleetDayList> {
  const [total, days] = await Promise.all([
    db.fleetDay.count({ where: { tenantId } }),
    db.fleetDay.findMany({
      where: { tenantId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (page - 1) * pageSize, take: pageSize,
      select: { id: true, createdAt: true, error: true },
    }),
  ]);
  const ids = days.map((d) => d.id);
  const [plans, tours] = await Promise.all([
    db.fleetDay.findMany({ where: { id: { in: ids }, tenantId, plan: { startsWith: SUMMARY_START } }, select: { id: true, plan: true } }),
    db.tour.findMany({
      where: { tenantId, fleetId: { in: ids } }, orderBy: { id: "asc" },
      select: {
        fleetId: true, startTime: true,
        sections: { where: { position: 0 }, select: { startLat: true, startLon: true } },
        optimizations: { select: { job: { select: { status: true } } } },
      },
    }),
  ]);
  const plansById = new Map(plans.map((p) => [p.id, p.plan]));
  const toursByDay = new Map<string, typeof tours>();
  for (const t of tours) {
    const list = toursByDay.get(t.fleetId!);
    if (list) list.push(t);
    else toursByDay.set(t.fleetId!, [t]);
  }
  const pace = pacer(); // a summary is a few kB a tour
  const out: FleetDayListItem[] = [];
  for (const d of days) {
    await pace();
    const own = toursByDay.get(d.id) ?? [];
    const first = own.reduce<(typeof own)[number] | null>((a, t) => (!a || t.startTime < a.startTime ? t : a), null);
    const start = first?.sections[0];
    const plan = plansById.get(d.id);
    const summary = plan ? (JSON.parse(plan) as Pick<FleetSummary, "conflicts_alone" | "conflicts">) : null;
    out.push({
      fleet_id: d.id,
      created_at: d.createdAt.toISOString(),
      first_departure: first ? first.startTime.toISOString() : null,
      time_zone: start ? zoneAt(start.startLat, start.startLon) : null,
      tours: own.length,
      status: dayStatus(own.map((t) => (t.optimizations[0]?.job?.status ?? "queued") as JobStatus)),
      conflicts_alone: summary?.conflicts_alone.length ?? null,
      conflicts: summary?.conflicts.length ?? null,
      error: d.error,
    });
  }
  return { total, page, pageSize, days: out };
}
