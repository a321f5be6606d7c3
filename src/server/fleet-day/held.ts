// Held slots: the charger use of committed plans, which the tenant's later
// plans (v2 or fleet) go around. Committing stores a plan's use; releasing
// deletes it.
import type { PlanResult } from "../../contract/result";
import { usesOf } from "../../engine/fleet/plan-fleet";
import type { SiteUse } from "../../engine/fleet/types";
import type { Db } from "../db/client";
import type { Tx } from "../jobs/types";

/** Around a tour's day: slots that end after this long before its departure still matter. */
const BEFORE_MS = 6 * 3600_000;
const AFTER_MS = 72 * 3600_000;

export interface Held {
  uses: SiteUse[];
  capacity: [string, number][];
}

/** The tenant's held slots that may meet tours leaving between `fromMs` and `toMs`; `except`: an optimization's own. */
export async function heldAround(db: Db, tenantId: number, fromMs: number, toMs: number, except: number[] = []): Promise<Held> {
  const rows = await db.heldSlot.findMany({
    where: { tenantId, endAt: { gt: new Date(fromMs - BEFORE_MS) }, startAt: { lt: new Date(toMs + AFTER_MS) }, optimizationId: { notIn: except } },
    orderBy: { id: "asc" },
  });
  return {
    uses: rows.map((r) => ({ site: r.site, startMs: r.startAt.getTime(), endMs: r.endAt.getTime() })),
    capacity: rows.map((r) => [r.site, r.capacity] as [string, number]),
  };
}

/** The slots a result holds once committed: its charging stops at public sites, with capacity and whether to book. */
export function slotsOf(result: PlanResult): { use: SiteUse; capacity: number; toBook: boolean }[] {
  const info = new Map<string, { capacity: number; bookable: boolean }>();
  for (const s of result.sections ?? []) {
    const p = s.poi_summary;
    if (p && typeof p.id === "number") info.set(String(p.id), { capacity: typeof p.capacity === "number" ? p.capacity : 1, bookable: p.bookable === true });
  }
  return usesOf(result).map((use) => ({ use, capacity: info.get(use.site)?.capacity ?? 1, toBook: info.get(use.site)?.bookable ?? false }));
}

export async function holdSlots(tx: Tx, tenantId: number, optimizationId: number, result: PlanResult) {
  await tx.heldSlot.deleteMany({ where: { tenantId, optimizationId } });
  const slots = slotsOf(result);
  if (slots.length) {
    await tx.heldSlot.createMany({
      data: slots.map((s) => ({ tenantId, optimizationId, site: s.use.site, startAt: new Date(s.use.startMs), endAt: new Date(s.use.endMs), capacity: s.capacity, toBook: s.toBook })),
    });
  }
  return slots;
}
